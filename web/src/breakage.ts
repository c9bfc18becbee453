// Breakages on purpose, for the browser tests only: each one stops the
// page drawing one thing, so that the tests can show that their pixel
// checks (web/e2e/seen.mjs) fail when it is not drawn (web/e2e/broken.mjs,
// the "breakages" section). A test sets `window.__chess3dBreak` before
// the page's script runs; nothing else sets it, and an ordinary page
// draws everything.

/// What a breakage stops: "draw", every frame of the 3-D view; "marks",
/// the destinations' marks; "check", the checked King's square; "fade",
/// the fading of the levels not shown alone; "cursor", the diagram's
/// cursor.
export type Breakage = "draw" | "marks" | "check" | "fade" | "cursor";

const chosen = (window as { __chess3dBreak?: unknown }).__chess3dBreak;

/// Whether the tests broke `what` on purpose.
export function broken(what: Breakage): boolean {
  return chosen === what;
}
