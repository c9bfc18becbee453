// Players meeting in the lobby (issue 58): two browsers take names, one
// posts a rated challenge, the other accepts it and both are taken to
// the game, which they play to mate while a third browser watches it
// from the list of games being played; then a player's page with the
// ratings Glicko-2 gives. Screenshots of the lobby, the spectator view and
// a player's page, at both sizes.

import { join } from "node:path";
import { check, done, env, newPage, PHONE, settle, shots, state, typeMoves, waitPly } from "./lib.mjs";

/// Opens the lobby and takes `name` as this browser's player.
async function takeName(page, name) {
  await page.goto(`${env.server.base}/#/`);
  await page.waitForSelector("#you-form:not([hidden])");
  await page.fill("#you-name", name);
  await page.click("#you-register");
  await page.waitForSelector("#you-known:not([hidden])");
  const shown = await page.textContent("#you-page");
  check(shown === name, `the page says who plays here (${shown})`);
}

async function lobby() {
  const anna = await newPage();
  const ben = await newPage();
  const watcher = await newPage();
  await takeName(anna, "anna");
  await takeName(ben, "ben");
  const link = await anna.inputValue("#you-link");
  check(/#\/key\/anna\/[0-9a-f]{32}$/.test(link), `a private link carries the player to another device (${link.replace(/[0-9a-f]{32}$/, "…")})`);

  // A challenge for ratings up to 1400: Ben (1500) is refused, in the
  // server's words; Anna cancels it and it leaves Ben's list.
  await anna.selectOption("#variant", "chess");
  await anna.selectOption("#mode", "lobby");
  check(await anna.isVisible("#rated-field"), "a challenge may be rated");
  await anna.fill("#max-rating", "1400");
  await anna.click("#start-game");
  await anna.waitForSelector("#challenges tr.mine");
  await ben.waitForSelector("#challenges tr button:not([disabled])", { timeout: 10000 });
  await ben.click("#challenges tr button");
  await ben.waitForFunction(() => document.getElementById("lobby-error").textContent !== "");
  const refusal = await ben.textContent("#lobby-error");
  check(refusal.includes("1400") && refusal.includes("1500"), `a rating out of bounds is refused: "${refusal}"`);
  await anna.click("#challenges tr.mine button");
  await ben.waitForFunction(() => document.querySelectorAll("#challenges tr").length === 0, null, { timeout: 10000 });
  check(true, "a cancelled challenge leaves the other's list");

  // Anna posts a rated challenge: chess, she plays White, 5+3.
  await anna.fill("#max-rating", "");
  await anna.selectOption("#side", "0");
  await anna.selectOption("#clock", "5+3");
  await anna.check("#rated");
  await anna.click("#start-game");
  await anna.waitForSelector("#challenges tr.mine");
  check((await anna.textContent("#challenges tr.mine button")) === "Cancel", "her own challenge is hers to cancel");

  // Ben sees it, pushed, and accepts it: both are taken to the game.
  await ben.waitForFunction(() => [...document.querySelectorAll("#challenges tr")].some((r) => r.textContent.includes("anna")), null, { timeout: 10000 });
  const row = await ben.textContent("#challenges tr");
  check(row.includes("anna 1500") && row.includes("5+3") && row.includes("rated"), `the challenge as the lobby lists it: "${row}"`);
  await settleLobby(ben);
  await ben.screenshot({ path: join(shots, "lobby-desktop.png") });
  await ben.click("#challenges tr button");
  await ben.waitForFunction(() => window.chess3d.state()?.lobby?.rated === true, null, { timeout: 10000 });
  await anna.waitForFunction(() => window.chess3d.state()?.lobby?.rated === true, null, { timeout: 10000 });
  const [a, b] = [await state(anna), await state(ben)];
  check(a.id === b.id, "the creator's page moved to the game the other accepted");
  const title = await anna.textContent("#title");
  check(title.includes("anna 1500") && title.includes("ben 1500") && title.includes("rated"), `the players and their ratings: "${title}"`);

  // The third browser watches from the list of games being played.
  await watcher.goto(`${env.server.base}/#/`);
  await watcher.waitForSelector(`#live-games tr[data-id="${a.id}"]`, { timeout: 10000 });
  await watcher.click(`#live-games tr[data-id="${a.id}"] a[href^="#/game/"]`);
  await watcher.waitForFunction((id) => window.chess3d.state()?.id === id, a.id);
  const status = await watcher.textContent("#status");
  check(status.includes("you are watching"), `the spectator has no seat: "${status}"`);
  await anna.waitForFunction(() => document.getElementById("status").textContent.includes("1 watching"), null, { timeout: 10000 });
  check(true, "the players are told that one watches");

  // The lobby on a phone while the game is played: an anonymous casual
  // challenge of its own posted, the game listed.
  const phone = await newPage(PHONE);
  await phone.goto(`${env.server.base}/#/`);
  await phone.waitForSelector(`#live-games tr[data-id="${a.id}"]`, { timeout: 10000 });
  await phone.selectOption("#variant", "polyhedron");
  await phone.selectOption("#mode", "lobby");
  check(await phone.isDisabled("#rated"), "an anonymous player's challenge is casual");
  await phone.click("#start-game");
  await phone.waitForSelector("#challenges tr.mine");
  await settleLobby(phone);
  const wide = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  check(wide <= 0, `the lobby fits the phone's width (${wide} px over)`);
  await phone.screenshot({ path: join(shots, "lobby-phone.png"), fullPage: true });
  await phone.click("#challenges tr.mine button");
  await phone.waitForFunction(() => document.querySelectorAll("#challenges tr.mine").length === 0);

  // The fool's mate, each move typed on its player's page.
  await typeMoves(anna, ["f3"]);
  await waitPly(ben, 1);
  await typeMoves(ben, ["e5"]);
  await waitPly(anna, 2);
  await typeMoves(anna, ["g4"]);
  await waitPly(ben, 3);
  await typeMoves(ben, ["Qh4#"]);
  await waitPly(watcher, 4);
  const seen = await state(watcher);
  check(seen.view.result?.[0] === "0-1" && seen.labels.join(" ") === "f3 e5 g4 Qh4#", `the spectator saw every move and the end (${seen.labels.join(" ")}, ${seen.view.result?.[0]})`);
  check(seen.clock?.control === "5+3", "and the clocks");
  await settle(watcher);
  await watcher.screenshot({ path: join(shots, "spectator-desktop.png") });

  // Ben's page: his rating after the win, as Glicko-2 gives it from the
  // start (1662, deviation 290).
  await watcher.goto(`${env.server.base}/#/player/ben`);
  await watcher.waitForFunction(() => document.getElementById("player-ratings").textContent.includes("1662"), null, { timeout: 10000 });
  const ratings = await watcher.textContent("#player-ratings");
  check(ratings.includes("Chess") && ratings.includes("deviation 290") && ratings.includes("1 rated game"), `his ratings: "${ratings}"`);
  const games = await watcher.textContent("#player-games");
  check(games.includes("won") && games.includes("+162"), `his games: "${games}"`);
  await watcher.screenshot({ path: join(shots, "player-desktop.png") });
  for (const p of [anna, ben, watcher]) await done(p, "the lobby");

  // The phone's screen: a spectator, a player's page.
  await phone.goto(`${env.server.base}/#/game/${a.id}`);
  await phone.waitForFunction((id) => window.chess3d.state()?.id === id, a.id);
  await settle(phone);
  await phone.screenshot({ path: join(shots, "spectator-phone.png") });
  await phone.goto(`${env.server.base}/#/player/anna`);
  await phone.waitForFunction(() => document.getElementById("player-ratings").textContent.includes("1338"), null, { timeout: 10000 });
  await phone.screenshot({ path: join(shots, "player-phone.png"), fullPage: true });
  await done(phone, "the lobby on a phone");
}

/// Lets the lobby's lists arrive.
async function settleLobby(page) {
  await page.waitForFunction(() => document.getElementById("lobby-link").textContent === "");
  await page.waitForTimeout(300);
}

export const sections = { lobby };
