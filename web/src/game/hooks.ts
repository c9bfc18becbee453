// window.chess3d: what the browser tests (and other tools) ask of the
// page. Kept stable: tests outside this repository rely on screenPoint,
// cellAt and state.

import { lobby } from "../lobby/lobby";
import { pickerOpen } from "../picker";
import { isMuted, played } from "../sound";
import { currentTheme } from "../theme";
import { board3d, hovered, theDiagram } from "./render";
import { page } from "./state";

export const hooks = {
  /// Where a cell is on the page: the mark of a destination, the body of
  /// a piece, or the middle of a square.
  screenPoint: (cell: string) => (page.view === "3d" ? board3d()?.screenPoint(cell) : theDiagram()?.screenPoint(cell)) ?? null,
  /// The cell a click at a page point selects (a knob stands for its
  /// board's cell).
  cellAt: (x: number, y: number) => {
    return (page.view === "3d" ? board3d()?.cellAt(x, y) : theDiagram()?.cellAt(x, y)) ?? null;
  },
  /// The last hover over a board: its point, the cell named there (or
  /// null), and how many hovers there have been.
  hovered: () => hovered,
  /// Where the middle of a cell's square is on the page in the 3-D view,
  /// whatever stands on it.
  squarePoint: (cell: string) => board3d()?.squarePoint(cell) ?? null,
  targets: () => [...page.marks.targets.keys()],
  /// The destinations marked, each with its mark: [cell, "move" | "capture"].
  targetKinds: () => [...page.marks.targets],
  marks: () => ({
    cursor: page.marks.cursor,
    selected: page.marks.selected,
    checked: page.marks.checked,
    last: page.marks.last,
    focus: page.focus,
    over: page.marks.over,
    premove: page.marks.premove,
  }),
  knobs: () => board3d()?.knobs() ?? [],
  /// Into how many stacks side by side the 3-D view cuts the levels.
  stacks: () => board3d()?.stacks ?? null,
  moving: () => board3d()?.moving ?? false,
  travels: () => board3d()?.travels ?? 0,
  frames: () => board3d()?.frames ?? 0,
  updateMs: () => [...page.updateMs],
  pickerOpen,
  state: () => page.state,
  /// The lobby's lists as the page has them, and whether its socket is up.
  lobby: () => ({ challenges: lobby.challenges, games: lobby.games, live: lobby.live }),
  /// The engine's analysis of the game as the page has it, or null.
  analysis: () => page.analysis,
  /// The analysis board: where it started, its moves and lines; or null.
  exploring: () => (page.explore ? { ply: page.explore.ply, moves: [...page.explore.moves], labels: [...page.explore.labels], lines: page.explore.lines, legal: page.explore.view.legal.length } : null),
  /// The move under review (0: the start), or null for the live game.
  reviewing: () => page.review?.ply ?? null,
  /// The board shown: the one under review, else the live one.
  shown: () => page.explore?.view ?? page.review?.view ?? page.state?.view ?? null,
  /// The view shown: "3d" or "2d" (the diagram, also where WebGL fails).
  view: () => page.view,
  /// The queued premove, or null.
  premove: () => page.premove,
  /// The sounds played, newest last, and whether sound is off.
  sounds: () => [...played],
  muted: isMuted,
  theme: () => currentTheme().id,
  /// What a point of the 3-D view shows: the cell a click picks, and
  /// whether it is a piece's badge.
  hitAt: (x: number, y: number) => {
    const p = board3d()?.pickAt(x, y);
    return p ? { cell: p.cell ?? p.handle, badge: !!p.badge } : null;
  },
  /// Points up the body of the piece on a cell, in the 3-D view.
  bodyPoints: (cell: string) => board3d()?.bodyPoints(cell) ?? [],
  /// The smallest distance in page pixels between two neighbouring
  /// squares of the levels shown (all, or the one in focus).
  squarePixels: () => board3d()?.squarePixels(page.focus) ?? null,
  /// The headset (WebXR), while a session is on: what it points at, the
  /// board's place, the panel's and the menu's text; else null.
  xr: () => board3d()?.xr?.read() ?? null,
  /// Where, in the headset's space (metres), a cell is: the mark of a
  /// destination, the body of a piece, or the middle of a square.
  xrPoint: (cell: string) => board3d()?.scenePoint(cell)?.toArray() ?? null,
  /// Where a board's knob is in the headset's space.
  xrKnob: (from: string) => board3d()?.knobPoint(from)?.toArray() ?? null,
  /// Where a button of the headset's panel or menu is in its space.
  xrButton: (id: string) => board3d()?.xr?.buttonPoint(id)?.toArray() ?? null,
};
