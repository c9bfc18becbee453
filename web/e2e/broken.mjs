// The checks of what is drawn, and of the pointer, shown to fail: each
// run against a page broken on purpose (web/src/breakage.ts) or covered,
// where it must report failure. A check that cannot fail proves nothing.

import { pointAt } from "./clickable.mjs";
import { check, clickCell, done, newPage, openGame, settle } from "./lib.mjs";
import { boardDrawn, checkDrawn2d, checkDrawn3d, hoverDiagram, marksDrawn, pictureAside, showAloneByKey } from "./seen.mjs";

/// Each check of what is drawn fails when that is not drawn: the page
/// broken on purpose (web/src/breakage.ts: window.__chess3dBreak set
/// before its script runs), or a layer laid over the board.
async function breakages() {
  const broken = async (what) => {
    const page = await newPage();
    await page.addInitScript((what) => {
      window.__chess3dBreak = what;
    }, what);
    return page;
  };
  const checkPosition = '[Game "chess"]\n[FEN "4k3/8/8/8/8/8/8/4K2R w K - 0 1"]\n\n1. h1h8 *\n';

  let page = await broken("draw");
  await openGame(page, { game: "chess", mode: "local" });
  await settle(page);
  const board = await boardDrawn(page);
  check(!board.ok, `no frame drawn: the board check fails (${board.what})`);
  await page.context().close();

  page = await broken("marks");
  await openGame(page, { game: "chess", mode: "local" });
  await settle(page);
  const before = await pictureAside(page);
  await clickCell(page, "g1");
  const targets = await page.evaluate(() => window.chess3d.targetKinds());
  const marks = await marksDrawn(page, before, await pictureAside(page), targets);
  check(targets.length === 2 && !marks.ok, `no destination's mark drawn (Ng1 selected, its ${targets.length} destinations known to the page): the marks check fails (${marks.what})`);
  await page.context().close();

  page = await broken("check");
  await openGame(page, { game: "chess", mode: "local", record: checkPosition });
  await settle(page);
  const check3d = await checkDrawn3d(page, "e8", "e1");
  check(!check3d.ok, `the checked King's square not drawn in 3-D: its check fails (${check3d.what})`);
  await page.keyboard.press("v");
  await page.waitForSelector("#diagram .sq");
  const check2d = await checkDrawn2d(page, "e8");
  check(!check2d.ok, `nor in the diagram: its check fails (${check2d.what})`);
  await page.context().close();

  page = await broken("fade");
  await openGame(page, { game: "ziggurat", mode: "local" });
  await settle(page);
  await page.focus("#board3d canvas");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("PageUp");
  const { faded } = await showAloneByKey(page);
  check(!faded.ok, `the other levels not faded when one is shown alone: the fading check fails (${faded.what})`);
  await page.context().close();

  page = await broken("cursor");
  await openGame(page, { game: "ziggurat", mode: "local" });
  await page.keyboard.press("v");
  await page.waitForSelector("#diagram .sq");
  const cursor = await hoverDiagram(page, "0a1");
  check(!cursor.ok, `the diagram's cursor not drawn: its check fails (${cursor.what})`);
  await page.context().close();

  // No WebGL: the page shows the diagram, and a 3-D section stops at its
  // first wait for the 3-D view.
  page = await newPage();
  await page.addInitScript(() => {
    const getContext = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (kind, ...rest) {
      return /webgl/.test(kind) ? null : getContext.call(this, kind, ...rest);
    };
  });
  await openGame(page, { game: "chess", mode: "local" });
  const stopped = await settle(page).then(
    () => "",
    (e) => e.message,
  );
  check(/3-D view is not shown/.test(stopped), `without WebGL, a 3-D section stops: "${stopped}"`);
  await page.context().close();

  // A see-through layer over the board, taking the pointer: every square
  // looks as before, and none can be clicked.
  page = await newPage();
  await openGame(page, { game: "chess", mode: "local" });
  await settle(page);
  const open = await pointAt(page, ["e2", "g1"]);
  await page.evaluate(() => {
    const layer = document.createElement("div");
    layer.id = "layer";
    layer.style.cssText = "position: fixed; inset: 0; z-index: 50";
    document.body.append(layer);
  });
  const covered = await pointAt(page, ["e2", "g1"]);
  check(open.length === 0 && covered.length === 2, `a layer over the board: the pointer check fails (${covered.join(", ")}), where it passed without (${open.length} failed)`);
  // The layer gone, but the pointer's moves kept from the board: the
  // points are clear, and no hover of the test's reaches it (the last one
  // named these very cells at these very points).
  await page.evaluate(() => {
    document.getElementById("layer").remove();
    document.addEventListener("pointermove", (e) => e.stopPropagation(), { capture: true });
  });
  const unheard = await pointAt(page, ["e2", "g1"]);
  check(unheard.length === 2 && unheard.every((f) => f.includes("no hover reached the board")), `pointer moves kept from the board: the pointer check fails (${unheard.join(", ")})`);
  await done(page, "breakages");
}

export const sections = { breakages };
