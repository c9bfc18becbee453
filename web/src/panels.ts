// The side panel of a game: title, status, messages, the engine's thinking,
// the invitation, the move list and which buttons can be used.

import type { GameState, Held, View } from "./api";
import { $ } from "./dom";
import { page } from "./game/state";

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
  else if (state.aborted) text = `Aborted: ${state.aborted.replace(/^aborted: /, "")}; no result, no rating`;
  else {
    text = `${side} to move${v.check ? ", in check" : ""}`;
    if (state.seats[v.to_move].player === "engine")
      text += state.queued === null ? " (the computer is thinking)" : " (the computer waits for a free engine)";
    else if (held && !mine(state, held))
      text += state.seats[v.to_move].taken ? " (waiting for your opponent)" : " (waiting for the invited player to join)";
    else if (!held) text += " (you are watching)";
  }
  if (v.checks_left) text += ` · checks to give: ${state.sides[0]} ${v.checks_left[0]}, ${state.sides[1]} ${v.checks_left[1]}`;
  if (state.draw_offer !== null && !v.result) text += `; ${state.sides[state.draw_offer]} offers a draw`;
  if (state.takeback_offer != null && !v.result) text += `; ${state.sides[state.takeback_offer]} asks to take back`;
  if (page.spectators > 0) text += ` · ${page.spectators} watching`;
  $("status").textContent = text;
  const names = state.names ?? [state.seats[0].label, state.seats[1].label];
  const casual = state.hints_allowed ? " · casual, hints allowed" : "";
  // A lobby game: each player's rating when it began, and whether it counts.
  const rating = (i: number) => {
    const r = state.lobby?.ratings[i];
    return r != null ? ` ${Math.round(r)}` : "";
  };
  const terms = state.lobby ? (state.lobby.rated ? " · rated" : " · casual") : "";
  // Options not the game's defaults, as the start form named them.
  const options = (state.options ?? "")
    .split(" ")
    .filter((o) => o)
    .map((o) => (o.endsWith("=off") ? `no ${o.slice(0, -4)}` : o.replace(/=on$/, "")))
    .join(", ");
  $("title").textContent = `${state.name}${options ? ` (${options})` : ""}: ${names[0]}${rating(0)} (${state.sides[0]}) v ${names[1]}${rating(1)} (${state.sides[1]})${casual}${terms}`;
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

/// The moves, numbered in pairs; each a button that shows the board after
/// it (`review`), the one under review marked.
export function renderMoves(
  state: GameState,
  reviewing: number | null,
  review: (ply: number) => void,
  mark: (ply: number) => { mark: string; judgement: string } | null = () => null,
) {
  const list = $("moves");
  list.replaceChildren();
  const m = moveLabels(state);
  for (let i = 0; i < m.length; i += 2) {
    const li = document.createElement("li");
    for (const j of [i, i + 1].filter((j) => j < m.length)) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "move";
      b.textContent = m[j];
      b.dataset.ply = String(j + 1);
      // The analysis's verdict: ?! ? ??.
      const judged = mark(j + 1);
      if (judged) {
        const s = document.createElement("span");
        s.className = `mark ${judged.judgement}`;
        s.textContent = judged.mark;
        s.title = judged.judgement;
        b.append(s);
        b.setAttribute("aria-label", `${m[j]}, ${judged.judgement}`);
      }
      b.title = `See the board after ${m[j]}`;
      // A casual game's hints, shown to both players at the move asked.
      const hint = state.hints_given?.find((h) => h.ply === j);
      if (hint) {
        b.classList.add("hinted");
        b.title += ` (${state.sides[hint.side]} had a hint: ${hint.label})`;
      }
      if (reviewing === j + 1) b.setAttribute("aria-current", "step");
      b.addEventListener("click", () => review(j + 1));
      li.append(b);
    }
    list.appendChild(li);
  }
  if (state.view.result) {
    const li = document.createElement("li");
    li.className = "result";
    li.textContent = state.view.result[0];
    list.appendChild(li);
  }
  const current = list.querySelector<HTMLElement>("[aria-current]");
  if (current) current.scrollIntoView({ block: "nearest" });
  else list.scrollTop = list.scrollHeight;
}

/// A move as a list numbers it: "12. Nf3" for the first side's, "12... Nf6"
/// for the second's (`ply` counts from 1).
export function numbered(ply: number, label: string): string {
  return `${Math.ceil(ply / 2)}${ply % 2 ? "." : "..."} ${label}`;
}

/// The moves as players read them (servers before labels: the canonical
/// texts).
export function moveLabels(state: GameState): string[] {
  return state.labels && state.labels.length === state.moves.length ? state.labels : state.moves;
}

/// The buttons and the move box; `explore`: the analysis board is open
/// (the move box plays there), with whether its position is over.
export function renderButtons(state: GameState, held: Held | null, explore: { over: boolean } | null = null) {
  const over = state.view.result !== null;
  $<HTMLButtonElement>("undo").hidden = state.mode === "remote";
  // A finished game stays finished: no takeback after mate, resignation,
  // a flag fall or a draw.
  $<HTMLButtonElement>("undo").disabled = !held || state.ply === 0 || over;
  $<HTMLButtonElement>("resign").disabled = !held || over;
  const offerToMe = state.draw_offer !== null && held?.sides.includes(1 - state.draw_offer);
  $<HTMLButtonElement>("draw").textContent = offerToMe ? "Accept draw" : "Offer draw";
  $<HTMLButtonElement>("draw").disabled = !held || over;
  $<HTMLButtonElement>("decline").hidden = !offerToMe || over;
  // Set once a drawing: a box disabled then enabled again loses its focus.
  const box = $<HTMLInputElement>("move-text");
  box.disabled = explore ? explore.over : !held || over;
  box.placeholder = explore
    ? explore.over
      ? "the game is over here"
      : "a move on the analysis board"
    : over
      ? "the game is over"
      : `type a move (${movesExample(state)})`;
  // No engine help between people while they play (unless casual).
  $<HTMLButtonElement>("hint").hidden = !mine(state, held) || over || state.engine_help === false;
  const asked = state.takeback_offer ?? null;
  const askedOfMe = asked !== null && !!held?.sides.includes(1 - asked);
  const remote = state.mode === "remote";
  $<HTMLButtonElement>("takeback").hidden = !remote || !held || over;
  $<HTMLButtonElement>("takeback").textContent = askedOfMe ? "Accept takeback" : "Ask to take back";
  // A move of one's own to take back: one's last, or with the reply to it
  // on one's turn.
  const side = held?.sides[0] ?? 0;
  const needs = state.view.to_move === side ? 2 : 1;
  $<HTMLButtonElement>("takeback").disabled = askedOfMe ? false : state.ply < needs || asked !== null;
  $<HTMLButtonElement>("decline-takeback").hidden = !remote || !askedOfMe || over;
}

/// Each side's time left now: the state's times less what has run since
/// it arrived (`stateAt`, performance.now()).
export function clockTimes(state: GameState, stateAt: number): [number, number] {
  const c = state.clock;
  if (!c) return [0, 0];
  const run = performance.now() - stateAt;
  return c.remaining.map((ms, side) => (c.running === side && !state.view.result ? Math.max(0, ms - run) : ms)) as [number, number];
}

/// `4:58`, `1:02:03`, `0:09.4` under ten seconds.
export function clockFace(ms: number): string {
  const s = Math.floor(ms / 1000);
  if (ms < 10_000) return `0:0${s}.${Math.floor((ms % 1000) / 100)}`;
  const mm = String(Math.floor(s / 60) % 60).padStart(2, "0");
  const ss = String(s % 60).padStart(2, "0");
  return s >= 3600 ? `${Math.floor(s / 3600)}:${mm}:${ss}` : `${Math.floor(s / 60)}:${ss}`;
}

/// Both clocks: name, side, time; the running one marked.
export function renderClocks(state: GameState, stateAt: number) {
  const c = state.clock;
  $("clocks").hidden = !c;
  if (!c) return;
  const times = clockTimes(state, stateAt);
  const names = state.names ?? [state.seats[0].label, state.seats[1].label];
  for (const side of [0, 1]) {
    const el = $(`clock-${side}`);
    el.querySelector(".who")!.textContent = `${side === c.running && !state.view.result ? "▶ " : ""}${names[side]} (${state.sides[side]})`;
    el.querySelector(".time")!.textContent = clockFace(times[side]);
    el.classList.toggle("running", side === c.running && !state.view.result);
    el.classList.toggle("low", times[side] < 10_000);
  }
}

/// The engine's last evaluation from `viewer`'s side, as a bar and words.
export function renderEvaluation(state: GameState, viewer: number) {
  const e = state.evaluation;
  $("evaluation").hidden = !e;
  if (!e) return;
  const sign = e.side === viewer ? 1 : -1;
  let fill: number;
  let words: string;
  if (e.mate !== null) {
    const mine = e.mate * sign > 0;
    fill = mine ? 100 : 0;
    words = mine ? `you mate in ${Math.abs(e.mate)}` : `you are mated in ${Math.abs(e.mate)}`;
  } else {
    const cp = (e.cp ?? 0) * sign;
    // 50% at equality; a pawn ahead about 62%.
    fill = 100 / (1 + Math.exp(-cp / 200));
    words = `${cp >= 0 ? "+" : ""}${(cp / 100).toFixed(2)} for you`;
  }
  $<HTMLElement>("eval-fill").style.width = `${fill.toFixed(1)}%`;
  $("eval-text").textContent = `Engine (depth ${e.depth}): ${words}. Line: ${e.line.join(" ")}`;
  $("evaluation").title = `The engine's last evaluation, from ${state.sides[viewer]}'s side`;
}

/// Two of the legal moves as examples of the notation, as players write
/// them (SAN for chess).
function movesExample(state: GameState): string {
  const texts = state.view.legal.filter((m) => !m.board).map((m) => m.label ?? m.text);
  return texts.length ? texts.slice(0, 2).join(", ") : moveLabels(state).slice(-1).join("") || "a move";
}

/// The engine's line: its place in the server's queue while it waits for
/// a free engine, then what it is thinking.
export function engineLine(state: GameState): string {
  if (state.queued !== null && state.queued !== undefined && !state.view.result)
    return `The engine is queued (${state.queued} ahead): the server is busy with other games`;
  return state.thinking ? `Computer thinking: ${state.thinking.summary}` : "";
}

/// Each side's hand beside the board, in a game with drops: a button per
/// kind held, with how many; the side to move's are clicked to choose a
/// piece to drop (`choose`; none for a past position), the one chosen
/// pressed.
export function renderHands(state: GameState, view: View, dropping: string | null, choose: ((letter: string) => void) | null) {
  const box = $("hands");
  box.hidden = !view.hands;
  if (!view.hands) return;
  box.replaceChildren();
  view.hands.forEach((hand, side) => {
    const row = document.createElement("div");
    row.className = "hand";
    row.dataset.side = String(side);
    const who = document.createElement("span");
    who.className = "who";
    who.textContent = `${state.sides[side]}'s hand:`;
    row.append(who);
    if (!hand.length) row.append(" empty");
    for (const p of hand) {
      const label = `${p.name}${p.count > 1 ? ` ×${p.count}` : ""}`;
      if (view.gated_only) {
        // Nothing to click: a gated piece is chosen in the move menu.
        const held = document.createElement("span");
        held.className = `held side-${side}`;
        held.dataset.letter = p.letter;
        held.textContent = label;
        held.title = `Gated, not dropped: ${state.sides[side]} places it on the square a first-rank piece leaves on its first move, chosen in the move menu`;
        row.append(" ", held);
        continue;
      }
      const b = document.createElement("button");
      b.type = "button";
      b.className = `held side-${side}`;
      b.dataset.letter = p.letter;
      b.textContent = label;
      const own = side === view.to_move && !view.result && choose !== null;
      b.disabled = !own;
      b.setAttribute("aria-pressed", String(own && dropping === p.letter));
      b.title = own ? `Drop a ${p.name}: choose, then click a marked square` : `${state.sides[side]} may drop it on their turn`;
      if (choose) b.addEventListener("click", () => choose(p.letter));
      row.append(b);
    }
    box.append(row);
  });
}
