// End-to-end tests of the web page in a real browser (Debian's chromium,
// driven by playwright-core). Run by scripts/test after the cargo tests:
//
//   CHESS3D_BIN=target/debug/chess3d node web/e2e/run.mjs
//
// For every game: a game against the computer, moves made by clicking
// squares in the 3-D view and in the 2-D diagram, the computer's answers,
// screenshots of both views, a saved record loaded back. An Ox's push
// chosen in the picker and an elevator moved and travelling. Then a remote
// game in two browser contexts (each move on the other screen within a
// second), a third context without the seat's token that cannot move, the
// server killed mid-game and restarted, and the game going on. A promotion
// chosen in the picker. Exits non-zero on the first failure.

import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "../..");
const bin = resolve(root, process.env.CHESS3D_BIN ?? "target/debug/chess3d");
const web = resolve(root, "web/dist");
const shots = join(here, "screenshots");
mkdirSync(shots, { recursive: true });
const dataDir = mkdtempSync(join(tmpdir(), "chess3d-e2e-"));
const db = join(dataDir, "games.db");

function check(ok, what) {
  if (!ok) throw new Error(`FAILED: ${what}`);
  console.log(`ok - ${what}`);
}

/// Starts `chess3d serve`; resolves with the process and its base URL.
function startServer(port = 0) {
  return new Promise((resolveStart, reject) => {
    const child = spawn(bin, ["serve", "--port", String(port), "--db", db, "--web", web], {
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

const browser = await chromium.launch({
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

let server = await startServer();
const viewport = { width: 1280, height: 800 };

async function state(page) {
  return page.evaluate(() => window.chess3d.state());
}

async function waitPly(page, ply, timeout = 20000) {
  await page.waitForFunction((n) => (window.chess3d.state()?.ply ?? -1) >= n, ply, { timeout });
}

/// Waits for the 3-D view's animations to end, so squares are where they
/// are drawn.
async function settle(page) {
  await page.waitForFunction(() => !window.chess3d.moving(), null, { timeout: 5000 });
  await page.waitForTimeout(150);
}

/// A legal move of the side to move whose squares a click reaches: each
/// square's point on the screen must hit that square (nothing in front).
async function clickableMove(page, diagram) {
  return page.evaluate((diagram) => {
    const s = window.chess3d.state();
    const hits = (cell) => {
      if (diagram) return !!document.querySelector(`[data-cell="${CSS.escape(cell)}"]`);
      const p = window.chess3d.screenPoint(cell);
      return p && window.chess3d.cellAt(p.x, p.y) === cell;
    };
    const unique = s.view.legal.filter(
      (m) => s.view.legal.filter((n) => n.from === m.from && n.to === m.to).length === 1,
    );
    const present = (name) => s.view.cells.find((c) => c.name === name)?.present;
    return unique.find((m) => present(m.from) && present(m.to) && hits(m.from)) ?? null;
  }, diagram);
}

async function clickCell3d(page, cell) {
  const p = await page.evaluate((c) => window.chess3d.screenPoint(c), cell);
  if (!p) throw new Error(`no square ${cell} on the screen`);
  await page.mouse.click(p.x, p.y);
}

/// Plays a move by clicking its two squares; `diagram` for the 2-D view.
async function clickMove(page, diagram) {
  const m = await clickableMove(page, diagram);
  check(m !== null, `a legal move with a clickable square (${diagram ? "diagram" : "3-D"})`);
  const before = (await state(page)).ply;
  if (diagram) {
    await page.click(`[data-cell="${m.from}"]`);
    await page.click(`[data-cell="${m.to}"]`);
  } else {
    await settle(page);
    await clickCell3d(page, m.from);
    // The destination is highlighted (and may be a square that appears).
    await page.waitForFunction((to) => window.chess3d.targets().includes(to), m.to, { timeout: 3000 });
    await page.waitForTimeout(100);
    const p = await page.evaluate((c) => window.chess3d.screenPoint(c), m.to);
    const hit = await page.evaluate(([x, y]) => window.chess3d.cellAt(x, y), [p.x, p.y]);
    if (hit === m.to) await page.mouse.click(p.x, p.y);
    else {
      // Hidden behind another level from here: play it from the keyboard,
      // as a player would after orbiting.
      await page.fill("#move-text", m.text);
      await page.press("#move-text", "Enter");
    }
  }
  await waitPly(page, before + 1, 5000);
  const after = await state(page);
  check(after.moves[before] === m.text, `${m.text} played by clicking (${diagram ? "diagram" : "3-D"})`);
  return m;
}

async function newGame(page, game, mode, side = 0) {
  await page.goto(`${server.base}/#/`);
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

const started = Date.now();
try {
  const games = (await (await fetch(`${server.base}/api/v1/variants`)).json()).games.map((g) => g.id);
  check(games.length === 6, `six games offered (${games.join(", ")})`);

  for (const game of games) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await newGame(page, game, "computer");
    const s0 = await state(page);
    check(s0.game === game && s0.ply === 0, `${game}: a game against the computer starts`);
    await settle(page);
    await page.screenshot({ path: join(shots, `${game}-3d-start.png`) });
    await clickMove(page, false);
    await waitPly(page, 2);
    const s2 = await state(page);
    check(s2.ply === 2 && s2.seats[1].player === "engine", `${game}: the computer answered (${s2.moves[1]})`);
    await settle(page);
    await page.screenshot({ path: join(shots, `${game}-3d.png`) });
    await page.click("#toggle-view");
    await page.waitForSelector("#diagram .sq");
    await clickMove(page, true);
    await waitPly(page, 4);
    await page.screenshot({ path: join(shots, `${game}-2d.png`), fullPage: true });
    await page.click("#toggle-view");
    // Save: the record the Save button downloads.
    const id = (await state(page)).id;
    const download = page.waitForEvent("download");
    await page.click("#save");
    const record = await (await download).path().then((p) => import("node:fs").then((fs) => fs.readFileSync(p, "utf8")));
    const moves = (await state(page)).moves;
    check(record.includes(`[Game "${game}"]`) && record.includes(moves[3]), `${game}: saved the record`);
    // Load it into a new game from the start page.
    await page.goto(`${server.base}/#/`);
    await page.waitForSelector(`#variant option[value="${game}"]`, { state: "attached" });
    await page.selectOption("#mode", "local");
    await page.setInputFiles("#load-start", { name: `${game}.pgn`, mimeType: "text/plain", buffer: Buffer.from(record) });
    await page.waitForFunction((old) => {
      const s = window.chess3d.state();
      return s && s.id !== old;
    }, id);
    const loaded = await state(page);
    check(
      loaded.game === game && JSON.stringify(loaded.moves) === JSON.stringify(moves.slice(0, loaded.ply)) && loaded.ply >= 4,
      `${game}: the saved record loads (${loaded.ply} moves)`,
    );
    check(errors.length === 0, `${game}: no script errors on the page ${errors.join("; ")}`);
    await context.close();
  }

  // A promotion: the picker offers the choices.
  {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const record = '[Game "chess"]\n[FEN "7k/P7/8/8/8/8/8/K7 w - - 0 1"]\n\n*\n';
    await page.goto(`${server.base}/#/`);
    await page.waitForSelector('#variant option[value="chess"]', { state: "attached" });
    await page.selectOption("#mode", "local");
    await page.setInputFiles("#load-start", { name: "p.pgn", mimeType: "text/plain", buffer: Buffer.from(record) });
    await page.waitForFunction(() => window.chess3d.state()?.view);
    await page.click("#toggle-view");
    await page.click('[data-cell="a7"]');
    await page.click('[data-cell="a8"]');
    await page.waitForSelector("#picker:not([hidden])");
    const choices = await page.$$eval("#picker-choices button", (b) => b.map((x) => x.dataset.move));
    check(choices.sort().join(" ") === "a7a8b a7a8n a7a8q a7a8r", `the promotion picker offers ${choices.join(" ")}`);
    await page.screenshot({ path: join(shots, "promotion-picker.png") });
    await page.click('[data-move="a7a8n"]');
    await waitPly(page, 1);
    check((await state(page)).moves[0] === "a7a8n", "the picked promotion is played");
    await context.close();
  }

  // Elevator: an Ox's push or leap chosen in the picker, and an elevator
  // moved by clicking the square where it arrives (not there before the
  // move), then seen travelling in the 3-D view.
  {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await newGame(page, "elevator", "local");
    await settle(page);
    await page.click("#toggle-view");
    await page.waitForSelector("#diagram .sq");
    const shared = await page.evaluate(() => {
      const legal = window.chess3d.state().view.legal;
      return legal.filter((m) => m.from === "2a1" && m.to === "2a3").map((m) => m.text);
    });
    check(shared.length === 2, `2a1 to 2a3 is two moves, a push and a leap (${shared.join(", ")})`);
    await page.click('[data-cell="2a1"]');
    await page.click('[data-cell="2a3"]');
    await page.waitForSelector("#picker:not([hidden])");
    const push = shared.find((t) => t.includes(">"));
    await page.click(`[data-move="${push}"]`);
    await waitPly(page, 1);
    check((await state(page)).moves[0] === push, `the push ${push} is played from the picker`);
    // In the 3-D view: the arrival squares appear as ghosts once the
    // elevator's square is selected.
    await page.click("#toggle-view");
    // Black moves: seen from Black's side.
    await page.click("#flip");
    await settle(page);
    const lift = await page.evaluate(() => {
      const v = window.chess3d.state().view;
      const here = new Set(v.cells.filter((c) => c.present).map((c) => c.name));
      const hits = (cell) => {
        const p = window.chess3d.screenPoint(cell);
        return p && window.chess3d.cellAt(p.x, p.y) === cell;
      };
      return v.legal.find((m) => !here.has(m.to) && hits(m.from)) ?? null;
    });
    check(lift !== null, "an elevator move goes to squares that are not there yet");
    await clickCell3d(page, lift.from);
    await page.waitForFunction((to) => window.chess3d.targets().includes(to), lift.to);
    await page.waitForTimeout(100);
    const ghost = await page.evaluate((to) => {
      const p = window.chess3d.screenPoint(to);
      return p && window.chess3d.cellAt(p.x, p.y) === to;
    }, lift.to);
    check(ghost, `the arrival square ${lift.to} is shown and clickable`);
    await clickCell3d(page, lift.to);
    if (await page.isVisible("#picker")) await page.click(`[data-move="${lift.text}"]`);
    await waitPly(page, 2);
    check((await state(page)).moves[1] === lift.text, `the elevator move ${lift.text} is played by clicking where it arrives`);
    check((await page.evaluate(() => window.chess3d.travels())) === 1, "the elevator travels in the 3-D view");
    await page.screenshot({ path: join(shots, "elevator-travelling.png") });
    await context.close();
  }

  // Remote play in two contexts, and a third without a token.
  {
    const a = await (await browser.newContext({ viewport })).newPage();
    const b = await (await browser.newContext({ viewport })).newPage();
    const c = await (await browser.newContext({ viewport })).newPage();
    await newGame(a, "startrek", "remote", 0);
    await a.waitForSelector("#invite:not([hidden])");
    const link = await a.inputValue("#invite-link");
    check(link.includes("#/join/"), "the inviter gets a link");
    await b.goto(link);
    await b.waitForFunction(() => window.chess3d.state()?.seats[1].taken);
    const id = (await state(a)).id;
    await a.waitForFunction(() => window.chess3d.state()?.seats[1].taken);
    for (const p of [a, b]) {
      await p.click("#toggle-view");
      await p.waitForSelector("#diagram .sq");
    }
    const seen = async (mover, watcher) => {
      const ply = (await state(mover)).ply;
      await clickMove(mover, true);
      const t0 = Date.now();
      await waitPly(watcher, ply + 1, 1000);
      return Date.now() - t0;
    };
    const t1 = await seen(a, b);
    check(t1 < 1000, `White's move reached Black's screen in ${t1} ms`);
    const t2 = await seen(b, a);
    check(t2 < 1000, `Black's move reached White's screen in ${t2} ms`);
    // The third context watches and cannot move.
    await c.goto(`${server.base}/#/game/${id}`);
    await c.waitForFunction(() => window.chess3d.state()?.ply === 2);
    const status = await c.textContent("#status");
    check(status.includes("watching"), `the third screen says it is watching ("${status}")`);
    await c.click("#toggle-view");
    const m = await clickableMove(c, true);
    await c.click(`[data-cell="${m.from}"]`);
    const msg = await c.textContent("#message");
    check(msg.includes("watching"), `a click by the watcher selects nothing ("${msg}")`);
    const tries = await c.evaluate(async ({ id, move }) => {
      const post = (body) =>
        fetch(`/api/v1/games/${id}/actions`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }).then((r) => r.status);
      return [await post({ action: "move", move }), await post({ action: "move", move, token: "0".repeat(32) })];
    }, { id, move: m.text });
    check(tries[0] === 401 && tries[1] === 403, `the watcher's moves are refused (${tries.join(", ")})`);
    check((await state(a)).ply === 2, "the game is unchanged");
    await a.screenshot({ path: join(shots, "remote-white.png") });
    await b.screenshot({ path: join(shots, "remote-black.png") });

    // The server dies mid-game and starts again: the game resumes.
    server.child.kill("SIGKILL");
    await new Promise((r) => server.child.once("exit", r));
    await a.waitForFunction(() => document.querySelector("#link").textContent.includes("reconnecting"));
    server = await startServer(server.port);
    await a.waitForFunction(() => document.querySelector("#link").textContent === "live", null, { timeout: 10000 });
    await b.waitForFunction(() => document.querySelector("#link").textContent === "live", null, { timeout: 10000 });
    const resumed = await state(a);
    check(resumed.ply === 2, "after the restart the game has its two moves");
    const t3 = await seen(a, b);
    check(t3 < 1000, `after the restart the game goes on (seen in ${t3} ms)`);
    await c.close();
  }
  console.log(`all browser tests passed in ${((Date.now() - started) / 1000).toFixed(1)} s; screenshots in ${shots}`);
} finally {
  await browser.close();
  server.child.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
}
