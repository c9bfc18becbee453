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
  };
}

export const COLOURS = {
  light: 0xe6d5b0,
  dark: 0x9a7452,
  lastLight: 0xa9cde6,
  lastDark: 0x6f9ec0,
  selected: 0xf1c40f,
  check: 0xe0493c,
  move: 0x27ae60,
  capture: 0xe74c3c,
  cursor: 0xffffff,
  handle: 0xff9f1a,
};

export function hex(n: number): string {
  return "#" + n.toString(16).padStart(6, "0");
}
