// Around the board: the sounds, the board's colours, what a screen reader
// and axe-core find on every page, and the smaller things a newcomer meets
// (the game list, the legend's texts, the move box, the demonstration).

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { check, DESKTOP, done, env, newPage, openGame, PHONE, root, settle, shots, state, waitPly, typeMoves } from "./lib.mjs";

/// A move, a capture and check each have their sound, made by the
/// browser's audio (oscillators counted); muted, nothing sounds, and the
/// choice is kept.
async function sounds() {
  const page = await newPage();
  await page.addInitScript(() => {
    window.oscillators = 0;
    const make = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function () {
      window.oscillators += 1;
      return make.call(this);
    };
  });
  await openGame(page, { game: "chess", mode: "local", record: '[Game "chess"]\n[FEN "4k3/8/8/3p4/4P3/8/8/R3K3 w - - 0 1"]\n\n*\n' });
  await typeMoves(page, ["exd5", "Kd7", "Ra7+"]);
  const heard = await page.evaluate(() => ({ sounds: window.chess3d.sounds(), oscillators: window.oscillators }));
  check(heard.sounds.join() === "capture,move,check" && heard.oscillators >= 4, `exd5, Kd7, Ra7+ sound as a capture, a move and check (${heard.sounds.join(", ")}; ${heard.oscillators} oscillators)`);
  await page.click("#sound");
  check((await page.textContent("#sound")) === "Sound off" && (await page.evaluate(() => window.chess3d.muted())), 'the switch reads "Sound off"');
  await typeMoves(page, ["Kd6"]);
  const muted = await page.evaluate(() => ({ sounds: window.chess3d.sounds().length, oscillators: window.oscillators }));
  check(muted.sounds === 3 && muted.oscillators === heard.oscillators, "muted, a move makes no sound");
  await page.reload();
  await page.waitForFunction(() => window.chess3d.state()?.view);
  check(await page.evaluate(() => window.chess3d.muted()), "the browser keeps the choice");
  await done(page, "sounds");
}

/// WCAG 2.x's relative luminance and contrast ratio of two #rrggbb colours.
function contrast(a, b) {
  const luminance = (hex) => {
    const [r, g, bl] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

/// Board themes: each chosen in the panel colours the board; the
/// high-contrast one keeps marks and marked squares apart in greyscale;
/// the choice is kept.
async function themes() {
  const page = await newPage();
  await openGame(page, { game: "chess", mode: "local" });
  const ids = await page.$$eval("#theme option", (o) => o.map((x) => x.value));
  check(ids.length >= 3 && ids.includes("contrast"), `board themes offered: ${ids.join(", ")}`);
  await page.keyboard.press("v");
  await page.waitForSelector("#diagram .sq");
  const seen = new Set();
  for (const id of ids) {
    await page.selectOption("#theme", id);
    const light = await page.$eval('#diagram [data-cell="h1"]', (e) => getComputedStyle(e).backgroundColor);
    seen.add(light);
    check((await page.evaluate(() => window.chess3d.theme())) === id, `the ${id} theme is used (h1 is ${light})`);
  }
  check(seen.size === ids.length, "each theme colours the squares its own way");
  const palette = await page.evaluate(() => {
    const style = getComputedStyle(document.documentElement);
    const names = ["light", "dark", "last-light", "last-dark", "premove-light", "premove-dark", "selected", "check", "move", "capture", "over", "cursor"];
    return Object.fromEntries(names.map((n) => [n, style.getPropertyValue(`--${n}`).trim()]));
  });
  const marks = ["move", "capture", "over", "cursor"].map((m) => [m, Math.min(contrast(palette[m], palette.light), contrast(palette[m], palette.dark))]);
  check(marks.every(([, r]) => r >= 3), `high contrast: every mark at least 3:1 against both squares (${marks.map(([m, r]) => `${m} ${r.toFixed(1)}`).join(", ")})`);
  const squares = [
    ["last-light", "light"],
    ["premove-light", "light"],
    ["selected", "light"],
    ["check", "light"],
    ["last-dark", "dark"],
    ["premove-dark", "dark"],
    ["selected", "dark"],
    ["check", "dark"],
  ].map(([a, b]) => [`${a}/${b}`, contrast(palette[a], palette[b])]);
  check(squares.every(([, r]) => r >= 1.6), `high contrast: marked squares apart from plain ones (${squares.map(([m, r]) => `${m} ${r.toFixed(1)}`).join(", ")})`);
  await page.keyboard.press("v");
  await settle(page);
  await page.screenshot({ path: join(shots, "theme-contrast.png") });
  await page.reload();
  await page.waitForFunction(() => window.chess3d.state()?.view);
  check((await page.evaluate(() => window.chess3d.theme())) === "contrast", "the browser keeps the theme");
  await page.selectOption("#theme", "wood");
  await done(page, "themes");
}

/// axe-core finds no critical or serious violation on the start page, a
/// game in 3-D and in the diagram, the legend, the invitation and a remote
/// game waiting for its opponent, at both sizes; each page has one h1; the
/// diagram is a grid of rows; the cursor is announced as it moves.
async function accessibility() {
  const axe = readFileSync(join(root, "web/node_modules/axe-core/axe.min.js"), "utf8");
  const audit = async (page, what) => {
    // Evaluated through the browser's protocol: the page's own CSP would
    // refuse an inline script.
    await page.evaluate(axe);
    const found = await page.evaluate(async () => {
      const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];
      const r = await window.axe.run(document, { runOnly: { type: "tag", values: tags } });
      return r.violations.filter((v) => v.impact === "critical" || v.impact === "serious").map((v) => `${v.id} (${v.nodes.length})`);
    });
    const h1 = await page.$$eval("h1", (hs) => hs.filter((h) => h.offsetParent !== null).length);
    check(found.length === 0 && h1 === 1, `${what}: no critical or serious axe-core violation, one h1${found.length ? ` (${found.join(", ")})` : ""}`);
  };
  for (const [size, viewport] of [
    ["1400x900", DESKTOP],
    ["390x844", PHONE],
  ]) {
    const page = await newPage(viewport);
    await page.goto(`${env.server.base}/#/`);
    await page.waitForSelector('#variant option[value="chess"]', { state: "attached" });
    await audit(page, `${size} start page`);
    await page.selectOption("#variant", "chess");
    await page.selectOption("#mode", "remote");
    await page.click("#start-game");
    await page.waitForSelector("#invite:not([hidden])");
    await audit(page, `${size} remote game waiting for the opponent`);
    const guest = await newPage(viewport);
    await guest.goto(await page.inputValue("#invite-link"));
    await guest.waitForSelector("#joining:not([hidden])");
    await audit(guest, `${size} invitation`);
    await done(guest, "invitation");
    await openGame(page, { game: "ziggurat", mode: "computer", side: 0 });
    await settle(page);
    await audit(page, `${size} game in 3-D`);
    await page.keyboard.press("h");
    await page.waitForSelector("#legend:not([hidden])");
    await audit(page, `${size} legend`);
    await page.keyboard.press("Escape");
    await page.keyboard.press("v");
    await page.waitForSelector("#diagram .sq");
    await audit(page, `${size} diagram`);
    if (viewport === DESKTOP) {
      const grid = await page.evaluate(() => {
        const cells = [...document.querySelectorAll('#diagram [role="gridcell"]')];
        return { cells: cells.length, inRows: cells.filter((c) => c.parentElement.getAttribute("role") === "row").length, named: cells.filter((c) => /: (White|Black) /.test(c.getAttribute("aria-label"))).length };
      });
      check(grid.cells === 204 && grid.inRows === 204 && grid.named === 84, `the diagram is a grid: ${grid.inRows}/${grid.cells} cells in rows, ${grid.named} named with their piece`);
      const live = await page.getAttribute("#cursor", "aria-live");
      await page.focus("#diagram");
      const before = await page.textContent("#cursor");
      await page.keyboard.press("ArrowRight");
      const after = await page.textContent("#cursor");
      check(live === "polite" && before !== after, `the cursor is announced politely as it moves ("${before}" then "${after}")`);
    }
    await page.keyboard.press("v");
    await done(page, `accessibility at ${size}`);
  }
}

/// What a newcomer meets beside the board: the two Ziggurats told apart in
/// the game list, no source file named in any legend, a finished chess
/// game's move box, the demonstration on a central cell (Raumschach's
/// King with all 26 directions) and the cursor back after it.
async function newcomer() {
  const page = await newPage();
  await page.goto(`${env.server.base}/#/`);
  await page.waitForSelector('#variant option[value="ziggurat43"]', { state: "attached" });
  const names = await page.$$eval("#variant option", (o) => Object.fromEntries(o.map((x) => [x.value, x.textContent])));
  check(
    names.ziggurat.includes("204 squares, 8 levels") && names.ziggurat43.includes("43 squares") && names.ziggurat !== names.ziggurat43,
    `the two Ziggurats are told apart: "${names.ziggurat}" and "${names.ziggurat43}"`,
  );
  for (const game of Object.keys(names)) {
    const about = JSON.stringify(await (await fetch(`${env.server.base}/api/v1/variants/${game}`)).json());
    check(!/docs\/|\.md\b|\.rs\b/.test(about), `${game}: the rules name no source file`);
  }
  await openGame(page, { game: "chess", mode: "local" });
  check((await page.getAttribute("#move-text", "placeholder")).includes("Na3"), `chess's move box shows SAN: "${await page.getAttribute("#move-text", "placeholder")}"`);
  await typeMoves(page, ["f3", "e5", "g4", "Qh4#"]);
  const over = await page.getAttribute("#move-text", "placeholder");
  check(over === "the game is over" && (await page.isDisabled("#undo")), `after the mate the move box says "${over}" and Undo is off`);
  await openGame(page, { game: "raumschach", mode: "local" });
  await settle(page);
  const cursor = await page.textContent("#cursor");
  await page.keyboard.press("h");
  await page.waitForSelector("#legend:not([hidden])");
  await page.click('#legend button[data-kind="K"]');
  await page.waitForFunction(() => window.chess3d.targets().length > 0);
  const demo = await page.evaluate(() => ({ targets: window.chess3d.targets().length, cell: window.chess3d.marks().cursor }));
  check(demo.targets === 26 && demo.cell === "Cc3", `the King is shown on ${demo.cell}, the cube's middle, with all ${demo.targets} directions`);
  await page.keyboard.press("Escape");
  const back = await page.textContent("#cursor");
  check(back === cursor, `after Esc the cursor line is the game's again ("${back}")`);
  await done(page, "what a newcomer meets");
}

/// Limits said in a player's words (issue 54): a hint asked for while
/// another of the same address is on its way.
async function limits() {
  const page = await newPage();
  const id = await openGame(page, { game: "chess", mode: "computer" });
  const other = page.evaluate(async (id) => {
    const { token } = JSON.parse(localStorage.getItem(`chess3d.seat.${id}`));
    const r = await fetch(`/api/v1/games/${id}/hint`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ token }) });
    return r.status;
  }, id);
  await page.waitForTimeout(50);
  await page.click("#hint");
  // Past "The engine is thinking about a hint…", said at the click.
  await page.waitForFunction(() => {
    const said = document.getElementById("message").textContent;
    return said.length > 0 && !said.startsWith("The engine is thinking");
  });
  const said = await page.textContent("#message");
  check((await other) === 200 && said === "A hint is already on its way; wait for it.", `a second hint at once is refused in words: "${said}"`);
  await done(page, "limits");
}

export const sections = { sounds, themes, accessibility, newcomer, limits };
