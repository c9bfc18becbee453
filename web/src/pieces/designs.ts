// Which look each piece has, by its name: the six orthodox shapes, and for
// every other kind of the games a shape of its own, so that a player tells
// them apart at a glance in 3-D (models.ts), in the diagram and in the
// legend (glyphs.ts). Names, not letters, decide: letters mean different
// things in different games (A is a Ballista, an Archer or an Archbishop).
// A kind this table does not know (a game written as data) gets a token
// with its letter.

export type Design =
  | "king"
  | "queen"
  | "rook"
  | "bishop"
  | "knight"
  | "pawn"
  | "wizard"
  | "ballista"
  | "cardinal"
  | "paladin"
  | "falcon"
  | "guard"
  | "chariot"
  | "archer"
  | "spearman"
  | "dragon"
  | "favourite"
  | "archbishop"
  | "unicorn"
  | "spaceKnight"
  | "wyvern"
  | "hippogriff"
  | "gargoyle"
  | "flyingQueen"
  | "flyingRook"
  | "flyingBishop"
  | "prince"
  | "camel"
  | "ox"
  | "token";

export const DESIGNS: Design[] = [
  "king", "queen", "rook", "bishop", "knight", "pawn", "wizard", "ballista", "cardinal", "paladin",
  "falcon", "guard", "chariot", "archer", "spearman", "dragon", "favourite", "archbishop", "unicorn",
  "spaceKnight", "wyvern", "hippogriff", "gargoyle", "flyingQueen", "flyingRook", "flyingBishop",
  "prince", "camel", "ox", "token",
];

const BY_NAME: Record<string, Design> = {
  King: "king",
  "Priest-King": "king",
  Queen: "queen",
  Rook: "rook",
  Bishop: "bishop",
  Knight: "knight",
  Horse: "knight",
  "Walking Knight": "knight",
  Pawn: "pawn",
  // Xiangqi's: its General moves as a King within the palace, its
  // Soldier forward as a Pawn; its other kinds keep their letters.
  General: "king",
  Soldier: "pawn",
  Wizard: "wizard",
  Ballista: "ballista",
  Cardinal: "cardinal",
  Paladin: "paladin",
  Falcon: "falcon",
  Guard: "guard",
  Chariot: "chariot",
  Archer: "archer",
  Spearman: "spearman",
  Dragon: "dragon",
  Favourite: "favourite",
  Archbishop: "archbishop",
  Unicorn: "unicorn",
  "Space Knight": "spaceKnight",
  Wyvern: "wyvern",
  Hippogriff: "hippogriff",
  Gargoyle: "gargoyle",
  "Flying Queen": "flyingQueen",
  "Flying Rook": "flyingRook",
  "Flying Bishop": "flyingBishop",
  "Vaulting Prince": "prince",
  "Walking Camel": "camel",
  Ox: "ox",
};

export function designOf(name: string): Design {
  return BY_NAME[name] ?? "token";
}

/// The colours of a side's pieces: White/Black, or the 43-square
/// Ziggurat's Red/Gold, or xiangqi's Red/Black. `body` fills, `ink` draws
/// details and outlines.
/// `rim` outlines the pieces in 3-D, so that each stands out on both
/// colours of square.
export interface SideColours {
  body: string;
  ink: string;
  rim: string;
}

export function sideColours(sides: [string, string], side: number): SideColours {
  const red = { body: "#c2372b", ink: "#3a0d08", rim: "#1a1410" };
  if (sides[0] === "Red" && side === 0) return red;
  if (sides[1] === "Gold") return { body: "#e0b020", ink: "#4a3500", rim: "#1a1410" };
  return side === 0
    ? { body: "#f4eedf", ink: "#1b1b1b", rim: "#1a1410" }
    : { body: "#2b2b30", ink: "#f0f0f0", rim: "#8c939c" };
}
