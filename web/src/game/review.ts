// Reviewing past positions: a move of the list clicked (or Home, `,` and
// `.`) shows the board after it; End or Esc goes back to the live game.
// Nothing is played on a past position.

import { api } from "../api";
import { $ } from "../dom";
import { explain } from "../messages";
import { moveLabels, numbered } from "../panels";
import { closePicker } from "../picker";
import { drawBoard, renderPanels, say } from "./render";
import { clearSelection } from "./select";
import { page } from "./state";

let reviewTicket = 0;

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
    // A position of the game chosen: the analysis board closes.
    page.explore = null;
    clearSelection();
    closePicker();
    say("");
    drawBoard();
    renderPanels();
  } catch (e) {
    say(explain(e, "action"), true);
  }
}

/// Back to the live position.
export function endReview() {
  reviewTicket += 1;
  if (!page.review && !page.explore) return;
  page.review = null;
  page.explore = null;
  say("");
  drawBoard();
  renderPanels();
}

/// The review line: which move is shown, and the way back.
export function renderReview() {
  const state = page.state;
  const r = page.review;
  // The analysis board says where it stands itself.
  $("review").hidden = !r || !!page.explore;
  if (!state || !r) return;
  // Only where moves may be taken back: not in a game between two
  // screens, nor once the game is over.
  $("review-continue").hidden = state.mode === "remote" || !page.held || state.view.result !== null;
  const labels = moveLabels(state);
  const side = state.sides[r.view.to_move];
  $("review-text").textContent =
    r.ply === 0
      ? `Reviewing the start position (${labels.length} moves played). → next move, End or Esc: the live game.`
      : `Reviewing move ${numbered(r.ply, labels[r.ply - 1])} (${side} to move). ` +
        `←/→ step, Home the start, End or Esc the live game.`;
}

/// Review keys: Home the start, End the live game, `,` and `.` a move back
/// and forward; while reviewing, ← and → step too (the cursor has nothing
/// to do on a past position).
export function reviewKey(e: KeyboardEvent): boolean {
  const state = page.state;
  if (!state || e.shiftKey) return false;
  // On the analysis board the arrows move the cursor.
  if (page.explore && (e.key === "ArrowLeft" || e.key === "ArrowRight")) return false;
  const at = page.review?.ply ?? state.ply;
  if (e.key === "Home") review(0);
  else if (e.key === "End") endReview();
  else if (e.key === "," || (page.review && e.key === "ArrowLeft")) review(at - 1);
  else if (e.key === "." || (page.review && e.key === "ArrowRight")) review(at + 1);
  else return false;
  return true;
}
