// The keyboard: the cursor by file, rank and level, Enter to select and
// play, and a key for every view and action (docs/web.md, "Keys").

import type { Cell } from "../api";
import { $ } from "../dom";
import { pickerKey } from "../picker";
import { askHint } from "./actions";
import { endDemo } from "./demo";
import { cancelPremove } from "./premove";
import { cancelDrag, dragging } from "./drag";
import { followCursor, toggleFocus } from "./levels";
import { board3d, drawBoard, flip, focusBoard, recolour, say, setSpread, toggleView } from "./render";
import { closeExplore, exploreKey, toggleExplore } from "./explore";
import { endReview, reviewKey } from "./review";
import { activate, clearSelection, nextBoard } from "./select";
import { page, shown } from "./state";

/// Arrow keys: file and rank, as the board is seen; PageUp/PageDown: the
/// level above or below.
export function step(key: string) {
  const state = shown();
  if (!state || !page.marks.cursor) return;
  // Squares that are not there now but are a destination (an attack
  // board's or an elevator's) can be reached too.
  const cells = state.view.cells.filter((c) => c.present || page.marks.targets.has(c.name));
  const here = cells.find((c) => c.name === page.marks.cursor);
  if (!here) return;
  const flip = page.marks.flipped ? -1 : 1;
  const [dx, dy, dz] =
    key === "ArrowLeft"
      ? [-flip, 0, 0]
      : key === "ArrowRight"
        ? [flip, 0, 0]
        : key === "ArrowUp"
          ? [0, flip, 0]
          : key === "ArrowDown"
            ? [0, -flip, 0]
            : key === "PageUp"
              ? [0, 0, 1]
              : [0, 0, -1];
  const score = (c: Cell) => {
    const d = [c.at[0] - here.at[0], c.at[1] - here.at[1], c.at[2] - here.at[2]];
    const along = d[0] * dx + d[1] * dy + d[2] * dz;
    if (along <= 0) return Infinity;
    // A level step keeps to the square drawn nearest over or under.
    if (dz !== 0) return Math.abs(d[2]) * 100 + Math.hypot(c.place[0] - here.place[0], c.place[2] - here.place[2]);
    if (d[2] !== 0) return Infinity;
    const across = Math.abs(dx ? d[1] : d[0]);
    return along + across * 3;
  };
  const best = cells.reduce<[number, string | null]>((b, c) => (score(c) < b[0] ? [score(c), c.name] : b), [Infinity, null]);
  if (best[1]) {
    page.marks.cursor = best[1];
    if (!followCursor()) recolour();
  }
}

export function openLegend() {
  $("legend").hidden = false;
  $("legend-close").focus();
}

/// Esc: the innermost thing open or going on ends.
function escape() {
  if (!$("legend").hidden) {
    $("legend").hidden = true;
    focusBoard();
  } else if (dragging()) cancelDrag();
  else if (page.marks.demo) endDemo(true);
  else if (page.explore) closeExplore();
  else if (page.review) endReview();
  else if (page.premove) cancelPremove("Premove cancelled.");
  else {
    clearSelection();
    say("");
    drawBoard();
  }
}

document.addEventListener("keydown", (e) => {
  if (!page.state || $("game").hidden) return;
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  if (pickerKey(e)) return e.preventDefault();
  const target = e.target as HTMLElement;
  // Typing belongs to text fields and lists; a button keeps Enter and
  // Space; every other key works wherever the focus or the pointer is.
  if (["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName)) return;
  if (target.tagName === "BUTTON" && (e.key === "Enter" || e.key === " ")) return;
  if (e.key === "Escape") {
    escape();
    return e.preventDefault();
  }
  if (!$("legend").hidden) return;
  if (exploreKey(e) || reviewKey(e)) return e.preventDefault();
  if (page.view === "3d" && board3d()?.key(e)) return e.preventDefault();
  if (["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "PageUp", "PageDown"].includes(e.key)) {
    step(e.key);
    return e.preventDefault();
  }
  const key = e.key.toLowerCase();
  if (e.key === "Enter" || e.key === " ") {
    if (page.marks.cursor) activate(page.marks.cursor);
  } else if (key === "v") toggleView();
  else if (key === "p") flip();
  else if (key === "l") toggleFocus();
  else if (key === "b") nextBoard();
  else if (key === "h" || key === "?") openLegend();
  else if (key === "i") askHint();
  else if (key === "a") toggleExplore();
  else if (key === "[") setSpread(page.spread - 0.1);
  else if (key === "]") setSpread(page.spread + 0.1);
  else return;
  e.preventDefault();
});
