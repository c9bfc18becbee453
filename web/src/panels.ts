// The side panel of a game: title, status, messages, the engine's thinking,
// the invitation, the move list and which buttons can be used.

import type { GameState, Held } from "./api";
import { $ } from "./dom";

/// Whether the player holding `held` is to move now.
export function mine(state: GameState | null, held: Held | null): boolean {
  if (!state || !held) return false;
  return held.sides.includes(state.view.to_move) && state.seats[state.view.to_move].player === "human";
}

/// The status, title, message (an error or a note), thinking and
/// invitation of a game.
export function renderStatus(state: GameState, held: Held | null, message: string, error: boolean) {
  const v = state.view;
  const side = state.sides[v.to_move];
  let text: string;
  if (v.result) text = `${v.result[0]}: ${v.result[1]}`;
  else {
    text = `${side} to move${v.check ? ", in check" : ""}`;
    if (state.seats[v.to_move].player === "engine")
      text += state.queued === null ? " (the computer is thinking)" : " (the computer waits for a free engine)";
    else if (held && !mine(state, held))
      text += state.seats[v.to_move].taken ? " (waiting for your opponent)" : " (waiting for the invited player to join)";
    else if (!held) text += " (you are watching)";
  }
  if (state.draw_offer !== null && !v.result) text += `; ${state.sides[state.draw_offer]} offers a draw`;
  $("status").textContent = text;
  $("title").textContent = `${state.name}: ${state.seats[0].label} (${state.sides[0]}) v ${state.seats[1].label} (${state.sides[1]})`;
  $("message").textContent = message;
  $("message").classList.toggle("error", error);
  $("thinking").textContent = engineLine(state);
  const invite = held?.invite;
  const waiting = state.mode === "remote" && state.seats.some((s) => !s.taken);
  $("invite").hidden = !(invite && waiting);
  if (invite) $<HTMLInputElement>("invite-link").value = `${location.origin}/#/join/${state.id}/${invite}`;
  const loopback = ["127.0.0.1", "localhost", "[::1]", "0.0.0.0"].includes(location.hostname);
  $("invite-local").hidden = !loopback;
  $("boards-hint").hidden = !(mine(state, held) && state.view.legal.some((m) => m.board));
}

export function renderMoves(state: GameState) {
  const list = $("moves");
  list.replaceChildren();
  const m = state.moves;
  for (let i = 0; i < m.length; i += 2) {
    const li = document.createElement("li");
    li.textContent = m.slice(i, i + 2).join("  ");
    list.appendChild(li);
  }
  list.scrollTop = list.scrollHeight;
}

export function renderButtons(state: GameState, held: Held | null) {
  const over = state.view.result !== null;
  $<HTMLButtonElement>("undo").hidden = state.mode === "remote";
  $<HTMLButtonElement>("undo").disabled = !held || state.ply === 0;
  $<HTMLButtonElement>("resign").disabled = !held || over;
  const offerToMe = state.draw_offer !== null && held?.sides.includes(1 - state.draw_offer);
  $<HTMLButtonElement>("draw").textContent = offerToMe ? "Accept draw" : "Offer draw";
  $<HTMLButtonElement>("draw").disabled = !held || over;
  $<HTMLButtonElement>("decline").hidden = !offerToMe || over;
  $<HTMLInputElement>("move-text").disabled = !held || over;
  $<HTMLInputElement>("move-text").placeholder = `type a move (${movesExample(state)})`;
}

/// Two of the legal moves as examples of the notation.
function movesExample(state: GameState): string {
  const texts = state.view.legal.map((m) => m.text);
  return texts.length ? texts.slice(0, 2).join(", ") : state.moves.slice(-1).join("") || "a move";
}

/// The engine's line: its place in the server's queue while it waits for
/// a free engine, then what it is thinking.
export function engineLine(state: GameState): string {
  if (state.queued !== null && state.queued !== undefined && !state.view.result)
    return `The engine is queued (${state.queued} ahead): the server is busy with other games`;
  return state.thinking ? `Computer: ${state.thinking.summary}` : "";
}
