// The one object holding everything a game's screen shows (`page`), and
// the questions the other rooms ask of it. Only the functions of
// select.ts, premove.ts, levels.ts, review.ts and demo.ts change what is
// selected and shown; render.ts draws it.

import type { Analysis, Cell, GameState, Held, Lines, View as BoardState } from "../api";
import type { Connection } from "../connection";
import { emptyMarks, type Marks } from "../marks";
import { stored } from "../settings";

export type View = "3d" | "2d";

/// A move queued while the opponent is to move: played when the turn
/// comes if it is legal then. `text` is the move chosen when several
/// join the same squares (a promotion), else null.
export interface Premove {
  from: string;
  to: string;
  text: string | null;
}

/// The analysis board: moves played from a position of the game (after
/// its first `ply` moves) on a board of their own, nothing sent to the
/// game; the engine's lines there when it may help.
export interface Explore {
  ply: number;
  /// The game's moves to `ply` when it opened: a game whose moves there
  /// change (taken back, played otherwise) closes it.
  base: string;
  moves: string[];
  labels: string[];
  view: BoardState;
  lines: Lines | null;
  /// Why there are no lines (the engine may not help, or is busy).
  noLines: string | null;
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
  /// The level shown alone, or null for every level.
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
  /// The move queued for the player's next turn.
  premove: null as Premove | null,
  /// The engine's analysis of the game, as far as it has come.
  analysis: null as Analysis | null,
  /// The analysis board, while it is open.
  explore: null as Explore | null,
  /// How many watch the game with no seat (on this server).
  spectators: 0,
  /// Whether the game shown makes captures compulsory (from its rules,
  /// GET /variants/{id}): a piece without a move is then explained.
  mustCapture: false,
};

/// The state the board shows: the live one, or a past position's board.
export function shown(): GameState | null {
  const state = page.state;
  const view = page.explore?.view ?? page.review?.view;
  if (!state || !view) return state;
  return { ...state, view };
}

/// The board whose legal moves a click plays: the analysis board's, else
/// the live game's (none under review).
export function playView(): BoardState | null {
  return page.explore?.view ?? page.state?.view ?? null;
}

/// A cell of the board shown (the analysis board's, the one under review,
/// else the live one).
export function cellOf(name: string | null): Cell | undefined {
  const view = page.explore?.view ?? page.review?.view ?? page.state?.view;
  return name ? view?.cells.find((c) => c.name === name) : undefined;
}

/// The side the viewer sits on: their seat's, else the side at the
/// bottom of the board.
export function viewerSide(): number {
  const held = page.held;
  if (held && held.sides.length === 1) return held.sides[0];
  return page.marks.flipped ? 1 : 0;
}

/// "White Ballista on 2b1", or the square's name in words.
export function describe(name: string): string {
  const c = cellOf(name);
  const state = page.state;
  if (!c || !state) return name;
  const demo = page.marks.demo;
  const piece = demo ? (demo.cell === name ? demo : null) : c.piece;
  if (piece) return `${state.sides[piece.side]} ${piece.name} on ${c.name}`;
  return c.present ? `${c.label}` : `${c.label}, where a board would arrive`;
}
