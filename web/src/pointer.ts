// What the board views (board3d/view.ts, diagram.ts) ask of the game while
// the pointer is on them: a hover names a cell; a press on a piece (or a
// board's knob, `board`) the game lets the player `grab` follows the
// pointer, lights the destination it is `over`, and is dropped on release
// (`moved`: it was a drag, not a click). game/drag.ts answers.

export interface PointerInput {
  hover(cell: string | null, x: number, y: number): void;
  grab(cell: string, board: boolean): boolean;
  over(cell: string | null): void;
  drop(cell: string | null, moved: boolean): void;
}

/// A press that picked something up: the pointer, what it holds, where it
/// started.
export interface Press {
  pointer: number;
  cell: string;
  /// A board's knob is carried, not a piece.
  board: boolean;
  x: number;
  y: number;
}

/// Pixels a press may move and still be a click.
export const CLICK_SLOP = 6;
