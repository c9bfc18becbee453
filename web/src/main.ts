// The page: a start form (#/), a game (#/game/ID) and an invitation
// (#/join/ID/CODE). game.ts plays a game; this file routes, starts games
// and loads saved ones.

import "./style.css";
import { api, heldSeat, holdSeat, type Variant } from "./api";
import { $ } from "./dom";
import { closeGame, hooks, openGame, page, showScreen, wireGameButtons } from "./game";
import { clip, explain, type Doing } from "./messages";
import { renderStatus } from "./panels";


let variants: Variant[] = [];

window.addEventListener("hashchange", route);
wireGameButtons((file, base) => loadRecordFile(file, base));
route();

async function route() {
  const parts = location.hash.replace(/^#\/?/, "").split("/");
  closeGame();
  if (parts[0] === "game" && parts[1]) return openGame(parts[1]);
  if (parts[0] === "join" && parts[1] && parts[2]) return join(parts[1], parts[2]);
  showStart();
}

// ---------------------------------------------------------------- start

async function showStart() {
  showScreen("start");
  $("start-error").textContent = "";
  const select = $<HTMLSelectElement>("variant");
  if (!select.options.length) {
    try {
      variants = (await api.variants()).games;
    } catch (e) {
      $("start-error").textContent = explain(e, "start");
      return;
    }
    for (const g of variants) select.add(new Option(g.name, g.id));
    select.addEventListener("change", sideNames);
    $<HTMLSelectElement>("mode").addEventListener("change", modeFields);
  }
  sideNames();
  modeFields();
}

async function sideNames() {
  const g = variants.find((x) => x.id === $<HTMLSelectElement>("variant").value);
  const side = $<HTMLSelectElement>("side");
  const chosen = side.value || "0";
  side.replaceChildren(...(g?.sides ?? ["White", "Black"]).map((s, i) => new Option(s, String(i))));
  side.value = chosen;
  $("variant-about").textContent = "";
  if (g) {
    try {
      const about = await api.about(g.id);
      if ($<HTMLSelectElement>("variant").value === g.id) $("variant-about").textContent = about.setup;
    } catch {
      // The summary is a help, not a need.
    }
  }
}

function modeFields() {
  const mode = $<HTMLSelectElement>("mode").value;
  $("engine-fields").hidden = mode !== "computer";
  $("side-field").hidden = mode === "local";
}

/// The start form's settings, checked here so that the player reads what
/// is wrong in the form's words.
function newGameRequest(): Record<string, unknown> | string {
  const mode = $<HTMLSelectElement>("mode").value;
  const req: Record<string, unknown> = {
    game: $<HTMLSelectElement>("variant").value,
    mode,
    side: Number($<HTMLSelectElement>("side").value),
  };
  if (mode === "computer") {
    const skill = Number($<HTMLInputElement>("skill").value);
    const movetime = Number($<HTMLInputElement>("movetime").value);
    if (!Number.isInteger(skill) || skill < 0 || skill > 20) return "The skill is a whole number from 0 to 20.";
    if (!Number.isInteger(movetime) || movetime < 50 || movetime > 60000)
      return "The time per move is a whole number of milliseconds from 50 to 60000.";
    req.skill = skill;
    req.movetime = movetime;
  }
  return req;
}

function startError(text: string) {
  if (!$("start").hidden) $("start-error").textContent = text;
  else {
    page.message = text;
    page.messageIsError = true;
    if (page.state) renderStatus(page.state, page.held, text, true);
  }
}

async function create(req: Record<string, unknown>, doing: Doing) {
  try {
    const created = await api.create(req);
    holdSeat(created.id, { token: created.token, sides: created.sides, invite: created.invite });
    if (created.note) sessionStorage.setItem(`chess3d.note.${created.id}`, created.note);
    location.hash = `#/game/${created.id}`;
  } catch (e) {
    startError(explain(e, doing));
  }
}

$("start-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const req = newGameRequest();
  if (typeof req === "string") return startError(req);
  create(req, "start");
});

/// A saved record: its own game if it names one, else the game chosen.
async function loadRecordFile(file: File, base: Record<string, unknown>) {
  if (file.size > 1_000_000) return startError(`${clip(file.name)} is too large to be a game record.`);
  const record = await file.text();
  const req: Record<string, unknown> = { ...base, record };
  if (/^\s*\[Game\s+"/m.test(record)) delete req.game;
  await create(req, "load");
}

$<HTMLInputElement>("load-start").addEventListener("change", async (e) => {
  const input = e.target as HTMLInputElement;
  const file = input.files?.[0];
  input.value = "";
  const req = newGameRequest();
  if (typeof req === "string") return startError(req);
  if (file) await loadRecordFile(file, req);
});

async function join(id: string, invite: string) {
  let note = "";
  if (heldSeat(id)) {
    // This browser already plays in this game (its creator opened the
    // invitation): keep its seat rather than take the other.
    note = "This browser already holds a seat in this game: send the link to your opponent.";
  } else {
    try {
      const joined = await api.join(id, invite);
      holdSeat(id, { token: joined.token, sides: joined.sides });
    } catch (e) {
      note = `${explain(e, "join")} You are watching.`;
    }
  }
  if (note) sessionStorage.setItem(`chess3d.note.${id}`, note);
  // The game opens on the hash change.
  location.replace(`#/game/${id}`);
}

// For the browser tests and the curious: where a square is on the screen,
// what a point shows, the state.
declare global {
  interface Window {
    chess3d: typeof hooks;
  }
}
window.chess3d = hooks;
