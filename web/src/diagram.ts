// The 2-D view: every level as a flat diagram, highest first, with file
// letters and rank numbers, sized to fill the space it has. The board's
// columns are shared by all levels, so that squares over each other line
// up (the pyramid's half-offsets, Polyhedron's centring, Star Trek's
// attack boards over their pins). The whole diagram is one focusable
// element (one tab stop) and one ARIA grid: each level a group of rows,
// each square a cell named by its square and piece; the arrow keys move
// the cursor wherever the pointer is. Pieces are moved by clicks or by
// dragging, as in 3-D (game/drag.ts says what a press means).

import type { Cell, GameState } from "./api";
import { broken } from "./breakage";
import type { Marks } from "./marks";
import { CLICK_SLOP, type PointerInput, type Press } from "./pointer";
import { glyph } from "./pieces/glyphs";
import { sideColours } from "./pieces/designs";

const TITLE = 22;
const FILE_ROW = 16;
const RANK_COLUMN = 20;
const GAP = 14;
const PAD = 12;

interface Grid {
  xs: number[];
  step: number;
  span: number;
}

/// What the pointer does on the diagram (pointer.ts), a click's pick and
/// a click on a board's knob.
export interface DiagramInput extends PointerInput {
  pick(cell: string): void;
  board(from: string): void;
}

/// A press in progress, with the picture following the pointer once it
/// is a drag.
interface Drag extends Press {
  ghost: HTMLElement | null;
}

export class Diagram {
  private state: GameState | null = null;
  private squares = new Map<string, HTMLElement>();
  private drag: Drag | null = null;
  /// A click that follows a press the drag took is not a second pick.
  private swallowClick: string | null = null;

  constructor(
    private host: HTMLElement,
    private input: DiagramInput,
  ) {
    host.tabIndex = 0;
    host.setAttribute("role", "grid");
    host.setAttribute("aria-label", "2-D diagram: arrow keys move the cursor, Enter selects");
    host.addEventListener("click", (e) => {
      const swallowed = this.swallowClick;
      this.swallowClick = null;
      const knob = (e.target as HTMLElement).closest<HTMLElement>("[data-board]");
      if (knob) return knob.dataset.board !== swallowed && this.input.board(knob.dataset.board!);
      const sq = (e.target as HTMLElement).closest<HTMLElement>("[data-cell]");
      if (sq && sq.dataset.cell !== swallowed) this.input.pick(sq.dataset.cell!);
    });
    host.addEventListener("mousemove", (e) => {
      if (this.drag) return;
      const sq = (e.target as HTMLElement).closest<HTMLElement>("[data-cell]");
      this.input.hover(sq?.dataset.cell ?? null, e.clientX, e.clientY);
    });
    host.addEventListener("mouseleave", () => this.input.hover(null, 0, 0));
    this.pointer();
    new ResizeObserver(() => this.state && !this.host.hidden && this.size()).observe(host);
  }

  private pointer() {
    const host = this.host;
    host.addEventListener("pointerdown", (e) => {
      this.swallowClick = null;
      if (this.drag || e.button !== 0 || !e.isPrimary) return;
      const target = e.target as HTMLElement;
      const knob = target.closest<HTMLElement>("[data-board]");
      const cell = knob?.dataset.board ?? target.closest<HTMLElement>("[data-cell]")?.dataset.cell;
      if (!cell || !this.input.grab(cell, !!knob)) return;
      // No text selection, no scrolling: the piece (or board) is held.
      e.preventDefault();
      host.setPointerCapture(e.pointerId);
      this.drag = { pointer: e.pointerId, cell, board: !!knob, x: e.clientX, y: e.clientY, ghost: null };
    });
    host.addEventListener("pointermove", (e) => {
      const drag = this.drag;
      if (!drag || e.pointerId !== drag.pointer) return;
      if (!drag.ghost) {
        if (Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < CLICK_SLOP) return;
        drag.ghost = this.ghostOf(drag.cell, drag.board);
        this.input.hover(null, 0, 0);
      }
      drag.ghost.style.transform = `translate(${e.clientX}px, ${e.clientY}px) translate(-50%, -50%)`;
      this.input.over(this.cellAt(e.clientX, e.clientY));
    });
    const release = (e: PointerEvent, cancelled: boolean) => {
      const drag = this.drag;
      if (!drag || e.pointerId !== drag.pointer) return;
      this.drag = null;
      const moved = drag.ghost !== null;
      this.dropGhost(drag);
      // The press selected the piece: its click is done.
      this.swallowClick = drag.cell;
      this.input.drop(moved && !cancelled ? this.cellAt(e.clientX, e.clientY) : null, moved);
    };
    host.addEventListener("pointerup", (e) => release(e, false));
    host.addEventListener("pointercancel", (e) => release(e, true));
  }

  /// The cell under a page point (a drag's ghost lets the pointer
  /// through).
  cellAt(x: number, y: number): string | null {
    return document.elementFromPoint(x, y)?.closest<HTMLElement>("#diagram [data-cell]")?.dataset.cell ?? null;
  }

  /// The dragged piece's picture (a board's knob), following the pointer;
  /// its square shows it lifted.
  private ghostOf(cell: string, board: boolean): HTMLElement {
    const sq = this.squares.get(cell);
    const ghost = document.createElement("div");
    ghost.className = board ? "drag-ghost board" : "drag-ghost";
    ghost.innerHTML = board ? "" : (sq?.querySelector("svg")?.outerHTML ?? "");
    ghost.style.width = ghost.style.height = `${(sq?.getBoundingClientRect().height ?? 40) * (board ? 0.4 : 1)}px`;
    document.body.appendChild(ghost);
    sq?.classList.add("lifted");
    return ghost;
  }

  private dropGhost(drag: Drag) {
    drag.ghost?.remove();
    this.squares.get(drag.cell)?.classList.remove("lifted");
  }

  /// Ends a drag without a move (Esc).
  cancelDrag() {
    if (this.drag) this.dropGhost(this.drag);
    this.drag = null;
  }

  /// The columns of the whole board: every x of every cell, the step
  /// between neighbours, and how many steps one square spans (two in the
  /// pyramid's doubled coordinates).
  private grid(cells: Cell[]): Grid {
    const xs = [...new Set(cells.map((c) => c.at[0]))].sort((a, b) => a - b);
    const diffs = xs.slice(1).map((x, i) => x - xs[i]);
    const step = diffs.length ? Math.min(...diffs) : 1;
    let width = Infinity;
    const byLevel = new Map<number, number[]>();
    for (const c of cells) byLevel.set(c.at[2], [...(byLevel.get(c.at[2]) ?? []), c.at[0]]);
    for (const list of byLevel.values()) {
      const s = [...new Set(list)].sort((a, b) => a - b);
      for (let i = 1; i < s.length; i++) width = Math.min(width, s[i] - s[i - 1]);
    }
    if (!Number.isFinite(width)) width = step;
    return { xs, step, span: Math.max(1, Math.round(width / step)) };
  }

  /// `grabbable`: whether a press on a cell may pick its piece up (such
  /// squares keep a touch for the drag instead of scrolling).
  show(state: GameState, marks: Marks, grabbable: (cell: string) => boolean) {
    this.state = state;
    this.squares.clear();
    const host = this.host;
    const cells = state.view.cells.filter((c) => c.present || marks.targets.has(c.name));
    const grid = this.grid(state.view.cells);
    const columns = Math.round((grid.xs[grid.xs.length - 1] - grid.xs[0]) / grid.step) + grid.span;
    const levels = [...state.view.levels].sort((a, b) => b[0] - a[0]);
    const panels: HTMLElement[] = [];
    // A square is `span` columns wide: its rows are as tall, so that it
    // stays square.
    const rowHeight = `calc(var(--sq) * ${grid.span})`;
    for (const [z, name] of levels) {
      const here = cells.filter((c) => c.at[2] === z);
      if (!here.length) continue;
      const ys = [...new Set(here.map((c) => c.at[1]))].sort((a, b) => (marks.flipped ? a - b : b - a));
      const column = (x: number) => {
        const i = Math.round((x - grid.xs[0]) / grid.step);
        return marks.flipped ? columns - grid.span - i : i;
      };
      const title = name ? `Level ${name}` : state.name;
      const panel = document.createElement("div");
      panel.className = "level";
      panel.dataset.rows = String(ys.length * grid.span);
      panel.setAttribute("role", "rowgroup");
      panel.setAttribute("aria-label", title);
      const heading = document.createElement("div");
      heading.className = "level-title";
      heading.setAttribute("role", "row");
      const headingCell = document.createElement("span");
      headingCell.setAttribute("role", "columnheader");
      headingCell.textContent = title;
      heading.appendChild(headingCell);
      panel.appendChild(heading);
      const board = document.createElement("div");
      board.className = "grid";
      board.style.gridTemplateColumns = `${RANK_COLUMN}px repeat(${columns}, var(--sq))`;
      board.style.gridTemplateRows = `repeat(${ys.length}, ${rowHeight}) ${FILE_ROW}px`;
      // One row a rank: its number at the left, then its squares.
      const rows = ys.map((y, i) => {
        const row = document.createElement("div");
        row.className = "rank-row";
        row.setAttribute("role", "row");
        const label = document.createElement("span");
        label.className = "coord rank";
        label.setAttribute("role", "rowheader");
        label.setAttribute("aria-label", `Rank ${here.find((c) => c.at[1] === y)!.rank}`);
        label.textContent = here.find((c) => c.at[1] === y)!.rank;
        label.style.gridArea = `${i + 1} / 1`;
        row.appendChild(label);
        board.appendChild(row);
        return row;
      });
      for (const c of here) {
        const sq = document.createElement("div");
        sq.className = `sq ${c.light ? "light" : "dark"}`;
        sq.dataset.cell = c.name;
        sq.setAttribute("role", "gridcell");
        sq.style.gridArea = `${ys.indexOf(c.at[1]) + 1} / ${column(c.at[0]) + 2} / auto / span ${grid.span}`;
        sq.id = `sq-${c.name}`;
        if (!c.present) sq.classList.add("ghost");
        // The legend's "how it moves" shows one piece alone.
        const piece = marks.demo ? (marks.demo.cell === c.name ? marks.demo : null) : c.piece;
        if (piece) {
          const who = state.sides[piece.side];
          sq.innerHTML = glyph(piece.name, piece.letter, sideColours(state.sides, piece.side), { title: `${who} ${piece.name}` });
          sq.setAttribute("aria-label", `${c.label}: ${who} ${piece.name}`);
        } else {
          sq.setAttribute("aria-label", c.label);
        }
        if (grabbable(c.name)) sq.classList.add("grab");
        // A board that can move: its knob, on the square its moves start.
        if (!marks.demo && state.view.legal.some((m) => m.board && m.from === c.name)) {
          const knob = document.createElement("span");
          knob.className = "knob";
          knob.dataset.board = c.name;
          knob.title = "Move this board";
          sq.appendChild(knob);
        }
        rows[ys.indexOf(c.at[1])].appendChild(sq);
        this.squares.set(c.name, sq);
      }
      // File letters below, as the last row.
      const fileRow = document.createElement("div");
      fileRow.className = "rank-row";
      fileRow.setAttribute("role", "row");
      const files = new Map<number, string>();
      for (const c of here) files.set(column(c.at[0]), c.file);
      for (const [col, file] of [...files].sort((a, b) => a[0] - b[0])) {
        const label = document.createElement("span");
        label.className = "coord file";
        label.setAttribute("role", "columnheader");
        label.setAttribute("aria-label", `File ${file}`);
        label.textContent = file;
        label.style.gridArea = `${ys.length + 1} / ${col + 2} / auto / span ${grid.span}`;
        fileRow.appendChild(label);
      }
      board.appendChild(fileRow);
      panel.appendChild(board);
      panels.push(panel);
    }
    host.replaceChildren(...panels);
    // A drag goes on through a redraw (the premove's destinations, a new
    // state): its square shows the piece lifted again.
    if (this.drag?.ghost) this.squares.get(this.drag.cell)?.classList.add("lifted");
    this.host.style.setProperty("--columns", String(columns));
    this.size();
    this.colour(marks);
  }

  /// The largest square that lets every level fit the space, panels
  /// flowing in rows as the browser wraps them.
  private size() {
    const panels = [...this.host.querySelectorAll<HTMLElement>(".level")];
    const columns = Number(this.host.style.getPropertyValue("--columns")) || 8;
    const width = this.host.clientWidth - 2 * PAD;
    const height = this.host.clientHeight - 2 * PAD;
    const fits = (sq: number) => {
      const w = RANK_COLUMN + columns * sq;
      if (w > width) return false;
      let [x, rowHeight, total] = [0, 0, 0];
      for (const p of panels) {
        const h = TITLE + Number(p.dataset.rows) * sq + FILE_ROW;
        if (x > 0 && x + w > width) {
          total += rowHeight + GAP;
          [x, rowHeight] = [0, 0];
        }
        x += w + GAP;
        rowHeight = Math.max(rowHeight, h);
      }
      return total + rowHeight <= height;
    };
    let sq = 72;
    while (sq > 14 && !fits(sq)) sq -= 1;
    this.host.style.setProperty("--sq", `${sq}px`);
  }

  /// Marks only: selection, destinations, last move, check, cursor, the
  /// premove, the destination under a dragged piece.
  colour(marks: Marks) {
    const last = new Set(marks.last ?? []);
    const premove = new Set(marks.premove ?? []);
    for (const [name, sq] of this.squares) {
      sq.classList.toggle("last", last.has(name));
      sq.classList.toggle("premove", premove.has(name));
      sq.classList.toggle("selected", marks.selected === name);
      sq.classList.toggle("check", marks.checked === name && !broken("check"));
      sq.classList.toggle("cursor", marks.cursor === name && !broken("cursor"));
      sq.classList.toggle("over", marks.over === name);
      const target = marks.targets.get(name);
      sq.classList.toggle("target-move", target === "move");
      sq.classList.toggle("target-capture", target === "capture");
      sq.setAttribute("aria-selected", String(marks.selected === name));
    }
    if (marks.cursor && this.squares.has(marks.cursor)) this.host.setAttribute("aria-activedescendant", `sq-${marks.cursor}`);
  }

  /// Where a cell's square is on the page.
  screenPoint(name: string): { x: number; y: number } | null {
    const sq = this.squares.get(name);
    if (!sq) return null;
    const r = sq.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  }
}
