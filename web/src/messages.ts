// Errors in a player's words. The API's messages are written for programs
// ("give \"game\"", "ply 3"); the page says what happened and what to do,
// and never shows a raw exception. Anything quoted from the player's own
// input is cut short.

import { ApiError } from "./api";

/// What the player was doing when the error came.
export type Doing = "start" | "load" | "open" | "join" | "move" | "action" | "reach" | LobbyDoing;
/// What a player does in the lobby: the server's own sentence says what
/// was wrong (a name taken, a rating out of bounds, a key not theirs).
type LobbyDoing = "register" | "challenge" | "accept" | "cancel";
const lobbyDoings: Doing[] = ["register", "challenge", "accept", "cancel"];

/// At most `max` characters, with an ellipsis when cut.
export function clip(text: string, max = 40): string {
  const chars = [...text];
  return chars.length <= max ? text : chars.slice(0, max - 1).join("") + "…";
}

/// Long unbroken runs (a pasted move, a file's line) cut short inside a
/// message, so that it never overflows the panel.
function clipRuns(text: string): string {
  return text.replace(/\S{41,}/g, (run) => clip(run, 40));
}

/// An error as one sentence for the player.
export function explain(e: unknown, doing: Doing): string {
  if (!(e instanceof ApiError)) {
    // fetch's TypeError ("Failed to fetch") and the like: the network.
    return "Cannot reach the chess3d server. Check that it is running; the page keeps trying.";
  }
  const said = clipRuns(e.message);
  if (lobbyDoings.includes(doing) && [400, 401, 403, 404, 409, 429].includes(e.status)) {
    return capital(said) + (said.endsWith(".") ? "" : ".");
  }
  switch (e.status) {
    case 401:
    case 403:
      return doing === "join"
        ? "This invitation is not valid for this game. Ask for a new link."
        : "You are watching this game: this browser holds no seat in it.";
    case 404:
      return doing === "open" || doing === "join" || doing === "action"
        ? "There is no such game on this server. It may have been started on another one."
        : "The server does not know that.";
    case 409:
      return conflict(said);
    case 422:
      // The rules' own message: "illegal move ...", "cannot read ...".
      return capital(said);
    case 400:
      if (doing === "load") return `This file cannot be read as a game record: ${said}.`;
      if (doing === "reach") return capital(said) + ".";
      if (doing === "start") return "The game could not be started with these settings.";
      return "The server could not read that request.";
    case 408:
      return "The server was too busy to get to that in time; nothing was changed. Try again.";
    case 429:
      return tooMany(said);
    case 503:
      return "The server is busy. Try again in a moment.";
    case 504:
      return doing === "start"
        ? "The server could not confirm that the new game was stored. Start it again in a moment."
        : "The server could not confirm that this was stored: the game is shown again as the server holds it.";
    default:
      return "The server failed to do that; nothing was changed. Try again.";
  }
}

function capital(s: string): string {
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}

/// 429: a limit of this player's (their address's), in their words.
function tooMany(said: string): string {
  if (said.includes("hint on the way")) return "A hint is already on its way; wait for it.";
  if (said.includes("engine turns")) {
    return "The computer is busy with your other games; wait for it to move in one of them, then try again.";
  }
  const timed = said.match(/has (\d+) timed games going/);
  if (timed) return `You have ${timed[1]} timed games going, the most allowed: finish one (or resign it) first.`;
  return capital(said) + (said.endsWith(".") ? "" : ".");
}

/// 409: valid, but not now.
function conflict(said: string): string {
  if (said.startsWith("the move is for ply")) {
    return "The game moved on before your move arrived. Look at the board and play again.";
  }
  if (said.startsWith("it is ")) return capital(said.replace(", and this seat plays", "; you play") + ".");
  if (said.startsWith("this game has no open seat")) return "Both seats of this game are taken.";
  return capital(said) + (said.endsWith(".") ? "" : ".");
}
