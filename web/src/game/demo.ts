// The legend's "How it moves": a kind alone on the emptied board, on a
// cell near the middle (where it shows every direction), with every cell
// it reaches; a click moves it; Esc or the banner's button goes back to
// the game, the cursor where it was.

import { api, type Cell } from "../api";
import { $ } from "../dom";
import type { TargetKind } from "../marks";
import { explain } from "../messages";
import { closePicker } from "../picker";
import { drawBoard, renderCursor, say } from "./render";
import { clearSelection } from "./select";
import { cellOf, page } from "./state";

/// How far a cell's middle is from a point, in squares.
const distance = (c: Cell, to: number[]) => Math.hypot(...c.place.map((v, i) => v - to[i]));

/// The cursor before the demonstration, put back after it.
let cursorBefore: string | null = null;

/// Shows a kind alone on the emptied board, on a cell near the middle
/// where it may stand.
export async function startDemo(letter: string, name: string) {
  const state = page.state;
  if (!state) return;
  $("legend").hidden = true;
  const side = page.held?.sides.length === 1 ? page.held.sides[0] : page.marks.flipped ? 1 : 0;
  clearSelection();
  closePicker();
  if (!page.marks.demo) cursorBefore = page.marks.cursor;
  // The cells nearest the board's middle first; then, for a kind kept to
  // some levels (the pyramid's Kings and Queens stay on level 0), the
  // middle of each level, and last the cursor's cell.
  const present = state.view.cells.filter((c) => c.present);
  const middle = (cells: Cell[]) => cells.reduce((s, c) => [s[0] + c.place[0], s[1] + c.place[1], s[2] + c.place[2]], [0, 0, 0]).map((v) => v / cells.length);
  const nearest = (cells: Cell[], to: number[]) => [...cells].sort((a, b) => distance(a, to) - distance(b, to));
  const mid = middle(present);
  const levels = [...new Set(present.map((c) => c.at[2]))].map((z) => present.filter((c) => c.at[2] === z));
  const cursor = cellOf(page.marks.cursor);
  const tries = [
    ...nearest(present, mid).slice(0, 12),
    ...levels.map((cells) => nearest(cells, middle(cells))[0]).sort((a, b) => distance(a, mid) - distance(b, mid)),
    ...(cursor?.present ? [cursor] : []),
  ];
  page.marks.demo = { letter, name, side, cell: tries[0].name };
  const demo = page.marks.demo;
  for (const c of tries) {
    if (await showReach(c.name)) break;
  }
  // Ended meanwhile (Esc, a new move, another game).
  if (page.marks.demo !== demo || page.state !== state) return;
  const banner = $("demo-banner");
  banner.innerHTML = "";
  const text = document.createElement("span");
  text.textContent = `How the ${state.sides[side]} ${name} moves: green dots are moves, red rings captures. Click any square to move it there.`;
  const done = document.createElement("button");
  done.type = "button";
  done.textContent = "Back to the game (Esc)";
  done.addEventListener("click", () => endDemo(true));
  banner.append(text, done);
  banner.hidden = false;
}

/// Where the demo piece reaches from `cell`; false if it may not stand
/// there.
async function showReach(cell: string): Promise<boolean> {
  const state = page.state;
  const demo = page.marks.demo;
  if (!state || !demo) return false;
  try {
    const reach = await api.reach(state.id, demo.letter, demo.side, cell);
    if (page.marks.demo !== demo) return false;
    demo.cell = cell;
    page.marks.cursor = cell;
    page.marks.targets = new Map([
      ...reach.moves.map((c) => [c, "move"] as [string, TargetKind]),
      ...reach.captures.filter((c) => !reach.moves.includes(c)).map((c) => [c, "capture"] as [string, TargetKind]),
    ]);
    say(`${demo.name} on ${cell}: ${reach.moves.length} moves, ${reach.captures.length} captures on an empty board.`);
    drawBoard();
    renderCursor();
    return true;
  } catch (e) {
    if (page.marks.demo === demo) say(explain(e, "reach"), true);
    return false;
  }
}

export function moveDemo(cell: string) {
  showReach(cell);
}

/// Back to the game: the cursor where it was before.
export function endDemo(redraw: boolean) {
  if (!page.marks.demo) return;
  page.marks.demo = null;
  page.marks.targets.clear();
  if (cursorBefore && page.state?.view.cells.some((c) => c.name === cursorBefore && c.present)) page.marks.cursor = cursorBefore;
  cursorBefore = null;
  $("demo-banner").hidden = true;
  if (redraw) {
    say("");
    drawBoard();
  }
  renderCursor();
}
