// What the player asks of the server: a move, the other actions (undo,
// resign, draw, rematch, play on from a past position) and a hint.

import { api, ApiError } from "../api";
import { mine } from "../panels";
import { closePicker } from "../picker";
import { explain, type Doing } from "../messages";
import { exploreMove } from "./explore";
import { endReview } from "./review";
import { clearSelection, targetKind } from "./select";
import { drawBoard, renderCursor, say } from "./render";
import { page } from "./state";
import { reloadGame, render } from "./open";

export function play(text: string) {
  closePicker();
  // On the analysis board a move is the board's, not the game's.
  if (page.explore) return exploreMove(text);
  act({ action: "move", move: text, ply: page.state?.ply }, "move");
}

/// The wait for an action's answer; a lost answer frees the buttons after
/// a while.
let pendingTimer: ReturnType<typeof setTimeout> | undefined;

export async function act(body: Record<string, unknown>, doing: Doing = "action") {
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
    if (e instanceof ApiError && e.status === 504) reloadGame(state.id);
  }
}

/// The engine's suggestion: its piece selected with the suggested square
/// as its only target (Enter or a click plays it).
export async function askHint() {
  const state = page.state;
  if (!state || !mine(state, page.held) || state.view.result) return;
  // The hint is the game's: its board again.
  if (page.review || page.explore) endReview();
  say("The engine is thinking about a hint…");
  try {
    const hint = await api.hint(state.id, page.held?.token ?? null);
    // A casual game's hint is told to both players as a new state: wait
    // for it here (up to 2 s), so that its arrival does not clear the
    // hint's marks.
    for (let waited = 0; (page.state?.version ?? 0) < hint.version && waited < 2000; waited += 20)
      await new Promise((r) => setTimeout(r, 20));
    if (page.state?.id !== state.id) return;
    // Still the position it was asked in (a casual game's hint moves the
    // game's version on: both players are told of it).
    if (page.state.ply !== hint.ply || page.state.view.result) return say("");
    const m = state.view.legal.find((l) => l.text === hint.move);
    if (!m) return;
    clearSelection();
    // A drop's hint chooses the piece in hand; a move's, the piece.
    if (m.drop) page.marks.dropping = m.drop;
    else page.marks.selected = m.from;
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
