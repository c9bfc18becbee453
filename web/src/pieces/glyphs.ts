// The pieces as flat symbols (SVG, 100×100), for the diagram, the legend
// and the badges of the 3-D view: each the silhouette of its shape. Shapes
// are filled with the side's body colour and outlined with its ink; parts
// marked `class="ink"` are drawn in the ink (eyes, slits).

import { designOf, type Design, type SideColours } from "./designs";

const BASE = `<path d="M22 92 H78 V87 Q78 81 70 80 H30 Q22 81 22 87 Z"/>`;
const STEM = `<path d="M36 80 L44 53 H56 L64 80 Z"/><rect x="39" y="48" width="22" height="7" rx="3"/>`;
const WINGS = `<path d="M33 60 Q14 56 6 36 Q22 46 35 48 Z"/><path d="M67 60 Q86 56 94 36 Q78 46 65 48 Z"/>`;
const KNIGHT_HEAD = `<path d="M32 80 C31 64 40 58 44 50 C37 52 31 55 25 53 C20 48 23 41 31 37 C37 31 41 23 49 19 L51 9 L57 18 C72 23 78 42 72 80 Z"/><circle class="ink" cx="46" cy="30" r="3.2"/>`;
const MITRE = `<path d="M50 14 C67 27 65 43 57 50 H43 C35 43 33 27 50 14 Z"/><path class="ink-line" d="M53 24 L45 37"/><circle cx="50" cy="11" r="4"/>`;

const SHAPES: Record<Design, string> = {
  pawn: `${BASE}<path d="M34 80 L42 55 H58 L66 80 Z"/><rect x="37" y="50" width="26" height="7" rx="3"/><circle cx="50" cy="37" r="14"/>`,
  rook: `${BASE}<path d="M32 80 L36 47 H64 L68 80 Z"/><path d="M29 47 V24 H38 V32 H45 V24 H55 V32 H62 V24 H71 V47 Z"/>`,
  bishop: `${BASE}<path d="M35 80 L44 55 H56 L65 80 Z"/><rect x="38" y="50" width="24" height="7" rx="3"/>${MITRE}`,
  knight: `${BASE}${KNIGHT_HEAD}`,
  queen: `${BASE}<path d="M34 80 L42 51 H58 L66 80 Z"/><path d="M35 51 L28 25 L41 38 L50 19 L59 38 L72 25 L65 51 Z"/><circle cx="28" cy="23" r="4.5"/><circle cx="50" cy="16" r="4.5"/><circle cx="72" cy="23" r="4.5"/>`,
  king: `${BASE}<path d="M34 80 L42 49 H58 L66 80 Z"/><path d="M35 49 Q35 30 50 30 Q65 30 65 49 Z"/><rect x="46.5" y="8" width="7" height="24"/><rect x="39" y="14" width="22" height="7"/>`,
  wizard: `${BASE}${STEM}<path d="M35 48 L50 6 L65 48 Z"/><rect x="30" y="44" width="40" height="6" rx="3"/><circle class="ink" cx="50" cy="30" r="3.5"/>`,
  ballista: `${BASE}${STEM}<path d="M24 52 L62 14" class="line"/><path d="M54 8 L74 4 L70 24 Z"/><path d="M22 40 L30 48 L20 58 M32 50 L40 58 L30 62" class="line-thin"/>`,
  cardinal: `${BASE}${STEM}<ellipse cx="50" cy="42" rx="28" ry="7"/><path d="M37 42 Q37 22 50 22 Q63 22 63 42 Z"/><circle cx="50" cy="18" r="4"/>`,
  paladin: `${BASE}${STEM}<path d="M33 16 H67 V34 Q67 50 50 56 Q33 50 33 34 Z"/><path class="ink-line" d="M50 21 V50 M39 32 H61"/>`,
  falcon: `${BASE}${STEM}<path d="M30 50 Q28 30 46 24 Q54 10 68 16 L80 22 L70 26 Q72 36 62 44 Q50 52 30 50 Z"/><path d="M72 22 L82 30 L72 30 Z"/><circle class="ink" cx="62" cy="20" r="3"/><path class="ink-line" d="M40 34 Q48 42 58 38"/>`,
  guard: `${BASE}${STEM}<path d="M30 52 V34 Q30 16 50 16 Q70 16 70 34 V52 Z"/><rect class="ink" x="36" y="30" width="28" height="5"/><path class="ink-line" d="M50 36 V50"/><path d="M46 16 Q50 2 62 4 Q54 8 54 16 Z"/>`,
  chariot: `${BASE}${STEM}<circle class="line" cx="50" cy="30" r="17"/><path class="line-thin" d="M50 13 V47 M33 30 H67 M38 18 L62 42 M62 18 L38 42"/><circle cx="50" cy="30" r="5"/>`,
  archer: `${BASE}${STEM}<path class="line" d="M40 8 Q74 30 40 52"/><path class="line-thin" d="M40 8 V52"/><path class="line-thin" d="M26 30 H72"/><path d="M66 24 L76 30 L66 36 Z"/>`,
  spearman: `${BASE}${STEM}<circle cx="44" cy="38" r="11"/><rect x="60" y="12" width="6" height="60"/><path d="M63 0 L71 14 H55 Z"/>`,
  dragon: `${BASE}${STEM}<path d="M31 50 Q29 31 43 27 L38 10 L52 24 L63 12 L61 28 Q76 34 71 50 Z"/><circle class="ink" cx="56" cy="36" r="3.2"/><path class="ink" d="M60 44 H72 L69 48 H60 Z"/>`,
  favourite: `${BASE}${STEM}<circle cx="50" cy="32" r="9"/><ellipse class="line" cx="50" cy="32" rx="22" ry="9" transform="rotate(-25 50 32)"/>`,
  archbishop: `${BASE}${STEM}${MITRE}<ellipse class="line" cx="50" cy="40" rx="22" ry="6"/>`,
  unicorn: `${BASE}${STEM}<circle cx="45" cy="38" r="12"/><path d="M49 29 L78 3 L57 35 Z"/><circle class="ink" cx="44" cy="36" r="2.8"/>`,
  spaceKnight: `${BASE}${KNIGHT_HEAD}<ellipse class="line" cx="50" cy="52" rx="34" ry="9"/>`,
  wyvern: `${BASE}${STEM}<path d="M50 40 L10 14 L16 30 L24 26 L26 40 L34 34 L38 46 Z"/><path d="M50 40 L90 14 L84 30 L76 26 L74 40 L66 34 L62 46 Z"/><path d="M44 48 Q40 30 50 22 Q58 16 64 22 L58 26 Q52 30 56 48 Z"/>`,
  hippogriff: `${BASE}${STEM}<path d="M28 50 Q26 30 44 24 Q52 10 66 16 L78 22 L68 26 Q70 36 60 44 Q48 52 28 50 Z"/><path d="M70 22 L80 30 L70 30 Z"/><circle class="ink" cx="60" cy="20" r="3"/><path d="M36 46 Q20 40 14 22 Q30 32 42 36 Z"/>`,
  gargoyle: `${BASE}${STEM}<rect x="33" y="26" width="34" height="24" rx="6"/><path d="M35 29 L28 8 L45 26 Z"/><path d="M65 29 L72 8 L55 26 Z"/><circle class="ink" cx="43" cy="36" r="3"/><circle class="ink" cx="57" cy="36" r="3"/>`,
  flyingQueen: `${WINGS}${BASE}<path d="M34 80 L42 51 H58 L66 80 Z"/><path d="M35 51 L28 25 L41 38 L50 19 L59 38 L72 25 L65 51 Z"/><circle cx="28" cy="23" r="4.5"/><circle cx="50" cy="16" r="4.5"/><circle cx="72" cy="23" r="4.5"/>`,
  flyingRook: `${WINGS}${BASE}<path d="M32 80 L36 47 H64 L68 80 Z"/><path d="M29 47 V24 H38 V32 H45 V24 H55 V32 H62 V24 H71 V47 Z"/>`,
  flyingBishop: `${WINGS}${BASE}<path d="M35 80 L44 55 H56 L65 80 Z"/><rect x="38" y="50" width="24" height="7" rx="3"/>${MITRE}`,
  prince: `${BASE}${STEM}<path d="M34 50 V30 L42 40 L50 24 L58 40 L66 30 V50 Z"/><rect x="34" y="44" width="32" height="6"/>`,
  camel: `${BASE}${STEM}<path d="M27 52 Q29 30 43 34 Q50 22 58 34 Q63 40 67 52 Z"/><path class="line" d="M64 44 Q71 30 73 18"/><ellipse cx="77" cy="16" rx="9" ry="5.5"/>`,
  ox: `${BASE}${STEM}<ellipse cx="50" cy="38" rx="15" ry="13"/><path d="M38 31 Q18 29 15 11 Q27 23 41 25 Z"/><path d="M62 31 Q82 29 85 11 Q73 23 59 25 Z"/><circle class="ink" cx="44" cy="36" r="2.6"/><circle class="ink" cx="56" cy="36" r="2.6"/>`,
  token: `${BASE}${STEM}<circle cx="50" cy="30" r="20"/>`,
};

/// The rules the symbols' classes need, for an SVG that stands alone (an
/// image, where the page's style sheet does not reach).
const STYLE =
  ".ink{fill:currentColor;stroke:none}.ink-line{fill:none;stroke:currentColor;stroke-width:4}" +
  ".line{fill:none;stroke-width:7}.line-thin{fill:none;stroke-width:4}";

export interface GlyphOptions {
  /// The accessible name (by default the piece's name).
  title?: string;
  /// A document of its own (for an image): namespace and style inside.
  standalone?: boolean;
  /// Only the top of the symbol, what tells the kinds apart (a badge).
  head?: boolean;
  /// The colour of the small details (eyes, slits); the ink by default.
  detail?: string;
}

/// Text made safe inside markup (names and letters come from the server).
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/// An SVG of the piece named `name` with the letter `letter`, in a side's
/// colours.
export function glyph(name: string, letter: string, colours: SideColours, options: GlyphOptions = {}): string {
  const design = designOf(name);
  // A token's letter is all that tells it apart: on a badge (the head
  // alone) its disc fills the badge's height and the letter the disc.
  const [y, size] = options.head ? [41, 34] : [38, 26];
  const label =
    design === "token"
      ? `<text x="50" y="${y}" text-anchor="middle" font-family="sans-serif" font-size="${size}" font-weight="bold" fill="${options.detail ?? colours.ink}" stroke="none">${escapeHtml(letter)}</text>`
      : "";
  const shape = design === "token" && options.head ? `<circle cx="50" cy="29" r="27"/>` : SHAPES[design];
  const ns = options.standalone ? ` xmlns="http://www.w3.org/2000/svg"` : "";
  const sheet = options.standalone ? `<style>${STYLE}</style>` : "";
  const box = options.head ? "6 0 88 58" : "0 0 100 100";
  return (
    // Presentation attributes, not style attributes: the server's
    // Content-Security-Policy allows no inline style. The details' colour
    // is the group's `color`, which `.ink` parts fill with.
    `<svg${ns} class="glyph" viewBox="${box}" role="img" aria-label="${escapeHtml(options.title ?? name)}" fill="${colours.body}" stroke="${colours.ink}">${sheet}` +
    `<g stroke-width="3" stroke-linejoin="round" color="${options.detail ?? colours.ink}">${shape}${label}</g></svg>`
  );
}
