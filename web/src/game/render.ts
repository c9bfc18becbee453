// Drawing a game's screen from `page`: the board in 3-D or as the 2-D
// diagram, the side panel, the cursor line, the player's messages. The
// views are made here, once, and handed the input's rooms (select.ts for
// clicks, drag.ts for drags).

import { Board3D } from "../board3d/view";
import { Diagram } from "../diagram";
import { $ } from "../dom";
import { renderButtons, renderClocks, renderEvaluation, renderHands, renderMoves, renderStatus } from "../panels";
import { store } from "../settings";
import { drop, grab, grabbable, over } from "./drag";
import { markOf, renderAnalysis } from "./analysis";
import { renderExplore } from "./explore";
import { renderLevels } from "./levels";
import { renderRematch, renderResume } from "./seat";
import { review, renderReview } from "./review";
import { activate, pick, selectBoard, selectDrop } from "./select";
import { describe, page, shown, viewerSide } from "./state";

let board: Board3D | null = null;
let diagram: Diagram | null = null;

/// The 3-D view, once made (null before, and where WebGL is missing).
export function board3d(): Board3D | null {
  return board;
}

export function theDiagram(): Diagram | null {
  return diagram;
}

/// A phone or a narrow window (the board above the panel).
export function narrow(): boolean {
  return window.innerWidth <= 800 || matchMedia("(pointer: coarse)").matches;
}

/// A note for the player, or with `error` something that went wrong.
export function say(text: string, error = false) {
  page.message = text;
  page.messageIsError = error;
  if (page.state) renderStatus(page.state, page.held, text, error);
}

export function drawBoard() {
  const state = shown();
  if (!state) return;
  // A level shown alone with nothing left on it (its board moved away, a
  // past position): every level again.
  if (page.focus !== null && !state.view.cells.some((c) => c.at[2] === page.focus && (c.present || page.marks.targets.has(c.name)))) {
    page.focus = null;
  }
  // The last move and the King in check of the position shown.
  page.marks.last = state.view.last;
  page.marks.checked = state.view.checked;
  // The hands beside the board: chosen from only in the position played.
  renderHands(state, state.view, page.marks.dropping, page.review ? null : selectDrop);
  $("board3d").hidden = page.view !== "3d";
  $("diagram").hidden = page.view !== "2d";
  $("toggle-view").textContent = page.view === "3d" ? "2-D diagram" : "3-D view";
  // The 3-D view's controls, and those for levels where there are some.
  const levels = state.view.levels.length > 1;
  for (const id of ["reset-view", "board-tools"]) $(id).hidden = page.view !== "3d";
  for (const id of ["focus-level", "spacing-field", "tool-up", "tool-down", "tool-focus"]) {
    $(id).hidden = page.view !== "3d" || !levels;
  }
  for (const id of ["focus-level", "tool-focus"]) $(id).setAttribute("aria-pressed", String(page.focus !== null));
  // The level switcher first: the board is framed for the room below it.
  renderLevels();
  if (page.view === "3d" && !board) {
    try {
      board = new Board3D($("board3d"), { hover, pick, grab, over, drop });
    } catch {
      // No WebGL here: the diagram shows every game as well.
      page.view = "2d";
      $("toggle-view").hidden = true;
      say("This browser cannot draw in 3-D (WebGL is off or missing): the 2-D diagram is shown.", true);
      return drawBoard();
    }
  }
  if (page.view === "3d" && board) {
    board.show(state, page.marks, { spread: page.spread, focus: page.focus, narrow: narrow() });
  } else {
    diagram ??= new Diagram($("diagram"), { hover, pick: activate, board: selectBoard, grab, over, drop });
    diagram.show(state, page.marks, grabbable);
  }
}

/// Marks only (the cursor moved, a selection): no new board.
export function recolour() {
  if (page.view === "3d") board?.colour(page.marks);
  else diagram?.colour(page.marks);
  renderLevels();
  renderCursor();
}

export function renderPanels() {
  const state = page.state;
  if (!state) return;
  renderStatus(state, page.held, page.message, page.messageIsError);
  renderMoves(state, page.review?.ply ?? null, (ply) => review(ply), markOf);
  renderButtons(state, page.held, page.explore ? { over: !!page.explore.view.result } : null);
  renderClocks(state, page.stateAt);
  renderEvaluation(state, viewerSide());
  renderReview();
  renderAnalysis();
  renderExplore();
  renderRematch(state);
  renderResume(state);
}

export function renderCursor() {
  const cursor = page.marks.cursor;
  $("cursor").textContent = cursor ? `Cursor: ${describe(cursor)}` : "";
}

/// The last hover over a board: where, the cell it named there (null for
/// none), and how many hovers there have been (the browser tests' proof
/// that a pointer event of theirs reached the board at that point).
export let hovered: { cell: string | null; x: number; y: number; count: number } | null = null;

/// The pointer over a cell: its name in a tooltip, and the cursor there.
export function hover(cell: string | null, x: number, y: number) {
  hovered = { cell, x, y, count: (hovered?.count ?? 0) + 1 };
  const tip = $("tip");
  if (!cell) {
    tip.hidden = true;
    return;
  }
  tip.textContent = describe(cell);
  const host = $("boards").getBoundingClientRect();
  tip.style.left = `${Math.min(x - host.left + 14, host.width - 220)}px`;
  tip.style.top = `${Math.max(y - host.top - 34, 4)}px`;
  tip.hidden = false;
  if (cell !== page.marks.cursor) {
    page.marks.cursor = cell;
    recolour();
  }
}

export function toggleView() {
  page.view = page.view === "3d" ? "2d" : "3d";
  store("chess3d.view", page.view);
  drawBoard();
  focusBoard();
}

export function flip() {
  page.marks.flipped = !page.marks.flipped;
  drawBoard();
}

export function setSpread(value: number) {
  page.spread = Math.min(2, Math.max(0.5, Math.round(value * 10) / 10));
  store("chess3d.spread", String(page.spread));
  $<HTMLInputElement>("spacing").value = String(page.spread);
  drawBoard();
}

export function resetView() {
  page.focus = null;
  drawBoard();
  board?.fit(true);
}

/// The board element the keys go to.
export function focusBoard() {
  (page.view === "3d" ? board?.canvas : $("diagram"))?.focus({ preventScroll: true });
}
