// The engine's analysis of the game (issue 57), run on the server and
// shown as it arrives: an evaluation graph across the game (a click on a
// point shows that position), the marks ?! ? ?? in the move list, and at
// the position shown the move's verdict and the best line. "Analyse"
// starts it (up to the position under review), "Stop" stops it.

import { api, ApiError, type Analysis, type AnalysedMove } from "../api";
import { $ } from "../dom";
import { explain } from "../messages";
import { renderPanels, say } from "./render";
import { review } from "./review";
import { page } from "./state";
import { moveLabels } from "../panels";

const SVG = "http://www.w3.org/2000/svg";
/// The graph's drawing size (the SVG stretches it to the panel's width).
const W = 300;
const H = 80;
/// Room at each end, so that the first and last points are whole.
const PAD = 5;
const PAD_Y = 4;
/// How often a running analysis is read.
const POLL_MS = 600;

let polling: ReturnType<typeof setTimeout> | undefined;
/// The game whose analysis this page started (only its starter may stop
/// it).
let startedHere: string | null = null;

/// An analysis as the page keeps it: none for "none".
function kept(a: Analysis): Analysis | null {
  return a.state === "none" ? null : a;
}

/// Reads the game's analysis, if it has one (a game opened again).
export async function loadAnalysis(id: string) {
  try {
    const a = await api.analysis(id);
    if (page.state?.id !== id) return;
    page.analysis = kept(a);
    renderPanels();
    if (a.state === "running") poll(id);
  } catch {
    // The analysis is an extra: the game plays without it.
  }
}

/// Starts the analysis of the moves up to the position shown.
export async function startAnalysis() {
  const state = page.state;
  if (!state) return;
  const upto = page.review?.ply || state.ply;
  const id = state.id;
  try {
    const a = await api.analyse(id, upto);
    if (page.state?.id !== id) return;
    page.analysis = kept(a);
    startedHere = id;
    say("The engine is analysing the game: the graph fills in as it goes.");
    renderPanels();
    poll(id);
  } catch (e) {
    say(explain(e, "action"), true);
  }
}

export async function stopAnalysis() {
  const state = page.state;
  if (!state) return;
  const id = state.id;
  clearTimeout(polling);
  try {
    const a = await api.stopAnalysis(id);
    if (page.state?.id !== id) return;
    page.analysis = kept(a);
    renderPanels();
  } catch (e) {
    say(explain(e, "action"), true);
  }
}

function poll(id: string) {
  clearTimeout(polling);
  polling = setTimeout(async () => {
    if (page.state?.id !== id) return;
    try {
      const a = await api.analysis(id);
      if (page.state?.id !== id) return;
      page.analysis = kept(a);
    } catch (e) {
      // The game gone, or no longer to be read: no more asking.
      if (e instanceof ApiError && (e.status === 404 || e.status === 403)) return;
    }
    if (page.state?.id !== id) return;
    if (page.analysis?.state === "done" && page.message.startsWith("The engine is analysing")) page.message = "";
    renderPanels();
    if (page.analysis?.state === "running") poll(id);
  }, POLL_MS);
}

/// The analysis if it is of this game's moves (moves taken back and
/// played otherwise leave it behind).
function current(): Analysis | null {
  const a = page.analysis;
  const state = page.state;
  if (!a || !state) return null;
  const labels = moveLabels(state);
  return (a.moves ?? []).every((m, i) => m.label === labels[i]) ? a : null;
}

/// The analysed move that led to the position after `ply` moves.
function judged(ply: number): AnalysedMove | undefined {
  return current()?.moves?.[ply - 1];
}

/// The mark of the move at `ply` (1: the first move) and its name, for
/// the move list.
export function markOf(ply: number): { mark: string; judgement: string } | null {
  const m = judged(ply);
  return m?.mark && m.judgement ? { mark: m.mark, judgement: m.judgement } : null;
}

/// White's expected score after `ply` moves (ply 0: before the first).
function winAt(ply: number): number | null {
  const moves = page.analysis?.moves ?? [];
  if (ply === 0) return moves[0]?.before.win ?? null;
  const m = moves[ply - 1];
  if (!m) return null;
  // A move that won has no evaluation after it: its mover's (the sides
  // take turns: the side to move now, stepped back to that move).
  if (m.eval) return m.eval.win;
  const state = page.state!;
  const mover = (state.view.to_move + state.ply - (ply - 1)) % 2;
  return mover === 0 ? 1 : 0;
}

/// The analysis panel: its progress, the graph, the verdict at the
/// position shown and each side's summary.
export function renderAnalysis() {
  const state = page.state;
  const a = current();
  const open = !!state && state.engine_help !== false && state.ply > 0;
  // Hidden while it runs, and once the moves up to the position shown are
  // analysed.
  const upto = page.review?.ply || state?.ply;
  const covered = a?.state === "running" || (a?.state === "done" && (a.upto ?? 0) >= (upto ?? 0));
  $<HTMLButtonElement>("analyse").hidden = !open || covered;
  $("analysis").hidden = !a;
  if (!a || !state) return;
  const total = a.total ?? 0;
  const done = a.done ?? 0;
  const waiting = a.ahead ? ` (waiting: ${a.ahead} engine turn${a.ahead > 1 ? "s" : ""} of other games first)` : "";
  $("analysis-status").textContent =
    a.state === "running" ? `Analysing: ${done} of ${total} moves${waiting}…` : a.state === "stopped" ? `Analysis stopped at ${done} of ${total} moves.` : `Analysis of ${total} moves.`;
  $<HTMLButtonElement>("analysis-stop").hidden = a.state !== "running" || startedHere !== state.id;
  drawGraph(total);
  const at = page.review?.ply ?? Math.min(state.ply, done);
  const m = judged(at);
  const next = judged(at + 1);
  const lines: string[] = [];
  if (m) lines.push(m.text);
  if (next?.best.length) lines.push(`Best here: ${next.best.join(" ")}`);
  $("analysis-line").textContent = lines.join(" · ");
  $("analysis-summary").textContent = (a.summary ?? []).join(" ");
}

/// The graph: White's expected score after each move (top: White wins),
/// a dot per move, coloured by its mark, and the position shown.
function drawGraph(total: number) {
  const svg = $("eval-graph");
  svg.replaceChildren();
  if (!total) return;
  const x = (ply: number) => PAD + (ply / total) * (W - 2 * PAD);
  const y = (win: number) => PAD_Y + (1 - win) * (H - 2 * PAD_Y);
  const el = (name: string, attrs: Record<string, string | number>) => {
    const e = document.createElementNS(SVG, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
    svg.appendChild(e);
    return e;
  };
  el("line", { x1: 0, x2: W, y1: H / 2, y2: H / 2, class: "middle" });
  const points: string[] = [];
  for (let ply = 0; ply <= total; ply++) {
    const win = winAt(ply);
    if (win === null) break;
    points.push(`${x(ply).toFixed(1)},${y(win).toFixed(1)}`);
  }
  if (points.length > 1) {
    el("polygon", { points: `${PAD},${H} ${points.join(" ")} ${points[points.length - 1].split(",")[0]},${H}`, class: "area" });
    el("polyline", { points: points.join(" "), class: "curve" });
  }
  const shownPly = Math.min(page.explore?.ply ?? page.review?.ply ?? page.state?.ply ?? total, total);
  el("line", { x1: x(shownPly), x2: x(shownPly), y1: 0, y2: H, class: "now" });
  for (let ply = 1; ply < points.length; ply++) {
    const m = judged(ply)!;
    const dot = el("circle", {
      cx: x(ply),
      cy: y(winAt(ply)!),
      r: m.mark ? 3.5 : 2,
      class: `dot${m.judgement ? ` ${m.judgement}` : ""}`,
      "data-ply": ply,
    });
    const title = document.createElementNS(SVG, "title");
    title.textContent = m.text;
    dot.appendChild(title);
  }
}

/// A click on the graph shows the position at the nearest move.
export function graphClick(e: MouseEvent) {
  const a = current();
  const total = a?.total ?? 0;
  if (!a || !total) return;
  const box = $("eval-graph").getBoundingClientRect();
  const pad = (PAD / W) * box.width;
  const ply = Math.round(((e.clientX - box.left - pad) / (box.width - 2 * pad)) * total);
  review(Math.max(0, Math.min(ply, a.done ?? 0)));
}
