// The page: a start form (#/), a game (#/game/ID) and an invitation
// (#/join/ID/CODE). A game's state comes over a WebSocket that reconnects by
// itself; actions go over it too (or over HTTP while it is down).

import "./style.css";
import { api, ApiError, heldSeat, holdSeat, type GameState, type Held, type LegalMove } from "./api";
import { Board3D } from "./board3d";
import { drawDiagram } from "./diagram";
import type { Marks } from "./marks";

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

let state: GameState | null = null;
let held: Held | null = null;
let socket: WebSocket | null = null;
let socketGame = "";
let retryMs = 500;
/// An action is on its way: buttons wait for its answer (a double click
/// must not undo twice or offer and accept a draw).
let pending = false;
let board: Board3D | null = null;
let view: "3d" | "2d" = (localStorage.getItem("chess3d.view") as "3d" | "2d") ?? "3d";
const marks: Marks = { cursor: null, selected: null, targets: new Map(), last: null, flipped: false };
let message = "";

// ---------------------------------------------------------------- routes

window.addEventListener("hashchange", route);
route();

async function route() {
  const parts = location.hash.replace(/^#\/?/, "").split("/");
  closeSocket();
  state = null;
  if (parts[0] === "game" && parts[1]) return openGame(parts[1]);
  if (parts[0] === "join" && parts[1] && parts[2]) return join(parts[1], parts[2]);
  showStart();
}

function show(screen: "start" | "game") {
  $("start").hidden = screen !== "start";
  $("game").hidden = screen !== "game";
}

// ---------------------------------------------------------------- start

async function showStart() {
  show("start");
  const select = $<HTMLSelectElement>("variant");
  if (!select.options.length) {
    const { games } = await api.variants();
    for (const g of games) select.add(new Option(`${g.name} (${g.id})`, g.id));
    select.addEventListener("change", sideNames);
    $<HTMLSelectElement>("mode").addEventListener("change", modeFields);
  }
  sideNames();
  modeFields();
}

async function sideNames() {
  const { games } = await api.variants();
  const g = games.find((x) => x.id === $<HTMLSelectElement>("variant").value);
  const side = $<HTMLSelectElement>("side");
  const chosen = side.value || "0";
  side.replaceChildren(...(g?.sides ?? ["White", "Black"]).map((s, i) => new Option(s, String(i))));
  side.value = chosen;
}

function modeFields() {
  const mode = $<HTMLSelectElement>("mode").value;
  $("engine-fields").hidden = mode !== "computer";
  $("side-field").hidden = mode === "local";
}

function newGameRequest(): Record<string, unknown> {
  const mode = $<HTMLSelectElement>("mode").value;
  const req: Record<string, unknown> = {
    game: $<HTMLSelectElement>("variant").value,
    mode,
    side: Number($<HTMLSelectElement>("side").value),
  };
  // The engine's settings only where there is an engine.
  if (mode === "computer") {
    req.skill = Number($<HTMLInputElement>("skill").value);
    req.movetime = Number($<HTMLInputElement>("movetime").value);
  }
  return req;
}

async function create(req: Record<string, unknown>) {
  try {
    const created = await api.create(req);
    holdSeat(created.id, { token: created.token, sides: created.sides, invite: created.invite });
    if (created.note) sessionStorage.setItem(`chess3d.note.${created.id}`, created.note);
    location.hash = `#/game/${created.id}`;
  } catch (e) {
    // Shown on whichever screen is up (a load from the game screen too).
    const text = (e as Error).message;
    if ($("game").hidden) $("start-error").textContent = text;
    else {
      message = text;
      renderStatus();
    }
  }
}

$("start-form").addEventListener("submit", (e) => {
  e.preventDefault();
  create(newGameRequest());
});

async function loadRecordFile(file: File, base: Record<string, unknown>) {
  const record = await file.text();
  const req: Record<string, unknown> = { ...base, record };
  // The record names its game.
  delete req.game;
  await create(req);
}

$<HTMLInputElement>("load-start").addEventListener("change", async (e) => {
  const file = (e.target as HTMLInputElement).files?.[0];
  if (file) await loadRecordFile(file, newGameRequest());
});

async function join(id: string, invite: string) {
  if (heldSeat(id)) {
    // This browser already plays in this game (its creator opened the
    // invitation): keep its seat rather than take the other.
    message = "This browser already holds a seat in this game: send the link to your opponent.";
    location.replace(`#/game/${id}`);
    return;
  }
  try {
    const joined = await api.join(id, invite);
    holdSeat(id, { token: joined.token, sides: joined.sides });
  } catch (e) {
    // Joined before (a reload of the link): the seat is kept here.
    if (!heldSeat(id)) message = `Cannot join: ${(e as Error).message}. Watching.`;
  }
  location.replace(`#/game/${id}`);
}

// ---------------------------------------------------------------- game

async function openGame(id: string) {
  show("game");
  held = heldSeat(id);
  message = sessionStorage.getItem(`chess3d.note.${id}`) ?? message;
  sessionStorage.removeItem(`chess3d.note.${id}`);
  marks.selected = null;
  marks.targets.clear();
  marks.cursor = null;
  marks.flipped = held ? held.sides.length === 1 && held.sides[0] === 1 : false;
  try {
    render(await api.game(id));
  } catch (e) {
    $("status").textContent = (e as Error).message;
    return;
  }
  connect(id);
}

function connect(id: string) {
  socketGame = id;
  const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/v1/games/${id}/ws`;
  const ws = new WebSocket(url);
  socket = ws;
  $("link").textContent = "connecting…";
  ws.onopen = () => {
    $("link").textContent = "live";
    retryMs = 500;
  };
  ws.onmessage = (e) => {
    const event = JSON.parse(e.data);
    if (event.type === "state") render(event as GameState);
    else if (event.type === "thinking" && state && event.version === state.version) {
      state.thinking = event.thinking;
      $("thinking").textContent = `Engine: ${event.thinking.summary}`;
    } else if (event.type === "error") {
      pending = false;
      message = event.error;
      renderStatus();
    }
  };
  ws.onclose = () => {
    if (socket !== ws) return;
    socket = null;
    $("link").textContent = "reconnecting…";
    // Reconnecting restores the game: the server sends its whole state.
    // The wait doubles up to 10 s while the server is away.
    retryMs = Math.min(retryMs * 2, 10000);
    setTimeout(() => socketGame === id && !socket && connect(id), retryMs);
  };
}

function closeSocket() {
  socketGame = "";
  const ws = socket;
  socket = null;
  ws?.close();
}

async function act(body: Record<string, unknown>) {
  if (!state || pending) return;
  pending = true;
  setTimeout(() => (pending = false), 3000);
  const request = { token: held?.token ?? null, ...body };
  message = "";
  if (socket && socket.readyState === WebSocket.OPEN) {
    socket.send(JSON.stringify(request));
    return;
  }
  try {
    render(await api.act(state.id, request));
  } catch (e) {
    pending = false;
    message = e instanceof ApiError ? e.message : String(e);
    renderStatus();
  }
}

function mine(): boolean {
  if (!state || !held) return false;
  return held.sides.includes(state.view.to_move) && state.seats[state.view.to_move].player === "human";
}

function render(next: GameState) {
  // A socket that fell behind may deliver older states after a newer one.
  if (state && state.id === next.id && next.version < state.version) return;
  const changed = !state || state.id !== next.id || state.version !== next.version;
  state = next;
  if (changed) {
    pending = false;
    if (next.note) message = next.note;
    marks.selected = null;
    marks.targets.clear();
    // A choice offered for the old position is no choice now.
    $("picker").hidden = true;
  }
  marks.last = next.view.last;
  if (!marks.cursor || !next.view.cells.some((c) => c.name === marks.cursor && c.present)) {
    marks.cursor = next.view.cells.find((c) => c.present && c.piece && c.piece.side === next.view.to_move)?.name ?? null;
  }
  drawBoard();
  renderStatus();
  renderMoves();
  renderButtons();
}

function drawBoard() {
  if (!state) return;
  $("board3d").hidden = view !== "3d";
  $("diagram").hidden = view !== "2d";
  $<HTMLButtonElement>("toggle-view").textContent = view === "3d" ? "2-D diagram" : "3-D view";
  if (view === "3d") {
    board ??= new Board3D($("board3d"), hover, activate);
    board.show(state, marks);
  } else {
    drawDiagram($("diagram"), state, marks, activate, hover);
  }
}

function recolour() {
  if (!state) return;
  if (view === "3d" && board) board.colour(marks);
  else drawBoard();
  renderCursor();
}

function hover(cell: string | null) {
  if (cell && cell !== marks.cursor) {
    marks.cursor = cell;
    recolour();
  }
}

function renderCursor() {
  const cell = state?.view.cells.find((c) => c.name === marks.cursor);
  $("cursor").textContent = cell ? `Square: ${cell.label}` : "";
}

function renderStatus() {
  if (!state) return;
  const v = state.view;
  const side = state.sides[v.to_move];
  let text: string;
  if (v.result) text = `${v.result[0]}: ${v.result[1]}`;
  else {
    text = `${side} to move${v.check ? ", in check" : ""}`;
    if (state.seats[v.to_move].player === "engine") text += " (the engine is thinking)";
    else if (held && !mine()) text += state.seats[v.to_move].taken ? " (waiting for your opponent)" : " (waiting for the invited player to join)";
    else if (!held) text += " (you are watching)";
  }
  if (state.draw_offer !== null && !v.result) text += `; ${state.sides[state.draw_offer]} offers a draw`;
  $("status").textContent = text;
  $("title").textContent = `${state.name}: ${state.seats[0].label} (${state.sides[0]}) v ${state.seats[1].label} (${state.sides[1]})`;
  $("message").textContent = message;
  $("thinking").textContent = state.thinking ? `Engine: ${state.thinking.summary}` : "";
  const invite = held?.invite;
  const waiting = state.mode === "remote" && state.seats.some((s) => !s.taken);
  $("invite").hidden = !(invite && waiting);
  if (invite) $<HTMLInputElement>("invite-link").value = `${location.origin}/#/join/${state.id}/${invite}`;
  const loopback = ["127.0.0.1", "localhost", "[::1]", "0.0.0.0"].includes(location.hostname);
  $("invite-local").hidden = !loopback;
  renderCursor();
}

function renderMoves() {
  if (!state) return;
  const list = $("moves");
  list.replaceChildren();
  const m = state.moves;
  for (let i = 0; i < m.length; i += 2) {
    const li = document.createElement("li");
    li.textContent = m.slice(i, i + 2).join("  ");
    list.appendChild(li);
  }
  list.scrollTop = list.scrollHeight;
}

function renderButtons() {
  if (!state) return;
  const over = state.view.result !== null;
  $<HTMLButtonElement>("undo").hidden = state.mode === "remote";
  $<HTMLButtonElement>("undo").disabled = !held || state.ply === 0;
  $<HTMLButtonElement>("resign").disabled = !held || over;
  const offerToMe = state.draw_offer !== null && held?.sides.includes(1 - state.draw_offer);
  $<HTMLButtonElement>("draw").textContent = offerToMe ? "Accept draw" : "Offer draw";
  $<HTMLButtonElement>("draw").disabled = !held || over;
  $<HTMLButtonElement>("decline").hidden = !offerToMe || over;
  $<HTMLInputElement>("move-text").disabled = !held || over;
}

/// A click or Enter on a cell: select a piece, or play to a destination.
function activate(cell: string) {
  if (!state) return;
  marks.cursor = cell;
  const legal = state.view.legal;
  if (marks.selected && marks.targets.has(cell)) {
    const choices = legal.filter((m) => m.from === marks.selected && m.to === cell);
    if (choices.length === 1) play(choices[0].text);
    else pick(choices);
    return;
  }
  const from = legal.filter((m) => m.from === cell);
  if (from.length && mine()) {
    marks.selected = cell;
    marks.targets = new Map();
    for (const m of from) {
      const target = state.view.cells.find((c) => c.name === m.to);
      marks.targets.set(m.to, (marks.targets.get(m.to) ?? false) || !!(target?.piece && target.piece.side !== state.view.to_move));
    }
    message = "";
    drawBoard();
  } else {
    marks.selected = null;
    marks.targets.clear();
    if (!state.view.result) {
      const name = state.view.cells.find((c) => c.name === cell)?.label ?? cell;
      message = !held ? "You are watching: you hold no seat in this game." : !mine() ? "It is not your turn." : `No legal move from ${name}.`;
    }
    drawBoard();
  }
  renderStatus();
}

function play(text: string) {
  $("picker").hidden = true;
  act({ action: "move", move: text, ply: state?.ply });
}

/// Several moves reach one square (promotions, an Ox's push or leap, board
/// moves): the player picks one.
function pick(choices: LegalMove[]) {
  const box = $("picker-choices");
  box.replaceChildren(
    ...choices.map((m, i) => {
      const b = document.createElement("button");
      b.textContent = `${i + 1}. ${m.text}`;
      b.dataset.move = m.text;
      b.addEventListener("click", () => play(m.text));
      return b;
    }),
  );
  $("picker").hidden = false;
  (box.firstElementChild as HTMLElement | null)?.focus();
}

/// Arrow keys: file and rank; PageUp/PageDown: level (as the seed's program).
function step(key: string) {
  if (!state || !marks.cursor) return;
  // Squares that are not there now but are a destination (an attack
  // board's or an elevator's) can be reached too.
  const cells = state.view.cells.filter((c) => c.present || marks.targets.has(c.name));
  const here = cells.find((c) => c.name === marks.cursor);
  if (!here) return;
  const flip = marks.flipped ? -1 : 1;
  const [dx, dy, dz] =
    key === "ArrowLeft" ? [-flip, 0, 0] : key === "ArrowRight" ? [flip, 0, 0] : key === "ArrowUp" ? [0, flip, 0] : key === "ArrowDown" ? [0, -flip, 0] : key === "PageUp" ? [0, 0, 1] : [0, 0, -1];
  const score = (c: (typeof cells)[number]) => {
    const d = [c.at[0] - here.at[0], c.at[1] - here.at[1], c.at[2] - here.at[2]];
    const along = d[0] * dx + d[1] * dy + d[2] * dz;
    if (along <= 0) return Infinity;
    if (dz !== 0) return Math.abs(d[2]) * 100 + Math.hypot(c.place[0] - here.place[0], c.place[2] - here.place[2]);
    if (d[2] !== 0) return Infinity;
    const across = Math.abs(dx ? d[1] : d[0]);
    return along + across * 3;
  };
  const best = cells.reduce<[number, string | null]>((b, c) => (score(c) < b[0] ? [score(c), c.name] : b), [Infinity, null]);
  if (best[1]) {
    marks.cursor = best[1];
    recolour();
  }
}

document.addEventListener("keydown", (e) => {
  if (!state || $("game").hidden) return;
  // Keys belong to form fields and buttons that have the focus, and
  // shortcuts with modifiers to the browser.
  const tag = (e.target as HTMLElement).tagName;
  if (["INPUT", "SELECT", "TEXTAREA", "BUTTON"].includes(tag)) return;
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  if (!$("picker").hidden && /^[1-9]$/.test(e.key)) {
    const b = $("picker-choices").children[Number(e.key) - 1] as HTMLElement | undefined;
    b?.click();
    return;
  }
  if (view === "3d" && board?.key(e)) return e.preventDefault();
  if (["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "PageUp", "PageDown"].includes(e.key)) {
    step(e.key);
    e.preventDefault();
  } else if (e.key === "Enter" || e.key === " ") {
    if (marks.cursor) activate(marks.cursor);
    e.preventDefault();
  } else if (e.key === "Escape") {
    $("picker").hidden = true;
    marks.selected = null;
    marks.targets.clear();
    drawBoard();
  } else if (e.key.toLowerCase() === "v") toggleView();
  else if (e.key.toLowerCase() === "p") flip();
});

function toggleView() {
  view = view === "3d" ? "2d" : "3d";
  localStorage.setItem("chess3d.view", view);
  drawBoard();
}

function flip() {
  marks.flipped = !marks.flipped;
  drawBoard();
}

$("toggle-view").addEventListener("click", toggleView);
$("flip").addEventListener("click", flip);
$("undo").addEventListener("click", () => act({ action: "undo" }));
$("resign").addEventListener("click", () => confirm("Resign this game?") && act({ action: "resign" }));
$("draw").addEventListener("click", () => act({ action: "draw" }));
$("decline").addEventListener("click", () => act({ action: "decline" }));
$("new").addEventListener("click", () => (location.hash = "#/"));
$("save").addEventListener("click", () => state && (location.href = api.recordUrl(state.id)));
$("picker-cancel").addEventListener("click", () => ($("picker").hidden = true));
$("copy-invite").addEventListener("click", () => navigator.clipboard?.writeText($<HTMLInputElement>("invite-link").value));
$("move-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const input = $<HTMLInputElement>("move-text");
  if (input.value.trim()) play(input.value.trim());
  input.value = "";
});
$<HTMLInputElement>("load-game").addEventListener("change", async (e) => {
  const file = (e.target as HTMLInputElement).files?.[0];
  if (!file || !state) return;
  // The loaded game is played as this one was (a remote game locally).
  await loadRecordFile(file, {
    mode: state.mode === "remote" ? "local" : state.mode,
    side: held?.sides[0] ?? 0,
  });
});

// For the browser tests and the curious: where a square is on the screen.
declare global {
  interface Window {
    chess3d: unknown;
  }
}
window.chess3d = {
  screenPoint: (cell: string) => board?.screenPoint(cell) ?? null,
  cellAt: (x: number, y: number) => board?.cellAt(x, y) ?? null,
  targets: () => [...marks.targets.keys()],
  moving: () => board?.moving ?? false,
  travels: () => board?.travels ?? 0,
  state: () => state,
};
