// The lobby on the start page (issue 58): who this browser plays as, the
// open challenges (accepted here, or this browser's own cancelled), the
// games being played (each opened to watch), the leaderboards. The lists
// come live over the lobby's socket, open while the start page shows or
// while this browser has a challenge open: when one is accepted, the page
// goes to the game wherever it is.

import { api, holdSeat, lobbyApi, type Challenge, type LiveGame, type Variant } from "../api";
import { $ } from "../dom";
import { explain } from "../messages";
import { cell, who } from "./cells";
import { forget, me, privateLink, register } from "./player";
import { LobbySocket, type Own } from "./socket";

export const lobby = {
  challenges: [] as Challenge[],
  games: [] as LiveGame[],
  live: false,
};

let socket: LobbySocket | null = null;
let variants: Variant[] = [];
const OWN = "chess3d.challenges";

export function ownChallenges(): Own[] {
  try {
    return JSON.parse(sessionStorage.getItem(OWN) ?? "[]");
  } catch {
    return [];
  }
}

function keepOwn(own: Own[]) {
  sessionStorage.setItem(OWN, JSON.stringify(own));
}

const gameName = (id: string) => variants.find((v) => v.id === id)?.name ?? id;

/// Keeps the lobby's socket open on the start page, and elsewhere while
/// this browser has a challenge open.
export function followLobby(onStart: boolean) {
  const wanted = onStart || ownChallenges().length > 0;
  if (wanted && !socket) {
    socket = new LobbySocket(
      {
        lists: (challenges, games) => {
          lobby.challenges = challenges;
          lobby.games = games;
          // A challenge of ours the lists no longer have (withdrawn while
          // this page was away) is forgotten: one just posted may not be
          // in them yet.
          const open = new Set(challenges.map((c) => c.id));
          const own = ownChallenges();
          const kept = own.filter((c) => open.has(c.id) || Date.now() - c.at < 10_000);
          if (kept.length !== own.length) keepOwn(kept);
          renderLists();
        },
        accepted: (challenge, game, token) => {
          keepOwn(ownChallenges().filter((c) => c.id !== challenge));
          takeSeat(game, token, "Your challenge was accepted: the game has begun.");
        },
        link: (live) => {
          lobby.live = live;
          $("lobby-link").textContent = live ? "" : "Reconnecting to the lobby…";
        },
      },
      ownChallenges,
    );
  } else if (!wanted && socket) {
    socket.close();
    socket = null;
    lobby.live = false;
  }
}

/// Takes the seat `token` holds in `game`, and opens the game.
async function takeSeat(game: string, token: string, note: string) {
  try {
    const seat = await api.seat(game, token);
    holdSeat(game, { token: seat.token, sides: seat.sides });
    sessionStorage.setItem(`chess3d.note.${game}`, note);
  } catch (e) {
    sessionStorage.setItem(`chess3d.note.${game}`, `${explain(e, "join")} You are watching.`);
  }
  location.hash = `#/game/${game}`;
}

/// The lobby's part of the start page, drawn afresh.
export function showLobby(games: Variant[]) {
  variants = games;
  const filter = $<HTMLSelectElement>("lobby-filter");
  const board = $<HTMLSelectElement>("leaders-game");
  if (!filter.options.length) {
    filter.add(new Option("all games", ""));
    for (const g of games) filter.add(new Option(g.name, g.id));
    filter.addEventListener("change", renderLists);
    for (const g of games) board.add(new Option(g.name, g.id));
    // Orthodox chess's board first: most players know it.
    if (games.some((g) => g.id === "chess")) board.value = "chess";
    board.addEventListener("change", renderLeaders);
    $("you-form").addEventListener("submit", onRegister);
    $("you-forget").addEventListener("click", () => {
      forget();
      renderYou();
    });
    $("you-copy").addEventListener("click", () => {
      const link = $<HTMLInputElement>("you-link");
      link.select();
      navigator.clipboard?.writeText(link.value).catch(() => {});
    });
  }
  renderYou();
  renderLists();
  renderLeaders();
}

function renderYou() {
  const player = me();
  $("you-form").hidden = !!player;
  $("you-known").hidden = !player;
  if (player) {
    const page = $<HTMLAnchorElement>("you-page");
    page.textContent = player.name;
    page.href = `#/player/${encodeURIComponent(player.name)}`;
    $<HTMLInputElement>("you-link").value = privateLink(player);
  }
  $<HTMLInputElement>("rated").disabled = !player;
  $("rated-why").hidden = !!player;
}

async function onRegister(e: Event) {
  e.preventDefault();
  const name = $<HTMLInputElement>("you-name").value.trim();
  $("you-error").textContent = "";
  if (!name) return ($("you-error").textContent = "Choose a name first.");
  try {
    await register(name);
    renderYou();
  } catch (e) {
    $("you-error").textContent = explain(e, "register");
  }
}

/// Posts a challenge from the start form's settings.
export async function postChallenge(req: Record<string, unknown>): Promise<string | null> {
  const player = me();
  if (player) req.key = player.key;
  try {
    const posted = await lobbyApi.post(req);
    keepOwn([...ownChallenges(), { id: posted.id, token: posted.token, game: String(req.game), at: Date.now() }]);
    followLobby(true);
    socket?.sayMine();
    return null;
  } catch (e) {
    return explain(e, "challenge");
  }
}

const sideWords = { white: "plays first", black: "plays second", random: "either side" };

export function renderLists() {
  if ($("start").hidden) return;
  const filter = $<HTMLSelectElement>("lobby-filter").value;
  const own = new Set(ownChallenges().map((c) => c.id));
  const player = me();
  const rows = lobby.challenges
    .filter((c) => !filter || c.game === filter)
    .map((c) => {
      const tr = document.createElement("tr");
      tr.dataset.id = c.id;
      const button = document.createElement("button");
      button.type = "button";
      const mine = own.has(c.id);
      button.textContent = mine ? "Cancel" : "Accept";
      if (!mine && c.rated && !player) {
        button.disabled = true;
        button.title = "Rated games are between named players: choose a name above.";
      }
      button.addEventListener("click", () => (mine ? cancel(c.id) : accept(c.id)));
      const window = c.min_rating !== null || c.max_rating !== null ? ` (${c.min_rating ?? "any"}–${c.max_rating ?? "any"})` : "";
      tr.append(
        who(c.name, c.rating),
        cell(gameName(c.game)),
        cell(c.clock ?? "no clock"),
        cell((c.rated ? "rated" : "casual") + window),
        cell(sideWords[c.side] ?? c.side, "quiet side-pref"),
      );
      const act = document.createElement("td");
      act.append(button);
      tr.append(act);
      if (mine) tr.classList.add("mine");
      return tr;
    });
  $("challenges").replaceChildren(...rows);
  $("challenges-none").hidden = rows.length > 0;
  const games = lobby.games.map((g) => {
    const tr = document.createElement("tr");
    tr.dataset.id = g.id;
    const link = document.createElement("a");
    link.href = `#/game/${g.id}`;
    link.textContent = "Watch";
    const act = document.createElement("td");
    act.append(link);
    tr.append(
      who(g.white, g.white_rating),
      who(g.black, g.black_rating),
      cell(gameName(g.game)),
      cell(`${g.clock ?? "no clock"}${g.rated ? ", rated" : ""}`),
      cell(`move ${Math.floor(g.ply / 2) + 1}`),
      cell(g.spectators ? `${g.spectators} watching` : "", "quiet"),
      act,
    );
    return tr;
  });
  $("live-games").replaceChildren(...games);
  $("live-none").hidden = games.length > 0;
}

async function accept(id: string) {
  $("lobby-error").textContent = "";
  try {
    const taken = await lobbyApi.accept(id, me()?.key ?? null);
    await takeSeat(taken.game, taken.token, "You accepted the challenge: the game has begun.");
  } catch (e) {
    $("lobby-error").textContent = explain(e, "accept");
  }
}

async function cancel(id: string) {
  const own = ownChallenges();
  const mine = own.find((c) => c.id === id);
  if (!mine) return;
  try {
    await lobbyApi.cancel(id, mine.token);
  } catch (e) {
    $("lobby-error").textContent = explain(e, "cancel");
  }
  keepOwn(own.filter((c) => c.id !== id));
  lobby.challenges = lobby.challenges.filter((c) => c.id !== id);
  renderLists();
}

async function renderLeaders() {
  const game = $<HTMLSelectElement>("leaders-game").value;
  if (!game) return;
  try {
    const board = await lobbyApi.leaderboard(game);
    if ($<HTMLSelectElement>("leaders-game").value !== game) return;
    const rows = board.players.map((p, i) => {
      const tr = document.createElement("tr");
      tr.append(cell(String(i + 1), "quiet"), who(p.name, null), cell(String(p.rating)), cell(`deviation ${p.deviation}`, "quiet"), cell(`${p.games} rated game${p.games === 1 ? "" : "s"}`, "quiet"));
      return tr;
    });
    $("leaders").replaceChildren(...rows);
    $("leaders-none").hidden = rows.length > 0;
  } catch (e) {
    $("leaders-none").hidden = false;
    $("leaders-none").textContent = explain(e, "open");
  }
}
