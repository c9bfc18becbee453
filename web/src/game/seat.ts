// The seat this browser holds beyond the board: the rematch (players go to
// the new game with their seat, colours swapped) and the link that plays
// the seat on another device.

import { heldSeat, holdSeat, type GameState } from "../api";
import { $ } from "../dom";
import { page } from "./state";

/// The rematch: a button once the game is over; when agreed, players go
/// to the new game with their seat (colours swapped), watchers get a link.
export function renderRematch(state: GameState) {
  const over = state.view.result !== null;
  const held = page.held;
  const button = $<HTMLButtonElement>("rematch");
  button.hidden = !over || !held || !!state.rematch;
  const offered = state.rematch_offer ?? null;
  const toMe = offered !== null && held !== null && !held.sides.includes(offered);
  button.textContent = toMe ? "Accept rematch" : offered !== null ? "Rematch offered" : "Rematch";
  button.disabled = offered !== null && !toMe;
  $("rematch-link").hidden = !state.rematch;
  if (state.rematch) {
    $<HTMLAnchorElement>("rematch-go").href = `#/game/${state.rematch}`;
    if (held && heldSeat(state.rematch) === null) {
      // The same token plays the other colour in the new game.
      holdSeat(state.rematch, { token: held.token, sides: held.sides.map((s) => 1 - s).sort() });
      location.hash = `#/game/${state.rematch}`;
    }
  }
}

/// The resume link of the seat this browser holds.
export function renderResume(state: GameState) {
  const held = page.held;
  $("resume").hidden = !held;
  if (held) $<HTMLInputElement>("resume-link").value = `${location.origin}/#/seat/${state.id}/${encodeURIComponent(held.token)}`;
}
