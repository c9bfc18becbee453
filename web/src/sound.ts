// The game's sounds, made by the browser's own audio (Web Audio
// oscillators: nothing fetched, nothing shipped): a move, a capture,
// check, the game's end, a move of the opponent on another screen, and
// the player's clock under ten seconds. A mute switch is kept in this
// browser. Browsers start audio only after the player has touched the
// page: the context is made (or woken) on the first press or key.

import { stored, store } from "./settings";

export type Sound = "move" | "capture" | "check" | "end" | "opponent" | "lowTime";

/// Each sound as notes: [start s, length s, frequency Hz, to Hz, wave].
type Note = [number, number, number, number, OscillatorType];

const NOTES: Record<Sound, Note[]> = {
  // A short wooden knock.
  move: [[0, 0.07, 540, 260, "triangle"]],
  // Two knocks, lower and harder.
  capture: [
    [0, 0.06, 420, 180, "square"],
    [0.05, 0.09, 300, 140, "triangle"],
  ],
  // A rising warning.
  check: [
    [0, 0.09, 660, 660, "sine"],
    [0.1, 0.14, 990, 990, "sine"],
  ],
  // Three notes up: the game is over.
  end: [
    [0, 0.16, 523, 523, "sine"],
    [0.16, 0.16, 659, 659, "sine"],
    [0.32, 0.3, 784, 784, "sine"],
  ],
  // A soft bell: the other player has moved.
  opponent: [
    [0, 0.12, 880, 880, "sine"],
    [0.09, 0.2, 660, 660, "sine"],
  ],
  // Two short beeps.
  lowTime: [
    [0, 0.08, 1000, 1000, "square"],
    [0.16, 0.08, 1000, 1000, "square"],
  ],
};

let context: AudioContext | null = null;
let muted = stored("chess3d.sound") === "off";
/// The sounds played, newest last (for the browser tests).
export const played: Sound[] = [];

export function isMuted(): boolean {
  return muted;
}

/// Sound off (`on`) or on, kept; switched on by the player's click, which
/// also lets the browser start audio.
export function setMuted(on: boolean) {
  muted = on;
  store("chess3d.sound", on ? "off" : "on");
  if (!on) audio();
}

function audio(): AudioContext | null {
  if (!context) {
    try {
      context = new AudioContext();
    } catch {
      return null;
    }
  }
  if (context.state === "suspended") context.resume().catch(() => {});
  return context;
}

/// Plays `sound` unless muted.
export function playSound(sound: Sound) {
  if (muted) return;
  played.push(sound);
  if (played.length > 50) played.shift();
  const ctx = audio();
  if (!ctx) return;
  const t0 = ctx.currentTime + 0.01;
  for (const [at, length, from, to, wave] of NOTES[sound]) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = wave;
    osc.frequency.setValueAtTime(from, t0 + at);
    if (to !== from) osc.frequency.exponentialRampToValueAtTime(to, t0 + at + length);
    // A quick attack and a decay: no click at either end.
    gain.gain.setValueAtTime(0.0001, t0 + at);
    gain.gain.exponentialRampToValueAtTime(wave === "square" ? 0.08 : 0.25, t0 + at + 0.005);
    gain.gain.exponentialRampToValueAtTime(0.0001, t0 + at + length);
    osc.connect(gain).connect(ctx.destination);
    osc.start(t0 + at);
    osc.stop(t0 + at + length + 0.02);
  }
}

// Browsers start audio only in answer to the player's own action (a
// click, a key, the end of a touch): woken on each until it runs.
function wake() {
  if (muted) return;
  audio();
  if (context?.state === "running") for (const event of WAKERS) window.removeEventListener(event, wake, true);
}
const WAKERS = ["pointerup", "touchend", "click", "keydown"];
for (const event of WAKERS) window.addEventListener(event, wake, true);
