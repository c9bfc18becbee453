// The game screen's buttons, fields and switches, wired once.

import { api } from "../api";
import { $ } from "../dom";
import { closePicker } from "../picker";
import { isMuted, setMuted } from "../sound";
import { applyTheme, currentTheme, THEMES } from "../theme";
import { act, askHint, play } from "./actions";
import { graphClick, startAnalysis, stopAnalysis } from "./analysis";
import { toggleExplore } from "./explore";
import { openLegend, step } from "./keys";
import { toggleFocus } from "./levels";
import { dragging } from "./drag";
import { cancelPremove } from "./premove";
import { drawBoard, flip, focusBoard, resetView, setSpread, toggleView } from "./render";
import { endReview } from "./review";
import { page } from "./state";

export function wireGameButtons(loadRecord: (file: File, base: Record<string, unknown>) => void) {
  const button = (id: string, run: () => void, refocus = true) =>
    $(id).addEventListener("click", () => {
      run();
      if (refocus) focusBoard();
    });
  button("toggle-view", toggleView);
  button("flip", flip);
  button("reset-view", resetView);
  button("focus-level", toggleFocus);
  // The cursor a level up or down; a level shown alone follows it.
  button("tool-up", () => step("PageUp"));
  button("tool-down", () => step("PageDown"));
  button("tool-focus", toggleFocus);
  button("tool-reset", resetView);
  button("legend-open", openLegend, false);
  button("legend-close", () => ($("legend").hidden = true));
  button("undo", () => act({ action: "undo" }), false);
  button("resign", () => confirm("Resign this game?") && act({ action: "resign" }), false);
  button("draw", () => act({ action: "draw" }), false);
  button("decline", () => act({ action: "decline", offer: "draw" }), false);
  button("takeback", () => act({ action: "takeback" }), false);
  button("decline-takeback", () => act({ action: "decline", offer: "takeback" }), false);
  button("new", () => (location.hash = "#/"), false);
  button("save", () => page.state && (location.href = api.recordUrl(page.state.id)), false);
  button("picker-cancel", closePicker);
  button("review-live", endReview);
  button("review-continue", () => {
    const ply = page.review?.ply;
    if (ply === undefined || !confirm(`Take back the moves after this position and play on from it?`)) return;
    page.review = null;
    act({ action: "back", ply });
  });
  button("hint", askHint);
  button("analyse", startAnalysis, false);
  button("analysis-stop", stopAnalysis, false);
  button("explore-open", toggleExplore);
  $("eval-graph").addEventListener("click", graphClick);
  button("rematch", () => act({ action: "rematch" }), false);
  button("copy-resume", () => navigator.clipboard?.writeText($<HTMLInputElement>("resume-link").value), false);
  button("copy-invite", () => navigator.clipboard?.writeText($<HTMLInputElement>("invite-link").value), false);
  // Sound: on or off, kept in this browser.
  const sound = $<HTMLButtonElement>("sound");
  const showSound = () => {
    sound.textContent = isMuted() ? "Sound off" : "Sound on";
  };
  showSound();
  button("sound", () => (setMuted(!isMuted()), showSound()), false);
  // The board's colours, kept in this browser.
  const theme = $<HTMLSelectElement>("theme");
  theme.replaceChildren(...THEMES.map((t) => new Option(t.name, t.id)));
  theme.value = currentTheme().id;
  theme.addEventListener("change", () => {
    applyTheme(theme.value);
    drawBoard();
  });
  // A right click on the board cancels a premove (as on chess sites).
  // A long press on a touch screen is a context menu too: not during a
  // drag, which it would end.
  $("boards").addEventListener("contextmenu", (e) => {
    if (dragging()) return e.preventDefault();
    if (!page.premove && !page.marks.premoving) return;
    e.preventDefault();
    cancelPremove("Premove cancelled.");
  });
  $<HTMLInputElement>("spacing").value = String(page.spread);
  $<HTMLInputElement>("spacing").addEventListener("input", (e) => setSpread(Number((e.target as HTMLInputElement).value)));
  $("move-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const input = $<HTMLInputElement>("move-text");
    const text = input.value.trim();
    input.value = "";
    if (text) play(text);
  });
  $<HTMLInputElement>("load-game").addEventListener("change", async (e) => {
    const file = (e.target as HTMLInputElement).files?.[0];
    (e.target as HTMLInputElement).value = "";
    if (!file || !page.state) return;
    // The loaded game is played as this one was (a remote game locally).
    loadRecord(file, {
      game: page.state.game,
      mode: page.state.mode === "remote" ? "local" : page.state.mode,
      hints: page.state.hints_allowed ?? false,
      side: page.held?.sides[0] ?? 0,
    });
  });
}
