// Premoves: while the opponent (a person or the computer) is to move, the
// player may select one of their own pieces and choose where it goes, by
// clicks or by a drag, as on any chess site. The move is queued and shown
// in its own colour; when the turn comes it is played at once if it is
// legal then, else dropped with a word. One premove at a time; Esc or a
// right click cancels it.
//
// Where a piece may be premoved comes from the server (GET .../premoves):
// its legal moves were it its turn now, and every other cell its kind
// reaches on the emptied board (the opponent's move may open a line or
// bring a piece to take).

import { api, type LegalMove } from "../api";
import { explain } from "../messages";
import { mine } from "../panels";
import { closePicker, openPicker } from "../picker";
import { play } from "./actions";
import { drawBoard, recolour, say } from "./render";
import { clearSelection, markTargets, selectPiece } from "./select";
import { cellOf, page } from "./state";

/// The premove destinations of the piece selected while waiting: its
/// moves were it to move now (each with its text, for the menu).
let choices: LegalMove[] = [];
let asking = 0;

/// Whether the piece on `cell` may be selected for a premove now: the
/// game goes on, this browser holds the side that waits (and not the side
/// to move: one screen holding both plays each move in its turn), and the
/// piece is that side's.
export function canPremove(cell: string): boolean {
  const state = page.state;
  const held = page.held;
  if (!state || !held || state.view.result || page.review || page.explore || page.marks.demo) return false;
  if (mine(state, held) || held.sides.includes(state.view.to_move)) return false;
  const piece = cellOf(cell)?.piece;
  return !!piece && held.sides.includes(piece.side) && state.seats[piece.side].player === "human";
}

/// Selects the piece on `cell` for a premove; its destinations are marked
/// once the server has said where it may go.
export async function selectForPremove(cell: string) {
  const state = page.state!;
  clearSelection();
  choices = [];
  page.marks.selected = cell;
  page.marks.premoving = true;
  say("");
  drawBoard();
  const ticket = ++asking;
  // Still asked for: the selection made then (a new state clears it).
  const wanted = () => ticket === asking && page.marks.selected === cell && page.marks.premoving;
  try {
    const reply = await api.premoves(state.id, cell);
    if (!wanted() || page.state?.version !== reply.version) return;
    choices = reply.moves;
    markTargets(reply.moves);
    for (const c of reply.more) if (!page.marks.targets.has(c)) page.marks.targets.set(c, "move");
    drawBoard();
  } catch (e) {
    if (wanted()) say(explain(e, "action"), true);
  }
}

/// The premove's destination chosen: queued (after the menu, where
/// several moves join the two squares).
export function choosePremove(to: string) {
  const from = page.marks.selected;
  if (!from) return;
  const here = choices.filter((m) => m.to === to);
  if (here.length > 1) openPicker(here, (text) => setPremove(from, to, text));
  else setPremove(from, to, here[0]?.text ?? null);
}

function setPremove(from: string, to: string, text: string | null) {
  closePicker();
  page.premove = { from, to, text };
  page.marks.premove = [from, to];
  clearSelection();
  const what = choices.find((m) => m.text === text)?.label ?? `${from} to ${to}`;
  say(`Premove ${what}: played when your turn comes, if it is legal then. Esc or a right click cancels it.`);
  drawBoard();
}

/// Forgets the queued premove without a word (its position is gone).
export function dropPremove() {
  page.premove = null;
  page.marks.premove = null;
}

/// Drops the queued premove (and a selection for one), with a word.
export function cancelPremove(why: string) {
  const had = page.premove || page.marks.premoving;
  dropPremove();
  if (page.marks.premoving) clearSelection();
  if (!had) return;
  say(why);
  drawBoard();
}

/// The turn has come (a new state, the player to move): the premove is
/// played if it is legal, asked about if it fits several moves, else
/// dropped.
export function playPremove() {
  const p = page.premove;
  const state = page.state;
  // Still waiting: kept; the game over: gone.
  if (!p || !state || (!state.view.result && !mine(state, page.held))) return;
  dropPremove();
  recolour();
  if (state.view.result) return;
  const fits = state.view.legal.filter((m) => !m.board && m.from === p.from && m.to === p.to);
  const exact = fits.find((m) => m.text === p.text);
  if (exact || fits.length === 1) return play((exact ?? fits[0]).text);
  if (fits.length > 1) {
    selectPiece(p.from);
    drawBoard();
    say("Your premove fits several moves: choose one.");
    return openPicker(fits, play);
  }
  say(`Premove ${p.from} to ${p.to} dropped: it is not legal now.`);
}
