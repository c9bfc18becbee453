// The 2-D view: every level as a flat diagram, highest first, with the
// board's columns shared by all levels so that squares over each other
// line up (the pyramid's half-offsets, Polyhedron's centring, Star Trek's
// attack boards over their pins).

import type { Cell, GameState } from "./api";
import { COLOURS, hex, ink, sideColour, type Marks } from "./marks";

export function drawDiagram(
  host: HTMLElement,
  state: GameState,
  marks: Marks,
  onClick: (cell: string) => void,
  onHover: (cell: string | null) => void,
) {
  host.replaceChildren();
  const cells = state.view.cells.filter((c) => c.present || marks.targets.has(c.name));
  const xs = [...new Set(state.view.cells.map((c) => c.at[0]))].sort((a, b) => a - b);
  if (marks.flipped) xs.reverse();
  const step = xs.length > 1 ? Math.min(...xs.slice(1).map((x, i) => Math.abs(x - xs[i]))) : 1;
  const span = state.game === "ziggurat" ? 2 : 1;
  host.style.setProperty("--sq", span === 2 ? "21px" : "40px");
  const levels = [...state.view.levels].sort((a, b) => b[0] - a[0]);
  for (const [z, name] of levels) {
    const here = cells.filter((c) => c.at[2] === z);
    if (!here.length) continue;
    const ys = [...new Set(here.map((c) => c.at[1]))].sort((a, b) => b - a);
    if (marks.flipped) ys.reverse();
    const panel = document.createElement("section");
    panel.className = "level";
    const title = document.createElement("h3");
    title.textContent = name ? `Level ${name}` : state.name;
    panel.appendChild(title);
    const grid = document.createElement("div");
    grid.className = "grid";
    grid.style.gridTemplateColumns = `repeat(${xs.length}, var(--sq))`;
    grid.style.gridTemplateRows = `repeat(${ys.length}, calc(var(--sq) * ${span / step}))`;
    for (const c of here) {
      grid.appendChild(square(c, state, marks, onClick, onHover, xs, ys, span / step));
    }
    panel.appendChild(grid);
    host.appendChild(panel);
  }
}

function square(
  c: Cell,
  state: GameState,
  marks: Marks,
  onClick: (cell: string) => void,
  onHover: (cell: string | null) => void,
  xs: number[],
  ys: number[],
  span: number,
): HTMLElement {
  const el = document.createElement("button");
  el.className = "sq";
  el.dataset.cell = c.name;
  el.title = c.label;
  el.setAttribute("aria-label", c.label + (c.piece ? `: ${state.sides[c.piece.side]} ${c.piece.name}` : ""));
  const col = xs.indexOf(c.at[0]) + 1;
  const row = ys.indexOf(c.at[1]) + 1;
  el.style.gridColumn = `${col} / span ${span}`;
  el.style.gridRow = `${row}`;
  let colour = c.light ? COLOURS.light : COLOURS.dark;
  if (marks.last && marks.last.includes(c.name)) colour = COLOURS.last;
  if (marks.targets.has(c.name)) colour = marks.targets.get(c.name) ? COLOURS.capture : COLOURS.target;
  if (marks.selected === c.name) colour = COLOURS.selected;
  el.style.background = hex(colour);
  if (!c.present) el.classList.add("ghost");
  if (marks.cursor === c.name) el.classList.add("cursor");
  if (c.piece) {
    const p = document.createElement("span");
    p.className = "piece";
    p.textContent = c.piece.letter;
    p.style.background = sideColour(state.sides, c.piece.side);
    p.style.color = ink(state.sides, c.piece.side);
    el.appendChild(p);
  }
  el.addEventListener("click", () => onClick(c.name));
  el.addEventListener("mouseenter", () => onHover(c.name));
  return el;
}
