// What a player sees, read from screenshots' pixels rather than from the
// page's own account of itself: the board drawn, a destination's mark
// where it is claimed, the checked King's square in the check colour, the
// levels not shown alone faded, the diagram's cursor drawn. Each check
// returns { ok, what } for the sections to assert, and the "breakages"
// section (broken.mjs) asserts that each fails when the page is broken on
// purpose (web/src/breakage.ts).

import { PNG } from "pngjs";
import { emptyPoint, settle } from "./lib.mjs";

/// A screenshot of a page rectangle (cut to the window), the name tooltip
/// that follows the pointer left out: `at(x, y)` is the colour [r, g, b]
/// at a page point (null outside), `around(x, y, w, h)` the colours of the
/// box of half-width `w` and half-height `h` page pixels around it.
async function picture(page, rect) {
  const window = page.viewportSize();
  const x = Math.max(0, Math.floor(rect.x));
  const y = Math.max(0, Math.floor(rect.y));
  const clip = { x, y, width: Math.min(Math.floor(rect.width), window.width - x), height: Math.min(Math.floor(rect.height), window.height - y) };
  // Hidden by the test (the page's Content-Security-Policy refuses the
  // style sheet a screenshot's `style` option would add); the next hover
  // shows it again.
  await page.evaluate(() => {
    const tip = document.getElementById("tip");
    if (tip) tip.hidden = true;
  });
  const png = PNG.sync.read(await page.screenshot({ clip }));
  const scale = png.width / clip.width;
  const at = (px, py) => {
    const ix = Math.floor((px - clip.x) * scale);
    const iy = Math.floor((py - clip.y) * scale);
    if (ix < 0 || iy < 0 || ix >= png.width || iy >= png.height) return null;
    const i = (iy * png.width + ix) * 4;
    return [png.data[i], png.data[i + 1], png.data[i + 2]];
  };
  const around = (px, py, w, h = w) => {
    const out = [];
    for (let dy = -h; dy <= h; dy++) for (let dx = -w; dx <= w; dx++) out.push(at(px + dx, py + dy));
    return out.filter(Boolean);
  };
  return { at, around, png };
}

/// The 3-D canvas's rectangle on the page.
async function canvasRect(page) {
  return page.$eval("#board3d canvas", (c) => {
    const r = c.getBoundingClientRect();
    return { x: r.left, y: r.top, width: r.width, height: r.height };
  });
}

/// The theme's colours as the page paints them (theme.ts sets them as CSS
/// variables): name -> [r, g, b].
async function palette(page) {
  const hexes = await page.evaluate(() => {
    const style = document.documentElement.style;
    return Object.fromEntries(["light", "dark", "move", "capture", "check", "cursor", "background"].map((n) => [n, style.getPropertyValue(`--${n}`).trim()]));
  });
  return Object.fromEntries(Object.entries(hexes).map(([n, h]) => [n, [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16))]));
}

function distance(a, b) {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}

function mean(colours) {
  const sum = colours.reduce((s, c) => [s[0] + c[0], s[1] + c[1], s[2] + c[2]], [0, 0, 0]);
  return sum.map((v) => v / Math.max(1, colours.length));
}

/// Brightness: the sRGB values as drawn, weighted as WCAG weighs the
/// linear ones (an order, not a relative luminance).
function brightness(c) {
  return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
}

/// How many of `colours` are within `tolerance` of `colour`.
function near(colours, colour, tolerance) {
  return colours.filter((c) => distance(c, colour) <= tolerance).length;
}

/// The points of the given cells' squares that are seen in the 3-D view:
/// on the canvas, with nothing of the page over them, and with `clear`
/// nothing there that a click picks (what is faded is never picked).
async function squarePoints(page, cells, clear = false) {
  return page.evaluate(
    ([cells, clear]) => {
      const canvas = document.querySelector("#board3d canvas");
      const r = canvas.getBoundingClientRect();
      const seen = (p) => p && p.x > r.left && p.x < r.right && p.y > r.top && p.y < r.bottom && document.elementFromPoint(p.x, p.y) === canvas;
      return Object.fromEntries(
        cells
          .map((c) => [c, window.chess3d.squarePoint(c)])
          .filter(([, p]) => seen(p) && (!clear || window.chess3d.cellAt(p.x, p.y) === null)),
      );
    },
    [cells, clear],
  );
}

/// The board is drawn: the canvas shows 64 colours at least (5 bits a
/// channel, every 7th pixel looked at; a canvas never drawn shows the page
/// behind it and the bars over it, 31 to 60 of them in the breakages
/// section), and the empty squares seen are in the board's colours, a
/// light square nearer the theme's light colour than its dark one or the
/// background, and a dark square the other way (lighting shifts both, not
/// past each other). At least three empty squares of four must read so:
/// one may be hidden behind a piece of a level in front. With `only`, only
/// those cells' squares are looked at (a board where it has just arrived).
export async function boardDrawn(page, only = null) {
  const colours = await palette(page);
  const empty = await page.evaluate((only) => {
    const s = window.chess3d.state();
    const focus = window.chess3d.marks().focus;
    return s.view.cells.filter((c) => c.present && !c.piece && (focus === null || c.at[2] === focus) && (!only || only.includes(c.name))).map((c) => [c.name, c.light]);
  }, only);
  const points = await squarePoints(
    page,
    empty.map(([name]) => name),
  );
  const shot = await picture(page, await canvasRect(page));
  const distinct = new Set();
  const { data } = shot.png;
  for (let i = 0; i < data.length; i += 4 * 7) distinct.add(((data[i] >> 3) << 10) | ((data[i + 1] >> 3) << 5) | (data[i + 2] >> 3));
  const squares = empty.filter(([name]) => points[name]);
  let right = 0;
  for (const [name, light] of squares) {
    const c = mean(shot.around(points[name].x, points[name].y, 1));
    const own = distance(c, light ? colours.light : colours.dark);
    const other = Math.min(distance(c, light ? colours.dark : colours.light), distance(c, colours.background));
    if (own < other) right += 1;
  }
  const ok = distinct.size >= 64 && squares.length > 0 && right >= squares.length * 0.75;
  return { ok, what: `the canvas shows ${distinct.size} colours (64 at least) and ${right} of ${squares.length} empty squares seen in their own board colour` };
}

/// The colour of a mark within `tolerance` (drawn half see-through over
/// the square and lit by nothing: near the theme's colour).
const MARK_TOLERANCE = 70;

/// Each cell's square on the screen: its point, and the steps to the
/// nearest squares of its level along its rank (`across`, about the
/// square's width) and along its file (`along`, foreshortened).
async function squareSteps(page, cells) {
  return page.evaluate((cells) => {
    const s = window.chess3d.state();
    const all = s.view.cells.filter((c) => c.present || window.chess3d.targets().includes(c.name));
    const step = (cell, axis) => {
      const [x, y, z] = cell.at;
      const p = window.chess3d.squarePoint(cell.name);
      const others = all
        .filter((c) => c.at[2] === z && c.at[1 - axis] === (axis === 0 ? y : x) && c.at[axis] !== cell.at[axis])
        .sort((a, b) => Math.abs(a.at[axis] - cell.at[axis]) - Math.abs(b.at[axis] - cell.at[axis]));
      const q = others.length ? window.chess3d.squarePoint(others[0].name) : null;
      return p && q ? Math.hypot(q.x - p.x, q.y - p.y) : window.chess3d.squarePixels();
    };
    return Object.fromEntries(
      cells.map((name) => {
        const cell = s.view.cells.find((c) => c.name === name);
        return [name, { p: window.chess3d.squarePoint(name), across: step(cell, 0), along: step(cell, 1) }];
      }),
    );
  }, cells);
}

/// The box of a square scaled by `f` (0.5: the whole square).
function box(steps, f) {
  return [Math.max(2, Math.round(steps.across * f)), Math.max(2, Math.round(steps.along * f))];
}

/// Marks drawn where they are claimed: for each destination in `targets`
/// ([cell, "move" | "capture"]), the pixels of the mark's colour in a box
/// about its square's point grow, between `before` (nothing selected) and
/// `after` (a piece selected), by at least 10% of the box: a box 0.3 of
/// the square's steps across and along each way for a move's dot (radius
/// 0.2, a third of that box), 0.45 for a capture's ring (radii 0.33 to
/// 0.45, a third of its box, part of it behind the piece). Neither box
/// reaches a neighbouring square's mark.
export async function marksDrawn(page, before, after, targets) {
  const colours = await palette(page);
  const steps = await squareSteps(
    page,
    targets.map(([c]) => c),
  );
  const missing = [];
  let least = Infinity;
  for (const [cell, kind] of targets) {
    const { p } = steps[cell];
    if (!p) {
      missing.push(`${cell}(not seen)`);
      continue;
    }
    const [w, h] = box(steps[cell], kind === "capture" ? 0.45 : 0.3);
    const grown = near(after.around(p.x, p.y, w, h), colours[kind], MARK_TOLERANCE) - near(before.around(p.x, p.y, w, h), colours[kind], MARK_TOLERANCE);
    const share = grown / ((2 * w + 1) * (2 * h + 1));
    least = Math.min(least, share);
    if (share < 0.1) missing.push(`${cell}(${Math.round(100 * share)}%)`);
  }
  return {
    ok: targets.length > 0 && missing.length === 0,
    what: `${targets.length - missing.length} of ${targets.length} destinations marked in their colour on the screen (the least ${Math.round(100 * least)}% of its box, 10% at least)${missing.length ? ` (not: ${missing.slice(0, 6).join(" ")})` : ""}`,
  };
}

/// The checked King's square is drawn in the check colour in the 3-D
/// view: in the box of its square (the ring around the King and the
/// square's colour), at least a tenth of the pixels within 70 of the check
/// colour, and in the other King's box at most a fifth as many.
export async function checkDrawn3d(page, checked, calm) {
  const colours = await palette(page);
  const steps = await squareSteps(page, [checked, calm]);
  const shot = await picture(page, await canvasRect(page));
  const share = (cell) => {
    const { p } = steps[cell];
    const [w, h] = box(steps[cell], 0.5);
    return p ? near(shot.around(p.x, p.y, w, h), colours.check, MARK_TOLERANCE) / ((2 * w + 1) * (2 * h + 1)) : 0;
  };
  const [hot, cold] = [share(checked), share(calm)];
  return { ok: hot >= 0.1 && cold * 5 <= hot, what: `${checked}'s square ${Math.round(100 * hot)}% in the check colour, ${calm}'s ${Math.round(100 * cold)}%` };
}

/// A diagram square's picture: its element's rectangle, a pixel inside.
async function diagramSquare(page, cell) {
  const r = await page.$eval(`#diagram [data-cell="${cell}"]`, (e) => {
    const b = e.getBoundingClientRect();
    return { x: b.left + 1, y: b.top + 1, width: b.width - 2, height: b.height - 2 };
  });
  return picture(page, r);
}

/// The checked King's square in the diagram: at least 30% of it within
/// 30 of the check colour (the King's glyph stands on the rest).
export async function checkDrawn2d(page, checked) {
  const colours = await palette(page);
  const { width, height, data } = (await diagramSquare(page, checked)).png;
  let hot = 0;
  for (let i = 0; i < data.length; i += 4) if (distance([data[i], data[i + 1], data[i + 2]], colours.check) <= 30) hot += 1;
  const share = hot / (width * height);
  return { ok: share >= 0.3, what: `${checked}'s square ${Math.round(100 * share)}% in the check colour in the diagram` };
}

/// The diagram's cursor drawn on the square under the pointer: the band
/// of 2 pixels along its edges, inside the cursor's 3-pixel ring, at
/// least 60% within 40 of the cursor's colour with the pointer there, and
/// at most 20% before.
async function cursorDrawn2d(page, cell, before) {
  const colours = await palette(page);
  const share = (s) => {
    const { width, height, data } = s.png;
    let edge = 0;
    let lit = 0;
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        if (x >= 2 && y >= 2 && x < width - 2 && y < height - 2) continue;
        edge += 1;
        const i = (y * width + x) * 4;
        if (distance([data[i], data[i + 1], data[i + 2]], colours.cursor) <= 40) lit += 1;
      }
    return lit / edge;
  };
  const [was, now] = [share(before), share(await diagramSquare(page, cell))];
  return { ok: now >= 0.6 && was <= 0.2, what: `the edge of ${cell} ${Math.round(100 * now)}% in the cursor's colour with the pointer on it (${Math.round(100 * was)}% before)` };
}

/// The pointer over a diagram square, `cell` unless the cursor is on it,
/// from off the diagram: whether the cursor is drawn there
/// (cursorDrawn2d).
export async function hoverDiagram(page, cell) {
  cell = await page.evaluate((cell) => {
    const cursor = window.chess3d.marks().cursor;
    return cell !== cursor ? cell : [...document.querySelectorAll("#diagram .sq")].map((e) => e.dataset.cell).find((c) => c !== cursor);
  }, cell);
  await page.$eval(`#diagram [data-cell="${cell}"]`, (e) => e.scrollIntoView({ block: "center" }));
  await page.mouse.move(1, 1);
  const plain = await diagramSquare(page, cell);
  await page.hover(`#diagram [data-cell="${cell}"]`);
  return cursorDrawn2d(page, cell, plain);
}

/// Waits until what the page has changed is drawn: two frames.
async function drawn(page) {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/// A picture of the 3-D canvas with the pointer moved aside to empty
/// space (the cursor stays where it was: a hover there would move it),
/// once drawn.
export async function pictureAside(page) {
  const away = await emptyPoint(page);
  await page.mouse.move(away.x, away.y);
  await drawn(page);
  return picture(page, await canvasRect(page));
}

/// Presses of the minus key that draw the camera back from a level shown
/// alone until the levels around it are in the picture.
const ZOOM_OUT = 8;

/// Shows the cursor's level alone by its key (L), and whether the other
/// levels are drawn faded: the squares of theirs seen both with every
/// level shown and once one is shown alone with the camera drawn back
/// (the minus key) to see them around it, where nothing of the level
/// shown is in front; 8 such squares at least, their mean brightness at
/// most 60% of what it was, and above the background's by 5 at least
/// (faded, not gone). The 3-D view must have the keyboard's focus; it is
/// left with the level shown alone and framed again (the 0 key).
export async function showAloneByKey(page) {
  const colours = await palette(page);
  const level = (await page.evaluate(() => window.chess3d.marks().cursor)).match(/^\d/)[0];
  const others = (await page.evaluate(() => window.chess3d.state())).view.cells.filter((c) => c.present && String(c.at[2]) !== level).map((c) => c.name);
  const look = async (clear) => {
    await settle(page);
    await drawn(page);
    return { points: await squarePoints(page, others, clear), shot: await picture(page, await canvasRect(page)) };
  };
  const all = await look(false);
  await page.keyboard.press("l");
  for (let i = 0; i < ZOOM_OUT; i++) await page.keyboard.press("-");
  const alone = await look(true);
  const both = Object.keys(alone.points).filter((c) => all.points[c]);
  const bright = ({ points, shot }) => both.reduce((sum, c) => sum + brightness(mean(shot.around(points[c].x, points[c].y, 1))), 0) / Math.max(1, both.length);
  const [was, now, floor] = [bright(all), bright(alone), brightness(colours.background)];
  const ok = both.length >= 8 && now <= was * 0.6 && now >= floor + 5;
  await page.keyboard.press("0");
  await settle(page);
  return {
    level,
    faded: {
      ok,
      what: `the other levels' squares at ${Math.round((100 * now) / Math.max(1, was))}% of their brightness (60% at most), ${Math.round(now - floor)} above the background's (5 at least), ${both.length} squares seen both ways`,
    },
  };
}
