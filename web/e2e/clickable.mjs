// Everything on the board can be clicked: every piece, both ends of every
// legal move, every board's knob and where it lands; no piece hidden by
// another's badge; on a phone, where one level is shown at a time, every
// level reached by the switcher over the board.

import { check, clickCell, clickKnob, settle, state } from "./lib.mjs";
import { boardDrawn, marksDrawn, pictureAside } from "./seen.mjs";

/// Points the real pointer at each cell's point, as a player does before
/// a click there: the point must be inside the 3-D canvas with the canvas
/// topmost there (no panel or bar over it), and the pointer event must
/// reach the board and name that cell: a new hover (`hovered()` counts
/// them), set by the board's own pointer handler at that point. The cells
/// that fail, each with why.
export async function pointAt(page, cells) {
  const points = await page.evaluate((cells) => {
    const canvas = document.querySelector("#board3d canvas");
    const r = canvas.getBoundingClientRect();
    return cells.map((cell) => {
      const p = window.chess3d.screenPoint(cell);
      if (!p) return { cell, why: "not drawn" };
      if (p.x < r.left || p.x >= r.right || p.y < r.top || p.y >= r.bottom) return { cell, why: "off the canvas" };
      const top = document.elementFromPoint(p.x, p.y);
      if (top !== canvas) return { cell, why: `under ${top ? (top.id ? `#${top.id}` : top.tagName.toLowerCase()) : "nothing"}` };
      return { cell, p };
    });
  }, cells);
  const failed = [];
  // The last hover seen: read once, then each cell's own (the pointer
  // moves only here, so it is still the last).
  let last = await page.evaluate(() => window.chess3d.hovered());
  for (const { cell, p, why } of points) {
    if (why) {
      failed.push(`${cell}(${why})`);
      continue;
    }
    // The browser sends no pointer event for a move to where the pointer
    // already is: there, it steps aside first.
    if (last && Math.abs(last.x - p.x) < 1 && Math.abs(last.y - p.y) < 1) await page.mouse.move(p.x + 3, p.y);
    await page.mouse.move(p.x, p.y);
    // The board takes a hover in the next frame (hand.ts), in a callback
    // asked for before this one.
    const h = await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(window.chess3d.hovered()))));
    const named = h && h.count > (last?.count ?? 0) && h.cell === cell && Math.abs(h.x - p.x) < 1 && Math.abs(h.y - p.y) < 1;
    if (!named) failed.push(`${cell}(the pointer there names ${h && h.count > (last?.count ?? 0) ? (h.cell ?? "nothing") : "nothing: no hover reached the board"})`);
    last = h;
  }
  return failed;
}

/// Points at each of `cells` as at a destination shown: each must be
/// marked as one, and then named under the pointer (pointAt). The cells
/// that fail, each with why.
export async function pointAtTargets(page, cells) {
  const unmarked = await page.evaluate((cells) => cells.filter((c) => !window.chess3d.targets().includes(c)), cells);
  return [...unmarked.map((c) => `${c}(not marked)`), ...(await pointAt(page, cells.filter((c) => !unmarked.includes(c))))];
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

/// Every piece and both ends of every legal move, pointed at and clicked
/// as a player would: each piece with moves is clicked at its point and
/// must be selected, the real pointer at each other piece's point must
/// name it (pointAt), and no point up a piece's body may show another
/// piece's badge; with a piece selected, the pointer at each of its
/// destinations must name that destination; each board's knob is clicked,
/// and then a square it may land on must be named. With one level shown
/// at a time (a phone), each level is checked shown alone; a destination
/// on another level must be counted on that level's button of the
/// switcher, and for the piece with the most such, each must be named
/// after one tap on its level's button. On the screen's pixels: the
/// board is drawn (boardDrawn), and when the piece with the most
/// destinations on its level is selected, each of them is marked in its
/// colour (marksDrawn).
export async function clickability(page) {
  const s = await state(page);
  const levelOf = new Map(s.view.cells.map((c) => [c.name, c.at[2]]));
  const focused = (await page.evaluate(() => window.chess3d.marks().focus)) !== null;
  const pieces = s.view.cells.filter((c) => c.present && c.piece);
  const legal = s.view.legal;
  const froms = [...new Set(legal.filter((m) => !m.board).map((m) => m.from))];
  const levels = focused ? [...new Set([...pieces.map((c) => c.at[2]), ...froms.map((f) => levelOf.get(f))])].sort((a, b) => a - b) : [null];
  const board = await boardDrawn(page);
  // The piece whose marks are looked for on the screen: the most
  // destinations on its own level (all of them with every level shown).
  const onItsLevel = (m) => !focused || levelOf.get(m.to) === levelOf.get(m.from);
  const mostMarks = froms
    .map((from) => ({ from, count: new Set(legal.filter((m) => m.from === from && !m.board && onItsLevel(m)).map((m) => m.to)).size }))
    .reduce((a, b) => (b.count > a.count ? b : a), { from: null, count: 0 }).from;
  let marks = null;
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
    const ours = froms.filter(here);
    // A piece with moves is clicked below; the others are pointed at.
    hidden.push(...(await pointAt(page, shown.filter((c) => !ours.includes(c)))));
    underBadge.push(
      ...(await page.evaluate((names) => {
        const under = [];
        for (const cell of names) {
          for (const p of window.chess3d.bodyPoints(cell)) {
            const hit = window.chess3d.hitAt(p.x, p.y);
            if (hit?.badge && hit.cell !== cell) under.push(`${cell}<${hit.cell}`);
          }
        }
        return under;
      }, shown)),
    );
    for (const [i, from] of ours.entries()) {
      const before = from === mostMarks ? await pictureAside(page) : null;
      await clickCell(page, from);
      const { result, targets, selected } = await page.evaluate(
        ([from, level]) => {
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
              const ok = selected === from && targets.includes(m.to) && (!elsewhere || (counts.get(levelOf.get(m.to)) ?? 0) > 0);
              return { text: m.text, to: m.to, ok, elsewhere, why: `${selected} selected${elsewhere ? ", on another level" : ""}` };
            });
          return { result, targets, selected };
        },
        [from, level],
      );
      if (selected !== from) hidden.push(`${from}(a click there selected ${selected})`);
      if (before) {
        const kinds = await page.evaluate(() => window.chess3d.targetKinds());
        const shownHere = kinds.filter(([c]) => result.some((r) => r.to === c && !r.elsewhere));
        marks = await marksDrawn(page, before, await pictureAside(page), shownHere);
        marks.what = `${from} selected: ${marks.what}`;
      }
      // The destinations shown here, pointed at; a move is clickable when
      // its destination is named there (the same square for each of its
      // moves: a promotion's choices, an Ox's push and leap).
      const named = new Set(result.filter((r) => r.ok && !r.elsewhere).map((r) => r.to));
      const failed = await pointAt(page, [...named]);
      for (const f of failed) named.delete(f.slice(0, f.indexOf("(")));
      for (const r of result) {
        if (r.ok && (r.elsewhere || named.has(r.to))) clickableMoves += 1;
        else missed.push(`${r.text}(${r.ok ? failed.find((f) => f.startsWith(`${r.to}(`)) : r.why})`);
      }
      const away = result.filter((r) => r.elsewhere).length;
      if (away > farthest.count) farthest = { from, count: away };
      // A click on the next piece selects it in place of this one, as a
      // player switches pieces (one drawing, not two: the browser's
      // software drawing is most of this test's time), unless that cell is
      // one of this piece's targets (an Ox pushing its own piece), where
      // the click would play the move, or the next piece's marks are to be
      // looked for on a board with none: Esc first there, and after the
      // last.
      const next = ours[i + 1];
      if (next === undefined || targets.includes(next) || next === mostMarks) await page.keyboard.press("Escape");
    }
  }
  // One tap on a level's button, and the piece's destinations there are
  // on the screen to be pointed at.
  let reached = 0;
  if (farthest.from) {
    const home = levelOf.get(farthest.from);
    await showLevel(page, home);
    await clickCell(page, farthest.from);
    const away = [...new Set(legal.filter((m) => m.from === farthest.from && !m.board && levelOf.get(m.to) !== home).map((m) => levelOf.get(m.to)))];
    for (const z of away) {
      await showLevel(page, z);
      const cells = [...new Set(legal.filter((m) => m.from === farthest.from && !m.board && levelOf.get(m.to) === z).map((m) => m.to))];
      const bad = await pointAtTargets(page, cells);
      reached += cells.length - bad.length;
      missed.push(...bad.map((c) => `${farthest.from}-${c}, after a tap on level ${z}`));
    }
    await page.keyboard.press("Escape");
  }
  const boards = [...new Set(legal.filter((m) => m.board).map((m) => m.from))];
  if (focused && boards.length) await showLevel(page, null);
  for (const from of boards) {
    await clickKnob(page, from);
    const moves = await page.evaluate((from) => {
      const targets = window.chess3d.targets();
      return window.chess3d
        .state()
        .view.legal.filter((m) => m.from === from && m.board)
        .map((m) => ({ text: m.text, lands: m.board.lands.filter((c) => targets.includes(c)) }));
    }, from);
    // A board's move is clickable when one square where it lands is
    // named under the pointer.
    for (const m of moves) {
      let ok = false;
      for (const land of m.lands) if (!ok) ok = (await pointAt(page, [land])).length === 0;
      ok ? (clickableMoves += 1) : missed.push(m.text);
    }
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
    board,
    marks: marks ?? { ok: false, what: "no piece's marks looked for" },
  };
}

/// The level of a cell, as the page numbers them.
export async function levelOf(page, cell) {
  return page.evaluate((name) => window.chess3d.state().view.cells.find((c) => c.name === name).at[2], cell);
}

/// With a board's knob chosen: every square where the board may land is
/// drawn on the canvas, inside it and clear of the bar and the buttons
/// over it, and the pointer there names it (pointAt).
/// With one level shown alone (a phone), the squares on each level are
/// checked with that level shown, reached by one tap in the switcher.
export async function ghostsInside(page, what) {
  await settle(page);
  const targets = await page.evaluate(() => window.chess3d.targets());
  const focused = (await page.evaluate(() => window.chess3d.marks().focus)) !== null;
  const levels = focused ? [...new Set(await Promise.all(targets.map((c) => levelOf(page, c))))] : [null];
  const out = [];
  for (const z of levels) {
    if (z !== null) await showLevel(page, z);
    await settle(page);
    const here = [];
    for (const c of targets) if (z === null || (await levelOf(page, c)) === z) here.push(c);
    out.push(...(await pointAtTargets(page, here)));
  }
  const how = focused ? `, each level's shown by one tap (levels ${levels.join(", ")})` : "";
  check(targets.length > 0 && out.length === 0, `${what}: all ${targets.length} landing squares of the chosen board are inside the board's area and named under the pointer${how}${out.length ? ` (not: ${out.join(" ")})` : ""}`);
}
