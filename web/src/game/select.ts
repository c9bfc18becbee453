// What the player points at, clicks or presses Enter on: a piece selected
// (its destinations marked), a destination played, a board's knob chosen.
// These are the only functions that change the selection; the premove
// room (premove.ts) takes a selection made while the opponent is to move.

import type { LegalMove } from "../api";
import type { TargetKind } from "../marks";
import { mine } from "../panels";
import { openPicker } from "../picker";
import type { Pick } from "../board3d/view";
import { play } from "./actions";
import { moveDemo } from "./demo";
import { focusLevel } from "./levels";
import { canPremove, choosePremove, selectForPremove } from "./premove";
import { drawBoard, renderCursor, say } from "./render";
import { cellOf, page, playView } from "./state";

export function pick(p: Pick) {
  if (p.level !== undefined) focusLevel(p.level);
  else if (p.handle) selectBoard(p.handle);
  else if (p.cell) activate(p.cell);
}

/// The moves of pieces (not boards, not drops) from `cell`.
export function pieceMoves(cell: string): LegalMove[] {
  return playView()?.legal.filter((m) => m.from === cell && !m.board && !m.drop) ?? [];
}

/// The drops of the hand's piece `letter`.
export function dropMoves(letter: string): LegalMove[] {
  return playView()?.legal.filter((m) => m.drop === letter) ?? [];
}

export function boardMoves(cell: string): LegalMove[] {
  return playView()?.legal.filter((m) => m.from === cell && m.board) ?? [];
}

export function targetKind(m: LegalMove): TargetKind {
  return m.capture ? "capture" : "move";
}

export function clearSelection() {
  page.marks.selected = null;
  page.marks.board = false;
  page.marks.premoving = false;
  page.marks.over = null;
  page.marks.dropping = null;
  page.marks.targets.clear();
}

/// Marks the destinations of `moves` (a capture where any move there
/// captures).
export function markTargets(moves: LegalMove[]) {
  const targets = page.marks.targets;
  for (const m of moves) if (targets.get(m.to) !== "capture") targets.set(m.to, targetKind(m));
}

/// Selects the piece on `cell` and marks where it can go; false if it
/// has no legal move (nothing changes then).
export function selectPiece(cell: string): boolean {
  const moves = pieceMoves(cell);
  if (!moves.length) return false;
  clearSelection();
  page.marks.selected = cell;
  markTargets(moves);
  return true;
}

/// Selects the player's own piece on `cell`: for a move in their turn,
/// for a premove while the opponent is to move (kept if it is already
/// selected for one). Whether it did; `draw`: draw the board now.
export function selectOwn(cell: string, draw = true): boolean {
  const state = page.state;
  if (!state) return false;
  // On the analysis board either side's pieces move, in turn.
  if (page.explore || mine(state, page.held)) {
    if (!selectPiece(cell)) return false;
    say("");
    if (draw) drawBoard();
    return true;
  }
  if (!canPremove(cell)) return false;
  if (!(page.marks.premoving && page.marks.selected === cell)) selectForPremove(cell);
  return true;
}

/// The moves that a click on the destination `cell` of the selection
/// may mean: one is played, several ask which.
export function movesTo(cell: string): LegalMove[] {
  if (page.marks.dropping) return dropMoves(page.marks.dropping).filter((m) => m.to === cell);
  const from = page.marks.selected;
  if (!from) return [];
  return page.marks.board
    ? boardMoves(from).filter((m) => m.to === cell || m.board!.lands.includes(cell))
    : pieceMoves(from).filter((m) => m.to === cell);
}

/// Plays the selection's move to the destination `cell` (or asks which,
/// or queues it as a premove while the opponent is to move).
export function playTo(cell: string) {
  if (page.marks.premoving) return choosePremove(cell);
  const choices = movesTo(cell);
  if (choices.length === 1) play(choices[0].text);
  else if (choices.length > 1) openPicker(choices, play);
}

/// A click or Enter on a cell: select a piece, or play to a destination.
export function activate(cell: string) {
  const state = page.state;
  if (!state) return;
  const marks = page.marks;
  marks.cursor = cell;
  if (marks.demo) return moveDemo(cell);
  if (page.explore) {
    if ((marks.selected || marks.dropping) && marks.targets.has(cell)) playTo(cell);
    else if (!selectOwn(cell) && boardMoves(cell).length) selectBoard(cell);
    else if (marks.selected !== cell) {
      clearSelection();
      const v = page.explore.view;
      say(v.result ? `The game is over here: ${v.result[1]}.` : `No legal move from ${cell} for ${state.sides[v.to_move]}.`);
      drawBoard();
    }
    return renderCursor();
  }
  if (page.review) {
    renderCursor();
    return say("This is a past position: press End or Esc (or click the last move) to play on from the live game.");
  }
  if ((marks.selected || marks.dropping) && marks.targets.has(cell)) return playTo(cell);
  if (selectOwn(cell)) {
    // Selected, for a move or a premove.
  } else if (boardMoves(cell).length && mine(state, page.held)) {
    selectBoard(cell);
  } else {
    clearSelection();
    if (!state.view.result) say(whyNot(cell));
    drawBoard();
  }
  renderCursor();
}

/// Why a click on `cell` selects nothing, in a player's words.
function whyNot(cell: string): string {
  const state = page.state!;
  const side = state.sides[state.view.to_move];
  const piece = cellOf(cell)?.piece;
  if (!page.held) return "You are watching: this browser holds no seat in this game.";
  if (!mine(state, page.held)) return "It is not your turn.";
  if (piece && piece.side !== state.view.to_move) return `It is ${side}'s turn: choose one of ${side}'s pieces.`;
  if (piece && page.mustCapture && state.view.legal.some((m) => m.capture)) {
    return `Captures are compulsory, and the ${piece.name} on ${cell} has no legal capture.`;
  }
  return piece ? `The ${piece.name} on ${cell} has no legal move.` : `No legal move from ${cell}.`;
}

/// Chooses the hand's piece `letter` (a click on it beside the board):
/// the squares it may be dropped on are marked, and a click on one drops
/// it; a second click on the same piece puts it back.
export function selectDrop(letter: string) {
  const state = page.state;
  if (!state) return;
  if (page.marks.dropping === letter) {
    clearSelection();
    say("");
    return drawBoard();
  }
  if (!(page.explore || mine(state, page.held))) return say(whyNot(""));
  const moves = dropMoves(letter);
  const piece = playView()?.hands?.[playView()!.to_move].find((p) => p.letter === letter);
  if (!moves.length) return say(`The ${piece?.name ?? letter} in hand cannot be dropped anywhere now.`);
  clearSelection();
  page.marks.dropping = letter;
  markTargets(moves);
  say(`Drop the ${piece?.name ?? letter}: click one of the ${moves.length} marked squares (or the piece again to keep it).`);
  drawBoard();
}

/// Shows where a board can go: its destinations as ghost boards.
export function selectBoard(from: string) {
  const state = page.state;
  if (!state || !(page.explore || mine(state, page.held))) {
    if (state) say(whyNot(from));
    return;
  }
  const moves = boardMoves(from);
  if (!moves.length) return;
  clearSelection();
  page.marks.selected = from;
  page.marks.board = true;
  for (const m of moves) for (const c of m.board!.lands) page.marks.targets.set(c, "move");
  // A few choices are named in words ("the elevator north to pole a2,
  // with its pieces"): which way each pale square means.
  const what = moves[0].words.startsWith("the elevator") ? "elevator" : "board";
  const named = moves.length <= 4 ? `: ${moves.map((m) => `${m.words} (${m.text})`).join("; ")}` : "";
  say(`Where should the ${what} go? ${moves.length} choice${moves.length > 1 ? "s" : ""}, shown as pale squares${named}.`);
  drawBoard();
}

/// B: the next board that can move.
export function nextBoard() {
  const state = page.state;
  if (!state || page.marks.demo) return;
  const froms = [...new Set((playView()?.legal ?? []).filter((m) => m.board).map((m) => m.from))];
  if (!froms.length) return say("No board can move now.");
  const i = page.marks.board && page.marks.selected ? froms.indexOf(page.marks.selected) : -1;
  selectBoard(froms[(i + 1) % froms.length]);
}
