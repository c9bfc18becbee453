// The engine's analysis in the page (issue 57): a game played, analysed,
// a point of the graph clicked, a variation played on the analysis board
// and back to the game; the same in a 3-D game.

import { join } from "node:path";
import { check, clickCell, done, newPage, openGame, settle, shots, state, waitPly, typeMoves } from "./lib.mjs";

/// Clicks Analyse and waits for the whole game's analysis.
async function analyse(page) {
  await page.waitForSelector("#analyse:not([hidden])");
  await page.click("#analyse");
  await page.waitForFunction(() => window.chess3d.analysis()?.state === "done", null, { timeout: 60000 });
}

/// The scholar's mate at one screen: 3... Nf6 lets Qxf7 mate at once, the
/// blunder the analysis must mark; a dot of the graph clicked shows its
/// position; on the analysis board Black plays 3... g6 instead (clicked),
/// White answers (typed), ← moves the cursor, Backspace takes the answer
/// back, Esc returns to the game.
async function analysis() {
  const page = await newPage();
  await openGame(page, { game: "chess", mode: "local" });
  await typeMoves(page, ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6"]);
  // Two people playing: no Analyse yet (the server would refuse, 403).
  check(await page.isHidden("#analyse"), "no Analyse while two people play, six moves in");
  await typeMoves(page, ["Qxf7#"]);
  await analyse(page);
  const marked = await page.$eval('#moves button[data-ply="6"] .mark', (m) => `${m.textContent} ${m.className}`);
  check(marked === "?? mark blunder", `3... Nf6 is marked a blunder in the move list (${marked})`);
  const dots = await page.$$eval("#eval-graph circle[data-ply]", (cs) => cs.length);
  check(dots === 7, `the graph has a point for each of the 7 moves (${dots})`);
  const summary = await page.textContent("#analysis-summary");
  check(summary.includes("Black: 0 inaccuracies, 0 mistakes, 1 blunder"), `each side's summary: "${summary.slice(0, 90)}…"`);
  await settle(page);
  await page.screenshot({ path: join(shots, "analysis-chess.png") });
  // A point of the graph: the position after 2... Nc6.
  await page.click('#eval-graph circle[data-ply="4"]');
  await page.waitForFunction(() => window.chess3d.reviewing() === 4);
  const line = await page.textContent("#analysis-line");
  check(line.startsWith("2... Nc6") && line.includes("Best here: "), `the point's move and the best line there: "${line}"`);
  // Back one move, to before 3... Nf6: the analysis board from there.
  await page.click('#eval-graph circle[data-ply="5"]');
  await page.waitForFunction(() => window.chess3d.reviewing() === 5);
  await page.keyboard.press("a");
  // Its board with the legal moves (the review's has none).
  await page.waitForFunction(() => window.chess3d.exploring()?.ply === 5 && window.chess3d.exploring().legal > 0);
  await clickCell(page, "g7");
  await clickCell(page, "g6");
  await page.waitForFunction(() => window.chess3d.exploring()?.labels.join() === "g6");
  check((await state(page)).ply === 7, "a move on the analysis board leaves the game as it was");
  await page.waitForFunction(() => window.chess3d.exploring()?.lines?.lines.length === 3, null, { timeout: 20000 });
  const lines = await page.$$eval("#explore-lines li", (ls) => ls.map((l) => l.textContent));
  check(lines.length === 3 && lines.every((l) => /^[+-]?\d+\.\d\d|^#-?\d/.test(l)), `three engine lines with their scores: ${lines.join(" | ")}`);
  await page.fill("#move-text", "Qf3");
  await page.press("#move-text", "Enter");
  await page.waitForFunction(() => window.chess3d.exploring()?.labels.join() === "g6,Qf3");
  const board = await page.evaluate(() => window.chess3d.shown().cells.find((c) => c.name === "f3")?.piece?.name);
  check(board === "Queen", "the analysis board shows its own position (the Queen on f3)");
  await settle(page);
  await page.screenshot({ path: join(shots, "analysis-board-chess.png") });
  // Keys for the board, not the move box.
  await page.evaluate(() => document.activeElement.blur());
  const cursor = await page.evaluate(() => window.chess3d.marks().cursor);
  await page.keyboard.press("ArrowLeft");
  const moved = await page.evaluate(() => ({ cursor: window.chess3d.marks().cursor, labels: window.chess3d.exploring().labels.join() }));
  check(moved.cursor !== cursor && moved.labels === "g6,Qf3", `← moves the cursor on the analysis board (${cursor} to ${moved.cursor}), taking nothing back`);
  await page.keyboard.press("Backspace");
  await page.waitForFunction(() => window.chess3d.exploring()?.labels.join() === "g6");
  await page.keyboard.press("Escape");
  await page.waitForFunction(() => window.chess3d.exploring() === null);
  check((await page.evaluate(() => window.chess3d.reviewing())) === 5, "Esc returns to the game's position under review");
  await page.keyboard.press("Escape");
  await page.waitForFunction(() => window.chess3d.reviewing() === null);
  check((await state(page)).ply === 7 && (await state(page)).view.result !== null, "and Esc again to the game, finished as it was");
  await done(page, "analysis");
}

/// A 3-D game (Polyhedron, seed 004): ten moves, a resignation, the
/// analysis's graph and the analysis board with a move clicked.
async function analysis3d() {
  const page = await newPage();
  const id = await openGame(page, { game: "polyhedron", mode: "local" });
  await page.evaluate(async (id) => {
    const { token } = JSON.parse(localStorage.getItem(`chess3d.seat.${id}`));
    const post = (body) =>
      fetch(`/api/v1/games/${id}/actions`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ token, ...body }) }).then((r) => r.json());
    let s = await (await fetch(`/api/v1/games/${id}`)).json();
    for (let i = 0; i < 10; i++) {
      const legal = s.view.legal.filter((m) => !m.board);
      s = await post({ action: "move", move: legal[(i * 7) % legal.length].text });
    }
    await post({ action: "resign" });
  }, id);
  await page.waitForFunction(() => window.chess3d.state()?.view.result);
  await analyse(page);
  const dots = await page.$$eval("#eval-graph circle[data-ply]", (cs) => cs.length);
  check(dots === 10, `the Polyhedron game's graph has its 10 moves (${dots})`);
  await page.click('#eval-graph circle[data-ply="5"]');
  await page.waitForFunction(() => window.chess3d.reviewing() === 5);
  await settle(page);
  await page.screenshot({ path: join(shots, "analysis-polyhedron.png") });
  await page.click("#explore-open");
  await page.waitForFunction(() => window.chess3d.exploring()?.legal > 0);
  const first = await page.evaluate(() => window.chess3d.shown().legal.find((m) => !m.board));
  await clickCell(page, first.from);
  await clickCell(page, first.to);
  await page.waitForFunction((t) => window.chess3d.exploring()?.moves.join() === t, first.text);
  await page.waitForFunction(() => window.chess3d.exploring()?.lines?.lines.length > 0, null, { timeout: 20000 });
  const there = await page.evaluate(() => ({ ply: window.chess3d.exploring().ply, game: window.chess3d.state().ply, lines: window.chess3d.exploring().lines.lines.length }));
  check(there.ply === 5 && there.game === 10 && there.lines >= 1, `a move clicked on the Polyhedron analysis board after move 5 (${first.text}), the game still at 10 moves, ${there.lines} engine lines`);
  await settle(page);
  await page.screenshot({ path: join(shots, "analysis-board-polyhedron.png") });
  await page.click("#explore-open");
  await page.waitForFunction(() => window.chess3d.exploring() === null);
  await done(page, "analysis in a 3-D game");
}

export const sections = { analysis, analysis3d };
