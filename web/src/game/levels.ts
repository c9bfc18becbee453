// Levels one at a time ("focus"): the level shown alone, large, the others
// faded; a switcher over the board names every level, says how many of the
// selected piece's destinations stand on each, and goes there in one tap
// with the selection kept. A phone (a narrow or touch screen) opens a game
// this way when the whole stack would draw its squares too small to tap.

import { $ } from "../dom";
import { mine } from "../panels";
import { board3d, drawBoard, narrow } from "./render";
import { cellOf, page, viewerSide } from "./state";

/// Squares drawn closer than this (in CSS pixels, centre to centre) are
/// too small to tap: a fingertip is about 9 mm wide.
export const SMALLEST_TAP = 28;

/// A level's name clicked: that level alone, or every level again.
export function focusLevel(z: number) {
  showLevel(page.focus === z ? null : z);
}

/// Shows level `z` alone (null: every level), the selection kept.
export function showLevel(z: number | null) {
  page.focus = z;
  keepCursorOn(z);
  drawBoard();
}

/// The cursor moves to the level shown, if it stands elsewhere.
function keepCursorOn(z: number | null) {
  const cursor = cellOf(page.marks.cursor);
  if (z !== null && cursor?.at[2] !== z) {
    const view = page.explore?.view ?? page.review?.view ?? page.state?.view;
    page.marks.cursor = view?.cells.find((c) => c.present && c.at[2] === z)?.name ?? page.marks.cursor;
  }
}

export function toggleFocus() {
  const z = cellOf(page.marks.cursor)?.at[2] ?? null;
  showLevel(page.focus === null ? z : null);
}

/// The levels that have cells now, lowest first.
function presentLevels(): number[] {
  const view = page.explore?.view ?? page.review?.view ?? page.state?.view;
  if (!view) return [];
  const present = new Set(view.cells.filter((c) => c.present).map((c) => c.at[2]));
  return view.levels.map(([z]) => z).filter((z) => present.has(z));
}

/// The level where the player's pieces stand: the one with most pieces
/// that can move now (most of the viewer's pieces when it is not their
/// turn), the lowest on a tie.
function playersLevel(): number | null {
  const state = page.state;
  if (!state) return null;
  const count = new Map<number, number>();
  const add = (name: string) => {
    const z = cellOf(name)?.at[2];
    if (z !== undefined) count.set(z, (count.get(z) ?? 0) + 1);
  };
  if (mine(state, page.held)) for (const m of state.view.legal) add(m.from);
  if (!count.size) for (const c of state.view.cells) if (c.piece?.side === viewerSide()) add(c.name);
  let best: number | null = null;
  for (const [z, n] of [...count].sort((a, b) => a[0] - b[0])) if (best === null || n > count.get(best)!) best = z;
  return best;
}

/// A game opened on a phone: one level alone when every level together
/// would draw squares too small to tap.
export function phoneFocus() {
  const board = board3d();
  if (page.view !== "3d" || !board || page.focus !== null || presentLevels().length < 2) return;
  if (!narrow() || board.squarePixels(null) >= SMALLEST_TAP) return;
  const z = playersLevel();
  if (z === null) return;
  showLevel(z);
}

/// What the switcher shows now, as a key.
let drawn = "";

/// The switcher over the board while a level is shown alone: a button a
/// level (pressed: the one shown), each with the number of the selected
/// piece's destinations there, and "N more on levels ..." for those not
/// shown.
export function renderLevels() {
  const nav = $("levels");
  const view = page.explore?.view ?? page.review?.view ?? page.state?.view;
  const focus = page.focus;
  nav.hidden = page.view !== "3d" || focus === null || !view;
  if (nav.hidden) drawn = "";
  // The board's views start below the switcher.
  const bar = () => $("boards").style.setProperty("--bar", `${$("board-bar").offsetHeight}px`);
  $("tool-focus-text").textContent = focus === null ? "One level" : "All levels";
  if (nav.hidden || !view) return bar();
  const names = new Map(view.levels);
  const onLevel = new Map<number, number>();
  for (const name of page.marks.targets.keys()) {
    const z = cellOf(name)?.at[2];
    if (z !== undefined) onLevel.set(z, (onLevel.get(z) ?? 0) + 1);
  }
  // Drawn anew only when it changes (a hover recolours the board each
  // frame): a button keeps the keyboard's focus.
  const key = JSON.stringify([focus, view.levels, presentLevels(), [...onLevel]]);
  if (key === drawn) return bar();
  drawn = key;
  const buttons = $("levels-list");
  buttons.replaceChildren(
    ...[...presentLevels()].reverse().map((z) => {
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.level = String(z);
      const n = onLevel.get(z) ?? 0;
      b.textContent = `${names.get(z) ?? z}${n ? ` · ${n}` : ""}`;
      b.setAttribute("aria-pressed", String(z === focus));
      b.title = `Level ${names.get(z) ?? z}${n ? `: ${n} destination${n > 1 ? "s" : ""} of the selected piece` : ""}`;
      b.addEventListener("click", () => showLevel(z));
      return b;
    }),
  );
  const elsewhere = [...onLevel].filter(([z]) => z !== focus).sort((a, b) => a[0] - b[0]);
  const more = elsewhere.reduce((s, [, n]) => s + n, 0);
  const moreLine = $("levels-more");
  moreLine.hidden = more === 0;
  moreLine.replaceChildren();
  if (more) {
    moreLine.append(`${more} more on level${elsewhere.length > 1 ? "s" : ""} `);
    elsewhere.forEach(([z], i) => {
      if (i) moreLine.append(i === elsewhere.length - 1 ? " and " : ", ");
      const b = document.createElement("button");
      b.type = "button";
      b.className = "link";
      b.dataset.level = String(z);
      b.textContent = names.get(z) ?? String(z);
      b.addEventListener("click", () => showLevel(z));
      moreLine.append(b);
    });
  }
  bar();
}

/// The cursor's level shown alone follows the cursor (arrow keys, a
/// hover); whether the board was drawn anew.
export function followCursor(): boolean {
  if (page.focus === null) return false;
  const z = cellOf(page.marks.cursor)?.at[2];
  if (z === undefined || z === page.focus) return false;
  page.focus = z;
  drawBoard();
  return true;
}
