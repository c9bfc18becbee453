// The legend and rules help of a game: its setup, goal and special rules,
// every kind with its symbol and how it moves, the move notation, and the
// page's keys; each kind has a "How it moves" button that shows it alone
// on the board (main.ts asks the server where it can go).

import type { About } from "./api";
import { sideColours } from "./pieces/designs";
import { escapeHtml, glyph } from "./pieces/glyphs";

export const KEYS: [string, string][] = [
  ["Drag", "a piece to one of its marked squares (drag anywhere else to turn the view)"],
  ["Click / tap", "select a piece, then one of its marked squares; an orange knob selects its board"],
  ["While the opponent thinks", "a move made so is queued (premove), played when your turn comes if legal; Esc or a right click cancels it"],
  ["Arrow keys", "move the cursor by file and rank"],
  ["PageUp / PageDown", "move the cursor up or down a level"],
  ["Enter / Space", "select the piece under the cursor, or play to the cursor"],
  ["1–9", "choose in the move menu"],
  ["Esc", "cancel: the menu, a drag, the selection, the premove, this help"],
  ["B", "select the next board that can move"],
  ["L", "one level at a time, large (the others fade); the level buttons above the board switch"],
  ["[ and ]", "less or more space between levels"],
  ["V", "3-D view or 2-D diagram"],
  ["P", "flip the board to the other side"],
  ["0", "back to the default view"],
  ["Home / End", "review from the start / back to the live game"],
  [", / .", "a move back / forward (← → while reviewing)"],
  ["I", "a hint: the engine's move for you"],
  ["A", "the analysis board: other moves from the position shown, with the engine's lines (← takes back, Esc returns)"],
  ["Q / E, R / F", "orbit, tilt (or drag)"],
  ["+ / −, Shift+arrows", "zoom, pan (or wheel, right-drag)"],
  ["H or ?", "this help"],
];


/// Fills the legend for `about`, the pieces drawn in both sides' colours.
export function renderLegend(body: HTMLElement, about: About, onShow: (letter: string, name: string) => void) {
  const sides = about.sides;
  const kinds = about.kinds
    .map(
      (k) => `<tr>
        <td class="symbols">${glyph(k.name, k.letter, sideColours(sides, 0), { title: `${sides[0]} ${k.name}` })}${glyph(
          k.name,
          k.letter,
          sideColours(sides, 1),
          { title: `${sides[1]} ${k.name}` },
        )}</td>
        <th scope="row">${escapeHtml(k.name)} <span class="letter">${escapeHtml(k.letter)}</span></th>
        <td>${escapeHtml(k.moves)}</td>
        <td><button type="button" data-kind="${escapeHtml(k.letter)}" data-name="${escapeHtml(k.name)}">How it moves</button></td>
      </tr>`,
    )
    .join("");
  body.innerHTML = `
    <h3>${escapeHtml(about.name)}</h3>
    <p>${escapeHtml(about.setup)}</p>
    <p><strong>To win:</strong> ${escapeHtml(about.goal)}</p>
    <ul>${about.special.map((s) => `<li>${escapeHtml(s)}</li>`).join("")}</ul>
    <h3>The pieces</h3>
    <table class="kinds"><tbody>${kinds}</tbody></table>
    <h3>Writing moves</h3>
    <p>${escapeHtml(about.notation[0].toUpperCase() + about.notation.slice(1))}.</p>
    <h3>Keys</h3>
    <table class="keys"><tbody>${KEYS.map(([k, what]) => `<tr><th scope="row">${escapeHtml(k)}</th><td>${escapeHtml(what)}</td></tr>`).join("")}</tbody></table>`;
  for (const b of body.querySelectorAll<HTMLButtonElement>("button[data-kind]")) {
    b.addEventListener("click", () => onShow(b.dataset.kind!, b.dataset.name!));
  }
}
