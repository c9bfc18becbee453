// The analysis board (issue 57): from the position shown (the live one or
// one under review), other moves played freely for both sides on a board
// of their own, nothing sent to the game; the engine's three best lines
// and its evaluation after each, where the engine may help (not in a game
// between people while it is played). A (or the button) opens it, Esc
// (or "Back to the game") closes it, ← or Backspace takes a move back.

import { api, ApiError, type Lines } from "../api";
import { $ } from "../dom";
import { explain } from "../messages";
import { moveLabels } from "../panels";
import { closePicker } from "../picker";
import { cancelPremove } from "./premove";
import { drawBoard, renderPanels, say } from "./render";
import { clearSelection } from "./select";
import { page } from "./state";

/// Answers of requests overtaken by later ones are dropped.
let ticket = 0;
/// The moves asked for last, while their answer is on its way: a move
/// made meanwhile follows them (quick moves and take-backs all count).
let target: string[] | null = null;

/// Opens the analysis board at the position shown.
export async function openExplore() {
  const state = page.state;
  if (!state) return;
  const ply = page.review?.ply ?? state.ply;
  // A premove is the game's: the analysis board is not the place for it.
  cancelPremove("Premove cancelled: the analysis board is open.");
  clearSelection();
  page.explore = { ply, base: state.moves.slice(0, ply).join(" "), moves: [], labels: [], view: page.review?.view ?? state.view, lines: null, noLines: null };
  target = null;
  await show([]);
}

export function toggleExplore() {
  if (page.explore) closeExplore();
  else openExplore();
}

/// Back to the game (or to the position under review).
export function closeExplore() {
  ticket += 1;
  if (!page.explore) return;
  page.explore = null;
  clearSelection();
  say("");
  drawBoard();
  renderPanels();
}

/// A move on the analysis board, as clicked or typed.
export function exploreMove(text: string) {
  const e = page.explore;
  if (e) show([...(target ?? e.moves), text]);
}

/// Takes the analysis board's last move back.
export function exploreBack() {
  const e = page.explore;
  const moves = target ?? e?.moves ?? [];
  if (e && moves.length) show(moves.slice(0, -1));
}

/// Backspace takes a move back on the analysis board (the arrows move
/// the cursor there, as on the game's board).
export function exploreKey(e: KeyboardEvent): boolean {
  if (!page.explore || e.key !== "Backspace") return false;
  exploreBack();
  return true;
}

/// The analysis board after `moves`: its board at once, then the engine's
/// lines when they come.
async function show(moves: string[]) {
  const state = page.state;
  const e = page.explore;
  if (!state || !e) return;
  const mine = ++ticket;
  target = moves;
  try {
    const at = await api.explore(state.id, e.ply, moves);
    if (mine !== ticket || page.explore !== e) return;
    target = null;
    Object.assign(e, { moves: at.moves, labels: at.labels, view: at.view, lines: null, noLines: null });
    clearSelection();
    closePicker();
    say("");
    drawBoard();
    renderPanels();
  } catch (err) {
    if (mine === ticket) {
      target = null;
      say(explain(err, "move"), true);
    }
    return;
  }
  if (state.engine_help === false && !e.view.result) e.noLines = "No engine lines in a game between people while it is played.";
  renderExplore();
  requestLines();
}

/// Whether a request for lines is on its way (the server takes one at a
/// time from a client: it counts with the hints).
let linesBusy = false;

/// The engine's lines for the analysis board's position; a position
/// reached while they were searched is asked for next.
async function requestLines() {
  if (linesBusy) return;
  linesBusy = true;
  try {
    const where = () => (page.explore && page.state ? `${page.state.id} ${page.explore.ply} ${page.explore.moves.join(" ")}` : null);
    for (let busy = 0; ; ) {
      const e = page.explore;
      const state = page.state;
      if (!e || !state || e.view.result || e.noLines) return;
      const at = where();
      let lines: Lines | null = null;
      let failed: unknown = null;
      try {
        lines = await api.lines(state.id, e.ply, e.moves);
      } catch (err) {
        failed = err;
      }
      // Moved on meanwhile (another position, another game): the new
      // position's lines.
      if (where() !== at) continue;
      const now = page.explore!;
      // The engine busy (a hint on its way, the engines full): asked
      // again in a moment, three times.
      if (failed instanceof ApiError && (failed.status === 429 || failed.status === 503) && ++busy <= 3) {
        await new Promise((r) => setTimeout(r, 1500));
        continue;
      }
      if (lines) now.lines = lines;
      else now.noLines = explain(failed, "action");
      renderExplore();
      return;
    }
  } finally {
    linesBusy = false;
  }
}

/// Moves numbered from the move at `ply` (0: White's first): `3... g6 4. Qf3`.
export function numbered(ply: number, labels: string[]): string {
  return labels
    .map((l, i) => {
      const p = ply + i;
      const n = Math.floor(p / 2) + 1;
      return p % 2 === 0 ? `${n}. ${l}` : i === 0 ? `${n}... ${l}` : l;
    })
    .join(" ");
}

/// A score for White in pawns: `+0.37`, `#3`, `#-2`.
export function scoreText(s: { cp: number | null; mate: number | null }): string {
  if (s.mate !== null) return `#${s.mate}`;
  const p = (s.cp ?? 0) / 100;
  return `${p > 0 ? "+" : ""}${p.toFixed(2)}`;
}

/// The analysis board's panel: where it started, the moves played on it,
/// the engine's lines.
export function renderExplore() {
  const e = page.explore;
  const state = page.state;
  $("explore").hidden = !e;
  $<HTMLButtonElement>("explore-open").textContent = e ? "Back to the game" : "Analysis board";
  if (!e || !state) return;
  // No hint on the analysis board: the hint is for the game's move.
  $<HTMLButtonElement>("hint").hidden = true;
  const game = moveLabels(state);
  const from = e.ply === 0 ? "the start" : `after ${numbered(e.ply - 1, [game[e.ply - 1]])}`;
  const played = e.labels.length ? numbered(e.ply, e.labels) : "(no move yet: play either side's)";
  const turn = e.view.result ? e.view.result[1] : `${state.sides[e.view.to_move]} to move`;
  $("explore-text").textContent = `Analysis board from ${from}: ${played}. ${turn}. Backspace takes back, Esc goes back to the game.`;
  const list = $("explore-lines");
  list.replaceChildren();
  const lines: Lines | null = e.lines;
  if (lines) {
    for (const l of lines.lines) {
      const li = document.createElement("li");
      li.textContent = `${scoreText(l)}  ${numbered(e.ply + e.moves.length, l.line)}`;
      list.appendChild(li);
    }
  }
  const note = e.noLines ?? (lines ? `Engine, depth ${lines.depth}; scores for ${state.sides[0]}.` : e.view.result ? "" : "The engine is thinking…");
  $("explore-note").textContent = note;
}
