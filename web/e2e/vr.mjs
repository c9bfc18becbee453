// Playing in a headset, with an emulated one: Meta's Immersive Web
// Emulation Runtime (npm iwer), injected before the page loads, stands in
// for a Meta Quest 3 and its controllers. The tests set the controllers'
// poses through it and press their buttons, as a player's hands would;
// window.chess3d.xrPoint says where a cell is in the headset's space, so
// that a controller can be pointed at it.

import { join } from "node:path";
import { check, DESKTOP, done, newPage, openGame, root, settle, shots, STARTREK_EMPTY_BOARD, state, waitPly } from "./lib.mjs";

const IWER = join(root, "web/node_modules/iwer/build/iwer.min.js");

/// A page with the emulated headset installed (in place of the browser's
/// own WebXR), looking down 35 degrees, as a player looks at a table.
async function headsetPage() {
  const page = await newPage(DESKTOP);
  await page.addInitScript({ path: IWER });
  await page.addInitScript(() => {
    const device = new window.IWER.XRDevice(window.IWER.metaQuest3);
    device.installRuntime({ forceInstall: true });
    const a = (-35 * Math.PI) / 360;
    device.quaternion.set(Math.sin(a), 0, 0, Math.cos(a));
    window.headset = device;
  });
  return page;
}

async function enter(page) {
  await page.waitForSelector("#enter-vr:not([hidden])", { timeout: 5000 });
  await page.click("#enter-vr");
  await page.waitForFunction(() => window.chess3d.xr()?.presenting, null, { timeout: 10000 });
}

/// Points a controller (`hand`: "left" or "right"; `kind` "hands" for a
/// tracked hand) from where it is at a point of the headset's space: its
/// pointing direction (−z) turned there.
async function aimAt(page, hand, point, kind = "controllers") {
  await page.evaluate(
    ([hand, t, kind]) => {
      const c = window.headset[kind][hand];
      const d = [t[0] - c.position.x, t[1] - c.position.y, t[2] - c.position.z];
      const n = Math.hypot(...d);
      const [x, y, z] = d.map((v) => v / n);
      // The shortest turn from (0, 0, −1) to (x, y, z): axis (0,0,−1)×d,
      // w = 1 + (0,0,−1)·d, normalised.
      const q = [y, -x, 0, 1 - z];
      const m = Math.hypot(...q);
      c.quaternion.set(q[0] / m, q[1] / m, q[2] / m, q[3] / m);
    },
    [hand, point, kind],
  );
}

/// Points a controller (the right unless said; `kind` "hands" for a
/// tracked hand) at a cell, or with `knob` at its board's knob, and waits
/// until the headset says it points there.
async function aimCell(page, cell, { hand = "right", kind = "controllers", knob = false } = {}) {
  const point = await page.evaluate(([c, knob]) => (knob ? window.chess3d.xrKnob(c) : window.chess3d.xrPoint(c)), [cell, knob]);
  if (!point) throw new Error(`no ${knob ? "knob of" : "cell"} ${cell} in the headset's scene`);
  await aimAt(page, hand, point, kind);
  await page.waitForFunction((c) => window.chess3d.xr()?.hovered === c, cell, { timeout: 5000 });
}

async function aimButton(page, id) {
  const point = await page.evaluate((id) => window.chess3d.xrButton(id), id);
  if (!point) throw new Error(`no button ${id} on the headset's panels`);
  await aimAt(page, "right", point);
  // The frame loop picks from the new pose.
  await page.waitForTimeout(150);
}

async function press(page, hand, button) {
  await page.evaluate(([h, b]) => window.headset.controllers[h].updateButtonValue(b, 1), [hand, button]);
  await page.waitForTimeout(80);
  await page.evaluate(([h, b]) => window.headset.controllers[h].updateButtonValue(b, 0), [hand, button]);
  await page.waitForTimeout(80);
}

const trigger = (page, hand = "right") => press(page, hand, "trigger");

/// Selects the piece (or the knob's board) pointed at, then plays to
/// `to`.
async function pointMove(page, from, to, { knob = false } = {}) {
  await aimCell(page, from, { knob });
  if (knob) {
    const tag = await page.evaluate(() => window.chess3d.xr().tag);
    check(tag.startsWith(`The board ${from}–`), `pointing at the knob names its board: "${tag}"`);
  }
  await trigger(page);
  await page.waitForFunction((c) => window.chess3d.targets().includes(c), to, { timeout: 5000 });
  await aimCell(page, to);
  await trigger(page);
}

const close = (a, b, tolerance = 0.002) => Math.abs(a - b) <= tolerance;

/// "Enter VR" only where the browser offers a headset.
async function headsetOffered() {
  const plain = await newPage(DESKTOP);
  await openGame(plain, { game: "chess", mode: "local" });
  await settle(plain);
  await plain.waitForTimeout(300);
  check(await plain.isHidden("#enter-vr"), 'no "Enter VR" in a browser without a headset');
  await done(plain, "no headset");
  const page = await headsetPage();
  await openGame(page, { game: "chess", mode: "local" });
  await page.waitForSelector("#enter-vr:not([hidden])", { timeout: 5000 });
  check((await page.textContent("#enter-vr")) === "Enter VR", '"Enter VR" shown with the emulated headset');
  await done(page, "headset offered");
}

/// Chess against the computer in the headset: a move pointed and
/// triggered, the panel's news, the board held with one hand and two,
/// reset, and out again to the page with the game as it was.
async function headsetChess() {
  const page = await headsetPage();
  await openGame(page, { game: "chess", mode: "computer", side: 0, skill: 1, movetime: 100, clock: "5+3" });
  await settle(page);
  await enter(page);
  const s0 = await page.evaluate(() => window.chess3d.xr());
  // The board at table scale: chess's eight squares (tiles 0.94 of a
  // square wide: 7.94 squares from edge to edge) in at most 60 cm, in front.
  const width = s0.home.scale * 7.94;
  check(width > 0.3 && width <= 0.6 + 1e-9 && s0.board.position[2] < 0, `the board stands in front of the player, ${(width * 100).toFixed(1)} cm wide`);
  const lines = s0.panel.lines.join(" | ");
  check(/human \(White\) v chess3d engine, skill 1 \(Black\)/.test(lines) && (lines.match(/5:00/g) ?? []).length === 2 && /White to move/.test(lines), `the panel names the players, both clocks and whose turn: ${lines}`);
  const ids = s0.panel.buttons.map((b) => b.id).join(",");
  check(["resign", "draw", "flip", "vr-reset", "vr-exit"].every((id) => ids.includes(id)), `the panel's buttons: ${ids}`);
  // Pointing names the piece (with the left hand: the right one, its ray
  // over nothing, is tested after it on every frame).
  await aimCell(page, "g1", { hand: "left" });
  const tag = await page.evaluate(() => window.chess3d.xr().tag);
  check(tag === "White Knight on g1" && (await page.evaluate(() => window.chess3d.marks().cursor)) === "g1", `pointing at g1 names it: "${tag}", the cursor there`);
  await trigger(page, "left");
  await page.waitForFunction(() => window.chess3d.targets().includes("f3"), null, { timeout: 5000 });
  // The selection changed the board: both rays picked again, but the
  // right controller, pointing at nothing, does not take the name away.
  await page.waitForTimeout(200);
  const kept = await page.evaluate(() => window.chess3d.xr());
  check(kept.hovered === "g1" && kept.tag === "White Knight on g1", `after the trigger the pointing hand keeps its name (${kept.hovered}, "${kept.tag}")`);
  await aimCell(page, "f3");
  await trigger(page);
  await waitPly(page, 2);
  const s2 = await state(page);
  check(s2.moves[0] === "g1f3", `g1f3 pointed and triggered in the headset; the computer answered ${s2.labels[1]}`);
  await page.waitForFunction((m) => window.chess3d.xr().panel.lines.some((l) => l.includes(`Last move: 1... ${m}`)), s2.labels[1], { timeout: 3000 });
  check(true, `the panel shows the last move (1... ${s2.labels[1]})`);
  const sounds = await page.evaluate(() => window.chess3d.sounds());
  check(sounds.includes("move") || sounds.includes("capture"), `the moves sound in the headset too (${sounds.join(", ")})`);
  await page.screenshot({ path: join(shots, "vr-chess.png") });
  // Still controllers pick nothing: the frames go on, the ray tests not.
  const still0 = await page.evaluate(() => ({ frames: window.chess3d.frames(), picks: window.chess3d.xr().picks }));
  await page.waitForTimeout(600);
  const still1 = await page.evaluate(() => ({ frames: window.chess3d.frames(), picks: window.chess3d.xr().picks }));
  check(still1.frames - still0.frames >= 5 && still1.picks === still0.picks, `controllers held still: ${still1.frames - still0.frames} frames drawn in 0.6 s, ${still1.picks - still0.picks} ray tests`);
  // One hand holds the board: 10 cm to the right and turned 30 degrees.
  await page.evaluate(() => window.headset.controllers.right.quaternion.set(0, 0, 0, 1));
  const right0 = await page.evaluate(() => [...window.headset.controllers.right.position.vec3]);
  const before = (await page.evaluate(() => window.chess3d.xr())).board;
  await page.evaluate(() => window.headset.controllers.right.updateButtonValue("squeeze", 1));
  await page.waitForTimeout(100);
  await page.evaluate(([x, y, z]) => {
    const c = window.headset.controllers.right;
    c.position.set(x + 0.1, y, z);
    const a = Math.PI / 12;
    c.quaternion.set(0, Math.sin(a), 0, Math.cos(a));
  }, right0);
  await page.waitForTimeout(150);
  await page.evaluate(() => window.headset.controllers.right.updateButtonValue("squeeze", 0));
  const held = (await page.evaluate(() => window.chess3d.xr())).board;
  // Turned about the hand: the board's corner relative to the hand turns
  // by 30 degrees, and the hand moved 10 cm.
  const r = [before.position[0] - right0[0], before.position[2] - right0[2]];
  const a = Math.PI / 6;
  const expected = [right0[0] + 0.1 + r[0] * Math.cos(a) + r[1] * Math.sin(a), right0[2] - r[0] * Math.sin(a) + r[1] * Math.cos(a)];
  check(
    close(held.yaw - before.yaw, a) && close(held.position[0], expected[0], 0.005) && close(held.position[2], expected[1], 0.005) && close(held.scale, before.scale, 1e-6),
    `one hand's grip carried the board 10 cm and turned it ${(((held.yaw - before.yaw) * 180) / Math.PI).toFixed(1)} degrees, its size kept`,
  );
  // Two hands: their distance doubled, the board twice the size.
  const left0 = await page.evaluate(() => [...window.headset.controllers.left.position.vec3]);
  const right1 = await page.evaluate(() => [...window.headset.controllers.right.position.vec3]);
  await page.evaluate(() => {
    window.headset.controllers.left.updateButtonValue("squeeze", 1);
    window.headset.controllers.right.updateButtonValue("squeeze", 1);
  });
  await page.waitForTimeout(100);
  await page.evaluate(([l, r]) => {
    const mid = l.map((v, i) => (v + r[i]) / 2);
    const half = r.map((v, i) => v - mid[i]);
    window.headset.controllers.left.position.set(mid[0] - 2 * half[0], mid[1] - 2 * half[1], mid[2] - 2 * half[2]);
    window.headset.controllers.right.position.set(mid[0] + 2 * half[0], mid[1] + 2 * half[1], mid[2] + 2 * half[2]);
  }, [left0, right1]);
  await page.waitForTimeout(150);
  await page.evaluate(() => {
    window.headset.controllers.left.updateButtonValue("squeeze", 0);
    window.headset.controllers.right.updateButtonValue("squeeze", 0);
  });
  const scaled = (await page.evaluate(() => window.chess3d.xr())).board;
  check(close(scaled.scale / held.scale, 2, 0.01) && close(scaled.yaw, held.yaw, 0.005), `two hands parted to twice their distance: the board ${(scaled.scale / held.scale).toFixed(3)} times the size, not turned`);
  await page.evaluate(([l, r]) => {
    window.headset.controllers.left.position.set(...l);
    window.headset.controllers.right.position.set(...r);
  }, [left0, right0]);
  // Reset: back to the table.
  await aimButton(page, "vr-reset");
  await trigger(page);
  const reset = await page.evaluate(() => window.chess3d.xr());
  check(
    reset.board.position.every((v, i) => close(v, reset.home.position[i], 1e-6)) && close(reset.board.scale, reset.home.scale, 1e-9) && close(reset.board.yaw, reset.home.yaw, 1e-9),
    '"Reset board" puts the board back at the table',
  );
  // The pieces still answer the rays where the board is now.
  await aimCell(page, "b1");
  // Exit VR: the page again, the game as it was.
  const plies = (await state(page)).ply;
  await aimButton(page, "vr-exit");
  await trigger(page);
  await page.waitForFunction(() => window.chess3d.xr() === null, null, { timeout: 5000 });
  await settle(page);
  const back = await page.evaluate(() => {
    const p = window.chess3d.screenPoint("b1");
    return { label: document.querySelector("#enter-vr").textContent, cell: window.chess3d.cellAt(p.x, p.y), ply: window.chess3d.state().ply };
  });
  check(back.label === "Enter VR" && back.cell === "b1" && back.ply >= plies, `"Exit VR" returns to the page: the game at move ${back.ply}, b1 clicked where it is drawn`);
  await done(page, "chess in the headset");
}

/// A promotion's menu as a panel in the scene, chosen with the ray; the
/// resignation's second press.
async function headsetMenu() {
  const page = await headsetPage();
  await openGame(page, { game: "chess", mode: "local", record: '[Game "chess"]\n[FEN "8/4P3/8/8/8/k7/8/K7 w - - 0 1"]\n\n*\n' });
  // From the 2-D diagram: the headset shows the board in 3-D, and the
  // diagram comes back after.
  await page.click("#toggle-view");
  await page.waitForSelector("#diagram .sq");
  await enter(page);
  check((await page.evaluate(() => window.chess3d.view())) === "3d", "Enter VR from the 2-D diagram shows the 3-D board in the headset");
  await aimCell(page, "e7");
  await trigger(page);
  await page.waitForFunction(() => window.chess3d.targets().includes("e8"), null, { timeout: 5000 });
  await aimCell(page, "e8");
  await trigger(page);
  await page.waitForFunction(() => window.chess3d.xr()?.menu, null, { timeout: 3000 });
  const menu = (await page.evaluate(() => window.chess3d.xr())).menu;
  const choices = menu.buttons.map((b) => b.label);
  check(menu.lines[0] === "Which move?" && choices.length === 5 && choices.some((c) => /Knight/.test(c)), `the move menu in the scene: ${choices.join(" / ")}`);
  await page.screenshot({ path: join(shots, "vr-menu.png") });
  const knight = menu.buttons.find((b) => /Knight/.test(b.label));
  await aimButton(page, knight.id);
  await trigger(page);
  await waitPly(page, 1, 5000);
  const s = await state(page);
  check(s.moves[0] === "e7e8n" && (await page.evaluate(() => window.chess3d.xr().menu)) === null, `the Knight chosen on the menu: ${s.moves[0]}, the menu gone`);
  // Flip: the board turned round, Black's side nearest.
  const yaw0 = (await page.evaluate(() => window.chess3d.xr())).home.yaw;
  await aimButton(page, "flip");
  await trigger(page);
  await page.waitForFunction((y) => window.chess3d.xr().home.yaw !== y, yaw0, { timeout: 3000 });
  const yaw1 = (await page.evaluate(() => window.chess3d.xr())).home.yaw;
  const turned = (((yaw1 - yaw0) % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI);
  check(close(turned, Math.PI, 1e-6), `"Flip" on the panel turns the board round (${((turned * 180) / Math.PI).toFixed(0)} degrees)`);
  // Resign: the first press asks, the second resigns.
  await aimButton(page, "resign");
  await trigger(page);
  await page.waitForTimeout(300);
  const asked = await page.evaluate(() => window.chess3d.xr().panel.buttons.find((b) => b.id === "resign").label);
  check(asked === "Confirm resign" && (await state(page)).view.result === null, `one press of Resign asks again ("${asked}"); the game goes on`);
  await aimButton(page, "resign");
  await trigger(page);
  await page.waitForFunction(() => window.chess3d.state().view.result, null, { timeout: 5000 });
  await page.waitForFunction(() => window.chess3d.xr().panel.lines.some((l) => /resign/i.test(l)), null, { timeout: 3000 });
  check(true, `the second press resigns, and the panel says so: ${(await page.evaluate(() => window.chess3d.xr().panel.lines)).find((l) => /resign/i.test(l))}`);
  await page.evaluate(() => window.headset.activeSession?.end());
  await page.waitForFunction(() => window.chess3d.xr() === null, null, { timeout: 5000 });
  check((await page.evaluate(() => window.chess3d.view())) === "2d", "the session ended by the headset: the page shows the diagram again, as before");
  await done(page, "the headset's menu");
}

/// Hand tracking: a pinch selects and plays as the trigger does.
async function headsetHands() {
  const page = await headsetPage();
  await openGame(page, { game: "chess", mode: "local" });
  await settle(page);
  await enter(page);
  await page.evaluate(() => (window.headset.primaryInputMode = "hand"));
  const pinchAt = async (cell) => {
    await aimCell(page, cell, { kind: "hands" });
    await page.evaluate(() => window.headset.hands.right.updatePinchValue(1));
    await page.waitForTimeout(80);
    await page.evaluate(() => window.headset.hands.right.updatePinchValue(0));
    await page.waitForTimeout(80);
  };
  await pinchAt("e2");
  await page.waitForFunction(() => window.chess3d.targets().includes("e4"), null, { timeout: 5000 });
  await pinchAt("e4");
  await waitPly(page, 1, 5000);
  check((await state(page)).moves[0] === "e2e4", "tracked hands: e2e4 pointed at and pinched");
  await page.evaluate(() => window.headset.activeSession?.end());
  await page.waitForFunction(() => window.chess3d.xr() === null, null, { timeout: 5000 });
  await done(page, "hands in the headset");
}

/// Star Trek: an attack board moved by its knob, in the headset.
async function headsetBoards() {
  const page = await headsetPage();
  await openGame(page, STARTREK_EMPTY_BOARD);
  await settle(page);
  await enter(page);
  // At table scale: the middles of its squares within 60 cm across and
  // deep and 75 cm high, and one of those nearly filled (the tiles' edges
  // and the pieces' tops take the rest).
  const extent = await page.evaluate(() => {
    const points = window.chess3d.state().view.cells.filter((c) => c.present).map((c) => window.chess3d.xrPoint(c.name));
    return [0, 1, 2].map((i) => Math.max(...points.map((p) => p[i])) - Math.min(...points.map((p) => p[i])));
  });
  const fill = Math.max(extent[0] / 0.6, extent[2] / 0.6, extent[1] / 0.75);
  check(
    extent[0] <= 0.6 && extent[2] <= 0.6 && extent[1] <= 0.75 && fill > 0.8,
    `Star Trek at table scale: ${extent.map((v) => `${(v * 100).toFixed(0)} cm`).join(" by ")} (across, high, deep)`,
  );
  const m = await page.evaluate(() => window.chess3d.state().view.legal.find((m) => m.text === "Lb1(2)-b3(4)"));
  await pointMove(page, m.from, m.board.lands[0], { knob: true });
  await waitPly(page, 1, 5000);
  check((await state(page)).moves[0] === "Lb1(2)-b3(4)", "Star Trek: the attack board moved by pointing at its knob, then where it goes (Lb1(2)-b3(4))");
  await page.waitForFunction(() => !window.chess3d.moving(), null, { timeout: 5000 });
  await aimCell(page, "c2(2)");
  await page.screenshot({ path: join(shots, "vr-startrek.png") });
  await page.evaluate(() => window.headset.activeSession?.end());
  await page.waitForFunction(() => window.chess3d.xr() === null, null, { timeout: 5000 });
  await done(page, "Star Trek in the headset");
}

export const sections = { headsetOffered, headsetChess, headsetMenu, headsetHands, headsetBoards };
