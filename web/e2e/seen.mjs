// What a player sees, read from screenshots' pixels rather than from the
// page's own account of itself: the board drawn, a destination's mark
// where it is claimed, the checked King's square in the check colour, the
// levels not shown alone faded, the diagram's cursor drawn. Each check
// returns { ok, what } for the sections to assert, and the "breakages"
// section asserts that each fails when the page is broken on purpose
// (web/src/breakage.ts).

import { PNG } from "pngjs";
import { emptyPoint, settle } from "./lib.mjs";

/// A screenshot of a page rectangle: `at(x, y)` is the colour [r, g, b] at
/// a page point (null outside), `around(x, y, half)` the colours of the
/// square of half-size `half` page pixels around it.
async function picture(page, rect) {
  const clip = { x: Math.max(0, Math.floor(rect.x)), y: Math.max(0, Math.floor(rect.y)), width: Math.floor(rect.width), height: Math.floor(rect.height) };
  const png = PNG.sync.read(await page.screenshot({ clip }));
  const scale = png.width / clip.width;
  const at = (x, y) => {
    const px = Math.round((x - clip.x) * scale);
    const py = Math.round((y - clip.y) * scale);
    if (px < 0 || py < 0 || px >= png.width || py >= png.height) return null;
    const i = (py * png.width + px) * 4;
    return [png.data[i], png.data[i + 1], png.data[i + 2]];
  };
  const around = (x, y, half) => {
    const out = [];
    for (let dy = -half; dy <= half; dy++) for (let dx = -half; dx <= half; dx++) out.push(at(x + dx, y + dy));
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

/// Relative luminance (WCAG's weights, on the sRGB values as drawn).
function luminance(c) {
  return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
}

/// How many of `colours` are within `tolerance` of `colour`.
function near(colours, colour, tolerance) {
  return colours.filter((c) => distance(c, colour) <= tolerance).length;
}

/// The board is drawn: the canvas shows 64 colours at least (a canvas
/// never drawn shows the page behind it and the bars over it, 31 to 60
/// of them, in the breakages section), and the empty
/// squares shown are in the board's colours, a light square nearer the
/// theme's light colour than its dark one or the background, and a dark
/// square the other way (lighting shifts both, not past each other). At
/// least three empty squares of four must read so: one may be hidden
/// behind a piece of a level in front. With `only`, only those cells'
/// squares are looked at (a board where it has just arrived).
export async function boardDrawn(page, only = null) {
  const colours = await palette(page);
  const squares = await page.evaluate((only) => {
    const s = window.chess3d.state();
    const focus = window.chess3d.marks().focus;
    return s.view.cells
      .filter((c) => c.present && !c.piece && (focus === null || c.at[2] === focus) && (!only || only.includes(c.name)))
      .map((c) => ({ name: c.name, light: c.light, p: window.chess3d.squarePoint(c.name) }))
      .filter((c) => c.p);
  }, only);
  const shot = await picture(page, await canvasRect(page));
  const distinct = new Set();
  const { data } = shot.png;
  for (let i = 0; i < data.length; i += 4 * 7) distinct.add(((data[i] >> 3) << 10) | ((data[i + 1] >> 3) << 5) | (data[i + 2] >> 3));
  let right = 0;
  for (const sq of squares) {
    const c = mean(shot.around(sq.p.x, sq.p.y, 1));
    const own = distance(c, sq.light ? colours.light : colours.dark);
    const other = Math.min(distance(c, sq.light ? colours.dark : colours.light), distance(c, colours.background));
    if (own < other) right += 1;
  }
  const ok = distinct.size >= 64 && squares.length > 0 && right >= squares.length * 0.75;
  return { ok, what: `the canvas shows ${distinct.size} colours (64 at least) and ${right} of ${squares.length} empty squares in their own board colour` };
}

/// The colour of a mark within `tolerance` (drawn half see-through over
/// the square and lit by nothing: near the theme's colour).
const MARK_TOLERANCE = 70;

/// Marks drawn where they are claimed: for each destination in `targets`
/// ([cell, "move" | "capture"]), the pixels of the mark's colour around
/// its square's point, between `before` (nothing selected) and `after` (a
/// piece selected), grow by at least 4% of the box looked at: a box of
/// half-size 0.3 of the square's width on the screen for a move's dot
/// (radius 0.2), 0.45 for a capture's ring (radii 0.33 to 0.45).
export async function marksDrawn(page, before, after, targets) {
  const colours = await palette(page);
  const widths = await squareWidths(page, targets.map(([c]) => c));
  const missing = [];
  for (const [cell, kind] of targets) {
    const { p, width } = widths[cell];
    const half = Math.max(3, Math.round(width * (kind === "capture" ? 0.45 : 0.3)));
    const grown = near(after.around(p.x, p.y, half), colours[kind], MARK_TOLERANCE) - near(before.around(p.x, p.y, half), colours[kind], MARK_TOLERANCE);
    if (grown < Math.max(3, 0.04 * (2 * half + 1) ** 2)) missing.push(`${cell}(+${grown})`);
  }
  return {
    ok: targets.length > 0 && missing.length === 0,
    what: `${targets.length - missing.length} of ${targets.length} destinations marked in their colour on the screen${missing.length ? ` (not: ${missing.slice(0, 6).join(" ")})` : ""}`,
  };
}

/// Each cell's square's point, and its width on the screen: the farthest
/// of its neighbours on its level (a step along a file or a rank), as the
/// other step is foreshortened; the least step of the board where it has
/// none.
async function squareWidths(page, cells) {
  return page.evaluate((cells) => {
    const s = window.chess3d.state();
    const at = new Map(s.view.cells.map((c) => [c.name, c.at]));
    const byAt = new Map(s.view.cells.map((c) => [c.at.join(","), c.name]));
    return Object.fromEntries(
      cells.map((cell) => {
        const p = window.chess3d.squarePoint(cell);
        const [x, y, z] = at.get(cell);
        const steps = [
          [1, 0],
          [-1, 0],
          [0, 1],
          [0, -1],
        ]
          .map(([dx, dy]) => byAt.get([x + dx, y + dy, z].join(",")))
          .filter(Boolean)
          .map((n) => window.chess3d.squarePoint(n))
          .filter(Boolean)
          .map((q) => Math.hypot(q.x - p.x, q.y - p.y));
        return [cell, { p, width: steps.length ? Math.max(...steps) : window.chess3d.squarePixels() }];
      }),
    );
  }, cells);
}

/// The checked King's square is drawn in the check colour in the 3-D
/// view: around `checked`, at least a tenth of the square looked at is the
/// check colour, and around `calm` (the other King's square) hardly any.
export async function checkDrawn3d(page, checked, calm) {
  const colours = await palette(page);
  const sq = await page.evaluate(() => window.chess3d.squarePixels());
  const half = Math.round(sq * 0.5);
  const shot = await picture(page, await canvasRect(page));
  const count = async (cell) => {
    const p = await page.evaluate((c) => window.chess3d.squarePoint(c), cell);
    return near(shot.around(p.x, p.y, half), colours.check, MARK_TOLERANCE);
  };
  const [hot, cold] = [await count(checked), await count(calm)];
  const area = (2 * half + 1) ** 2;
  return { ok: hot >= area * 0.1 && cold * 5 <= hot, what: `${checked}'s square ${Math.round((100 * hot) / area)}% in the check colour, ${calm}'s ${Math.round((100 * cold) / area)}%` };
}

/// A diagram square's colours (its element's rectangle, a pixel inside).
async function squareOfDiagram(page, cell) {
  const r = await page.$eval(`#diagram [data-cell="${cell}"]`, (e) => {
    const b = e.getBoundingClientRect();
    return { x: b.left + 1, y: b.top + 1, width: b.width - 2, height: b.height - 2 };
  });
  return { r, shot: await picture(page, r) };
}

/// The checked King's square in the diagram: most of it in the check
/// colour (the King's glyph stands on the rest).
export async function checkDrawn2d(page, checked) {
  const colours = await palette(page);
  const { shot } = await squareOfDiagram(page, checked);
  const { width, height, data } = shot.png;
  let hot = 0;
  for (let i = 0; i < data.length; i += 4) if (distance([data[i], data[i + 1], data[i + 2]], colours.check) <= 30) hot += 1;
  const share = hot / (width * height);
  return { ok: share >= 0.3, what: `${checked}'s square ${Math.round(100 * share)}% in the check colour in the diagram` };
}

/// The diagram's cursor drawn on the square under the pointer: the band
/// along its edges, where the cursor's ring is, mostly in the cursor's
/// colour with the pointer there, and hardly before.
async function cursorDrawn2d(page, cell, before) {
  const colours = await palette(page);
  const { shot } = await squareOfDiagram(page, cell);
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
  const [was, now] = [share(before), share(shot)];
  return { ok: now >= 0.6 && was <= 0.2, what: `the edge of ${cell} ${Math.round(100 * now)}% in the cursor's colour with the pointer on it (${Math.round(100 * was)}% before)` };
}

/// The picture of a diagram square, for `cursorDrawn2d`'s "before".
async function diagramSquare(page, cell) {
  return (await squareOfDiagram(page, cell)).shot;
}

/// The mean luminance of the given cells' squares in `shot`, at their
/// points `points` (cell -> {x, y}); cells off the picture are left out.
function squaresLuminance(shot, points) {
  const seen = Object.values(points)
    .filter(Boolean)
    .map((p) => shot.around(p.x, p.y, 1))
    .filter((c) => c.length > 0);
  return { count: seen.length, luminance: seen.length ? seen.reduce((s, c) => s + luminance(mean(c)), 0) / seen.length : 0 };
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

/// The levels not shown alone are faded: their squares' mean luminance at
/// most 60% of what it was with every level shown.
function fadedDarker(before, after) {
  const ok = before.count > 0 && after.count > 0 && after.luminance <= before.luminance * 0.6;
  return { ok, what: `the other levels' squares faded to ${Math.round((100 * after.luminance) / Math.max(1, before.luminance))}% of their luminance (${after.count} squares seen; 60% at most)` };
}

/// Waits until what the page has changed is drawn: two frames.
export async function drawn(page) {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/// A picture of the 3-D canvas with the pointer moved aside to empty
/// space, so that no square is under its tooltip, once drawn.
export async function pictureAside(page) {
  const away = await emptyPoint(page);
  await page.mouse.move(away.x, away.y);
  await drawn(page);
  return picture(page, await canvasRect(page));
}

/// Shows the cursor's level alone by its key (L), and whether the other
/// levels are drawn faded (fadedDarker): their squares as seen with every
/// level shown, against the same once one is shown alone and the camera
/// drawn back (the minus key) to see them around it, where nothing of the
/// level shown is in front. The 3-D view must have the keyboard's focus.
export async function showAloneByKey(page) {
  const level = (await page.evaluate(() => window.chess3d.marks().cursor)).match(/^\d/)[0];
  const others = (await page.evaluate(() => window.chess3d.state())).view.cells.filter((c) => c.present && String(c.at[2]) !== level).map((c) => c.name);
  const look = async (clear) => {
    await settle(page);
    await drawn(page);
    return squaresLuminance(await picture(page, await canvasRect(page)), await squarePoints(page, others, clear));
  };
  const allShown = await look(false);
  await page.keyboard.press("l");
  for (let i = 0; i < ZOOM_OUT; i++) await page.keyboard.press("-");
  const faded = fadedDarker(allShown, await look(true));
  // The view the player had.
  await page.keyboard.press("0");
  await settle(page);
  return { level, faded };
}

/// Presses of the minus key that draw the camera back from a level shown
/// alone until the levels around it are in the picture.
const ZOOM_OUT = 8;

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
