// Elevator's Wonkavator option on the page (issue 61): offered on the
// start form, named in the game's title, and a sideways elevator move
// made by pointing at its knob and at a pale landing square on the same
// level, at 1400×900 and at phone size.

import { ghostsInside, levelOf, showLevel } from "./clickable.mjs";
import { check, clickCell, clickKnob, done, env, newPage, openGame, PHONE, settle, shots, state, waitPly } from "./lib.mjs";
import { readFileSync } from "node:fs";
import { join } from "node:path";

/// The sideways move of the start: the elevator at level 3 of pole a1
/// north to pole a2 (RULINGS.md §4, "Option `wonkavator`").
const NORTH = "E3a1-a2";

async function wonkavator() {
  const page = await newPage();
  await page.goto(`${env.server.base}/#/`);
  await page.waitForSelector('#variant option[value="elevator"]', { state: "attached" });
  await page.selectOption("#variant", "chess");
  check((await page.$$eval("#game-options input", (i) => i.length)) === 0, "chess's start form offers no option");
  await page.selectOption("#variant", "elevator");
  const box = await page.waitForSelector('#game-options input[data-option="wonkavator"]');
  const label = await page.$eval("#game-options label", (l) => l.textContent);
  check(!(await box.isChecked()) && label.includes("sideways"), `Elevator's start form offers the Wonkavator, off: "${label}"`);
  await box.check();
  await page.selectOption("#mode", "local");
  await page.screenshot({ path: join(shots, "wonkavator-start-form.png") });
  await page.click("#start-game");
  await page.waitForFunction(() => window.chess3d.state()?.view, null, { timeout: 10000 });
  const title = await page.textContent("#title");
  check(title.startsWith("Elevator (wonkavator)"), `the game's title names the option: "${title}"`);
  const legal = (await state(page)).view.legal;
  check(legal.length === 77 && legal.some((m) => m.text === NORTH), `White has 77 first moves with ${NORTH} (${legal.length})`);
  await settle(page);
  await clickKnob(page, "3a1");
  const move = legal.find((m) => m.text === NORTH);
  const targets = await page.evaluate(() => window.chess3d.targets());
  const levels = await Promise.all(move.board.lands.map((c) => levelOf(page, c)));
  check(move.board.lands.every((c) => targets.includes(c)) && levels.every((z) => z === 3), `the elevator's knob shows its sideways landing ${move.board.lands.join(" ")} on its own level as pale squares`);
  const said = await page.textContent("#message");
  check(said.includes("the elevator north to pole a2, with its pieces"), `and says it in words: "${said}"`);
  await page.screenshot({ path: join(shots, "wonkavator-sideways.png") });
  await ghostsInside(page, "Wonkavator 1400x900");
  await clickCell(page, move.board.lands[0]);
  await waitPly(page, 1);
  const after = await state(page);
  check(after.moves[0] === NORTH, `${NORTH} is played by pointing at its knob and a square where it lands`);
  check(after.view.position.endsWith("4444/2323/-232/(13)111"), `the shafts after it are the ruling's: ${after.view.position.split(" ").pop()}`);
  check((await page.evaluate(() => window.chess3d.travels())) === 1, "the elevator travels sideways in the 3-D view");
  await settle(page);
  await page.screenshot({ path: join(shots, "wonkavator-after.png") });
  // Saved and loaded from the start form (its box left off): the record
  // carries the option.
  const download = page.waitForEvent("download");
  await page.click("#save");
  const record = readFileSync(await (await download).path(), "utf8");
  check(record.includes('[Options "wonkavator=on"]'), "the saved record names the option");
  const id = after.id;
  await page.goto(`${env.server.base}/#/`);
  await page.waitForSelector('#variant option[value="elevator"]', { state: "attached" });
  await page.selectOption("#mode", "local");
  await page.setInputFiles("#load-start", { name: "wonkavator.pgn", mimeType: "text/plain", buffer: Buffer.from(record) });
  await page.waitForFunction((old) => window.chess3d.state()?.id !== old && !!window.chess3d.state(), id);
  const loaded = await state(page);
  check(loaded.options === "wonkavator=on" && loaded.moves.join() === NORTH, `the record loads with the option on and its move (${loaded.options}: ${loaded.moves})`);
  await done(page, "wonkavator");

  // At phone size, one level shown at a time.
  const phone = await newPage(PHONE, { hasTouch: true, isMobile: true });
  await openGame(phone, { game: "elevator", mode: "local", options: { wonkavator: true } });
  await settle(phone);
  await showLevel(phone, 3);
  await clickKnob(phone, "3a1");
  await ghostsInside(phone, "Wonkavator 390x844");
  await phone.screenshot({ path: join(shots, "wonkavator-sideways-390x844.png") });
  await clickCell(phone, move.board.lands[0]);
  await waitPly(phone, 1);
  check((await state(phone)).moves[0] === NORTH, `at phone size too, ${NORTH} is played by pointing`);
  await done(phone, "wonkavator at phone size");
}

export const sections = { wonkavator };
