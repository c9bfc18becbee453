// Dragging a piece, as on any chess site: a press on one of the player's
// pieces selects it (its destinations marked) and the piece follows the
// pointer; the destination under it is lit; a release there plays the
// move (or queues it as a premove while the opponent is to move), a
// release anywhere else puts the piece back. A press that does not move
// is a click: the piece stays selected, and a click on a destination
// plays it. The views (board3d/view.ts, diagram.ts) follow the pointer
// and ask these functions what a press, a hover and a release mean.

import { mine } from "../panels";
import { board3d, drawBoard, recolour, renderCursor, theDiagram } from "./render";
import { boardMoves, clearSelection, playTo, selectBoard, selectOwn } from "./select";
import { cellOf, page } from "./state";

let active: { from: string } | null = null;

/// Whether a press on `cell` may pick its piece up: a piece of a side
/// this browser plays, in a game still going on.
export function grabbable(cell: string): boolean {
  const piece = cellOf(cell)?.piece;
  const explore = page.explore?.view;
  if (explore) return !!piece && piece.side === explore.to_move && !explore.result;
  return !!piece && !!page.held?.sides.includes(piece.side) && !page.state?.view.result && !page.review && !page.marks.demo;
}

export function dragging(): boolean {
  return active !== null;
}

/// A press on `cell` (on the knob of its board, with `board`): whether
/// its piece or board is picked up (it is selected then). A press on a
/// destination of the selection is not: its click plays.
export function grab(cell: string, board = false): boolean {
  const state = page.state;
  if (!state || (page.review && !page.explore) || page.marks.demo) return false;
  if (board) {
    if (!(page.explore || mine(state, page.held)) || !boardMoves(cell).length) return false;
    selectBoard(cell);
    active = { from: cell };
    return true;
  }
  if (page.marks.selected && page.marks.targets.has(cell)) return false;
  const cursor = page.marks.cursor;
  page.marks.cursor = cell;
  if (!selectOwn(cell)) {
    page.marks.cursor = cursor;
    return false;
  }
  renderCursor();
  active = { from: cell };
  return true;
}

/// The dragged piece is over `cell` (null: over no destination).
export function over(cell: string | null) {
  if (!active) return;
  const target = cell !== null && page.marks.targets.has(cell) ? cell : null;
  if (page.marks.over === target) return;
  page.marks.over = target;
  recolour();
}

/// The press ends over `cell`; `moved`: whether it was a drag (else a
/// click, which leaves the piece selected).
export function drop(cell: string | null, moved: boolean) {
  if (!active) return;
  active = null;
  page.marks.over = null;
  if (!moved) return recolour();
  if (cell !== null && page.marks.selected && page.marks.targets.has(cell)) return playTo(cell);
  clearSelection();
  drawBoard();
}

/// Esc during a drag: the piece goes back, nothing is selected.
export function cancelDrag() {
  board3d()?.cancelDrag();
  theDiagram()?.cancelDrag();
  active = null;
  clearSelection();
  drawBoard();
}

/// A new state arrived during a drag: the dragged piece keeps its
/// selection (a move now if the turn has come, else a premove), or the
/// drag ends if it can go nowhere.
export function stateChanged() {
  // The board is drawn with the new state next.
  if (active && !selectOwn(active.from, false)) cancelDrag();
}
