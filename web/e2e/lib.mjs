// The browser tests' harness: the chess3d server they start, the browser,
// and what every section does with a page (open a game, wait for a move,
// click or drag a cell). run.mjs runs the sections.

import { spawn } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

export const here = dirname(fileURLToPath(import.meta.url));
export const root = resolve(here, "../..");
const bin = resolve(root, process.env.CHESS3D_BIN ?? "target/debug/chess3d");
const web = resolve(root, "web/dist");
export const shots = join(here, "screenshots");
mkdirSync(shots, { recursive: true });
export const dataDir = mkdtempSync(join(tmpdir(), "chess3d-e2e-"));
const db = join(dataDir, "games.db");
// The games folder: games a player brings as files (Los Alamos chess,
// games/losalamos.toml, and crazyhouse, minishogi and Seirawan chess,
// whose hands, promotions and gates drops.mjs plays), which the page must
// list and draw with no code of its own.
const gamesDir = join(dataDir, "variants");
mkdirSync(gamesDir);
for (const file of ["losalamos.toml", "crazyhouse.toml", "minishogi.toml", "seirawan.toml"]) copyFileSync(resolve(root, "games", file), join(gamesDir, file));
export function check(ok, what) {
  if (!ok) throw new Error(`FAILED: ${what}`);
  console.log(`ok - ${what}`);
}

/// Starts `chess3d serve`; resolves with the process and its base URL.
export function startServer(port = 0) {
  return new Promise((resolveStart, reject) => {
    // One address plays every game here, faster than any person: the
    // limits per client are lifted (they have tests of their own).
    // Many players from one address: the limits per client lifted, but
    // for hints (one at a time, which a section checks).
    const limits = [
      ...["--games-per-minute", "100000", "--actions-per-second", "100000", "--reads-per-second", "100000"],
      ...["--engine-turns-per-client", "100000", "--sockets-per-client", "100000"],
    ];
    const args = ["serve", "--port", String(port), "--db", db, "--web", web, "--games-dir", gamesDir, ...limits];
    const child = spawn(bin, args, {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
      const m = out.match(/serving (http:\/\/[0-9.]+:(\d+))\//);
      if (m) resolveStart({ child, base: m[1], port: Number(m[2]) });
    });
    child.on("exit", (code) => reject(new Error(`the server exited (${code}) before listening: ${out}`)));
  });
}

export const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--use-angle=swiftshader",
    "--enable-unsafe-swiftshader",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});

/// The server the tests use (restarted by the remote section).
export const env = { server: await startServer() };
export const DESKTOP = { width: 1400, height: 900 };
export const PHONE = { width: 390, height: 844 };

/// A new page with its script errors collected.
export async function newPage(viewport = DESKTOP, options = {}) {
  const context = await browser.newContext({ viewport, ...options });
  const page = await context.newPage();
  page.errors = [];
  page.on("pageerror", (e) => page.errors.push(e.message));
  // The server's Content-Security-Policy must allow everything the page
  // does: a refusal shows as a console error.
  page.on("console", (m) => {
    if (m.type() === "error" && /Content.Security.Policy/i.test(m.text())) page.errors.push(m.text());
  });
  return page;
}

export async function done(page, what) {
  check(page.errors.length === 0, `${what}: no script errors on the page ${page.errors.join("; ")}`);
  await page.context().close();
}

export async function state(page) {
  return page.evaluate(() => window.chess3d.state());
}

/// Waits until the page's state has reached `ply`. Looked at once a frame
/// by default; `polling` (ms) looks on a timer instead, so that a wait
/// measured in time is not also the software drawing's frame rate on a
/// loaded machine (the state is taken in when its message arrives, and
/// drawn in the next frame).
export async function waitPly(page, ply, timeout = 20000, polling = "raf") {
  await page.waitForFunction((n) => (window.chess3d.state()?.ply ?? -1) >= n, ply, { timeout, polling });
}

/// Waits for the 3-D view's animations to end, so squares are where they
/// are drawn. Every section that works in 3-D settles first: it fails
/// here if the page shows the diagram instead (as it does without WebGL),
/// where its clicks would test the diagram.
export async function settle(page) {
  const view = await page.evaluate(() => window.chess3d.view());
  if (view !== "3d") throw new Error(`FAILED: the 3-D view is not shown (the page shows "${view}")`);
  await page.waitForFunction(() => !window.chess3d.moving(), null, { timeout: 5000 });
  await page.waitForTimeout(150);
}

/// A Star Trek game at one screen whose White attack board at b1(2)
/// stands empty (its pieces moved to the main board), so that it may
/// move: the position the tests of boards moved by their knobs start from.
export const STARTREK_EMPTY_BOARD = {
  game: "startrek",
  mode: "local",
  record: `[Game "startrek"]\n[FEN "${"4/4/4/4|4/4/PPPP/NBBN|4/4/4/4/4/4/2PP/2KR|4/4/4/4|4/4/4/4/4/4/4/4|nbbn/pppp/4/4|rqkr/pppp/4/4 w Kkq - 0 1 b1(2):w,e1(2):w,b8(6):b,e8(6):b - -"}"]\n\n*\n`,
};

/// Creates a game (createGame) and opens it. `body` as POST
/// /api/v1/games takes it.
export async function openGame(page, body) {
  const { id } = await createGame(page, body);
  await page.goto(`${env.server.base}/#/game/${id}`);
  await page.waitForFunction((id) => window.chess3d.state()?.id === id, id, { timeout: 10000 });
  return id;
}

/// Creates a game through the API in the page's browser, holding its seat
/// there; the answer of POST /api/v1/games (id, token, invite, ...).
export async function createGame(page, body) {
  await page.goto(`${env.server.base}/#/`);
  return page.evaluate(async (body) => {
    const r = await fetch("/api/v1/games", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const c = await r.json();
    if (!r.ok) throw new Error(c.error);
    localStorage.setItem(`chess3d.seat.${c.id}`, JSON.stringify({ token: c.token, sides: c.sides, invite: c.invite }));
    return c;
  }, body);
}

/// Starts a game from the start form, as a player does.
export async function newGame(page, game, mode, side = 0) {
  await page.goto(`${env.server.base}/#/`);
  await page.waitForSelector(`#variant option[value="${game}"]`, { state: "attached" });
  await page.selectOption("#variant", game);
  await page.selectOption("#mode", mode);
  if (mode !== "local") await page.selectOption("#side", String(side));
  if (mode === "computer") {
    await page.fill("#skill", "10");
    await page.fill("#movetime", "200");
  }
  await page.click("#start-game");
  await page.waitForFunction(() => window.chess3d.state()?.view, null, { timeout: 10000 });
}

/// Plays `moves` typed in the move box, one after another.
export async function typeMoves(page, moves) {
  for (const move of moves) {
    const ply = (await state(page)).ply;
    await page.fill("#move-text", move);
    await page.press("#move-text", "Enter");
    await waitPly(page, ply + 1, 5000);
  }
}

export async function clickCell(page, cell) {
  const p = await page.evaluate((c) => window.chess3d.screenPoint(c), cell);
  if (!p) throw new Error(`no square ${cell} on the screen`);
  await page.mouse.click(p.x, p.y);
}

/// Clicks a board's knob (an attack board's or an elevator's).
export async function clickKnob(page, from) {
  const knob = (await page.evaluate(() => window.chess3d.knobs())).find((k) => k.from === from);
  if (!knob) throw new Error(`no knob for the board at ${from}`);
  await page.mouse.click(knob.x, knob.y);
}

/// A point of the 3-D canvas over no cell and no knob (the camera orbits
/// from there), near its middle.
export async function emptyPoint(page) {
  const p = await page.evaluate(() => {
    const r = document.querySelector("#board3d canvas").getBoundingClientRect();
    for (let k = 0; k < 400; k++) {
      // Outward from the middle, on a spiral.
      const a = k * 0.5;
      const x = r.left + r.width / 2 + Math.cos(a) * k * 1.5;
      const y = r.top + r.height / 2 + Math.sin(a) * k * 1.1;
      if (x < r.left + 10 || x > r.right - 80 || y < r.top + 10 || y > r.bottom - 10) continue;
      if (window.chess3d.cellAt(x, y) === null && document.elementFromPoint(x, y)?.tagName === "CANVAS") return { x, y };
    }
    return null;
  });
  if (!p) throw new Error("no empty point on the canvas");
  return p;
}


/// The page point of a cell (its destination mark once a piece is
/// selected).
export async function pointOf(page, cell) {
  const p = await page.evaluate((c) => window.chess3d.screenPoint(c), cell);
  if (!p) throw new Error(`no square ${cell} on the screen`);
  return p;
}

/// Steps from `a` to `b`, the last one at `b`.
function path(a, b, steps) {
  return Array.from({ length: steps }, (_, i) => ({ x: a.x + ((b.x - a.x) * (i + 1)) / steps, y: a.y + ((b.y - a.y) * (i + 1)) / steps }));
}

/// Drags as a player does, with the mouse or a finger (`touch`): a press on
/// `from`, a first move that lifts the piece, then to where `to` is drawn
/// once the piece is selected (its destination mark), in steps; `before`
/// runs with the pointer over `to`, before the release. `from` and `to`
/// are cells, or page points.
export async function drag(page, from, to, { touch = false, before = async () => {} } = {}) {
  const a = typeof from === "string" ? await pointOf(page, from) : from;
  const cdp = touch ? await page.context().newCDPSession(page) : null;
  const finger = (type, p) => cdp.send("Input.dispatchTouchEvent", { type, touchPoints: p ? [{ x: p.x, y: p.y }] : [] });
  const down = (p) => (touch ? finger("touchStart", p) : page.mouse.move(p.x, p.y).then(() => page.mouse.down()));
  const move = (p) => (touch ? finger("touchMove", p) : page.mouse.move(p.x, p.y));
  await down(a);
  await move({ x: a.x + 12, y: a.y - 12 });
  // A premove's destinations come from the server: wait for them.
  if (typeof to === "string") await page.waitForFunction((c) => window.chess3d.targets().includes(c), to, { timeout: 5000 });
  const b = typeof to === "string" ? await pointOf(page, to) : to;
  for (const p of path({ x: a.x + 12, y: a.y - 12 }, b, 6)) await move(p);
  // The view follows the pointer once a frame.
  await page.waitForTimeout(80);
  await before();
  if (touch) await finger("touchEnd", null);
  else await page.mouse.up();
  await cdp?.detach();
}
