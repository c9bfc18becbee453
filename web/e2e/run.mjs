// End-to-end tests of the web page in a real browser (Debian's chromium,
// driven by playwright-core). Run by scripts/test after the cargo tests:
//
//   CHESS3D_BIN=target/debug/chess3d node web/e2e/run.mjs
//
// ONLY=name,name runs some sections (see `sections` at the end). Every
// section checks what a player meets: the board seen and clicked (every
// piece and both ends of every legal move, for every game, both sides, at
// 1400×900 and at phone size), the legend, the move menu, check, moves of
// attack boards and elevators by pointing, the 2-D diagram, errors, the
// phone-size start page, remote play and a server restart, and play in
// an emulated headset (vr.mjs). Screenshots of
// every game from both sides and of the legend go to web/e2e/screenshots
// (not committed). Exits non-zero on the first failure.

import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { sections as analysisSections } from "./analysis.mjs";
import { sections as around } from "./around.mjs";
import { sections as broken } from "./broken.mjs";
import { sections as dropSections } from "./drops.mjs";
import { sections as lobbySections } from "./lobby.mjs";
import { clickability, ghostsInside, levelOf, pointAt, showLevel } from "./clickable.mjs";
import { boardDrawn, checkDrawn2d, checkDrawn3d, hoverDiagram, showAloneByKey } from "./seen.mjs";
import { sections as moving } from "./moving.mjs";
import { sections as headset } from "./vr.mjs";
import { sections as wonkavator } from "./wonkavator.mjs";
import { browser, check, clickCell, clickKnob, dataDir, DESKTOP, done, emptyPoint, env, newGame, newPage, openGame, PHONE, settle, shots, STARTREK_EMPTY_BOARD, startServer, state, waitPly } from "./lib.mjs";

const only = process.env.ONLY ? new Set(process.env.ONLY.split(",")) : null;

// ---------------------------------------------------------------- sections

const table = [];

/// For every game, both sides, both window sizes: a game against the
/// computer in the default 3-D view, every piece and move clickable.
async function everythingClickable() {
  const offered = (await (await fetch(`${env.server.base}/api/v1/variants`)).json()).games.map((g) => g.id);
  check(offered.length === 11 && offered.slice(7).join() === "crazyhouse,losalamos,minishogi,seirawan", `eleven games offered, the folder's four last (${offered.join(", ")})`);
  // Crazyhouse's and Seirawan chess's boards and pieces are chess's,
  // clicked here already; their hands and gates are played in drops.mjs.
  const games = offered.filter((g) => g !== "crazyhouse" && g !== "seirawan");
  for (const [size, viewport] of [
    ["1400x900", DESKTOP],
    ["390x844", PHONE],
  ]) {
    // Two pages at a time: each waits on the browser's drawing as much as
    // on its own clicks. Each page goes from game to game by the start
    // page, as a player does, rather than opening anew for each: the
    // software drawing's start (its shaders) is paid once a page.
    const cases = games.flatMap((game) => [0, 1].map((side) => ({ game, side })));
    const run = async (page, { game, side }) => {
      await openGame(page, { game, mode: "computer", side, skill: 1, movetime: 100 });
      await page.waitForFunction((side) => window.chess3d.state()?.view.to_move === side, side, { timeout: 20000 });
      await settle(page);
      // On a phone, squares far enough apart to tap: the smallest step
      // between neighbouring squares of what is shown (every level, or the
      // one shown alone).
      const px = await page.evaluate(() => window.chess3d.squarePixels());
      const focus = await page.evaluate(() => window.chess3d.marks().focus);
      if (viewport === PHONE) check(px >= 28, `${game} ${size} side ${side}: squares ${px.toFixed(1)} px apart at the least (${focus === null ? "every level" : `level ${focus} alone`})`);
      await page.screenshot({ path: join(shots, `${game}-${side === 0 ? "first" : "second"}-${size}.png`) });
      const r = await clickability(page);
      table.push({ game, side, size, px, ...r });
      check(
        r.clickablePieces === r.pieces && r.clickableMoves === r.moves && r.underBadge.length === 0,
        `${game} ${size} side ${side}: ${r.clickablePieces}/${r.pieces} pieces and ${r.clickableMoves}/${r.moves} moves clickable, ` +
          `no piece under another's badge${r.reached ? `; ${r.reached}` : ""}` +
          (r.hidden.length || r.missed.length || r.underBadge.length
            ? ` (hidden ${r.hidden.slice(0, 6)}; missed ${r.missed.slice(0, 6)}; under a badge ${r.underBadge.slice(0, 6)})`
            : ""),
      );
      check(r.board.ok, `${game} ${size} side ${side}: the board is drawn: ${r.board.what}`);
      check(r.marks.ok, `${game} ${size} side ${side}: ${r.marks.what}`);
      check(page.errors.length === 0, `${game} ${size} side ${side}: no script errors on the page ${page.errors.join("; ")}`);
    };
    const worker = async () => {
      const page = await newPage(viewport);
      while (cases.length) await run(page, cases.shift());
      await done(page, `games one after another at ${size}`);
    };
    await Promise.all([worker(), worker()]);
  }
  const order = (r) => `${r.size === "390x844" ? 1 : 0}${games.indexOf(r.game)}${r.side}`;
  table.sort((a, b) => order(a).localeCompare(order(b)));
  console.log("\ngame        size      side  pieces     moves      least step");
  for (const r of table) {
    console.log(
      `${r.game.padEnd(11)} ${r.size.padEnd(9)} ${String(r.side).padEnd(5)} ${`${r.clickablePieces}/${r.pieces}`.padEnd(10)} ${`${r.clickableMoves}/${r.moves}`.padEnd(10)} ${r.px.toFixed(1)} px`,
    );
  }
  console.log("");
}

/// A game against the computer in every game: a move clicked in 3-D, the
/// answer, a move clicked in the diagram, the record saved and loaded.
async function playEveryGame() {
  const games = (await (await fetch(`${env.server.base}/api/v1/variants`)).json()).games.map((g) => g.id);
  for (const game of games) {
    const page = await newPage();
    await newGame(page, game, "computer");
    const s0 = await state(page);
    check(s0.game === game && s0.ply === 0, `${game}: a game against the computer starts from the form`);
    await settle(page);
    const m = await page.evaluate(() => window.chess3d.state().view.legal.find((m) => !m.board));
    await clickCell(page, m.from);
    const same = await page.evaluate(([from, to]) => window.chess3d.state().view.legal.filter((m) => m.from === from && m.to === to), [m.from, m.to]);
    await clickCell(page, m.to);
    if (same.length > 1) await page.keyboard.press("1");
    await waitPly(page, 2);
    const s2 = await state(page);
    check(s2.moves[0] === same[0].text && s2.seats[1].player === "engine", `${game}: ${s2.moves[0]} clicked in 3-D, the computer answered ${s2.moves[1]}`);
    await page.click("#toggle-view");
    await page.waitForSelector("#diagram .sq");
    const d = await page.evaluate(() => {
      const s = window.chess3d.state();
      return s.view.legal.find((m) => !m.board && s.view.legal.filter((n) => n.from === m.from && n.to === m.to).length === 1);
    });
    await page.click(`#diagram [data-cell="${d.from}"]`);
    await page.click(`#diagram [data-cell="${d.to}"]`);
    await waitPly(page, 4);
    check((await state(page)).moves[2] === d.text, `${game}: ${d.text} clicked in the diagram`);
    await page.screenshot({ path: join(shots, `${game}-diagram.png`) });
    await page.click("#toggle-view");
    const id = (await state(page)).id;
    const download = page.waitForEvent("download");
    await page.click("#save");
    const record = readFileSync(await (await download).path(), "utf8");
    // The record writes the moves as the list shows them (SAN for chess).
    const { moves, labels: shown } = await state(page);
    check(record.includes(`[Game "${game}"]`) && record.includes(shown[3]), `${game}: saved the record (${shown[3]})`);
    await page.goto(`${env.server.base}/#/`);
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
    await done(page, game);
  }
}

/// The legend: every kind of each game with its symbol, its sentence, and
/// how it moves shown on the board.
async function legend() {
  const games = (await (await fetch(`${env.server.base}/api/v1/variants`)).json()).games.map((g) => g.id);
  for (const game of games) {
    const about = await (await fetch(`${env.server.base}/api/v1/variants/${game}`)).json();
    const page = await newPage();
    await openGame(page, { game, mode: "local" });
    const kindsOnBoard = new Set((await state(page)).view.cells.filter((c) => c.piece).map((c) => c.piece.name));
    await page.keyboard.press("h");
    await page.waitForSelector("#legend:not([hidden])");
    const rows = await page.$$eval("table.kinds tr", (rows) =>
      rows.map((r) => ({ name: r.querySelector("th").firstChild.textContent.trim(), symbols: r.querySelectorAll("svg.glyph").length, text: r.cells[2].textContent })),
    );
    check(
      rows.length === about.kinds.length && about.kinds.every((k, i) => rows[i].name === k.name && rows[i].symbols === 2 && rows[i].text === k.moves),
      `${game}: the legend lists its ${rows.length} kinds (${rows.map((r) => r.name).join(", ")}) with both sides' symbols`,
    );
    check([...kindsOnBoard].every((n) => rows.some((r) => r.name === n)), `${game}: every kind on the board is in the legend`);
    await page.screenshot({ path: join(shots, `legend-${game}.png`) });
    // How a kind moves: the second kind (a Queen, a Horse, ...) alone.
    const kind = about.kinds[1];
    await page.click(`#legend button[data-kind="${kind.letter}"]`);
    await page.waitForFunction(() => window.chess3d.targets().length > 0, null, { timeout: 5000 });
    const demo = await page.evaluate(() => document.querySelector("#demo-banner").textContent);
    check(demo.includes(kind.name), `${game}: how the ${kind.name} moves is shown (${(await page.evaluate(() => window.chess3d.targets())).length} squares)`);
    await page.screenshot({ path: join(shots, `how-it-moves-${game}.png`) });
    await page.keyboard.press("Escape");
    check((await page.evaluate(() => window.chess3d.targets().length)) === 0, `${game}: Esc ends the demonstration`);
    await done(page, `${game} legend`);
  }
}

/// The move menu: words, the digits, Esc.
async function picker() {
  const page = await newPage();
  await openGame(page, { game: "chess", mode: "local", record: '[Game "chess"]\n[FEN "7k/P7/8/8/8/8/8/K7 w - - 0 1"]\n\n*\n' });
  await settle(page);
  await clickCell(page, "a7");
  await clickCell(page, "a8");
  await page.waitForSelector("#picker:not([hidden])");
  const choices = await page.$$eval("#picker-choices button", (b) => b.map((x) => x.textContent));
  check(choices.length === 4 && choices.every((c) => /promoting to (Queen|Rook|Bishop|Knight)/.test(c)), `the menu names each promotion in words: ${choices.join(" | ")}`);
  await page.screenshot({ path: join(shots, "promotion-menu.png") });
  await page.keyboard.press("Escape");
  check(await page.isHidden("#picker"), "Esc closes the menu");
  check((await state(page)).ply === 0, "and plays nothing");
  await clickCell(page, "a7");
  await clickCell(page, "a8");
  await page.waitForSelector("#picker:not([hidden])");
  const second = await page.$eval("#picker-choices button:nth-child(2)", (b) => b.dataset.move);
  await page.keyboard.press("2");
  await waitPly(page, 1);
  check((await state(page)).moves[0] === second, `the digit 2 plays the second choice (${second})`);
  await done(page, "picker");
}

/// Check: the King in check is marked in 3-D and in the diagram.
async function checkMark() {
  const page = await newPage();
  await openGame(page, { game: "chess", mode: "local", record: '[Game "chess"]\n[FEN "4k3/8/8/8/8/8/8/4K2R w K - 0 1"]\n\n1. h1h8 *\n' });
  await settle(page);
  const s = await state(page);
  check(s.view.check && s.view.checked === "e8", "Black is in check, its King on e8");
  check((await page.evaluate(() => window.chess3d.marks().checked)) === "e8", "the 3-D view marks the King on e8");
  const drawn3d = await checkDrawn3d(page, "e8", "e1");
  check(drawn3d.ok, `and draws it: ${drawn3d.what}`);
  check((await page.textContent("#status")).includes("in check"), "the status says so");
  await page.screenshot({ path: join(shots, "check-3d.png") });
  await page.keyboard.press("v");
  await page.waitForSelector("#diagram .sq");
  check(await page.$eval('#diagram [data-cell="e8"]', (e) => e.classList.contains("check")), "the diagram marks the King on e8");
  const drawn2d = await checkDrawn2d(page, "e8");
  check(drawn2d.ok, `and draws it: ${drawn2d.what}`);
  const last = await page.$$eval("#diagram .sq.last", (e) => e.map((x) => x.dataset.cell).sort());
  check(last.join(",") === "h1,h8", `the last move's squares are marked (${last})`);
  await page.screenshot({ path: join(shots, "check-diagram.png") });
  await done(page, "check");
}

/// Star Trek: an attack board moved by pointing at its knob, then at
/// where it goes.
async function attackBoard() {
  const page = await newPage();
  await openGame(page, STARTREK_EMPTY_BOARD);
  await settle(page);
  const knobs = await page.evaluate(() => window.chess3d.knobs());
  check(knobs.length === 1, `the empty attack board has a knob (${knobs.map((k) => k.from)})`);
  await clickKnob(page, knobs[0].from);
  const targets = await page.evaluate(() => window.chess3d.targets());
  const move = await page.evaluate(() => window.chess3d.state().view.legal.find((m) => m.text === "Lb1(2)-b3(4)"));
  check(move.board.lands.every((c) => targets.includes(c)), `its destinations are shown as ghost boards (${targets.length} squares)`);
  await page.screenshot({ path: join(shots, "startrek-board-move.png") });
  await ghostsInside(page, "Star Trek 1400x900");
  // At phone size too.
  const phone = await newPage(PHONE, { hasTouch: true, isMobile: true });
  await openGame(phone, STARTREK_EMPTY_BOARD);
  await settle(phone);
  await showLevel(phone, await levelOf(phone, knobs[0].from));
  await clickKnob(phone, knobs[0].from);
  await ghostsInside(phone, "Star Trek 390x844");
  await phone.screenshot({ path: join(shots, "startrek-board-move-390x844.png") });
  await done(phone, "attack board at phone size");
  await clickCell(page, move.board.lands[0]);
  await waitPly(page, 1);
  check((await state(page)).moves[0] === "Lb1(2)-b3(4)", "Lb1(2)-b3(4) is played by pointing at its knob and at a square where it lands");
  await settle(page);
  check((await page.evaluate(() => window.chess3d.travels())) === 1, "the board travels in the 3-D view");
  const landed = await boardDrawn(page, move.board.lands);
  check(landed.ok, `and is drawn where it landed: ${landed.what}`);
  // The same in the diagram: the board's knob, then a square it lands on.
  await openGame(page, STARTREK_EMPTY_BOARD);
  await page.keyboard.press("v");
  await page.click("#diagram [data-board]");
  await page.click(`#diagram [data-cell="${move.board.lands[1]}"]`);
  await waitPly(page, 1);
  check((await state(page)).moves[0] === "Lb1(2)-b3(4)", "and in the diagram by its knob and a square where it lands");
  await page.keyboard.press("v");
  await done(page, "attack board");
}

/// Elevator: an Ox's push or leap from the menu, and an elevator moved by
/// its knob, seen travelling.
async function elevator() {
  const page = await newPage();
  await openGame(page, { game: "elevator", mode: "local" });
  await settle(page);
  // A wide window: the four levels in two stacks side by side.
  check((await page.evaluate(() => window.chess3d.stacks())) === 2, "at 1400×900 Elevator's levels stand in two stacks side by side");
  // To the diagram and back: the 3-D view is arranged for its size again.
  await page.keyboard.press("v");
  await page.waitForSelector("#diagram .sq");
  await page.keyboard.press("v");
  await settle(page);
  check((await page.evaluate(() => window.chess3d.stacks())) === 2, "and again after the diagram and back (V, V)");
  await clickCell(page, "2a1");
  await clickCell(page, "2a3");
  await page.waitForSelector("#picker:not([hidden])");
  const words = await page.$$eval("#picker-choices button", (b) => b.map((x) => x.textContent));
  check(words.some((w) => w.includes("pushes")) && words.some((w) => w.includes("leaps")), `the menu tells the push from the leap: ${words.join(" | ")}`);
  const push = await page.$eval("#picker-choices button", (b) => b.dataset.move);
  await page.keyboard.press("1");
  await waitPly(page, 1);
  check((await state(page)).moves[0] === push, `the first choice ${push} is played`);
  await page.click("#flip");
  await settle(page);
  const knob = (await page.evaluate(() => window.chess3d.knobs()))[0];
  check(!!knob, "Black's elevators have knobs");
  await clickKnob(page, knob.from);
  const move = await page.evaluate((from) => window.chess3d.state().view.legal.find((m) => m.from === from && m.board), knob.from);
  const arrival = await pointAt(page, [move.board.lands[0]]);
  check(arrival.length === 0, `the elevator's arrival square ${move.board.lands[0]} is shown and the pointer there names it ${arrival}`);
  await page.screenshot({ path: join(shots, "elevator-move.png") });
  await ghostsInside(page, "Elevator 1400x900");
  const phone = await newPage(PHONE, { hasTouch: true, isMobile: true });
  await openGame(phone, { game: "elevator", mode: "local" });
  await settle(phone);
  const lift = (await phone.evaluate(() => window.chess3d.knobs()))[0].from;
  await showLevel(phone, await levelOf(phone, lift));
  await clickKnob(phone, lift);
  await ghostsInside(phone, "Elevator 390x844");
  await phone.screenshot({ path: join(shots, "elevator-move-390x844.png") });
  await done(phone, "elevator at phone size");
  await clickCell(page, move.board.lands[0]);
  if (await page.isVisible("#picker")) await page.click(`[data-move="${move.text}"]`);
  await waitPly(page, 2);
  check((await state(page)).moves[1] === move.text, `the elevator move ${move.text} is played by pointing`);
  check((await page.evaluate(() => window.chess3d.travels())) === 1, "the elevator travels in the 3-D view");
  await done(page, "elevator");
}

/// The diagram: every cell, coordinates, sized to the window, arrow keys
/// wherever the pointer is, one tab stop.
async function diagram() {
  for (const [game, viewport] of [
    ["ziggurat", DESKTOP],
    ["polyhedron", DESKTOP],
    ["ziggurat", PHONE],
  ]) {
    const page = await newPage(viewport);
    await openGame(page, { game, mode: "local" });
    await page.keyboard.press("v");
    await page.waitForSelector("#diagram .sq");
    const s = await state(page);
    const info = await page.evaluate(() => {
      const host = document.querySelector("#diagram");
      const cells = [...host.querySelectorAll(".sq")];
      const box = host.getBoundingClientRect();
      const inside = cells.filter((c) => {
        const r = c.getBoundingClientRect();
        return r.width >= 10 && r.left >= box.left - 1 && r.right <= box.right + 1;
      }).length;
      // Width over height of the squares, the least and the most.
      const shapes = cells.map((c) => c.getBoundingClientRect()).map((r) => r.width / r.height);
      const shape = [Math.min(...shapes), Math.max(...shapes)];
      return { cells: cells.length, inside, shape, files: host.querySelectorAll(".coord.file").length, ranks: host.querySelectorAll(".coord.rank").length, focusable: cells.filter((c) => c.tabIndex >= 0).length, sq: getComputedStyle(host).getPropertyValue("--sq") };
    });
    const present = s.view.cells.filter((c) => c.present).length;
    check(info.cells === present && info.inside === present, `${game} ${viewport.width}: the diagram shows all ${present} cells whole (squares ${info.sq})`);
    check(info.shape[0] > 0.95 && info.shape[1] < 1.05, `${game} ${viewport.width}: the diagram's squares are square (width/height ${info.shape.map((x) => x.toFixed(2)).join(" to ")})`);
    check(info.files > 0 && info.ranks > 0, `${game}: the diagram has coordinates (${info.files} file letters, ${info.ranks} rank numbers)`);
    check(info.focusable === 0 && (await page.$eval("#diagram", (d) => d.tabIndex)) === 0, `${game}: the diagram is one tab stop`);
    // The pointer over a square, the focus elsewhere: the keys still work.
    const cursor = await hoverDiagram(page, s.view.cells[0].name);
    check(cursor.ok, `${game} ${viewport.width}: the pointer over a square draws the cursor there: ${cursor.what}`);
    await page.focus("#flip");
    const before = await page.evaluate(() => window.chess3d.marks().cursor);
    await page.keyboard.press("ArrowRight");
    const after = await page.evaluate(() => window.chess3d.marks().cursor);
    check(before !== after, `${game}: ArrowRight moves the cursor (${before} to ${after}) with the pointer on the diagram`);
    await page.screenshot({ path: join(shots, `${game}-diagram-${viewport.width}.png`), fullPage: true });
    await done(page, `${game} diagram`);
  }
}

/// The keyboard in 3-D: the cursor is drawn, a level can be shown alone.
async function keys3d() {
  const page = await newPage();
  await openGame(page, { game: "ziggurat", mode: "local" });
  await settle(page);
  check((await page.$eval("#board3d canvas", (c) => c.tabIndex)) === 0, "the 3-D board is one tab stop");
  await page.focus("#board3d canvas");
  const start = await page.evaluate(() => window.chess3d.marks().cursor);
  await page.keyboard.press("ArrowUp");
  const up = await page.evaluate(() => window.chess3d.marks().cursor);
  check(up !== start, `ArrowUp moves the cursor (${start} to ${up})`);
  // Level 1 alone: level 0, larger, is seen around it.
  await page.keyboard.press("PageUp");
  const { level, faded } = await showAloneByKey(page);
  const other = (await state(page)).view.cells.find((c) => c.piece && String(c.at[2]) !== level).name;
  const notThere = await pointAt(page, [other]);
  check(notThere.length === 1 && notThere[0].includes("the pointer there names"), `L shows level ${level} alone: the pointer at ${other} on another level does not name it (${notThere})`);
  check(faded.ok, `and the other levels are drawn faded: ${faded.what}`);
  await page.screenshot({ path: join(shots, "ziggurat-focus-level.png") });
  await page.keyboard.press("PageUp");
  const above = await page.evaluate(() => window.chess3d.marks().cursor);
  check(above[0] !== level, `PageUp steps to the level above (${above})`);
  await page.keyboard.press("l");
  await settle(page);
  const there = await pointAt(page, [other]);
  check(there.length === 0, `L again shows every level: the pointer at ${other} names it ${there}`);
  await done(page, "3-D keys");
}

/// Errors a player understands, and a favicon.
async function errors() {
  const page = await newPage();
  await page.goto(`${env.server.base}/#/game/nosuchgame`);
  await page.waitForSelector("#missing:not([hidden])");
  const text = await page.textContent("#missing-text");
  check(/no such game/i.test(text) && (await page.isHidden("#game")), `a bad game link says "${text}" and shows no board`);
  await openGame(page, { game: "chess", mode: "local" });
  await page.fill("#move-text", "x".repeat(150));
  await page.press("#move-text", "Enter");
  await page.waitForFunction(() => document.querySelector("#message").textContent.length > 0);
  const message = await page.textContent("#message");
  const fits = await page.$eval("#message", (m) => m.scrollWidth <= m.clientWidth + 1);
  check(!message.includes("x".repeat(41)) && fits, `a long bad move is cut short in the message: "${message}"`);
  check(!/give "|\bply\b|token/.test(message), "the message has no API wording");
  const m = (await state(page)).view.legal[0];
  await clickCell(page, m.from);
  await clickCell(page, m.to);
  await waitPly(page, 1);
  check((await page.textContent("#message")) === "", "the message is cleared when the game moves on");
  await page.goto(`${env.server.base}/#/game/nosuchgame`);
  await page.waitForSelector("#missing:not([hidden])");
  check((await page.textContent("#message")) === "" && (await page.textContent("#title")) === "", "opening a bad link leaves nothing of the last game");
  const favicon = await fetch(`${env.server.base}/favicon.svg`);
  check(favicon.ok && (await favicon.text()).includes("<svg"), "the page has a favicon");
  await done(page, "errors");
}

/// Phone size: the start page fits; a game is played by taps.
async function phone() {
  const page = await newPage(PHONE, { hasTouch: true, isMobile: true });
  await page.goto(`${env.server.base}/#/`);
  await page.waitForSelector('#variant option[value="startrek"]', { state: "attached" });
  for (const game of ["ziggurat", "startrek"]) {
    await page.selectOption("#variant", game);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    check(width <= 390, `the start page fits the phone with ${game} chosen (${width} px wide)`);
  }
  await page.screenshot({ path: join(shots, "phone-start.png"), fullPage: true });
  await page.selectOption("#variant", "polyhedron");
  await page.selectOption("#mode", "local");
  await page.tap("#start-game");
  await page.waitForFunction(() => window.chess3d.state()?.view);
  await settle(page);
  // A phone opens the tall board one level at a time, the level named in
  // the switcher over it.
  const focus = await page.evaluate(() => window.chess3d.marks().focus);
  const names = await page.$$eval("#levels-list button", (bs) => bs.map((b) => b.textContent));
  check(focus !== null && names.join(" ") === "E D C B A", `Polyhedron opens on a phone with one level shown (${focus}), the switcher naming the levels: ${names.join(" ")}`);
  await page.tap('#levels-list button[data-level="2"]');
  await page.waitForFunction(() => window.chess3d.marks().focus === 2);
  await settle(page);
  const m = await page.evaluate(() => window.chess3d.state().view.legal.find((m) => m.from === "Cc3" && m.to === "Cc5"));
  for (const cell of [m.from, m.to]) {
    const p = await page.evaluate((c) => window.chess3d.screenPoint(c), cell);
    await page.touchscreen.tap(p.x, p.y);
  }
  await waitPly(page, 1);
  check((await state(page)).moves[0] === m.text, `${m.text} is played by a tap on level C's name and two taps`);
  check((await page.evaluate(() => document.documentElement.scrollWidth)) <= 390, "the game page fits the phone's width");
  await page.screenshot({ path: join(shots, "phone-game.png"), fullPage: true });
  await done(page, "phone");
}

/// Rendering: frames per second while orbiting the Polyhedron board, and
/// the time from a state message to the board drawn, against the bounds
/// docs/testing.md states (software rendering in headless chromium: at
/// least 5 frames a second; a state drawn within 100 ms at the median).
async function rendering() {
  const page = await newPage();
  await openGame(page, { game: "polyhedron", mode: "local" });
  await settle(page);
  // From empty space: a press on a piece would drag it.
  const box = await emptyPoint(page);
  const frames0 = await page.evaluate(() => window.chess3d.frames());
  const t0 = Date.now();
  await page.mouse.move(box.x, box.y);
  await page.mouse.down();
  for (let i = 0; i < 30; i++) {
    await page.mouse.move(box.x + 200 * Math.sin(i / 5), box.y + 20 * Math.cos(i / 5));
    await page.waitForTimeout(40);
  }
  await page.mouse.up();
  const seconds = (Date.now() - t0) / 1000;
  const frames = (await page.evaluate(() => window.chess3d.frames())) - frames0;
  const fps = frames / seconds;
  check(fps >= 5, `orbiting the Polyhedron board: ${frames} frames in ${seconds.toFixed(1)} s, ${fps.toFixed(1)} frames per second (at least 5)`);
  // Moves played through the API: each arrives as a state message.
  await page.keyboard.press("0");
  const id = (await state(page)).id;
  const token = await page.evaluate((id) => JSON.parse(localStorage.getItem(`chess3d.seat.${id}`)).token, id);
  for (let i = 0; i < 6; i++) {
    const s = await state(page);
    const move = s.view.legal.find((m) => !m.board).text;
    await fetch(`${env.server.base}/api/v1/games/${id}/actions`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ token, action: "move", move, ply: s.ply }) });
    await waitPly(page, i + 1);
    await page.waitForTimeout(100);
  }
  const times = (await page.evaluate(() => window.chess3d.updateMs())).sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  check(times.length >= 6 && median <= 100, `a state message to the Polyhedron board drawn: median ${median.toFixed(1)} ms (at most 100), max ${times[times.length - 1].toFixed(1)} ms over ${times.length} moves`);
  await done(page, "rendering");
}

/// Remote play in two browsers, a third without a seat, and a server
/// restart in the middle.
async function remote() {
  const a = await newPage();
  const b = await newPage();
  const c = await newPage();
  await newGame(a, "startrek", "remote", 0);
  await a.waitForSelector("#invite:not([hidden])");
  const link = await a.inputValue("#invite-link");
  check(link.includes("#/join/"), "the inviter gets a link");
  await b.goto(link);
  await b.waitForSelector("#joining:not([hidden])");
  await b.click("#join-game");
  await b.waitForFunction(() => window.chess3d.state()?.seats[1].taken);
  const id = (await state(a)).id;
  await a.waitForFunction(() => window.chess3d.state()?.seats[1].taken);
  const seen = async (mover, watcher) => {
    const s = await state(mover);
    const m = s.view.legal.find((m) => !m.board && s.view.legal.filter((n) => n.from === m.from && n.to === m.to).length === 1);
    await settle(mover);
    await clickCell(mover, m.from);
    await clickCell(mover, m.to);
    await waitPly(mover, s.ply + 1, 5000);
    const t0 = Date.now();
    await waitPly(watcher, s.ply + 1, 1000, 20);
    return Date.now() - t0;
  };
  const t1 = await seen(a, b);
  check(t1 < 1000, `White's move reached Black's screen in ${t1} ms`);
  const t2 = await seen(b, a);
  check(t2 < 1000, `Black's move reached White's screen in ${t2} ms`);
  await c.goto(`${env.server.base}/#/game/${id}`);
  await c.waitForFunction(() => window.chess3d.state()?.ply === 2);
  check((await c.textContent("#status")).includes("watching"), "the third screen says it is watching");
  const m = (await state(c)).view.legal[0];
  await settle(c);
  await clickCell(c, m.from);
  const msg = await c.textContent("#message");
  check(msg.includes("watching"), `a click by the watcher selects nothing ("${msg}")`);
  const tries = await c.evaluate(
    async ({ id, move }) => {
      const post = (body) =>
        fetch(`/api/v1/games/${id}/actions`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }).then((r) => r.status);
      return [await post({ action: "move", move }), await post({ action: "move", move, token: "0".repeat(32) })];
    },
    { id, move: m.text },
  );
  check(tries[0] === 401 && tries[1] === 403, `the watcher's moves are refused (${tries.join(", ")})`);
  check((await state(a)).ply === 2, "the game is unchanged");
  await a.screenshot({ path: join(shots, "remote-white.png") });
  await b.screenshot({ path: join(shots, "remote-black.png") });
  env.server.child.kill("SIGKILL");
  await new Promise((r) => env.server.child.once("exit", r));
  await a.waitForFunction(() => document.querySelector("#link").textContent.includes("reconnecting"));
  env.server = await startServer(env.server.port);
  await a.waitForFunction(() => document.querySelector("#link").textContent === "live", null, { timeout: 15000 });
  await b.waitForFunction(() => document.querySelector("#link").textContent === "live", null, { timeout: 15000 });
  check((await state(a)).ply === 2, "after the restart the game has its two moves");
  const t3 = await seen(a, b);
  check(t3 < 1000, `after the restart the game goes on (seen in ${t3} ms)`);
  for (const p of [a, b, c]) await done(p, "remote");
}

/// With every engine of the server busy, a game against the computer says
/// where its turn stands in the queue, then thinks once its turn comes.
async function engineQueue() {
  const page = await newPage();
  await page.goto(`${env.server.base}/#/`);
  // Games where the engine moves first, until one has to wait.
  const games = await page.evaluate(async () => {
    const made = [];
    for (let i = 0; i < 16; i++) {
      const body = { game: "chess", mode: "computer", side: 1, movetime: 60000 };
      const r = await fetch("/api/v1/games", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
      const c = await r.json();
      if (!r.ok) throw new Error(c.error);
      made.push({ id: c.id, token: c.token, queued: c.state.queued });
      if (c.state.queued !== null) break;
    }
    return made;
  });
  const waiting = games[games.length - 1];
  check(waiting.queued === 0, `with ${games.length - 1} engines busy, the next engine turn waits with 0 ahead`);
  await page.evaluate((w) => localStorage.setItem(`chess3d.seat.${w.id}`, JSON.stringify({ token: w.token, sides: [0] })), waiting);
  await page.goto(`${env.server.base}/#/game/${waiting.id}`);
  await page.waitForFunction((id) => window.chess3d.state()?.id === id, waiting.id, { timeout: 10000 });
  const line = await page.textContent("#thinking");
  check(line.includes("queued (0 ahead)"), `the page says so: "${line}"`);
  await page.screenshot({ path: join(shots, "engine-queued.png") });
  // A busy engine's game resigned: its search stops and the waiting turn
  // starts; the page leaves the queue line.
  const first = games[0];
  await page.evaluate(async (g) => {
    await fetch(`/api/v1/games/${g.id}/actions`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ token: g.token, action: "resign" }) });
  }, first);
  await page.waitForFunction(() => !document.getElementById("thinking").textContent.includes("queued"), null, { timeout: 10000 });
  // Its search has started: the engine's thinking arrives for it.
  await page.waitForFunction(() => window.chess3d.state()?.thinking, null, { timeout: 10000 });
  const started = await page.evaluate(() => ({ queued: window.chess3d.state().queued, line: document.getElementById("thinking").textContent }));
  check(started.queued === null && started.line.startsWith("Computer thinking"), `once an engine is free the queued turn starts: "${started.line.slice(0, 50)}"`);
  // Stop every search: the other sections want the cores.
  await page.evaluate(async (games) => {
    for (const g of games.slice(1))
      await fetch(`/api/v1/games/${g.id}/actions`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ token: g.token, action: "resign" }) });
  }, games);
  await done(page, "engine queue");
}

/// What a chess player expects around the board: names and clocks chosen
/// at the start, moves typed and shown in SAN, review of past positions
/// (click, keys, 3-D and 2-D), a hint, a resume link for another device,
/// a rematch with colours swapped, the engine's evaluation, a flag fall.
async function readingAndTiming() {
  const a = await newPage();
  const b = await newPage();
  a.on("dialog", (d) => d.accept());
  b.on("dialog", (d) => d.accept());
  await a.goto(`${env.server.base}/#/`);
  await a.waitForSelector('#variant option[value="chess"]', { state: "attached" });
  await a.selectOption("#variant", "chess");
  await a.selectOption("#mode", "remote");
  await a.selectOption("#side", "0");
  await a.fill("#player-name", "Ann");
  await a.selectOption("#clock", "5+3");
  // Casual: hints allowed (issue 57), which the invited player reads.
  await a.check("#hints");
  await a.click("#start-game");
  await a.waitForSelector("#invite:not([hidden])");
  const link = await a.inputValue("#invite-link");
  await b.goto(link);
  await b.waitForSelector("#joining:not([hidden])");
  const invitation = await b.textContent("#joining-text");
  check(invitation.includes("Ann (White) invites you to a game of Chess, clock 5+3") && invitation.includes("casual, hints allowed"), `the invited player reads "${invitation}"`);
  await b.fill("#join-name", "Bob");
  await b.screenshot({ path: join(shots, "join-named.png") });
  await b.click("#join-game");
  await b.waitForFunction(() => window.chess3d.state()?.seats[1].taken);
  await a.waitForFunction(() => window.chess3d.state()?.seats[1].taken);
  const title = await a.textContent("#title");
  check(title.includes("Ann (White) v Bob (Black) · casual, hints allowed"), `both names and the terms in the title: "${title}"`);
  check((await a.textContent("#clock-0")).includes("5:00") && (await b.textContent("#clock-1")).includes("5:00"), "both clocks show 5:00");
  // Moves typed in SAN, shown in SAN.
  const type = async (page, text, ply) => {
    await page.fill("#move-text", text);
    await page.press("#move-text", "Enter");
    await waitPly(page, ply, 5000);
  };
  await type(a, "e4", 1);
  await waitPly(b, 1, 5000);
  await type(b, "Nc6", 2);
  await type(a, "d4", 3);
  await waitPly(b, 3, 5000);
  await type(b, "e5", 4);
  await waitPly(a, 4, 5000);
  const list = await a.$$eval("#moves button.move", (bs) => bs.map((b) => b.textContent));
  check(list.join(" ") === "e4 Nc6 d4 e5", `the move list in SAN: ${list.join(" ")}`);
  await a.fill("#move-text", "Nf3 ");
  await a.fill("#move-text", "O-O");
  await a.press("#move-text", "Enter");
  await a.waitForFunction(() => document.getElementById("message").textContent.includes("O-O"));
  const refused = await a.textContent("#message");
  check(refused.length > 0 && (await state(a)).ply === 4, `castling now is refused with a reason: "${refused}"`);
  // The running clock ticks.
  const before = await a.textContent("#clock-0 .time");
  await a.waitForTimeout(1200);
  const after = await a.textContent("#clock-0 .time");
  check(before !== after && (await a.getAttribute("#clock-0", "class")).includes("running"), `White's clock runs: ${before} then ${after}`);
  // Review: the first move clicked.
  await a.click('#moves button[data-ply="1"]');
  await a.waitForFunction(() => window.chess3d.reviewing() === 1);
  const shown = await a.evaluate(() => window.chess3d.shown());
  const at = (v, name) => v.cells.find((c) => c.name === name)?.piece?.name ?? null;
  check(at(shown, "e4") === "Pawn" && at(shown, "c6") === null && at(shown, "b8") === "Knight", "after 1. e4 the board shows that position");
  check((await a.textContent("#review-text")).includes("Reviewing move 1. e4"), "a clear reviewing line");
  await settle(a);
  await a.screenshot({ path: join(shots, "review-3d.png") });
  await clickCell(a, "d4");
  check((await a.textContent("#message")).includes("past position") && (await state(a)).ply === 4, "nothing is played on a past position");
  await a.keyboard.press("v");
  await a.waitForSelector("#diagram .sq");
  const label = (cell) => a.$eval(`#diagram [data-cell="${cell}"]`, (el) => el.getAttribute("aria-label"));
  const [e4, c6] = [await label("e4"), await label("c6")];
  check(e4.includes("Pawn") && !c6.includes("Knight"), `the 2-D diagram shows the reviewed position too (${e4}; ${c6})`);
  await a.screenshot({ path: join(shots, "review-2d.png") });
  await a.keyboard.press("v");
  await a.keyboard.press("ArrowRight");
  await a.waitForFunction(() => window.chess3d.reviewing() === 2);
  await a.keyboard.press("Home");
  await a.waitForFunction(() => window.chess3d.reviewing() === 0);
  await a.keyboard.press("End");
  await a.waitForFunction(() => window.chess3d.reviewing() === null);
  await a.keyboard.press(",");
  await a.waitForFunction(() => window.chess3d.reviewing() === 3);
  await a.keyboard.press("Escape");
  await a.waitForFunction(() => window.chess3d.reviewing() === null);
  check(true, "← → Home End , . and Esc step through the game and back");
  // A hint: the suggested piece selected, its square the one target.
  await a.click("#hint");
  await a.waitForFunction(() => document.getElementById("message").textContent.startsWith("Hint:"), null, { timeout: 20000 });
  const targets = await a.evaluate(() => window.chess3d.targets());
  check(targets.length === 1, `the hint marks one square (${(await a.textContent("#message")).slice(0, 60)})`);
  await a.screenshot({ path: join(shots, "hint.png") });
  const hinted = await a.evaluate(() => window.chess3d.marks().selected + window.chess3d.targets()[0]);
  await a.keyboard.press("Enter");
  await waitPly(a, 5, 5000);
  const played = (await state(a)).moves[4];
  check(played.startsWith(hinted), `Enter plays the hinted move (${hinted}: ${played})`);
  // Bob was shown the hint: its note, and the move marked in his list.
  await b.waitForFunction(() => document.querySelector('#moves button[data-ply="5"]')?.classList.contains("hinted"));
  const told = await b.getAttribute('#moves button[data-ply="5"]', "title");
  check(told.includes("White had a hint"), `the other player sees the hint at its move: "${told}"`);
  await b.screenshot({ path: join(shots, "hint-shown.png") });
  // The resume link opens Ann's seat in another browser.
  const resume = await a.inputValue("#resume-link");
  const c = await newPage();
  await c.goto(resume);
  await c.waitForFunction(() => window.chess3d.state()?.ply === 5);
  check(!(await c.textContent("#status")).includes("watching"), "the resume link plays the seat on another device");
  check((await c.textContent("#message")).includes("now plays your seat"), "and says so");
  await done(c, "resume link");
  // Ann asks to take back her move; Bob declines, then accepts the next
  // request: the move taken back on both pages.
  await a.click("#takeback");
  await b.waitForSelector("#decline-takeback:not([hidden])");
  check((await b.textContent("#takeback")) === "Accept takeback", "Bob is asked, with Accept and Decline");
  await b.screenshot({ path: join(shots, "takeback-asked.png") });
  await b.click("#decline-takeback");
  await a.waitForFunction(() => window.chess3d.state()?.takeback_offer === null && window.chess3d.state()?.note?.includes("declines"));
  check((await state(a)).ply === 5, "declined: nothing taken back");
  await a.click("#takeback");
  await b.waitForFunction(() => document.getElementById("takeback").textContent === "Accept takeback");
  await b.click("#takeback");
  await a.waitForFunction(() => window.chess3d.state()?.ply === 4);
  await b.waitForFunction(() => window.chess3d.state()?.ply === 4);
  check((await a.textContent("#message")).includes("Black accepts"), `accepted: "${await a.textContent("#message")}"`);
  // Bob resigns; Ann offers a rematch, Bob accepts: a new game, colours
  // swapped, both sent there with their seats.
  await b.click("#resign");
  await a.waitForFunction(() => window.chess3d.state()?.view.result);
  check((await a.textContent("#moves")).includes("1-0"), "the result ends the move list");
  const id = (await state(a)).id;
  await a.click("#rematch");
  await b.waitForFunction(() => document.getElementById("rematch").textContent === "Accept rematch");
  await b.click("#rematch");
  await a.waitForFunction((id) => window.chess3d.state() && window.chess3d.state().id !== id, id, { timeout: 10000 });
  await b.waitForFunction((id) => window.chess3d.state() && window.chess3d.state().id !== id, id, { timeout: 10000 });
  const next = await state(a);
  check(next.names.join(",") === "Bob,Ann" && next.clock.control === "5+3", `the rematch: ${next.names.join(" v ")}, clock ${next.clock.control}`);
  await type(b, "e4", 1);
  const opened = await state(b);
  check(opened.moves[0] === "e2e4" && opened.names[0] === "Bob", `Bob plays White in the rematch (${opened.names[0]}: ${opened.moves[0]})`);
  await a.waitForFunction(() => window.chess3d.state()?.ply === 1);
  await a.screenshot({ path: join(shots, "rematch.png") });
  for (const p of [a, b]) await done(p, "reading and timing");
  // A remote game not made casual: no Hint while it is played.
  const strict = await newPage();
  await openGame(strict, { game: "chess", mode: "remote" });
  check(await strict.isHidden("#hint"), "no Hint button in a game between people that is not casual");
  await done(strict, "fair play");
  // The engine's evaluation stays after its move, from the player's side.
  const e = await newPage();
  await openGame(e, { game: "chess", mode: "computer", side: 1, movetime: 300 });
  await waitPly(e, 1);
  await e.waitForSelector("#evaluation:not([hidden])");
  const words = await e.textContent("#eval-text");
  check(/Engine \(depth \d+\): .* for you|mate/.test(words), `the evaluation stays: "${words.slice(0, 70)}"`);
  await settle(e);
  await e.screenshot({ path: join(shots, "evaluation.png") });
  await done(e, "evaluation");
  // A flag fall: 1.2 s each; Black's time runs out.
  const f = await newPage();
  const fid = await openGame(f, { game: "chess", mode: "local", clock: "0.02+0" });
  await f.fill("#move-text", "e4");
  await f.press("#move-text", "Enter");
  await waitPly(f, 1, 5000);
  await f.waitForFunction(() => window.chess3d.state()?.view.result, null, { timeout: 5000 });
  const status = await f.textContent("#status");
  check(status.includes("Black lost on time"), `a flag fall ends the game: "${status}" (${fid})`);
  await f.screenshot({ path: join(shots, "flag-fall.png") });
  // A finished game stays finished: neither Undo nor "Play on from here"
  // revives it, on the page or through the API.
  check(await f.isDisabled("#undo"), "after the flag fall Undo is disabled");
  await f.keyboard.press("Home");
  await f.waitForFunction(() => window.chess3d.reviewing() === 0);
  check(await f.isHidden("#review-continue"), 'reviewing the finished game offers no "Play on from here"');
  const refusals = await f.evaluate(async (id) => {
    const token = JSON.parse(localStorage.getItem(`chess3d.seat.${id}`)).token;
    const post = (body) =>
      fetch(`/api/v1/games/${id}/actions`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ token, ...body }) }).then((r) => r.status);
    return [await post({ action: "undo" }), await post({ action: "back", ply: 0 })];
  }, fid);
  check(refusals.join() === "409,409", `the API refuses undo and play-on after the flag fall (${refusals.join(", ")})`);
  check((await state(f)).view.result !== null, "the game is still over");
  // The low-time warning sounded once for Black, whose clock ran out (and
  // at most once for White), and the flag fall ended the game with its
  // sound.
  const sounds = await f.evaluate(() => window.chess3d.sounds());
  const low = sounds.filter((s) => s === "lowTime").length;
  check(low >= 1 && low <= 2 && sounds[sounds.length - 1] === "end", `the clocks' sounds: ${sounds.join(", ")}`);
  await done(f, "flag fall");
  // Reviewing the start of a local game still going on, the player may
  // play on from it.
  const g = await newPage();
  g.on("dialog", (d) => d.accept());
  await openGame(g, { game: "chess", mode: "local" });
  for (const [i, move] of ["e4", "e5"].entries()) {
    await g.fill("#move-text", move);
    await g.press("#move-text", "Enter");
    await waitPly(g, i + 1, 5000);
  }
  // Keys typed in the move box are the box's.
  await g.evaluate(() => document.activeElement.blur());
  await g.keyboard.press("Home");
  await g.waitForFunction(() => window.chess3d.reviewing() === 0);
  await g.click("#review-continue");
  await g.waitForFunction(() => window.chess3d.state()?.ply === 0 && !window.chess3d.state().view.result);
  check(true, '"Play on from here" takes a game going on back to the position reviewed');
  await done(g, "play on");
}

const sections = {
  ...broken,
  readingAndTiming,
  everythingClickable,
  playEveryGame,
  legend,
  picker,
  checkMark,
  attackBoard,
  elevator,
  ...wonkavator,
  diagram,
  keys3d,
  errors,
  phone,
  rendering,
  remote,
  engineQueue,
  ...moving,
  ...dropSections,
  ...around,
  ...analysisSections,
  ...lobbySections,
  ...headset,
};

const started = Date.now();
try {
  for (const [name, run] of Object.entries(sections)) {
    if (only && !only.has(name)) continue;
    console.log(`# ${name}`);
    const t0 = Date.now();
    await run();
    console.log(`# ${name}: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
  console.log(`all browser tests passed in ${((Date.now() - started) / 1000).toFixed(1)} s; screenshots in ${shots}`);
} finally {
  await browser.close();
  env.server.child.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
}
