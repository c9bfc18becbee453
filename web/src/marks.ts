// What the board views colour: shared by the 3-D view and the diagram.

export interface Marks {
  cursor: string | null;
  selected: string | null;
  /// Destinations of the selected piece: cell name -> is a capture.
  targets: Map<string, boolean>;
  last: [string, string] | null;
  flipped: boolean;
}

export const COLOURS = {
  light: 0xe9d8b4,
  dark: 0x9b7653,
  selected: 0xf1c40f,
  target: 0x2ecc71,
  capture: 0xe74c3c,
  last: 0x5dade2,
  cursor: 0xffffff,
};

/// Piece colours: White/Black, or the 43-square Ziggurat's Red/Gold.
export function sideColour(sides: [string, string], side: number): string {
  if (sides[0] === "Red") return side === 0 ? "#c0392b" : "#d4a017";
  return side === 0 ? "#f7f3e8" : "#262626";
}

export function ink(sides: [string, string], side: number): string {
  if (sides[0] === "Red") return "#ffffff";
  return side === 0 ? "#111111" : "#f5f5f5";
}

export function hex(n: number): string {
  return "#" + n.toString(16).padStart(6, "0");
}
