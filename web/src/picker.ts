// The move menu: when several moves join the same two squares (promotions,
// an Ox's push or leap, a board's orientations), each in words with its
// notation beside; the digits 1–9 choose, Esc cancels.

import type { LegalMove } from "./api";
import { $ } from "./dom";

export function openPicker(choices: LegalMove[], play: (text: string) => void) {
  const box = $("picker-choices");
  box.replaceChildren(
    ...choices.map((m, i) => {
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.move = m.text;
      const words = document.createElement("span");
      words.textContent = `${i < 9 ? `${i + 1}. ` : ""}${m.words[0].toUpperCase()}${m.words.slice(1)}`;
      const text = document.createElement("code");
      text.textContent = m.label ?? m.text;
      b.append(words, text);
      b.addEventListener("click", () => play(m.text));
      return b;
    }),
  );
  $("picker").hidden = false;
  (box.firstElementChild as HTMLElement | null)?.focus();
}

export function pickerOpen(): boolean {
  return !$("picker").hidden;
}

export function closePicker() {
  $("picker").hidden = true;
}

/// A key while the menu is open: a digit chooses, Esc closes. Whether the
/// key was the menu's.
export function pickerKey(e: KeyboardEvent): boolean {
  if (!pickerOpen()) return false;
  if (/^[1-9]$/.test(e.key)) {
    ($("picker-choices").children[Number(e.key) - 1] as HTMLElement | undefined)?.click();
    return true;
  }
  if (e.key === "Escape") {
    closePicker();
    return true;
  }
  return false;
}
