// The page: the start page and lobby (#/), a game (#/game/ID), an
// invitation (#/join/ID/CODE), a player's page (#/player/NAME) and a
// player's private link (#/key/NAME/KEY). game/ plays a game, lobby/
// meets players; this file routes, starts games and loads saved ones.

import "./style.css";
import "./theme";
import { api, heldSeat, holdSeat, type Variant } from "./api";
import { $ } from "./dom";
import { wireGameButtons } from "./game/buttons";
import { offerHeadset } from "./game/headset";
import { hooks } from "./game/hooks";
import "./game/keys";
import { closeGame, openGame, showScreen } from "./game/open";
import { page } from "./game/state";
import { clip, explain, type Doing } from "./messages";
import { renderStatus } from "./panels";
import { store, stored } from "./settings";
import { followLobby, postChallenge, showLobby } from "./lobby/lobby";
import { keep } from "./lobby/player";
import { showPlayer } from "./lobby/profile";


let variants: Variant[] = [];

window.addEventListener("hashchange", route);
wireGameButtons((file, base) => loadRecordFile(file, base));
offerHeadset();
route();

async function route() {
  const parts = location.hash.replace(/^#\/?/, "").split("/");
  closeGame();
  followLobby(parts[0] === "" || parts[0] === undefined);
  if (parts[0] === "game" && parts[1]) return openGame(parts[1]);
  if (parts[0] === "player" && parts[1]) return openPlayer(decodeURIComponent(parts[1]));
  if (parts[0] === "key" && parts[1] && parts[2]) {
    keep({ name: decodeURIComponent(parts[1]), key: decodeURIComponent(parts[2]) });
    location.replace("#/");
    return;
  }
  if (parts[0] === "join" && parts[1] && parts[2]) return showJoin(parts[1], parts[2]);
  if (parts[0] === "seat" && parts[1] && parts[2]) return resumeSeat(parts[1], parts[2]);
  showStart();
}

// ---------------------------------------------------------------- start

/// The games this server plays, asked once.
async function loadVariants(): Promise<boolean> {
  if (variants.length) return true;
  try {
    variants = (await api.variants()).games;
    return true;
  } catch (e) {
    $("start-error").textContent = explain(e, "start");
    return false;
  }
}

async function openPlayer(name: string) {
  showScreen("player");
  await loadVariants();
  showPlayer(name, variants);
}

async function showStart() {
  showScreen("start");
  $("start-error").textContent = "";
  const select = $<HTMLSelectElement>("variant");
  if (!select.options.length) {
    if (!(await loadVariants())) return;
    // The size beside the name tells games of one name apart (the two
    // Ziggurats) and says what a newcomer takes on.
    for (const g of variants) select.add(new Option(`${g.name} (${g.cells} squares${g.levels > 1 ? `, ${g.levels} levels` : ""})`, g.id));
    select.addEventListener("change", sideNames);
    $<HTMLSelectElement>("mode").addEventListener("change", modeFields);
  }
  sideNames();
  modeFields();
  showLobby(variants);
  if (!$<HTMLInputElement>("player-name").value) $<HTMLInputElement>("player-name").value = lastName();
}

async function sideNames() {
  const g = variants.find((x) => x.id === $<HTMLSelectElement>("variant").value);
  const side = $<HTMLSelectElement>("side");
  const chosen = side.value || "0";
  const options = (g?.sides ?? ["White", "Black"]).map((s, i) => new Option(s, String(i)));
  // A challenge may leave the side to chance.
  if ($<HTMLSelectElement>("mode").value === "lobby") options.unshift(new Option("either (random)", "random"));
  side.replaceChildren(...options);
  side.value = [...side.options].some((o) => o.value === chosen) ? chosen : side.options[0].value;
  $("variant-about").textContent = "";
  gameOptions(g);
  if (g) {
    try {
      const about = await api.about(g.id);
      if ($<HTMLSelectElement>("variant").value === g.id) $("variant-about").textContent = about.setup;
    } catch {
      // The summary is a help, not a need.
    }
  }
}

/// A checkbox for each of the game's own options (Elevator's
/// wonkavator), its help beside it; kept when the game stays the same.
function gameOptions(g: Variant | undefined) {
  const box = $("game-options");
  if (box.dataset.game === g?.id) return;
  box.dataset.game = g?.id ?? "";
  box.replaceChildren(
    ...(g?.options ?? []).map((o) => {
      const label = document.createElement("label");
      const input = document.createElement("input");
      input.type = "checkbox";
      input.dataset.option = o.name;
      input.checked = o.default;
      const help = document.createElement("span");
      help.className = "small";
      help.textContent = ` (${o.help})`;
      label.append(input, ` ${o.name[0].toUpperCase()}${o.name.slice(1)}`, help);
      return label;
    }),
  );
}

/// The game options chosen on the start form, by name.
function chosenOptions(): Record<string, boolean> {
  const chosen: Record<string, boolean> = {};
  for (const input of $("game-options").querySelectorAll<HTMLInputElement>("input[data-option]")) chosen[input.dataset.option!] = input.checked;
  return chosen;
}

function modeFields() {
  const mode = $<HTMLSelectElement>("mode").value;
  $("engine-fields").hidden = mode !== "computer";
  $("side-field").hidden = mode === "local";
  $("hints-field").hidden = mode === "computer" || mode === "lobby";
  // Challenges are for the games as they are: no options in the lobby.
  $("game-options").hidden = mode === "lobby";
  $("rated-field").hidden = mode !== "lobby";
  $("rating-field").hidden = mode !== "lobby";
  // A challenge's name is the player's (above), or none.
  $("player-name").parentElement!.hidden = mode === "lobby";
  $("start-game").textContent = mode === "lobby" ? "Post the challenge" : "Start";
  sideNames();
}

/// The start form's settings as a challenge to the lobby, or what is
/// wrong with them.
function challengeRequest(): Record<string, unknown> | string {
  const side = $<HTMLSelectElement>("side").value;
  const req: Record<string, unknown> = {
    game: $<HTMLSelectElement>("variant").value,
    side: side === "random" ? "random" : side === "0" ? "white" : "black",
    rated: $<HTMLInputElement>("rated").checked && !$<HTMLInputElement>("rated").disabled,
  };
  const clock = $<HTMLSelectElement>("clock").value;
  if (clock) req.clock = clock;
  const bounds = ["min-rating", "max-rating"].map((id) => $<HTMLInputElement>(id).value.trim());
  for (const [i, text] of bounds.entries()) {
    if (!text) continue;
    const n = Number(text);
    if (!Number.isInteger(n) || n < 0 || n > 4000) return "A rating bound is a whole number from 0 to 4000, or empty for any.";
    req[i ? "max_rating" : "min_rating"] = n;
  }
  if (typeof req.min_rating === "number" && typeof req.max_rating === "number" && req.min_rating > req.max_rating)
    return "The lowest rating is above the highest.";
  return req;
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
  const name = $<HTMLInputElement>("player-name").value.trim();
  if (name) {
    req.name = name;
    rememberName(name);
  }
  const clock = $<HTMLSelectElement>("clock").value;
  if (clock) req.clock = clock;
  if (mode !== "computer" && $<HTMLInputElement>("hints").checked) req.hints = true;
  const options = chosenOptions();
  if (Object.keys(options).length) req.options = options;
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

$("start-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  if ($<HTMLSelectElement>("mode").value === "lobby") {
    const req = challengeRequest();
    const refused = typeof req === "string" ? req : await postChallenge(req);
    $("start-error").textContent = refused ?? "";
    $("start-note").textContent = refused
      ? ""
      : "Your challenge is posted: it waits in the list below until someone accepts it, and the game opens at once.";
    return;
  }
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
  // A record carries its own options (its Options tag), not the form's.
  delete req.options;
  await create(req, "load");
}

$<HTMLInputElement>("load-start").addEventListener("change", async (e) => {
  const input = e.target as HTMLInputElement;
  const file = input.files?.[0];
  input.value = "";
  if ($<HTMLSelectElement>("mode").value === "lobby")
    return startError("A saved game goes on with the computer, at this screen or with an invited friend: choose one of them as the opponent.");
  const req = newGameRequest();
  if (typeof req === "string") return startError(req);
  if (file) await loadRecordFile(file, req);
});

/// The name this browser last gave, offered again.
function rememberName(name: string) {
  store("chess3d.name", name);
}

function lastName(): string {
  return stored("chess3d.name") ?? "";
}

/// An invitation: who invites to what, and the invited player's name.
async function showJoin(id: string, invite: string) {
  if (heldSeat(id)) {
    // This browser already plays in this game (its creator opened the
    // invitation): keep its seat rather than take the other.
    sessionStorage.setItem(`chess3d.note.${id}`, "This browser already holds a seat in this game: send the link to your opponent.");
    location.replace(`#/game/${id}`);
    return;
  }
  showScreen("joining");
  $("join-error").textContent = "";
  $<HTMLInputElement>("join-name").value = lastName();
  $("joining-text").textContent = "You are invited to a game.";
  try {
    const state = await api.game(id);
    const host = state.seats.findIndex((s) => s.taken);
    const who = host >= 0 && state.names ? `${state.names[host]} (${state.sides[host]})` : "a player";
    const terms = state.hints_allowed
      ? " It is casual, hints allowed: either player may ask the engine for a hint, and both see every hint."
      : " No engine help (hints, evaluation, analysis) until the game is over.";
    $("joining-text").textContent = `${who} invites you to a game of ${state.name}${state.clock ? `, clock ${state.clock.control}` : ""}.${terms}`;
  } catch (e) {
    $("joining-text").textContent = explain(e, "open");
  }
  $("join-form").onsubmit = (e) => {
    e.preventDefault();
    join(id, invite, $<HTMLInputElement>("join-name").value.trim());
  };
  $<HTMLInputElement>("join-name").focus();
}

async function join(id: string, invite: string, name: string) {
  let note = "";
  if (name) rememberName(name);
  try {
    const joined = await api.join(id, invite, name || undefined);
    holdSeat(id, { token: joined.token, sides: joined.sides });
  } catch (e) {
    note = `${explain(e, "join")} You are watching.`;
  }
  if (note) sessionStorage.setItem(`chess3d.note.${id}`, note);
  // The game opens on the hash change.
  location.replace(`#/game/${id}`);
}

/// A resume link: this browser takes the seat its token holds.
async function resumeSeat(id: string, token: string) {
  let note = "";
  try {
    const seat = await api.seat(id, decodeURIComponent(token));
    holdSeat(id, { token: seat.token, sides: seat.sides });
    note = "This browser now plays your seat of this game.";
  } catch (e) {
    note = `${explain(e, "join")} You are watching.`;
  }
  sessionStorage.setItem(`chess3d.note.${id}`, note);
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
