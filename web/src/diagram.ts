// The 2-D view: every level as a flat diagram, highest first, with file
// letters and rank numbers, sized to fill the space it has. The board's
// columns are shared by all levels, so that squares over each other line
// up (the pyramid's half-offsets, Polyhedron's centring, Star Trek's
// attack boards over their pins). The whole diagram is one focusable
// element (one tab stop); the arrow keys move the cursor wherever the
// pointer is.

import type { Cell, GameState } from "./api";
import type { Marks } from "./marks";
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

export class Diagram {
  private state: GameState | null = null;
  private squares = new Map<string, HTMLElement>();

  constructor(
    private host: HTMLElement,
    private onPick: (cell: string) => void,
    private onHover: (cell: string | null, x: number, y: number) => void,
    private onBoard: (from: string) => void,
  ) {
    host.tabIndex = 0;
    host.setAttribute("role", "grid");
    host.setAttribute("aria-label", "2-D diagram: arrow keys move the cursor, Enter selects");
    host.addEventListener("click", (e) => {
      const knob = (e.target as HTMLElement).closest<HTMLElement>("[data-board]");
      if (knob) return this.onBoard(knob.dataset.board!);
      const sq = (e.target as HTMLElement).closest<HTMLElement>("[data-cell]");
      if (sq) this.onPick(sq.dataset.cell!);
    });
    host.addEventListener("mousemove", (e) => {
      const sq = (e.target as HTMLElement).closest<HTMLElement>("[data-cell]");
      this.onHover(sq?.dataset.cell ?? null, e.clientX, e.clientY);
    });
    host.addEventListener("mouseleave", () => this.onHover(null, 0, 0));
    new ResizeObserver(() => this.state && !this.host.hidden && this.size()).observe(host);
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

  show(state: GameState, marks: Marks) {
    this.state = state;
    this.squares.clear();
    const host = this.host;
    const cells = state.view.cells.filter((c) => c.present || marks.targets.has(c.name));
    const grid = this.grid(state.view.cells);
    const columns = Math.round((grid.xs[grid.xs.length - 1] - grid.xs[0]) / grid.step) + grid.span;
    const levels = [...state.view.levels].sort((a, b) => b[0] - a[0]);
    const panels: HTMLElement[] = [];
    for (const [z, name] of levels) {
      const here = cells.filter((c) => c.at[2] === z);
      if (!here.length) continue;
      const ys = [...new Set(here.map((c) => c.at[1]))].sort((a, b) => (marks.flipped ? a - b : b - a));
      const column = (x: number) => {
        const i = Math.round((x - grid.xs[0]) / grid.step);
        return marks.flipped ? columns - grid.span - i : i;
      };
      const panel = document.createElement("section");
      panel.className = "level";
      panel.dataset.rows = String(ys.length);
      const title = document.createElement("h3");
      title.textContent = name ? `Level ${name}` : state.name;
      panel.appendChild(title);
      const board = document.createElement("div");
      board.className = "grid";
      board.style.gridTemplateColumns = `${RANK_COLUMN}px repeat(${columns}, var(--sq))`;
      board.style.gridTemplateRows = `repeat(${ys.length}, var(--sq)) ${FILE_ROW}px`;
      // Rank numbers at the left, file letters below.
      ys.forEach((y, row) => {
        const label = document.createElement("span");
        label.className = "coord rank";
        label.textContent = here.find((c) => c.at[1] === y)!.rank;
        label.style.gridArea = `${row + 1} / 1`;
        board.appendChild(label);
      });
      const files = new Map<number, string>();
      for (const c of here) files.set(column(c.at[0]), c.file);
      for (const [col, file] of files) {
        const label = document.createElement("span");
        label.className = "coord file";
        label.textContent = file;
        label.style.gridArea = `${ys.length + 1} / ${col + 2} / auto / span ${grid.span}`;
        board.appendChild(label);
      }
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
        // A board that can move: its knob, on the square its moves start.
        if (!marks.demo && state.view.legal.some((m) => m.board && m.from === c.name)) {
          const knob = document.createElement("span");
          knob.className = "knob";
          knob.dataset.board = c.name;
          knob.title = "Move this board";
          sq.appendChild(knob);
        }
        board.appendChild(sq);
        this.squares.set(c.name, sq);
      }
      panel.appendChild(board);
      panels.push(panel);
    }
    host.replaceChildren(...panels);
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

  /// Marks only: selection, destinations, last move, check, cursor.
  colour(marks: Marks) {
    const last = new Set(marks.last ?? []);
    for (const [name, sq] of this.squares) {
      sq.classList.toggle("last", last.has(name));
      sq.classList.toggle("selected", marks.selected === name);
      sq.classList.toggle("check", marks.checked === name);
      sq.classList.toggle("cursor", marks.cursor === name);
      const target = marks.targets.get(name);
      sq.classList.toggle("target-move", target === "move");
      sq.classList.toggle("target-capture", target === "capture");
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
