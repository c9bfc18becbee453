// Everything on the board can be clicked: every piece, both ends of every
// legal move, every board's knob and where it lands; no piece hidden by
// another's badge; on a phone, where one level is shown at a time, every
// level reached by the switcher over the board.

import { clickCell, clickKnob, state } from "./lib.mjs";

/// Runs in the page: whether a click at the cell's point lands on the
/// 3-D canvas itself (not a panel or bar over it) and picks that cell.
function pickable(cell) {
  const p = window.chess3d.screenPoint(cell);
  if (!p) return false;
  const canvas = document.querySelector("#board3d canvas");
  return document.elementFromPoint(p.x, p.y) === canvas && window.chess3d.cellAt(p.x, p.y) === cell;
}

/// Shows level `z` alone by its button in the switcher over the board (a
/// level's name, or one of "N more on levels ..."), or every level for
/// null ("All levels"), the selection kept.
export async function showLevel(page, z) {
  const now = await page.evaluate(() => window.chess3d.marks().focus);
  if (now === z) return;
  if (z === null) await page.click("#tool-focus");
  else await page.click(`#levels button[data-level="${z}"]`);
  await page.waitForFunction((z) => window.chess3d.marks().focus === z, z);
  await page.waitForTimeout(100);
}

/// Every piece and both ends of every legal move, clicked as a player
/// would: each piece's point must pick it, on the canvas, and no point up
/// its body may show another piece's badge; each piece with moves is
/// clicked, and then each of its destinations must pick that destination;
/// each board's knob is clicked, and then each square it may land on.
/// With one level shown at a time (a phone), each level is checked shown
/// alone; a destination on another level must be counted on that level's
/// button of the switcher, and for the piece with the most such, each
/// must be picked after one tap on its level's button.
export async function clickability(page) {
  const s = await state(page);
  const levelOf = new Map(s.view.cells.map((c) => [c.name, c.at[2]]));
  const focused = (await page.evaluate(() => window.chess3d.marks().focus)) !== null;
  const pieces = s.view.cells.filter((c) => c.present && c.piece);
  const legal = s.view.legal;
  const froms = [...new Set(legal.filter((m) => !m.board).map((m) => m.from))];
  const levels = focused ? [...new Set([...pieces.map((c) => c.at[2]), ...froms.map((f) => levelOf.get(f))])].sort((a, b) => a - b) : [null];
  const hidden = [];
  const underBadge = [];
  let clickableMoves = 0;
  const missed = [];
  // The piece with the most destinations on other levels, checked whole.
  let farthest = { from: null, count: 0 };
  for (const level of levels) {
    if (focused) await showLevel(page, level);
    const here = (cell) => level === null || levelOf.get(cell) === level;
    const shown = pieces.filter((c) => here(c.name)).map((c) => c.name);
    const seen = await page.evaluate(
      ([names, pickableSource]) => {
        const pickable = new Function(`return ${pickableSource}`)();
        const hidden = names.filter((cell) => !pickable(cell));
        const underBadge = [];
        for (const cell of names) {
          for (const p of window.chess3d.bodyPoints(cell)) {
            const hit = window.chess3d.hitAt(p.x, p.y);
            if (hit?.badge && hit.cell !== cell) underBadge.push(`${cell}<${hit.cell}`);
          }
        }
        return { hidden, underBadge };
      },
      [shown, pickable.toString()],
    );
    hidden.push(...seen.hidden);
    underBadge.push(...seen.underBadge);
    const ours = froms.filter(here);
    for (const [i, from] of ours.entries()) {
      await clickCell(page, from);
      const { result, targets } = await page.evaluate(
        ([from, level, pickableSource]) => {
          const pickable = new Function(`return ${pickableSource}`)();
          const s = window.chess3d.state();
          const targets = window.chess3d.targets();
          const selected = window.chess3d.marks().selected;
          const levelOf = new Map(s.view.cells.map((c) => [c.name, c.at[2]]));
          // The switcher's count of destinations on each level.
          const counts = new Map(
            [...document.querySelectorAll("#levels-list button")].map((b) => [Number(b.dataset.level), Number(b.textContent.split("·")[1] ?? 0)]),
          );
          const result = s.view.legal
            .filter((m) => m.from === from && !m.board)
            .map((m) => {
              const elsewhere = level !== null && levelOf.get(m.to) !== level;
              const ok = selected === from && targets.includes(m.to) && (elsewhere ? (counts.get(levelOf.get(m.to)) ?? 0) > 0 : pickable(m.to));
              return { text: m.text, ok, elsewhere, why: `${selected}:${elsewhere ? "another level" : window.chess3d.cellAt(window.chess3d.screenPoint(m.to)?.x ?? -1, window.chess3d.screenPoint(m.to)?.y ?? -1)}` };
            });
          return { result, targets };
        },
        [from, level, pickable.toString()],
      );
      for (const r of result) r.ok ? (clickableMoves += 1) : missed.push(`${r.text}(${r.why})`);
      const away = result.filter((r) => r.elsewhere).length;
      if (away > farthest.count) farthest = { from, count: away };
      // A click on the next piece selects it in place of this one, as a
      // player switches pieces (one drawing, not two: the browser's
      // software drawing is most of this test's time), unless that cell is
      // one of this piece's targets (an Ox pushing its own piece), where
      // the click would play the move: Esc first there, and after the last.
      const next = ours[i + 1];
      if (next === undefined || targets.includes(next)) await page.keyboard.press("Escape");
    }
  }
  // One tap on a level's button, and the piece's destinations there are
  // on the screen to be clicked.
  let reached = 0;
  if (farthest.from) {
    const home = levelOf.get(farthest.from);
    await showLevel(page, home);
    await clickCell(page, farthest.from);
    const away = [...new Set(legal.filter((m) => m.from === farthest.from && !m.board && levelOf.get(m.to) !== home).map((m) => levelOf.get(m.to)))];
    for (const z of away) {
      await showLevel(page, z);
      const cells = legal.filter((m) => m.from === farthest.from && !m.board && levelOf.get(m.to) === z).map((m) => m.to);
      const bad = await page.evaluate(
        ([cells, pickableSource]) => {
          const pickable = new Function(`return ${pickableSource}`)();
          return cells.filter((c) => !(window.chess3d.targets().includes(c) && pickable(c)));
        },
        [cells, pickable.toString()],
      );
      reached += cells.length - bad.length;
      missed.push(...bad.map((c) => `${farthest.from}-${c}(after a tap on level ${z})`));
    }
    await page.keyboard.press("Escape");
  }
  const boards = [...new Set(legal.filter((m) => m.board).map((m) => m.from))];
  if (focused && boards.length) await showLevel(page, null);
  for (const from of boards) {
    await clickKnob(page, from);
    const result = await page.evaluate(
      ([from, pickableSource]) => {
        const pickable = new Function(`return ${pickableSource}`)();
        const s = window.chess3d.state();
        const targets = window.chess3d.targets();
        const hit = (c) => targets.includes(c) && pickable(c);
        return s.view.legal.filter((m) => m.from === from && m.board).map((m) => ({ text: m.text, ok: m.board.lands.some(hit) }));
      },
      [from, pickable.toString()],
    );
    for (const r of result) r.ok ? (clickableMoves += 1) : missed.push(r.text);
    await page.keyboard.press("Escape");
  }
  return {
    pieces: pieces.length,
    clickablePieces: pieces.length - hidden.length,
    hidden,
    underBadge,
    moves: legal.length,
    clickableMoves,
    missed,
    reached: farthest.from ? `${reached} destinations of ${farthest.from} on other levels, one tap each` : "",
  };
}
