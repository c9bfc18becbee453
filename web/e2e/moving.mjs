// Moving pieces as on any chess site: by dragging (mouse and finger, in
// 3-D, with a level shown alone, and in the diagram), boards by their
// knobs, the camera still orbiting from empty space; premoves played or
// dropped when the turn comes, and cancelled.

import { join } from "node:path";
import { check, clickCell, createGame, DESKTOP, done, drag, emptyPoint, env, newPage, openGame, PHONE, pointOf, settle, shots, STARTREK_EMPTY_BOARD, state, waitPly } from "./lib.mjs";

/// A move of a piece whose two cells no other move joins (no menu), with
/// both cells on level `level` when one is given.
function plainMove(s, level = null) {
  const levelOf = new Map(s.view.cells.map((c) => [c.name, c.at[2]]));
  return s.view.legal.find(
    (m) =>
      !m.board &&
      s.view.legal.filter((n) => n.from === m.from && n.to === m.to).length === 1 &&
      (level === null || (levelOf.get(m.from) === level && levelOf.get(m.to) === level)),
  );
}

/// Every game: a move dragged with the mouse at 1400×900 (the destination
/// lit under the piece before the release) and one dragged with a finger
/// at phone size (where a tall board shows one level at a time); a drag
/// released off the destinations plays nothing.
async function dragEveryGame() {
  const games = (await (await fetch(`${env.server.base}/api/v1/variants`)).json()).games.map((g) => g.id);
  const mouse = await newPage(DESKTOP);
  const finger = await newPage(PHONE, { hasTouch: true, isMobile: true });
  for (const game of games) {
    await openGame(mouse, { game, mode: "local" });
    await settle(mouse);
    const m = plainMove(await state(mouse));
    let lit = null;
    await drag(mouse, m.from, m.to, { before: async () => (lit = await mouse.evaluate(() => window.chess3d.marks().over)) });
    await waitPly(mouse, 1, 5000);
    check((await state(mouse)).moves[0] === m.text && lit === m.to, `${game}: ${m.text} dragged with the mouse, ${lit} lit under the piece`);
    await openGame(finger, { game, mode: "local" });
    await settle(finger);
    const s = await state(finger);
    const focus = await finger.evaluate(() => window.chess3d.marks().focus);
    const t = plainMove(s, focus);
    await drag(finger, t.from, t.to, { touch: true });
    await waitPly(finger, 1, 5000);
    check((await state(finger)).moves[0] === t.text, `${game}: ${t.text} dragged with a finger at 390×844 (${focus === null ? "every level" : `level ${focus} alone`})`);
  }
  // Released where the piece cannot go: nothing is played, nothing stays
  // selected, the piece is back.
  await openGame(mouse, { game: "chess", mode: "local" });
  await settle(mouse);
  await drag(mouse, "e2", await pointOf(mouse, "e6"));
  await mouse.waitForTimeout(300);
  const after = await mouse.evaluate(() => ({ ply: window.chess3d.state().ply, selected: window.chess3d.marks().selected, hit: window.chess3d.cellAt(window.chess3d.screenPoint("e2").x, window.chess3d.screenPoint("e2").y) }));
  check(after.ply === 0 && after.selected === null && after.hit === "e2", "a drag released off the destinations plays nothing, and the Pawn is back on e2");
  // A right click on a marked square does not play it.
  await clickCell(mouse, "e2");
  const e4 = await pointOf(mouse, "e4");
  await mouse.mouse.click(e4.x, e4.y, { button: "right" });
  await mouse.waitForTimeout(300);
  check((await state(mouse)).ply === 0, "a right click on a marked square plays nothing");
  await mouse.keyboard.press("Escape");
  // A click, then a click: still the way it was.
  await clickCell(mouse, "g1");
  await clickCell(mouse, "f3");
  await waitPly(mouse, 1, 5000);
  check((await state(mouse)).moves[0] === "g1f3", "click-click still plays (Nf3)");
  await done(mouse, "drag with the mouse");
  await done(finger, "drag with a finger");
}

/// Boards by their knobs, a level shown alone, the diagram, and the camera.
async function dragBoardsLevelsDiagram() {
  const page = await newPage(DESKTOP);
  // Star Trek: the empty attack board dragged by its knob to b3(4).
  await openGame(page, STARTREK_EMPTY_BOARD);
  await settle(page);
  const knob = (await page.evaluate(() => window.chess3d.knobs()))[0];
  const board = await page.evaluate(() => window.chess3d.state().view.legal.find((m) => m.text === "Lb1(2)-b3(4)"));
  await drag(page, knob, board.board.lands[0]);
  await waitPly(page, 1, 5000);
  check((await state(page)).moves[0] === "Lb1(2)-b3(4)", "Star Trek: the attack board dragged by its knob to b3(4)");
  // Elevator: an elevator dragged by its knob.
  await openGame(page, { game: "elevator", mode: "local" });
  await settle(page);
  const lift = (await page.evaluate(() => window.chess3d.knobs()))[0];
  const up = await page.evaluate(
    (from) => window.chess3d.state().view.legal.find((m) => m.from === from && m.board && window.chess3d.state().view.legal.filter((n) => n.from === from && n.board && n.board.lands.includes(m.board.lands[0])).length === 1),
    lift.from,
  );
  await drag(page, lift, up.board.lands[0]);
  await waitPly(page, 1, 5000);
  check((await state(page)).moves[0] === up.text, `Elevator: the elevator dragged by its knob (${up.text})`);
  // Ziggurat with level 0 shown alone (L).
  await openGame(page, { game: "ziggurat", mode: "local" });
  await settle(page);
  await page.keyboard.press("l");
  await page.waitForFunction(() => window.chess3d.marks().focus !== null);
  await settle(page);
  const z = await page.evaluate(() => window.chess3d.marks().focus);
  const m = plainMove(await state(page), z);
  await drag(page, m.from, m.to);
  await waitPly(page, 1, 5000);
  check((await state(page)).moves[0] === m.text, `Ziggurat: ${m.text} dragged with level ${z} shown alone`);
  // The diagram: e2 to e4.
  await openGame(page, { game: "chess", mode: "local" });
  await page.keyboard.press("v");
  await page.waitForSelector("#diagram .sq");
  let lit = null;
  await drag(page, "e2", "e4", { before: async () => (lit = await page.$$eval("#diagram .sq.over", (s) => s.map((e) => e.dataset.cell).join())) });
  await waitPly(page, 1, 5000);
  check((await state(page)).moves[0] === "e2e4" && lit === "e4", `the diagram: e2-e4 dragged, ${lit} lit under the piece`);
  await page.keyboard.press("v");
  // The camera orbits from empty space, and not from a piece.
  await settle(page);
  const before = await pointOf(page, "a8");
  const from = await emptyPoint(page);
  await drag(page, from, { x: from.x + 160, y: from.y + 30 });
  await page.waitForTimeout(400);
  const after = await pointOf(page, "a8");
  check(Math.hypot(after.x - before.x, after.y - before.y) > 20 && (await state(page)).ply === 1, `a drag from empty space turns the view (a8 moved ${Math.round(Math.hypot(after.x - before.x, after.y - before.y))} px) and plays nothing`);
  await done(page, "drag boards, a level alone, the diagram");
}

/// Premoves: one played when the computer answers; one dropped when the
/// remote opponent's move made it illegal; right click and Esc cancel.
async function premoves() {
  const page = await newPage(DESKTOP);
  await openGame(page, { game: "chess", mode: "computer", side: 0, skill: 20, movetime: 3000 });
  await settle(page);
  await drag(page, "e2", "e4");
  await waitPly(page, 1, 5000);
  // The computer thinks: Nf3 dragged meanwhile is queued, in its colour.
  await drag(page, "g1", "f3");
  const queued = await page.evaluate(() => ({ premove: window.chess3d.premove(), marks: window.chess3d.marks().premove, ply: window.chess3d.state().ply }));
  check(queued.ply === 1 && queued.premove?.from === "g1" && queued.premove?.to === "f3" && queued.marks?.join() === "g1,f3", `Nf3 dragged while the computer thinks is queued and marked (${JSON.stringify(queued.premove)})`);
  await page.screenshot({ path: join(shots, "premove.png") });
  await waitPly(page, 3, 15000);
  const s = await state(page);
  check(s.moves[2] === "g1f3" && (await page.evaluate(() => window.chess3d.premove())) === null, `the premove is played when the computer answers (${s.labels.slice(0, 3).join(" ")})`);
  // A premove queued, then Undo: the move it was made after is gone, and
  // so is the premove.
  await drag(page, "d2", "d4");
  check((await page.evaluate(() => window.chess3d.premove()))?.to === "d4", "d2-d4 queued while the computer thinks again");
  await page.click("#undo");
  await page.waitForFunction(() => window.chess3d.state().ply === 2);
  await page.waitForTimeout(500);
  const undone = await page.evaluate(() => ({ ply: window.chess3d.state().ply, premove: window.chess3d.premove(), marks: window.chess3d.marks().premove }));
  check(undone.ply === 2 && undone.premove === null && undone.marks === null, "Undo takes the premove away with the move it followed: nothing is played");
  await done(page, "premove against the computer");

  // A remote game: Bob answers through the API.
  const ann = await newPage(DESKTOP);
  const game = await createGame(ann, { game: "chess", mode: "remote", side: 0 });
  const joined = await (
    await fetch(`${env.server.base}/api/v1/games/${game.id}/join`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ invite: game.invite }) })
  ).json();
  const bob = (move, ply) =>
    fetch(`${env.server.base}/api/v1/games/${game.id}/actions`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ token: joined.token, action: "move", move, ply }) });
  await ann.goto(`${env.server.base}/#/game/${game.id}`);
  await ann.waitForFunction(() => window.chess3d.state()?.seats[1].taken);
  await settle(ann);
  await drag(ann, "e2", "e4");
  await waitPly(ann, 1, 5000);
  // e4-e5 queued by clicks; Bob's ...e5 takes the square: dropped.
  await clickCell(ann, "e4");
  await ann.waitForFunction(() => window.chess3d.targets().includes("e5"));
  await clickCell(ann, "e5");
  check((await ann.evaluate(() => window.chess3d.premove()))?.to === "e5", "e4-e5 clicked while Bob is to move is queued");
  await bob("e7e5", 1);
  await waitPly(ann, 2, 5000);
  await ann.waitForFunction(() => document.getElementById("message").textContent.includes("dropped"));
  const dropped = await ann.evaluate(() => ({ ply: window.chess3d.state().ply, premove: window.chess3d.premove(), message: document.getElementById("message").textContent, sound: window.chess3d.sounds().at(-1) }));
  check(dropped.ply === 2 && dropped.premove === null, `Bob's ...e5 made it illegal: "${dropped.message}"`);
  check(dropped.sound === "opponent", `the remote opponent's move has its own sound (${dropped.sound})`);
  // Nf3, then Bob's ...Nc6: a queued move cancelled by a right click, one
  // by Esc.
  await drag(ann, "g1", "f3");
  await waitPly(ann, 3, 5000);
  // A right click on one of Ann's pieces cancels the premove and selects
  // nothing.
  await drag(ann, "d2", "d4");
  check((await ann.evaluate(() => window.chess3d.premove()))?.to === "d4", "d2-d4 dragged in 3-D while Bob is to move is queued");
  const b1 = await pointOf(ann, "b1");
  await ann.mouse.click(b1.x, b1.y, { button: "right" });
  const right = await ann.evaluate(() => ({ premove: window.chess3d.premove(), selected: window.chess3d.marks().selected }));
  check(right.premove === null && right.selected === null, "a right click cancels it, selecting nothing");
  // In the diagram: dragged, marked in its colour, and Esc cancels it.
  await ann.keyboard.press("v");
  await ann.waitForSelector("#diagram .sq");
  await drag(ann, "d2", "d4");
  const marked = await ann.$$eval("#diagram .sq.premove", (s) => s.map((e) => e.dataset.cell).sort().join());
  check((await ann.evaluate(() => window.chess3d.premove()))?.to === "d4" && marked === "d2,d4", `d2-d4 dragged in the diagram is queued, its squares marked (${marked})`);
  await ann.keyboard.press("Escape");
  check((await ann.evaluate(() => window.chess3d.premove())) === null, "Esc cancels it");
  await ann.keyboard.press("v");
  await settle(ann);
  await bob("b8c6", 3);
  await waitPly(ann, 4, 5000);
  check((await state(ann)).ply === 4, "nothing was played for Ann");
  await done(ann, "premoves in a remote game");
}

export const sections = { dragEveryGame, dragBoardsLevelsDiagram, premoves };
