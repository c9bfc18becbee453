// The game in a headset: the "Enter VR" button (shown only where the
// browser offers an immersive-vr session), and what the headset's scene
// (board3d/xr.ts) asks of the game. The panel beside the board reads the
// page's own status, clocks and buttons, so that both always say the same;
// its buttons press the page's. The move menu is the page's, shown as a
// panel in the scene.

import { $ } from "../dom";
import { moveLabels, numbered } from "../panels";
import { closePicker, pickerOpen } from "../picker";
import type { PanelButton, PanelLine, PanelModel } from "../board3d/panel";
import { EXIT, RESET, type HeadsetInput } from "../board3d/xr";
import { act } from "./actions";
import { board3d, drawBoard, recolour, say, toggleView } from "./render";
import { boardMoves, pick } from "./select";
import { describe, page } from "./state";

/// Whether the browser offers an immersive-vr session now.
let offered = false;

/// Shows "Enter VR" where a headset can be used, and keeps it so as
/// headsets come and go.
export function offerHeadset() {
  const xr = navigator.xr;
  $("enter-vr").addEventListener("click", toggleHeadset);
  if (!xr) return;
  const ask = () =>
    xr.isSessionSupported("immersive-vr").then(
      (ok) => {
        offered = ok;
        renderHeadsetButton();
      },
      () => {},
    );
  xr.addEventListener("devicechange", ask);
  ask();
}

export function renderHeadsetButton() {
  const on = !!board3d()?.xr;
  $("enter-vr").hidden = !offered && !on;
  $("enter-vr").textContent = on ? "Exit VR" : "Enter VR";
}

/// The page showed the 2-D diagram before the headset: shown again after.
let diagramBefore = false;

async function toggleHeadset() {
  const board = board3d();
  if (board?.xr) return board.exitXR();
  diagramBefore = page.view !== "3d";
  if (diagramBefore) toggleView();
  const view = board3d();
  if (!navigator.xr || !view || page.view !== "3d") {
    backToDiagram();
    return say("This browser cannot show the game in a headset.", true);
  }
  // Asked before anything waits: a browser starts a session only in
  // answer to a click.
  const asked = navigator.xr.requestSession("immersive-vr", { optionalFeatures: ["local-floor", "hand-tracking"] });
  try {
    await view.enterXR(await asked, input);
    say("In the headset: point with a controller, the trigger selects and moves, a grip holds the board.");
  } catch (e) {
    // Refused (the player declined, the headset is busy): the page as it was.
    backToDiagram();
    say(`The headset could not start: ${e instanceof Error ? e.message : String(e)}`, true);
  }
  renderHeadsetButton();
}

/// The diagram again if the page showed it before the headset.
function backToDiagram() {
  if (diagramBefore && page.view === "3d") toggleView();
  diagramBefore = false;
}

const input: HeadsetInput = {
  pick,
  hover: (cell) => {
    if (!cell || cell === page.marks.cursor) return;
    page.marks.cursor = cell;
    recolour();
  },
  name: (cell, board) => (board ? boardName(cell) : describe(cell)),
  panel,
  menu,
  press,
  ended: () => {
    backToDiagram();
    drawBoard();
    renderHeadsetButton();
    say("");
  },
};

/// A knob's board by the squares it spans ("The board a0(3)–b1(3)"),
/// with what to do.
function boardName(cell: string): string {
  const leaves = boardMoves(cell)[0]?.board?.leaves ?? [cell];
  const span = leaves.length > 1 ? `${leaves[0]}–${leaves[leaves.length - 1]}` : leaves[0];
  return `The board ${span}: the trigger, then where it goes`;
}

/// When "Resign" was pressed once in the headset: a second press within
/// four seconds resigns (the page's confirmation box is not seen there).
let resignAsked = 0;
const CONFIRM_MS = 4000;

/// The page's buttons the panel offers, in its order, where the page
/// shows them.
const MIRRORED = ["undo", "resign", "draw", "decline", "takeback", "decline-takeback", "review-live", "flip", "sound"];

function panel(): PanelModel {
  const state = page.state;
  const text = (id: string) => $(id).textContent?.trim() ?? "";
  const lines: PanelLine[] = [{ text: text("title"), tone: "strong" }];
  if (!$("clocks").hidden) {
    for (const side of [0, 1]) {
      const clock = $(`clock-${side}`);
      lines.push({ text: `${clock.querySelector(".who")?.textContent ?? ""}  ${clock.querySelector(".time")?.textContent ?? ""}` });
    }
  }
  lines.push({ text: text("status"), tone: "strong" });
  if (state?.moves.length) {
    const n = state.moves.length;
    lines.push({ text: `Last move: ${numbered(n, moveLabels(state)[n - 1])}` });
  }
  if (!$("review").hidden) lines.push({ text: text("review-text") });
  lines.push({ text: text("message"), tone: $("message").classList.contains("error") ? "error" : undefined });
  lines.push({ text: text("thinking"), tone: "dim" });
  const buttons: PanelButton[] = [];
  for (const id of MIRRORED) {
    const b = $<HTMLButtonElement>(id);
    if (b.hidden || b.closest("[hidden]")) continue;
    const asked = id === "resign" && performance.now() < resignAsked;
    buttons.push({ id, label: asked ? "Confirm resign" : (b.textContent?.trim() ?? id), enabled: !b.disabled });
  }
  buttons.push({ id: RESET, label: "Reset board", enabled: true }, { id: EXIT, label: "Exit VR", enabled: true });
  return { lines, buttons };
}

/// The page's move menu, while it is open.
function menu(): PanelModel | null {
  if (!pickerOpen()) return null;
  const choices = [...$("picker-choices").children];
  // Each choice's words, then its notation (the page's button holds both).
  const label = (b: Element) => [...b.children].map((part) => part.textContent ?? "").join("   ");
  const buttons = choices.map((b, i) => ({ id: `choice:${i}`, label: label(b), enabled: true }));
  buttons.push({ id: "picker-cancel", label: "Cancel", enabled: true });
  return { lines: [{ text: "Which move?", tone: "strong" }], buttons, perRow: buttons.length <= 7 ? 1 : 2 };
}

function press(id: string) {
  if (id.startsWith("choice:")) return ($("picker-choices").children[Number(id.slice(7))] as HTMLElement | undefined)?.click();
  if (id === "picker-cancel") return closePicker();
  if (id === "resign") {
    if (performance.now() < resignAsked) {
      resignAsked = 0;
      return act({ action: "resign" });
    }
    resignAsked = performance.now() + CONFIRM_MS;
    return say("Press Resign again to resign this game.");
  }
  $(id).click();
}
