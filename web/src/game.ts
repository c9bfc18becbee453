// A game on the page: its state from the server, what the player has
// selected, the two board views, the move menu, the legend's "how it
// moves", the keyboard, and the actions sent back. Everything the views
// show is drawn from `page` (one object holding the page's state).

import { api, ApiError, heldSeat, holdSeat, type Cell, type GameState, type Held, type LegalMove, type View as BoardState } from "./api";
import { Board3D, type Pick } from "./board3d/view";
import { Connection } from "./connection";
import { Diagram } from "./diagram";
import { $ } from "./dom";
import { renderLegend } from "./legend";
import { emptyMarks, type Marks, type TargetKind } from "./marks";
import { clip, explain, type Doing } from "./messages";
import { clockTimes, mine, moveLabels, renderButtons, renderClocks, renderEvaluation, renderMoves, renderStatus } from "./panels";
import { closePicker, openPicker, pickerKey, pickerOpen } from "./picker";


type View = "3d" | "2d";

/// A setting kept in this browser; none where storage is refused.
function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function store(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Not kept: the setting holds for this page only.
  }
}

export const page = {
  state: null as GameState | null,
  held: null as Held | null,
  view: (stored("chess3d.view") === "2d" ? "2d" : "3d") as View,
  marks: emptyMarks() as Marks,
  message: "",
  /// Whether the message is an error (drawn as one) or a note.
  messageIsError: false,
  spread: Number(stored("chess3d.spread")) || 1,
  focus: null as number | null,
  connection: null as Connection | null,
  /// An action is on its way: buttons wait for its answer (a double click
  /// must not undo twice).
  pending: false,
  /// Milliseconds from the last state message to its board drawn.
  updateMs: [] as number[],
  /// A past position shown instead of the live one: the moves played to
  /// reach it (0: the start) and its board. Nothing can be played there.
  review: null as { ply: number; view: BoardState } | null,
  /// When the state arrived (performance.now()): the clocks count from it.
  stateAt: 0,
};

let board: Board3D | null = null;
let diagram: Diagram | null = null;
/// Counts the games opened: an answer for an earlier one is dropped.
let opening = 0;

// ---------------------------------------------------------------- open

/// Opens game `id`: the board once its state arrives, then live updates.
/// A note left for it (by the invitation's page) is shown first.
export async function openGame(id: string) {
  closeGame();
  const ticket = ++opening;
  page.held = heldSeat(id);
  page.message = sessionStorage.getItem(`chess3d.note.${id}`) ?? "";
  sessionStorage.removeItem(`chess3d.note.${id}`);
  page.marks = emptyMarks();
  page.marks.flipped = page.held ? page.held.sides.length === 1 && page.held.sides[0] === 1 : false;
  page.focus = null;
  let state: GameState;
  try {
    state = await api.game(id);
  } catch (e) {
    if (ticket === opening) showMissing(explain(e, "open"));
    return;
  }
  if (ticket !== opening) return;
  showScreen("game");
  render(state);
  page.connection = new Connection(id, {
    state: (s) => {
      // From the message to the board drawn: the view draws in the next
      // animation frame, before this callback runs in it.
      const t0 = performance.now();
      render(s);
      requestAnimationFrame(() => {
        page.updateMs.push(performance.now() - t0);
        if (page.updateMs.length > 50) page.updateMs.shift();
      });
    },
    thinking: (version, thinking) => {
      if (page.state && version === page.state.version) {
        page.state.thinking = thinking;
        $("thinking").textContent = `Computer thinking: ${thinking.summary}`;
      }
    },
    queued: (version, ahead) => {
      if (page.state && version === page.state.version) {
        page.state.queued = ahead;
        renderStatus(page.state, page.held, page.message, page.messageIsError);
      }
    },
    error: (status, error) => {
      page.pending = false;
      say(explain(new ApiError(status, error), "move"), true);
    },
    link: (status) => {
      $("link").textContent = status === "live" ? "live" : status === "connecting" ? "connecting…" : "reconnecting…";
      // A network error is over once the connection is back.
      if (status === "live" && page.message.startsWith("Cannot reach")) say("");
    },
  });
  loadAbout(state.game);
}

/// Leaves the game screen: nothing of this game stays on the page.
export function closeGame() {
  opening += 1;
  page.connection?.close();
  page.connection = null;
  page.state = null;
  page.review = null;
  page.message = "";
  page.pending = false;
  closePicker();
  $("legend").hidden = true;
  $("demo-banner").hidden = true;
  $("tip").hidden = true;
  $("legend-body").textContent = "";
  for (const id of ["title", "status", "message", "cursor", "thinking", "moves"]) $(id).textContent = "";
}

export function showScreen(screen: "start" | "game" | "missing" | "joining") {
  $("start").hidden = screen !== "start";
  $("joining").hidden = screen !== "joining";
  $("game").hidden = screen !== "game";
  $("missing").hidden = screen !== "missing";
}

function showMissing(text: string) {
  closeGame();
  $("missing-text").textContent = text;
  showScreen("missing");
}

async function loadAbout(game: string) {
  try {
    const about = await api.about(game);
    if (page.state?.game !== game) return;
    renderLegend($("legend-body"), about, startDemo);
  } catch {
    if (page.state?.game === game) $("legend-body").textContent = "The rules could not be loaded; reload the page to try again.";
  }
}

// ---------------------------------------------------------------- state

function render(next: GameState) {
  const now = page.state;
  // A socket that fell behind may deliver older states after a newer one.
  if (now && now.id === next.id && next.version < now.version) return;
  const changed = !now || now.id !== next.id || now.version !== next.version;
  page.state = next;
  page.stateAt = performance.now();
  // A reviewed position whose moves were taken back (undo, another tab)
  // is no longer in the game: back to the live one.
  if (page.review && (now?.id !== next.id || page.review.ply >= next.ply)) page.review = null;
  const marks = page.marks;
  if (changed) {
    page.pending = false;
    // Whatever was said about the old state is done with; the server's
    // note (a draw offer, a loaded record's damage) is the news now.
    page.message = next.note ? clip(next.note, 300) : now ? "" : page.message;
    page.messageIsError = false;
    marks.selected = null;
    marks.board = false;
    marks.targets.clear();
    closePicker();
    // The tooltip named what stood under the pointer before.
    $("tip").hidden = true;
    if (marks.demo) endDemo(false);
  }
  if (!marks.cursor || !next.view.cells.some((c) => c.name === marks.cursor && c.present)) {
    marks.cursor =
      next.view.legal.find((m) => !m.board)?.from ??
      next.view.cells.find((c) => c.present && c.piece && c.piece.side === next.view.to_move)?.name ??
      null;
  }
  drawBoard();
  renderPanels();
  renderCursor();
}

function renderPanels() {
  const state = page.state;
  if (!state) return;
  renderStatus(state, page.held, page.message, page.messageIsError);
  renderMoves(state, page.review?.ply ?? null, (ply) => review(ply));
  renderButtons(state, page.held);
  renderClocks(state, page.stateAt);
  renderEvaluation(state, viewerSide());
  renderReview();
  renderRematch(state);
  renderResume(state);
}

/// The side the viewer sits on: their seat's, else the side at the
/// bottom of the board.
function viewerSide(): number {
  const held = page.held;
  if (held && held.sides.length === 1) return held.sides[0];
  return page.marks.flipped ? 1 : 0;
}

/// The rematch: a button once the game is over; when agreed, players go
/// to the new game with their seat (colours swapped), watchers get a link.
function renderRematch(state: GameState) {
  const over = state.view.result !== null;
  const held = page.held;
  const button = $<HTMLButtonElement>("rematch");
  button.hidden = !over || !held || !!state.rematch;
  const offered = state.rematch_offer ?? null;
  const toMe = offered !== null && held !== null && !held.sides.includes(offered);
  button.textContent = toMe ? "Accept rematch" : offered !== null ? "Rematch offered" : "Rematch";
  button.disabled = offered !== null && !toMe;
  $("rematch-link").hidden = !state.rematch;
  if (state.rematch) {
    $<HTMLAnchorElement>("rematch-go").href = `#/game/${state.rematch}`;
    if (held && heldSeat(state.rematch) === null) {
      // The same token plays the other colour in the new game.
      holdSeat(state.rematch, { token: held.token, sides: held.sides.map((s) => 1 - s).sort() });
      location.hash = `#/game/${state.rematch}`;
    }
  }
}

/// The resume link of the seat this browser holds.
function renderResume(state: GameState) {
  const held = page.held;
  $("resume").hidden = !held;
  if (held) $<HTMLInputElement>("resume-link").value = `${location.origin}/#/seat/${state.id}/${encodeURIComponent(held.token)}`;
}

/// The clocks tick between states; a clock at zero asks the server,
/// which ends the game.
setInterval(() => {
  const state = page.state;
  if (!state?.clock || $("game").hidden) return;
  renderClocks(state, page.stateAt);
  const [w, b] = clockTimes(state, page.stateAt);
  if (state.clock.running !== null && Math.min(w, b) <= 0 && !state.view.result && !page.pending) {
    // The server's own timer ends the game; fetch the state in case this
    // page missed the news.
    if (performance.now() - flagAsked > 1000) {
      flagAsked = performance.now();
      api.game(state.id).then((s) => page.state?.id === s.id && render(s), () => {});
    }
  }
}, 100);
let flagAsked = 0;

/// The review line: which move is shown, and the way back.
function renderReview() {
  const state = page.state;
  const r = page.review;
  $("review").hidden = !r;
  if (!state || !r) return;
  // Only where moves may be taken back: not in a game between two screens.
  $("review-continue").hidden = state.mode === "remote" || !page.held;
  const labels = moveLabels(state);
  const side = state.sides[r.view.to_move];
  $("review-text").textContent =
    r.ply === 0
      ? `Reviewing the start position (${labels.length} moves played). → next move, End or Esc: the live game.`
      : `Reviewing move ${Math.ceil(r.ply / 2)}${r.ply % 2 ? "." : "..."} ${labels[r.ply - 1]} (${side} to move). ` +
        `←/→ step, Home the start, End or Esc the live game.`;
}

/// Shows the board after `ply` moves (the live game from the last one on).
export async function review(ply: number) {
  const state = page.state;
  if (!state) return;
  if (ply >= state.ply) return endReview();
  ply = Math.max(0, ply);
  // Keys pressed quickly: only the last request's answer is shown.
  const ticket = ++reviewTicket;
  try {
    const past = await api.position(state.id, ply);
    if (page.state?.id !== state.id || ticket !== reviewTicket) return;
    page.review = { ply, view: past.view };
    clearSelection();
    closePicker();
    say("");
    drawBoard();
    renderPanels();
  } catch (e) {
    say(explain(e, "action"), true);
  }
}

let reviewTicket = 0;

/// Back to the live position.
export function endReview() {
  reviewTicket += 1;
  if (!page.review) return;
  page.review = null;
  say("");
  drawBoard();
  renderPanels();
}

/// The state the board shows: the live one, or a past position's board.
function shown(): GameState | null {
  const state = page.state;
  if (!state || !page.review) return state;
  return { ...state, view: page.review.view };
}

/// A note for the player, or with `error` something that went wrong.
function say(text: string, error = false) {
  page.message = text;
  page.messageIsError = error;
  if (page.state) renderStatus(page.state, page.held, text, error);
}

export function drawBoard() {
  const state = shown();
  if (!state) return;
  // The last move and the King in check of the position shown.
  page.marks.last = state.view.last;
  page.marks.checked = state.view.checked;
  $("board3d").hidden = page.view !== "3d";
  $("diagram").hidden = page.view !== "2d";
  $("toggle-view").textContent = page.view === "3d" ? "2-D diagram" : "3-D view";
  // The 3-D view's controls, and those for levels where there are some.
  const levels = state.view.levels.length > 1;
  for (const id of ["reset-view", "board-tools"]) $(id).hidden = page.view !== "3d";
  for (const id of ["focus-level", "spacing-field", "tool-up", "tool-down", "tool-focus"]) {
    $(id).hidden = page.view !== "3d" || !levels;
  }
  for (const id of ["focus-level", "tool-focus"]) $(id).setAttribute("aria-pressed", String(page.focus !== null));
  if (page.view === "3d" && !board) {
    try {
      board = new Board3D($("board3d"), hover, pick);
    } catch {
      // No WebGL here: the diagram shows every game as well.
      page.view = "2d";
      $("toggle-view").hidden = true;
      say("This browser cannot draw in 3-D (WebGL is off or missing): the 2-D diagram is shown.", true);
      return drawBoard();
    }
  }
  if (page.view === "3d" && board) {
    board.show(state, page.marks, { spread: page.spread, focus: page.focus });
  } else {
    diagram ??= new Diagram($("diagram"), (cell) => activate(cell), hover, selectBoard);
    diagram.show(state, page.marks);
  }
}

/// Marks only (the cursor moved, a selection): no new board.
function recolour() {
  if (page.view === "3d") board?.colour(page.marks);
  else diagram?.colour(page.marks);
  renderCursor();
}

/// A cell of the board shown (the one under review, else the live one).
function cellOf(name: string | null): Cell | undefined {
  const view = page.review?.view ?? page.state?.view;
  return name ? view?.cells.find((c) => c.name === name) : undefined;
}

/// "White Ballista on 2b1", or the square's name in words.
function describe(name: string): string {
  const c = cellOf(name);
  const state = page.state;
  if (!c || !state) return name;
  const demo = page.marks.demo;
  const piece = demo ? (demo.cell === name ? demo : null) : c.piece;
  if (piece) return `${state.sides[piece.side]} ${piece.name} on ${c.name}`;
  return c.present ? `${c.label}` : `${c.label}, where a board would arrive`;
}

function renderCursor() {
  const cursor = page.marks.cursor;
  $("cursor").textContent = cursor ? `Cursor: ${describe(cursor)}` : "";
}

function hover(cell: string | null, x: number, y: number) {
  const tip = $("tip");
  if (!cell) {
    tip.hidden = true;
    return;
  }
  tip.textContent = describe(cell);
  const host = $("boards").getBoundingClientRect();
  tip.style.left = `${Math.min(x - host.left + 14, host.width - 220)}px`;
  tip.style.top = `${Math.max(y - host.top - 34, 4)}px`;
  tip.hidden = false;
  if (cell !== page.marks.cursor) {
    page.marks.cursor = cell;
    recolour();
  }
}

// ---------------------------------------------------------------- moves

function pick(p: Pick) {
  if (p.level !== undefined) focusLevel(p.level);
  else if (p.handle) selectBoard(p.handle);
  else if (p.cell) activate(p.cell);
}

/// A level's name clicked: that level alone, or every level again.
function focusLevel(z: number) {
  page.focus = page.focus === z ? null : z;
  const cursor = cellOf(page.marks.cursor);
  if (page.focus !== null && cursor?.at[2] !== z) {
    page.marks.cursor = page.state?.view.cells.find((c) => c.present && c.at[2] === z)?.name ?? page.marks.cursor;
  }
  drawBoard();
}

/// The moves of pieces (not boards) from `cell`.
function pieceMoves(cell: string): LegalMove[] {
  return page.state?.view.legal.filter((m) => m.from === cell && !m.board) ?? [];
}

function boardMoves(cell: string): LegalMove[] {
  return page.state?.view.legal.filter((m) => m.from === cell && m.board) ?? [];
}

function targetKind(m: LegalMove): TargetKind {
  return m.capture ? "capture" : "move";
}

function clearSelection() {
  page.marks.selected = null;
  page.marks.board = false;
  page.marks.targets.clear();
}

/// A click or Enter on a cell: select a piece, or play to a destination.
export function activate(cell: string) {
  const state = page.state;
  if (!state) return;
  const marks = page.marks;
  marks.cursor = cell;
  if (marks.demo) return moveDemo(cell);
  if (page.review) {
    renderCursor();
    return say("This is a past position: press End or Esc (or click the last move) to play on from the live game.");
  }
  if (marks.selected && marks.targets.has(cell)) {
    const from = marks.selected;
    const choices = marks.board
      ? boardMoves(from).filter((m) => m.to === cell || m.board!.lands.includes(cell))
      : pieceMoves(from).filter((m) => m.to === cell);
    if (choices.length === 1) play(choices[0].text);
    else if (choices.length > 1) openPicker(choices, play);
    return;
  }
  const moves = pieceMoves(cell);
  if (moves.length && mine(state, page.held)) {
    clearSelection();
    marks.selected = cell;
    for (const m of moves) {
      const kind = targetKind(m);
      if (marks.targets.get(m.to) !== "capture") marks.targets.set(m.to, kind);
    }
    say("");
    drawBoard();
  } else if (boardMoves(cell).length && mine(state, page.held)) {
    selectBoard(cell);
  } else {
    clearSelection();
    if (!state.view.result) {
      say(
        !page.held
          ? "You are watching: this browser holds no seat in this game."
          : !mine(state, page.held)
            ? "It is not your turn."
            : cellOf(cell)?.piece && cellOf(cell)!.piece!.side !== state.view.to_move
              ? `It is ${state.sides[state.view.to_move]}'s turn: choose one of ${state.sides[state.view.to_move]}'s pieces.`
              : cellOf(cell)?.piece
                ? `The ${cellOf(cell)!.piece!.name} on ${cell} has no legal move.`
                : `No legal move from ${cell}.`,
      );
    }
    drawBoard();
  }
  renderCursor();
}

/// Shows where a board can go: its destinations as ghost boards.
function selectBoard(from: string) {
  const state = page.state;
  if (!state || !mine(state, page.held)) {
    say(page.held ? "It is not your turn." : "You are watching: this browser holds no seat in this game.");
    return;
  }
  const moves = boardMoves(from);
  if (!moves.length) return;
  clearSelection();
  page.marks.selected = from;
  page.marks.board = true;
  for (const m of moves) for (const c of m.board!.lands) page.marks.targets.set(c, "move");
  say(`Where should the board go? ${moves.length} choice${moves.length > 1 ? "s" : ""}, shown as pale squares.`);
  drawBoard();
}

/// B: the next board that can move.
function nextBoard() {
  const state = page.state;
  if (!state || page.marks.demo) return;
  const froms = [...new Set(state.view.legal.filter((m) => m.board).map((m) => m.from))];
  if (!froms.length) return say("No board can move now.");
  const i = page.marks.board && page.marks.selected ? froms.indexOf(page.marks.selected) : -1;
  selectBoard(froms[(i + 1) % froms.length]);
}

/// The engine's suggestion: its piece selected with the suggested square
/// as its only target (Enter or a click plays it).
export async function askHint() {
  const state = page.state;
  if (!state || !mine(state, page.held) || state.view.result) return;
  if (page.review) endReview();
  say("The engine is thinking about a hint…");
  try {
    const hint = await api.hint(state.id, page.held?.token ?? null);
    if (page.state?.id !== state.id) return;
    if (page.state.version !== hint.version) return say("");
    const m = state.view.legal.find((l) => l.text === hint.move);
    if (!m) return;
    clearSelection();
    page.marks.selected = m.from;
    page.marks.board = !!m.board;
    page.marks.cursor = m.board ? m.from : m.to;
    if (m.board) for (const c of m.board.lands) page.marks.targets.set(c, "move");
    else page.marks.targets.set(m.to, targetKind(m));
    say(`Hint: ${hint.label}${hint.summary ? ` (${hint.summary})` : ""}. Enter or a click on the marked square plays it.`);
    drawBoard();
    renderCursor();
  } catch (e) {
    say(explain(e, "action"), true);
  }
}

function play(text: string) {
  closePicker();
  act({ action: "move", move: text, ply: page.state?.ply }, "move");
}

/// The wait for an action's answer; a lost answer frees the buttons after
/// a while.
let pendingTimer: ReturnType<typeof setTimeout> | undefined;

async function act(body: Record<string, unknown>, doing: Doing = "action") {
  const state = page.state;
  if (!state || page.pending) return;
  page.pending = true;
  clearTimeout(pendingTimer);
  pendingTimer = setTimeout(() => (page.pending = false), 3000);
  const request = { token: page.held?.token ?? null, ...body };
  say("");
  if (page.connection?.send(request)) return;
  try {
    const next = await api.act(state.id, request);
    if (page.state?.id === state.id) render(next);
  } catch (e) {
    if (page.state?.id !== state.id) return;
    page.pending = false;
    say(explain(e, doing), true);
  }
}

// ---------------------------------------------------------------- how it moves

/// Shows a kind alone on the emptied board, where the cursor is (or the
/// square nearest the middle where it may stand).
async function startDemo(letter: string, name: string) {
  const state = page.state;
  if (!state) return;
  $("legend").hidden = true;
  const side = page.held?.sides.length === 1 ? page.held.sides[0] : page.marks.flipped ? 1 : 0;
  clearSelection();
  closePicker();
  const present = state.view.cells.filter((c) => c.present);
  const mid = present.reduce((s, c) => [s[0] + c.place[0], s[1] + c.place[1], s[2] + c.place[2]], [0, 0, 0]).map((v) => v / present.length);
  const byMiddle = [...present].sort(
    (a, b) => Math.hypot(...a.place.map((v, i) => v - mid[i])) - Math.hypot(...b.place.map((v, i) => v - mid[i])),
  );
  const cursor = cellOf(page.marks.cursor);
  const tries = [...(cursor?.present ? [cursor] : []), ...byMiddle.slice(0, 12)];
  page.marks.demo = { letter, name, side, cell: tries[0].name };
  const demo = page.marks.demo;
  for (const c of tries) {
    if (await showReach(c.name)) break;
  }
  // Ended meanwhile (Esc, a new move, another game).
  if (page.marks.demo !== demo || page.state !== state) return;
  const banner = $("demo-banner");
  banner.innerHTML = "";
  const text = document.createElement("span");
  text.textContent = `How the ${state.sides[side]} ${name} moves: green dots are moves, red rings captures. Click any square to move it there.`;
  const done = document.createElement("button");
  done.type = "button";
  done.textContent = "Back to the game (Esc)";
  done.addEventListener("click", () => endDemo(true));
  banner.append(text, done);
  banner.hidden = false;
}

/// Where the demo piece reaches from `cell`; false if it may not stand
/// there.
async function showReach(cell: string): Promise<boolean> {
  const state = page.state;
  const demo = page.marks.demo;
  if (!state || !demo) return false;
  try {
    const reach = await api.reach(state.id, demo.letter, demo.side, cell);
    if (page.marks.demo !== demo) return false;
    demo.cell = cell;
    page.marks.cursor = cell;
    page.marks.targets = new Map([
      ...reach.moves.map((c) => [c, "move"] as [string, TargetKind]),
      ...reach.captures.filter((c) => !reach.moves.includes(c)).map((c) => [c, "capture"] as [string, TargetKind]),
    ]);
    say(`${demo.name} on ${cell}: ${reach.moves.length} moves, ${reach.captures.length} captures on an empty board.`);
    drawBoard();
    renderCursor();
    return true;
  } catch (e) {
    if (page.marks.demo === demo) say(explain(e, "reach"), true);
    return false;
  }
}

function moveDemo(cell: string) {
  showReach(cell);
}

function endDemo(redraw: boolean) {
  page.marks.demo = null;
  page.marks.targets.clear();
  $("demo-banner").hidden = true;
  if (redraw) {
    say("");
    drawBoard();
  }
}

// ---------------------------------------------------------------- keys

/// Arrow keys: file and rank, as the board is seen; PageUp/PageDown: the
/// level above or below.
function step(key: string) {
  const state = page.state;
  if (!state || !page.marks.cursor) return;
  // Squares that are not there now but are a destination (an attack
  // board's or an elevator's) can be reached too.
  const cells = state.view.cells.filter((c) => c.present || page.marks.targets.has(c.name));
  const here = cells.find((c) => c.name === page.marks.cursor);
  if (!here) return;
  const flip = page.marks.flipped ? -1 : 1;
  const [dx, dy, dz] =
    key === "ArrowLeft"
      ? [-flip, 0, 0]
      : key === "ArrowRight"
        ? [flip, 0, 0]
        : key === "ArrowUp"
          ? [0, flip, 0]
          : key === "ArrowDown"
            ? [0, -flip, 0]
            : key === "PageUp"
              ? [0, 0, 1]
              : [0, 0, -1];
  const score = (c: Cell) => {
    const d = [c.at[0] - here.at[0], c.at[1] - here.at[1], c.at[2] - here.at[2]];
    const along = d[0] * dx + d[1] * dy + d[2] * dz;
    if (along <= 0) return Infinity;
    // A level step keeps to the square drawn nearest over or under.
    if (dz !== 0) return Math.abs(d[2]) * 100 + Math.hypot(c.place[0] - here.place[0], c.place[2] - here.place[2]);
    if (d[2] !== 0) return Infinity;
    const across = Math.abs(dx ? d[1] : d[0]);
    return along + across * 3;
  };
  const best = cells.reduce<[number, string | null]>((b, c) => (score(c) < b[0] ? [score(c), c.name] : b), [Infinity, null]);
  if (best[1]) {
    page.marks.cursor = best[1];
    if (page.focus !== null) {
      const z = cellOf(best[1])!.at[2];
      if (z !== page.focus) {
        page.focus = z;
        return drawBoard();
      }
    }
    recolour();
  }
}

export function toggleView() {
  page.view = page.view === "3d" ? "2d" : "3d";
  store("chess3d.view", page.view);
  drawBoard();
  focusBoard();
}

export function flip() {
  page.marks.flipped = !page.marks.flipped;
  drawBoard();
}

export function toggleFocus() {
  const z = cellOf(page.marks.cursor)?.at[2] ?? null;
  page.focus = page.focus === null ? z : null;
  drawBoard();
}

export function setSpread(value: number) {
  page.spread = Math.min(2, Math.max(0.5, Math.round(value * 10) / 10));
  store("chess3d.spread", String(page.spread));
  $<HTMLInputElement>("spacing").value = String(page.spread);
  drawBoard();
}

export function resetView() {
  page.focus = null;
  drawBoard();
  board?.fit(true);
}

export function openLegend() {
  $("legend").hidden = false;
  $("legend-close").focus();
}

/// The board element the keys go to.
export function focusBoard() {
  (page.view === "3d" ? board?.canvas : $("diagram"))?.focus({ preventScroll: true });
}

document.addEventListener("keydown", (e) => {
  if (!page.state || $("game").hidden) return;
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  if (pickerKey(e)) return e.preventDefault();
  const target = e.target as HTMLElement;
  // Typing belongs to text fields and lists; a button keeps Enter and
  // Space; every other key works wherever the focus or the pointer is.
  if (["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName)) return;
  if (target.tagName === "BUTTON" && (e.key === "Enter" || e.key === " ")) return;
  if (e.key === "Escape") {
    if (!$("legend").hidden) {
      $("legend").hidden = true;
      focusBoard();
    } else if (page.marks.demo) endDemo(true);
    else if (page.review) endReview();
    else {
      clearSelection();
      say("");
      drawBoard();
    }
    return e.preventDefault();
  }
  if (!$("legend").hidden) return;
  if (reviewKey(e)) return e.preventDefault();
  if (page.view === "3d" && board?.key(e)) return e.preventDefault();
  if (["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "PageUp", "PageDown"].includes(e.key)) {
    step(e.key);
    return e.preventDefault();
  }
  const key = e.key.toLowerCase();
  if (e.key === "Enter" || e.key === " ") {
    if (page.marks.cursor) activate(page.marks.cursor);
  } else if (key === "v") toggleView();
  else if (key === "p") flip();
  else if (key === "l") toggleFocus();
  else if (key === "b") nextBoard();
  else if (key === "h" || key === "?") openLegend();
  else if (key === "i") askHint();
  else if (key === "[") setSpread(page.spread - 0.1);
  else if (key === "]") setSpread(page.spread + 0.1);
  else return;
  e.preventDefault();
});

/// Review keys: Home the start, End the live game, `,` and `.` a move back
/// and forward; while reviewing, ← and → step too (the cursor has nothing
/// to do on a past position).
function reviewKey(e: KeyboardEvent): boolean {
  const state = page.state;
  if (!state || e.shiftKey) return false;
  const at = page.review?.ply ?? state.ply;
  if (e.key === "Home") review(0);
  else if (e.key === "End") endReview();
  else if (e.key === "," || (page.review && e.key === "ArrowLeft")) review(at - 1);
  else if (e.key === "." || (page.review && e.key === "ArrowRight")) review(at + 1);
  else return false;
  return true;
}

// ---------------------------------------------------------------- buttons

export function wireGameButtons(loadRecord: (file: File, base: Record<string, unknown>) => void) {
  const button = (id: string, run: () => void, refocus = true) =>
    $(id).addEventListener("click", () => {
      run();
      if (refocus) focusBoard();
    });
  button("toggle-view", toggleView);
  button("flip", flip);
  button("reset-view", resetView);
  button("focus-level", toggleFocus);
  button("tool-up", () => step("PageUp"));
  button("tool-down", () => step("PageDown"));
  button("tool-focus", toggleFocus);
  button("tool-reset", resetView);
  button("legend-open", openLegend, false);
  button("legend-close", () => ($("legend").hidden = true));
  button("undo", () => act({ action: "undo" }), false);
  button("resign", () => confirm("Resign this game?") && act({ action: "resign" }), false);
  button("draw", () => act({ action: "draw" }), false);
  button("decline", () => act({ action: "decline" }), false);
  button("new", () => (location.hash = "#/"), false);
  button("save", () => page.state && (location.href = api.recordUrl(page.state.id)), false);
  button("picker-cancel", closePicker);
  button("review-live", endReview);
  button("review-continue", () => {
    const ply = page.review?.ply;
    if (ply === undefined || !confirm(`Take back the moves after this position and play on from it?`)) return;
    page.review = null;
    act({ action: "back", ply });
  });
  button("hint", askHint);
  button("rematch", () => act({ action: "rematch" }), false);
  button("copy-resume", () => navigator.clipboard?.writeText($<HTMLInputElement>("resume-link").value), false);
  button("copy-invite", () => navigator.clipboard?.writeText($<HTMLInputElement>("invite-link").value), false);
  $<HTMLInputElement>("spacing").value = String(page.spread);
  $<HTMLInputElement>("spacing").addEventListener("input", (e) => setSpread(Number((e.target as HTMLInputElement).value)));
  $("move-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const input = $<HTMLInputElement>("move-text");
    const text = input.value.trim();
    input.value = "";
    if (text) play(text);
  });
  $<HTMLInputElement>("load-game").addEventListener("change", async (e) => {
    const file = (e.target as HTMLInputElement).files?.[0];
    (e.target as HTMLInputElement).value = "";
    if (!file || !page.state) return;
    // The loaded game is played as this one was (a remote game locally).
    loadRecord(file, {
      game: page.state.game,
      mode: page.state.mode === "remote" ? "local" : page.state.mode,
      side: page.held?.sides[0] ?? 0,
    });
  });
}

// ---------------------------------------------------------------- test hooks

export const hooks = {
  screenPoint: (cell: string) => (page.view === "3d" ? board?.screenPoint(cell) : diagram?.screenPoint(cell)) ?? null,
  cellAt: (x: number, y: number) => {
    if (page.view === "3d") return board?.cellAt(x, y) ?? null;
    const el = document.elementFromPoint(x, y)?.closest<HTMLElement>("[data-cell]");
    return el?.dataset.cell ?? null;
  },
  targets: () => [...page.marks.targets.keys()],
  marks: () => ({
    cursor: page.marks.cursor,
    selected: page.marks.selected,
    checked: page.marks.checked,
    last: page.marks.last,
    focus: page.focus,
  }),
  knobs: () => board?.knobs() ?? [],
  moving: () => board?.moving ?? false,
  travels: () => board?.travels ?? 0,
  frames: () => board?.frames ?? 0,
  updateMs: () => [...page.updateMs],
  pickerOpen,
  state: () => page.state,
  /// The move under review (0: the start), or null for the live game.
  reviewing: () => page.review?.ply ?? null,
  /// The board shown: the one under review, else the live one.
  shown: () => page.review?.view ?? page.state?.view ?? null,
};
