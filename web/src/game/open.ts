// A game opened on the page: its state fetched, then every new state
// from the live connection drawn; what a new state means for the player
// (a sound, the premove's turn, a selection now stale); the clocks
// between states; leaving the game.

import { loadAnalysis } from "./analysis";
import { api, ApiError, heldSeat, type GameState } from "../api";
import { Connection } from "../connection";
import { $ } from "../dom";
import { renderLegend } from "../legend";
import { emptyMarks } from "../marks";
import { clip, explain } from "../messages";
import { clockTimes, renderClocks, renderStatus } from "../panels";
import { closePicker } from "../picker";
import { playSound, type Sound } from "../sound";
import { endDemo, startDemo } from "./demo";
import { stateChanged } from "./drag";
import { phoneFocus } from "./levels";
import { dropPremove, playPremove } from "./premove";
import { board3d, drawBoard, renderCursor, renderPanels, say } from "./render";
import { clearSelection } from "./select";
import { page } from "./state";

/// Counts the games opened: an answer for an earlier one is dropped.
let opening = 0;

/// Opens game `id`: the board once its state arrives, then live updates.
/// A note left for it (by the invitation's page) is shown first.
export async function openGame(id: string) {
  closeGame();
  const ticket = ++opening;
  page.held = heldSeat(id);
  page.message = sessionStorage.getItem(`chess3d.note.${id}`) ?? "";
  sessionStorage.removeItem(`chess3d.note.${id}`);
  page.marks = emptyMarks();
  page.marks.flipped = page.held ? page.held.sides.length === 1 && page.held.sides[0] === 1 : false;
  page.focus = null;
  let state: GameState;
  try {
    state = await api.game(id);
  } catch (e) {
    if (ticket === opening) showMissing(explain(e, "open"));
    return;
  }
  if (ticket !== opening) return;
  showScreen("game");
  render(state);
  phoneFocus();
  page.connection = new Connection(id, {
    state: (s) => {
      // From the message to the board drawn: the view draws in the next
      // animation frame, before this callback runs in it.
      const t0 = performance.now();
      render(s);
      requestAnimationFrame(() => {
        page.updateMs.push(performance.now() - t0);
        if (page.updateMs.length > 50) page.updateMs.shift();
      });
    },
    thinking: (version, thinking) => {
      if (page.state && version === page.state.version) {
        page.state.thinking = thinking;
        $("thinking").textContent = `Computer thinking: ${thinking.summary}`;
      }
    },
    queued: (version, ahead) => {
      if (page.state && version === page.state.version) {
        page.state.queued = ahead;
        renderStatus(page.state, page.held, page.message, page.messageIsError);
      }
    },
    error: (status, error) => {
      page.pending = false;
      say(explain(new ApiError(status, error), "move"), true);
      if (status === 504) reloadGame(id);
    },
    spectators: (count) => {
      page.spectators = count;
      if (page.state) renderStatus(page.state, page.held, page.message, page.messageIsError);
    },
    link: (status) => {
      $("link").textContent = status === "live" ? "live" : status === "connecting" ? "connecting…" : "reconnecting…";
      // A network error is over once the connection is back.
      if (status === "live" && page.message.startsWith("Cannot reach")) say("");
    },
  }, page.held?.token ?? null);
  page.mustCapture = false;
  loadAbout(state.game);
  loadAnalysis(id);
}

/// Draws game `id` as the server holds it now: after an answer that says
/// a change may or may not have been stored (504).
export async function reloadGame(id: string) {
  try {
    const state = await api.game(id);
    if (page.state?.id === id) render(state);
  } catch {
    // The next state from the live connection draws it.
  }
}

/// Leaves the game screen: nothing of this game stays on the page.
export function closeGame() {
  opening += 1;
  board3d()?.exitXR();
  page.connection?.close();
  page.connection = null;
  page.state = null;
  page.review = null;
  page.premove = null;
  page.analysis = null;
  page.explore = null;
  page.message = "";
  page.pending = false;
  page.spectators = 0;
  lowTimeSaid.clear();
  closePicker();
  $("legend").hidden = true;
  $("demo-banner").hidden = true;
  $("tip").hidden = true;
  $("legend-body").textContent = "";
  for (const id of ["title", "status", "message", "cursor", "thinking", "moves"]) $(id).textContent = "";
}

export function showScreen(screen: "start" | "game" | "missing" | "joining" | "player") {
  $("start").hidden = screen !== "start";
  $("player").hidden = screen !== "player";
  $("joining").hidden = screen !== "joining";
  $("game").hidden = screen !== "game";
  $("missing").hidden = screen !== "missing";
}

function showMissing(text: string) {
  closeGame();
  $("missing-text").textContent = text;
  showScreen("missing");
}

async function loadAbout(game: string) {
  try {
    const about = await api.about(game);
    if (page.state?.game !== game) return;
    page.mustCapture = about.must_capture;
    renderLegend($("legend-body"), about, startDemo);
  } catch {
    if (page.state?.game === game) $("legend-body").textContent = "The rules could not be loaded; reload the page to try again.";
  }
}

/// A state from the server: drawn, and what changed answered.
export function render(next: GameState) {
  const now = page.state;
  // A socket that fell behind may deliver older states after a newer one.
  if (now && now.id === next.id && next.version < now.version) return;
  const changed = !now || now.id !== next.id || now.version !== next.version;
  page.state = next;
  page.stateAt = performance.now();
  // A reviewed position whose moves were taken back (undo, another tab)
  // is no longer in the game: back to the live one.
  if (page.review && (now?.id !== next.id || page.review.ply >= next.ply)) page.review = null;
  // The analysis board stands on the game's position it opened at: gone
  // from the game (moves taken back), it closes.
  const explore = page.explore;
  if (explore && (now?.id !== next.id || next.moves.slice(0, explore.ply).join(" ") !== explore.base || explore.ply > next.ply)) {
    page.explore = null;
  }
  const marks = page.marks;
  if (changed) {
    page.pending = false;
    // Whatever was said about the old state is done with; the server's
    // note (a draw offer, a loaded record's damage) is the news now.
    page.message = next.note ? clip(next.note, 300) : now ? "" : page.message;
    page.messageIsError = false;
    if (now?.id === next.id) soundOf(now, next);
    // Moves taken back (undo, play on from a past position): a premove
    // made for the position that was is not for this one.
    if (now?.id === next.id && next.ply <= now.ply) dropPremove();
    // A selection on the analysis board is the board's, not the game's.
    if (!page.explore) {
      clearSelection();
      closePicker();
    }
    // The tooltip named what stood under the pointer before.
    $("tip").hidden = true;
    if (marks.demo) endDemo(false);
    stateChanged();
  }
  const view = page.explore?.view ?? page.review?.view ?? next.view;
  if (!marks.cursor || !view.cells.some((c) => c.name === marks.cursor && c.present)) {
    marks.cursor =
      view.legal.find((m) => !m.board)?.from ??
      view.cells.find((c) => c.present && c.piece && c.piece.side === view.to_move)?.name ??
      null;
  }
  drawBoard();
  renderPanels();
  renderCursor();
  if (changed) playPremove();
}

/// The sound of a new state: the game's end, check, a capture, the
/// opponent's move on another screen, or a move.
function soundOf(before: GameState, after: GameState) {
  const ended = after.view.result !== null && before.view.result === null;
  // The end without a move: a resignation, a draw agreed, a flag fall.
  if (after.ply !== before.ply + 1) return ended && playSound("end");
  const text = after.moves[after.ply - 1];
  const move = before.view.legal.find((m) => m.text === text);
  const held = page.held;
  const mover = before.view.to_move;
  const remote = after.mode === "remote" && !!held && !held.sides.includes(mover);
  let sound: Sound = remote ? "opponent" : "move";
  if (move?.capture) sound = "capture";
  if (after.view.check) sound = "check";
  if (ended) sound = "end";
  playSound(sound);
}

/// The sides whose low time has been sounded in this game.
const lowTimeSaid = new Set<number>();

/// The clocks tick between states; a clock at zero asks the server,
/// which ends the game. The player's own clock under ten seconds sounds
/// once.
setInterval(() => {
  const state = page.state;
  if (!state?.clock || $("game").hidden) return;
  renderClocks(state, page.stateAt);
  const times = clockTimes(state, page.stateAt);
  const running = state.clock.running;
  if (running !== null && !state.view.result && page.held?.sides.includes(running) && state.seats[running].player === "human") {
    if (times[running] < 10_000 && times[running] > 0 && !lowTimeSaid.has(running)) {
      lowTimeSaid.add(running);
      playSound("lowTime");
    }
  }
  if (running !== null && Math.min(...times) <= 0 && !state.view.result && !page.pending) {
    // The server's own timer ends the game; fetch the state in case this
    // page missed the news.
    if (performance.now() - flagAsked > 1000) {
      flagAsked = performance.now();
      api.game(state.id).then((s) => page.state?.id === s.id && render(s), () => {});
    }
  }
}, 100);
let flagAsked = 0;
