// A player's page (#/player/NAME): their rating in each game with its
// deviation, and their latest lobby games, each a link to the game (a
// finished game stays at its link: review, record download).

import { lobbyApi, type PlayedGame, type Variant } from "../api";
import { $ } from "../dom";
import { explain } from "../messages";
import { cell } from "./cells";

/// The game's outcome for `name`: won, lost, drawn, aborted.
function outcome(g: PlayedGame, name: string): string {
  const white = g.white?.toLowerCase() === name.toLowerCase();
  if (g.result === "1/2-1/2") return "draw";
  if (g.result === "1-0") return white ? "won" : "lost";
  if (g.result === "0-1") return white ? "lost" : "won";
  return g.result;
}

function change(n: number | null): string {
  if (n === null) return "";
  return n >= 0 ? `+${Math.round(n)}` : `${Math.round(n)}`;
}

export async function showPlayer(name: string, variants: Variant[]) {
  $("player-name-title").textContent = name;
  $("player-error").textContent = "";
  $("player-ratings").replaceChildren();
  $("player-games").replaceChildren();
  const gameName = (id: string) => variants.find((v) => v.id === id)?.name ?? id;
  const sideName = (id: string, side: number) => variants.find((v) => v.id === id)?.sides[side] ?? (side ? "Black" : "White");
  try {
    const p = await lobbyApi.profile(name);
    $("player-name-title").textContent = p.name;
    const ratings = Object.entries(p.ratings).map(([game, r]) => {
      const tr = document.createElement("tr");
      tr.append(cell(gameName(game)), cell(String(r.rating)), cell(`deviation ${r.deviation}`, "quiet"), cell(`${r.games} rated game${r.games === 1 ? "" : "s"}`, "quiet"));
      return tr;
    });
    $("player-ratings").replaceChildren(...ratings);
    $("player-ratings-none").hidden = ratings.length > 0;
    const games = p.results.map((g) => {
      const tr = document.createElement("tr");
      const white = g.white?.toLowerCase() === p.name.toLowerCase();
      const opponent = (white ? g.black : g.white) ?? "anonymous";
      const link = document.createElement("a");
      link.href = `#/game/${g.id}`;
      link.textContent = "Review";
      const act = document.createElement("td");
      act.append(link);
      tr.append(
        cell(gameName(g.game)),
        cell(`${sideName(g.game, white ? 0 : 1)} against ${opponent}`),
        cell(outcome(g, p.name)),
        cell(g.rated ? change(white ? g.white_change : g.black_change) : "casual", "quiet"),
        cell(new Date(g.ended * 1000).toLocaleDateString(), "quiet"),
        act,
      );
      return tr;
    });
    $("player-games").replaceChildren(...games);
    $("player-games-none").hidden = games.length > 0;
  } catch (e) {
    $("player-error").textContent = explain(e, "open").startsWith("There is no such game")
      ? `There is no player called ${name} on this server.`
      : explain(e, "open");
  }
}
