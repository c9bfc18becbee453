// Drops from the hand (crazyhouse, a game file in the test server's games
// folder): each side's hand shown beside the board, a piece of the hand
// clicked and then a marked square, in 3-D and in the diagram; a capture
// filling the capturer's hand.

import { join } from "node:path";
import { check, clickCell, done, newPage, openGame, settle, shots, state, typeMoves, waitPly } from "./lib.mjs";

/// The hands as the panel shows them: per side, the text of its row and
/// its buttons' letters, pressed and enabled.
async function handsShown(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll("#hands .hand")].map((row) => ({
      text: row.textContent,
      buttons: [...row.querySelectorAll("button")].map((b) => ({ letter: b.dataset.letter, pressed: b.getAttribute("aria-pressed") === "true", enabled: !b.disabled })),
    })),
  );
}

async function drops() {
  const page = await newPage();
  // Both hands hold pieces: White a Knight and a Pawn, Black a Pawn.
  const fen = "r1bqk2r/pppp1ppp/2n2n2/4p3/1b2P3/2N2N2/PPPP1PPP/R1BQKB1R[NPp] w KQkq - 0 1";
  await openGame(page, { game: "crazyhouse", mode: "local", record: `[Game "crazyhouse"]\n[FEN "${fen}"]\n\n*\n` });
  await settle(page);
  let hands = await handsShown(page);
  check(
    hands.length === 2 && hands[0].text.includes("White's hand") && hands[0].buttons.map((b) => b.letter).join() === "N,P" && hands[0].buttons.every((b) => b.enabled),
    `White's hand beside the board: ${hands[0]?.text}, its pieces clickable on White's turn`,
  );
  check(hands[1].buttons.map((b) => b.letter).join() === "P" && !hands[1].buttons[0].enabled, `Black's hand shown, not clickable on White's turn: ${hands[1].text}`);
  // The Knight chosen: every square it may be dropped on marked, and only
  // those; a click on one drops it.
  await page.click('#hands .hand[data-side="0"] button[data-letter="N"]');
  const marked = await page.evaluate(() => window.chess3d.targets().sort());
  const legal = (await state(page)).view.legal.filter((m) => m.drop === "N").map((m) => m.to).sort();
  check(marked.length === 32 && marked.join() === legal.join(), `the Knight in hand chosen: its ${marked.length} squares marked (the 32 empty ones)`);
  hands = await handsShown(page);
  check(hands[0].buttons[0].pressed, "the Knight chosen is shown pressed");
  await page.screenshot({ path: join(shots, "crazyhouse-drop-chosen.png") });
  // A second click on the chosen piece keeps it in hand; a third chooses
  // it again.
  await page.click('#hands .hand[data-side="0"] button[data-letter="N"]');
  check((await page.evaluate(() => window.chess3d.targets().length)) === 0, "a second click on the chosen Knight keeps it in hand, nothing marked");
  await page.click('#hands .hand[data-side="0"] button[data-letter="N"]');
  await clickCell(page, "d5");
  await waitPly(page, 1, 5000);
  let s = await state(page);
  check(s.moves[0] === "N@d5" && s.view.cells.find((c) => c.name === "d5").piece?.letter === "N", `a click on d5 drops the Knight there: ${s.moves[0]}`);
  hands = await handsShown(page);
  check(hands[0].buttons.map((b) => b.letter).join() === "P", `White's hand now holds the Pawn alone: ${hands[0].text}`);
  // Black's turn, in the diagram: its Pawn chosen, then a square.
  await page.click("#toggle-view");
  await page.waitForSelector("#diagram .sq");
  await page.click('#hands .hand[data-side="1"] button[data-letter="P"]');
  const blackMarked = await page.evaluate(() => window.chess3d.targets());
  check(!blackMarked.some((c) => c.endsWith("1") || c.endsWith("8")), `Black's Pawn marks no square on the first or last rank (${blackMarked.length} squares)`);
  await page.click('#diagram [data-cell="h3"]');
  await waitPly(page, 2, 5000);
  s = await state(page);
  check(s.moves[1] === "P@h3", `Black's Pawn dropped on h3 in the diagram: ${s.moves[1]}`);
  await page.screenshot({ path: join(shots, "crazyhouse-diagram.png") });
  // A capture fills the capturer's hand; a drop typed in the move box.
  await page.click("#toggle-view");
  await typeMoves(page, ["gxh3"]);
  hands = await handsShown(page);
  check(hands[0].text.includes("Pawn ×2"), `gxh3 takes the Pawn into White's hand: ${hands[0].text}`);
  await typeMoves(page, ["a6", "P@e6"]);
  s = await state(page);
  hands = await handsShown(page);
  check(s.moves[4] === "P@e6" && hands[0].buttons.map((b) => b.letter).join() === "P" && !hands[0].text.includes("×"), `P@e6 typed is played: ${hands[0].text}; ${hands[1].text}`);
  await settle(page);
  await page.screenshot({ path: join(shots, "crazyhouse.png") });
  await done(page, "drops");
}

/// Minishogi (a game file): a Silver entering the far rank offered both
/// moves, promoting (`c4c5+`) or not, in the move menu; the promoted
/// Silver drawn as its own kind; a capture entering the hand unpromoted.
async function shogi() {
  const page = await newPage();
  const fen = "1p2k/2S2/5/5/K4[Pp] w - - 0 1";
  await openGame(page, { game: "minishogi", mode: "local", record: `[Game "minishogi"]\n[FEN "${fen}"]\n\n*\n` });
  await settle(page);
  await clickCell(page, "c4");
  await clickCell(page, "c5");
  await page.waitForSelector("#picker:not([hidden])");
  const choices = await page.$$eval("#picker-choices button", (b) => b.map((x) => [x.dataset.move, x.textContent]));
  check(
    choices.map((c) => c[0]).sort().join() === "c4c5,c4c5+" && choices.some((c) => c[0] === "c4c5+" && /promoting to Promoted Silver/i.test(c[1])),
    `c4 to c5 offers both moves in the menu: ${choices.map((c) => c[1]).join(" | ")}`,
  );
  await page.screenshot({ path: join(shots, "minishogi-promotion-menu.png") });
  await page.click('#picker-choices button[data-move="c4c5+"]');
  await waitPly(page, 1, 5000);
  let s = await state(page);
  check(s.moves[0] === "c4c5+" && s.view.cells.find((c) => c.name === "c5").piece?.letter === "V", `the promotion is played, a Promoted Silver on c5: ${s.moves[0]}`);
  // Gote's Pawn b5 taken by the Promoted Silver goes to Sente's hand.
  await typeMoves(page, ["e5e4", "c5b5"]);
  s = await state(page);
  const hands = await handsShown(page);
  check(s.moves[2] === "c5b5" && hands[0].text.includes("Pawn ×2"), `the Promoted Silver takes the Pawn b5, into Sente's hand: ${hands[0].text}`);
  await settle(page);
  await page.screenshot({ path: join(shots, "minishogi.png") });
  await done(page, "shogi");
}

/// Seirawan chess (a game file): a Knight's first move offered with the
/// Hawk or the Elephant gated on the square it leaves, or without, in the
/// move menu; the Hawk then on b1 and out of the hand; castling offered
/// with the Elephant gated on the King's square or the Rook's.
async function gating() {
  const page = await newPage();
  await openGame(page, { game: "seirawan", mode: "local" });
  await settle(page);
  await clickCell(page, "b1");
  await clickCell(page, "c3");
  await page.waitForSelector("#picker:not([hidden])");
  let choices = await page.$$eval("#picker-choices button", (b) => b.map((x) => [x.dataset.move, x.textContent]));
  check(
    choices.map((c) => c[0]).sort().join() === "b1c3,b1c3e,b1c3h" && choices.some((c) => c[0] === "b1c3h" && /gating the Hawk on b1/i.test(c[1])),
    `b1 to c3 offers the move with each gate and without, in the menu: ${choices.map((c) => c[1]).join(" | ")}`,
  );
  await page.screenshot({ path: join(shots, "seirawan-gating-menu.png") });
  await page.click('#picker-choices button[data-move="b1c3h"]');
  await waitPly(page, 1, 5000);
  let s = await state(page);
  const hands = await handsShown(page);
  check(
    s.moves[0] === "b1c3h" && s.view.cells.find((c) => c.name === "b1").piece?.letter === "H" && hands[0].text.includes("Elephant") && !hands[0].text.includes("Hawk"),
    `the Hawk is gated on b1 and leaves the hand: ${hands[0].text}`,
  );
  // Nothing in hand is dropped: the hands are shown, with no buttons.
  check(hands.every((h) => h.buttons.length === 0) && hands[1].text.includes("Hawk"), `the hands have nothing to click: ${hands.map((h) => h.text).join("; ")}`);
  await typeMoves(page, ["a7a6", "e2e4", "a6a5", "f1e2", "a5a4", "g1f3", "a4a3"]);
  await clickCell(page, "e1");
  await clickCell(page, "g1");
  await page.waitForSelector("#picker:not([hidden])");
  choices = await page.$$eval("#picker-choices button", (b) => b.map((x) => [x.dataset.move, x.textContent]));
  check(
    choices.map((c) => c[0]).sort().join() === "e1g1,e1g1e,h1e1e" && choices.some((c) => c[0] === "h1e1e" && /gating the Elephant on h1/i.test(c[1])),
    `castling offers the Elephant on e1 or h1, or nothing: ${choices.map((c) => c[1]).join(" | ")}`,
  );
  await page.click('#picker-choices button[data-move="h1e1e"]');
  await waitPly(page, 9, 5000);
  s = await state(page);
  check(
    s.moves[8] === "h1e1e" && s.view.cells.find((c) => c.name === "h1").piece?.letter === "E" && s.view.cells.find((c) => c.name === "g1").piece?.letter === "K",
    `castled with the Elephant on h1: ${s.moves.join(" ")}`,
  );
  await settle(page);
  await page.screenshot({ path: join(shots, "seirawan.png") });
  await done(page, "gating");
}

export const sections = { drops, shogi, gating };
