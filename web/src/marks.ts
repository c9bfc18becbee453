// What the board views mark on the board, and in which colours: shared by
// the 3-D view and the diagram.

export type TargetKind = "move" | "capture";

/// A piece shown alone on the emptied board (the legend's "how it moves").
export interface Demo {
  letter: string;
  name: string;
  side: number;
  cell: string;
}

export interface Marks {
  /// The keyboard cursor (the pointer moves it too).
  cursor: string | null;
  /// The selected piece's cell, or the cell of the board whose moves are
  /// shown (then `board` is true).
  selected: string | null;
  board: boolean;
  /// Where a click plays a move: cell name -> a move or a capture.
  targets: Map<string, TargetKind>;
  last: [string, string] | null;
  /// The King in check.
  checked: string | null;
  /// Seen from the second side.
  flipped: boolean;
  demo: Demo | null;
  /// The selection is for a premove (the opponent is to move).
  premoving: boolean;
  /// The destination under a dragged piece.
  over: string | null;
  /// The queued premove's squares, drawn in their own colour.
  premove: [string, string] | null;
  /// The letter of the piece chosen in the hand, to be dropped on one of
  /// the targets (crazyhouse).
  dropping: string | null;
}

export function emptyMarks(): Marks {
  return {
    cursor: null,
    selected: null,
    board: false,
    targets: new Map(),
    last: null,
    checked: null,
    flipped: false,
    demo: null,
    premoving: false,
    over: null,
    premove: null,
    dropping: null,
  };
}

/// The colours of the board and its marks (theme.ts fills them from the
/// theme chosen).
export interface Palette {
  light: number;
  dark: number;
  lastLight: number;
  lastDark: number;
  premoveLight: number;
  premoveDark: number;
  selected: number;
  check: number;
  move: number;
  capture: number;
  /// The destination under a dragged piece.
  over: number;
  cursor: number;
  /// The knob of a board that can move.
  handle: number;
  background: number;
}

export const COLOURS: Palette = {
  light: 0,
  dark: 0,
  lastLight: 0,
  lastDark: 0,
  premoveLight: 0,
  premoveDark: 0,
  selected: 0,
  check: 0,
  move: 0,
  capture: 0,
  over: 0,
  cursor: 0,
  handle: 0,
  background: 0,
};

export function hex(n: number): string {
  return "#" + n.toString(16).padStart(6, "0");
}
