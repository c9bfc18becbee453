// The board's colours: a few themes, chosen in the game's panel and kept
// in this browser. The 3-D view reads the palette (`COLOURS`, marks.ts)
// when it makes its materials; the diagram reads the same colours as CSS
// variables. The high-contrast theme keeps squares and marks apart in
// greyscale too (by WCAG's relative luminance, which the browser tests
// compute): its marks are near black on white and mid-grey squares
// (contrast at least 3:1 with both), and a marked square (the last move,
// the premove, the selection, check) differs from the plain square it
// stands for by at least 1.6:1. Pieces keep their outlines.

import { COLOURS, hex, type Palette } from "./marks";
import { stored, store } from "./settings";

export interface Theme {
  id: string;
  name: string;
  colours: Palette;
}

export const THEMES: Theme[] = [
  {
    id: "wood",
    name: "Wood",
    colours: {
      light: 0xe6d5b0,
      dark: 0x9a7452,
      lastLight: 0xa9cde6,
      lastDark: 0x6f9ec0,
      premoveLight: 0xd2b4de,
      premoveDark: 0x9b6bb3,
      selected: 0xf1c40f,
      check: 0xe0493c,
      move: 0x27ae60,
      capture: 0xe74c3c,
      over: 0x2ecc71,
      cursor: 0xffffff,
      handle: 0xff9f1a,
      background: 0x1b222c,
    },
  },
  {
    id: "green",
    name: "Green",
    colours: {
      light: 0xeeeed2,
      dark: 0x769656,
      lastLight: 0xf6f67a,
      lastDark: 0xbaca44,
      premoveLight: 0xb9c4e8,
      premoveDark: 0x7d8fc8,
      selected: 0xffd54a,
      check: 0xe0493c,
      move: 0x1f5d3a,
      capture: 0xc0392b,
      over: 0x2d7dd2,
      cursor: 0xffffff,
      handle: 0xff9f1a,
      background: 0x1e2420,
    },
  },
  {
    id: "blue",
    name: "Blue",
    colours: {
      light: 0xdee3e6,
      dark: 0x8ca2ad,
      lastLight: 0xc3d88a,
      lastDark: 0x97ac5c,
      premoveLight: 0xe3c1cf,
      premoveDark: 0xb07f93,
      selected: 0xf6d365,
      check: 0xe0493c,
      move: 0x1e6b52,
      capture: 0xc0392b,
      over: 0x2ecc71,
      cursor: 0xffffff,
      handle: 0xff9f1a,
      background: 0x1a2028,
    },
  },
  {
    id: "contrast",
    name: "High contrast",
    colours: {
      light: 0xffffff,
      dark: 0x8c8c8c,
      lastLight: 0xa9c4f5,
      lastDark: 0x4e5d7d,
      premoveLight: 0xd8a6ff,
      premoveDark: 0x6b3d8a,
      selected: 0xf2c200,
      check: 0xb30000,
      move: 0x000000,
      capture: 0x400000,
      over: 0x002a80,
      cursor: 0x000000,
      handle: 0xff8c00,
      background: 0x000000,
    },
  },
];

let current: Theme = THEMES.find((t) => t.id === stored("chess3d.theme")) ?? THEMES[0];

export function currentTheme(): Theme {
  return current;
}

/// Uses theme `id` from now on (the views redraw with it), and keeps it.
export function applyTheme(id: string) {
  current = THEMES.find((t) => t.id === id) ?? THEMES[0];
  store("chess3d.theme", current.id);
  paint();
}

/// The palette and the diagram's CSS variables, from the theme.
function paint() {
  Object.assign(COLOURS, current.colours);
  const style = document.documentElement.style;
  for (const [name, value] of Object.entries(current.colours)) {
    style.setProperty(`--${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`, hex(value));
  }
  document.documentElement.dataset.theme = current.id;
}

paint();
