// The 3-D view: every cell as a tile at its place in the exploded stack
// (layout.ts), the pieces as models (pieces/models.ts), coordinates and
// level names, the posts that hold the boards, and on top of everything
// the marks: where the selected piece can go, the keyboard cursor, the
// King in check, the last move, and a knob on every board or elevator
// that can move. A new state updates what changed and nothing else: tiles
// and pieces are kept by cell, geometry and materials are shared.
//
// Orbit, zoom and pan by mouse, touch and keys (OrbitControls); the
// camera starts behind the side viewing, framed to fill the canvas, and is
// framed again when the canvas changes size.

import * as THREE from "three";
import { OrbitControls } from "three/examples/jsm/controls/OrbitControls.js";
import type { Cell, GameState } from "../api";
import { COLOURS, type Marks, type Palette } from "../marks";
import { currentTheme } from "../theme";
import { broken } from "../breakage";
import { DESIGNS, designOf, sideColours } from "../pieces/designs";
import { badge } from "../pieces/badges";
import { hasBadge, modelHeight, pieceModel, type SideMaterials } from "../pieces/models";
import { frame } from "./fit";
import { Hand, type BoardInput, type Pick, type Stage } from "./hand";
import { cameraKey } from "./keys";
import { facing, levelLabels } from "./labels";
import { layout, type Layout } from "./layout";
import { captureRing, checkRing, corners, frameBars, knobGeometry, marksMaterials, moveDot, overSquare, pegGeometry, pickDisc, TILE, tileGeometry, TILE_HEIGHT, top } from "./meshes";
import { Motions } from "./motion";
import { settle } from "./settle";
import { Headset, setPose, tableScale, type HeadsetInput, type XRStage } from "./xr";

const SLIDE_MS = 350;
const TRAVEL_MS = 700;
const FOV = 30;
/// The tallest piece model: the layout keeps every level clear of it.
const PIECE_HEIGHT = Math.max(...DESIGNS.map(modelHeight));

export interface ViewOptions {
  /// Spacing of the levels: 1 is just clear.
  spread: number;
  /// A level shown alone (the others faded), or null.
  focus: number | null;
  /// A phone, or a narrow window: one level is seen from higher up, and
  /// along its long side when that draws its squares larger.
  narrow: boolean;
}

/// The least height of the camera over a level seen alone on a phone, in
/// degrees: ranks far away are foreshortened less, and stay tappable.
const STEEP = 75;

interface PieceObject {
  object: THREE.Object3D;
  key: string;
}

export type { BoardInput, Pick };

export class Board3D implements Stage, XRStage {
  readonly canvas: HTMLCanvasElement;
  readonly renderer: THREE.WebGLRenderer;
  readonly scene = new THREE.Scene();
  /// Everything of the board, in squares: moved, turned and scaled as one
  /// in a headset (identity on the page).
  readonly root = new THREE.Group();
  /// The headset's session, while one is on (xr.ts).
  private headset: Headset | null = null;
  private camera = new THREE.PerspectiveCamera(FOV, 1, 0.1, 1000);
  private controls: OrbitControls;
  private raycaster = new THREE.Raycaster();
  private groups = {
    tiles: new THREE.Group(),
    pieces: new THREE.Group(),
    labels: new THREE.Group(),
    posts: new THREE.Group(),
    targets: new THREE.Group(),
    overlay: new THREE.Group(),
    knobs: new THREE.Group(),
  };
  private state: GameState | null = null;
  private marks: Marks | null = null;
  private options: ViewOptions = { spread: 1, focus: null, narrow: false };
  /// Degrees the camera is turned from the game's default direction (a
  /// wide level on a tall screen is seen along its long side).
  private turn = 0;
  /// Whether one level is shown (the game has one, or one is in focus).
  private oneLevel = false;
  private layout: Layout | null = null;
  private layoutKey = "";
  private stackCount = 1;
  private boardFramed = false;
  private framedKey = "";
  private tiles = new Map<string, THREE.Mesh>();
  private pieces = new Map<string, PieceObject>();
  private demo: PieceObject | null = null;
  private cells = new Map<string, Cell>();
  private motions = new Motions();
  private dirty = true;
  private tileMaterials = new Map<string, THREE.Material>();
  private sideMaterials = new Map<string, SideMaterials>();
  private marksMaterials = marksMaterials();
  /// The theme the materials were made for (theme.ts).
  private themeId = currentTheme().id;
  private postMaterial = new THREE.MeshStandardMaterial({ color: 0x8e99a6, metalness: 0.5, roughness: 0.45 });
  /// How many board or elevator journeys have been shown (for tests).
  travels = 0;
  /// Frames drawn (for the rendering measurement of the browser tests).
  frames = 0;

  /// The pointer: hover, click, drag (hand.ts).
  private hand: Hand;

  constructor(
    readonly host: HTMLElement,
    input: BoardInput,
  ) {
    // Software renderers (a browser without a GPU) spend most of a frame
    // on antialiasing: they draw without it.
    this.renderer = new THREE.WebGLRenderer({ antialias: !softwareRenderer() });
    this.renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
    this.canvas = this.renderer.domElement;
    this.canvas.tabIndex = 0;
    this.canvas.setAttribute("aria-label", "3-D board: arrow keys move the cursor, Enter selects");
    host.appendChild(this.canvas);
    this.scene.background = new THREE.Color(COLOURS.background);
    this.controls = new OrbitControls(this.camera, this.canvas);
    this.controls.enableDamping = true;
    this.controls.dampingFactor = 0.15;
    // Never straight down nor from below: the levels are spread for a
    // camera that looks at them from above and aside.
    this.controls.minPolarAngle = 0.12;
    this.controls.maxPolarAngle = Math.PI / 2 - 0.05;
    this.scene.add(new THREE.HemisphereLight(0xffffff, 0x44505e, 1.7));
    const sun = new THREE.DirectionalLight(0xffffff, 1.5);
    sun.position.set(6, 20, 12);
    this.scene.add(sun);
    for (const g of Object.values(this.groups)) this.root.add(g);
    this.scene.add(this.root);
    this.groups.targets.renderOrder = 20;
    this.hand = new Hand(this, input);
    // A window dragged to a new size reports many sizes: spread the levels
    // once a frame at most.
    let resizing = false;
    new ResizeObserver(() => {
      if (resizing) return;
      resizing = true;
      requestAnimationFrame(() => {
        resizing = false;
        this.resize();
      });
    }).observe(host);
    this.resize();
    // Drawn only when something changed: a still picture costs nothing.
    // In a headset every frame is drawn (the head moves), from the
    // headset's frame loop, which the renderer's loop follows.
    this.controls.addEventListener("change", () => (this.dirty = true));
    this.renderer.setAnimationLoop((now: number) => {
      const animating = this.motions.running;
      this.motions.step(now);
      const headset = this.headset;
      if (headset?.presenting) {
        headset.frame(now);
        this.renderer.render(this.scene, headset.camera);
        this.frames += 1;
        return;
      }
      this.controls.update();
      if (this.dirty || animating) {
        if (!broken("draw")) this.renderer.render(this.scene, this.camera);
        this.frames += 1;
        this.dirty = false;
      }
    });
  }

  // ------------------------------------------------------------ headset

  /// Plays in a headset: the board at table scale, the controllers'
  /// rays (xr.ts), until the session ends.
  async enterXR(session: XRSession, input: HeadsetInput) {
    this.headset?.end();
    const headset = new Headset(this, input);
    this.headset = headset;
    headset.onEnd = () => {
      if (this.headset === headset) this.headset = null;
      setPose(this.root, { position: new THREE.Vector3(), yaw: 0, scale: 1 });
      // The page's stacks again, for the canvas as it is now.
      this.syncSize();
      this.relayout();
      this.dirty = true;
    };
    // The stacks that stand largest on the table (arrange), before the
    // board is placed.
    this.relayout();
    await headset.start(session);
  }

  /// Ends the headset's session, if one is on.
  exitXR() {
    this.headset?.end();
  }

  /// The headset's state (for the browser tests), or null.
  get xr(): Headset | null {
    return this.headset;
  }

  /// The board's extent in the scene, as `layoutBox` measures it.
  bounds(): THREE.Box3 {
    this.root.updateMatrixWorld(true);
    return this.layoutBox().applyMatrix4(this.root.matrixWorld);
  }

  /// The box the present squares and the tallest piece over each fill,
  /// as the layout places them, in the board's squares (before a
  /// headset turns and scales it): what the stacks are chosen by and the
  /// board placed by in a headset.
  private layoutBox(): THREE.Box3 {
    const box = new THREE.Box3();
    for (const c of this.cells.values()) {
      if (!c.present) continue;
      const p = this.position(c.name);
      box.expandByPoint(p.clone().add(new THREE.Vector3(-TILE / 2, -TILE_HEIGHT / 2, -TILE / 2)));
      box.expandByPoint(p.clone().add(new THREE.Vector3(TILE / 2, PIECE_HEIGHT, TILE / 2)));
    }
    if (box.isEmpty()) box.setFromCenterAndSize(new THREE.Vector3(), new THREE.Vector3(1, 1, 1));
    return box;
  }

  /// The viewing side's default direction around the board, in radians.
  sideAzimuth(): number {
    return ((this.state?.view.camera.azimuth[this.marks?.flipped ? 1 : 0] ?? 0) * Math.PI) / 180;
  }

  /// Where a cell is in the scene (as screenPoint says on the page): the
  /// mark of a destination, the body of a piece, or the middle of a square.
  scenePoint(name: string): THREE.Vector3 | null {
    if (!this.tiles.has(name)) return null;
    this.root.updateMatrixWorld(true);
    return this.root.localToWorld(this.cellPoint(name));
  }

  /// Where a board's knob is in the scene.
  knobPoint(from: string): THREE.Vector3 | null {
    const knob = this.groups.knobs.children.find((k) => k.userData.handle === from);
    if (!knob) return null;
    this.root.updateMatrixWorld(true);
    return knob.getWorldPosition(new THREE.Vector3());
  }

  // ------------------------------------------------------------ drawing

  /// Shows a state with its marks.
  show(state: GameState, marks: Marks, options: ViewOptions) {
    const before = this.state;
    const sameGame = before?.id === state.id;
    this.state = state;
    this.marks = marks;
    this.options = options;
    this.cells = new Map(state.view.cells.map((c) => [c.name, c]));
    const side = marks.flipped ? 1 : 0;
    const present = state.view.cells.filter((c) => c.present).map((c) => c.name).join(",");
    const key = `${state.id}|${side}|${options.spread}|${present}`;
    const frameKey = `${state.id}|${side}|${options.focus}|${options.spread}|${options.narrow}`;
    const reframe = frameKey !== this.framedKey;
    this.framedKey = frameKey;
    // A new frame (a level in focus, another side, a phone) may look from
    // another height or direction: the levels are spread for it anew.
    // The host may have changed size since the last frame (shown again,
    // a bar above it): the frame is made for its size now.
    const resized = this.syncSize();
    const moved = key !== this.layoutKey || !this.layout || reframe || resized;
    if (moved) {
      this.layoutKey = key;
      this.arrange(reframe, reframe || resized);
    }
    // A piece dropped on its destination: that move does not slide.
    const dropped = this.hand.landed(state.view.last);
    this.motions.finish();
    this.syncTiles(moved);
    this.syncPieces(moved);
    if (sameGame && before && before.version !== state.version && !dropped) this.animateChange(before, state);
    this.colour(marks);
    this.headset?.changed();
    this.dirty = true;
  }

  private makeLayout(stacks: number): Layout {
    const state = this.state!;
    return layout({
      cells: state.view.cells,
      levels: state.view.levels,
      camera: { elevation: this.elevation(), azimuth: [this.azimuth(), this.azimuth()] },
      side: 0,
      spread: this.options.spread,
      pieceHeight: PIECE_HEIGHT,
      stacks,
    });
  }

  /// Spreads the levels for the camera (the perspective's correction) and
  /// frames the board from the default direction (`reset`) or the current
  /// one. With `choose`, also picks how many stacks side by side show the
  /// levels largest in this canvas (one, unless more are much larger),
  /// and, for a game of one level on a tall narrow screen, whether to look
  /// along its long side (the camera turned a quarter, toward the viewer's
  /// own pieces). Then rebuilds what stands by the levels (labels, posts).
  private arrange(reset: boolean, choose: boolean) {
    const state = this.state;
    if (!state) return;
    const levels = new Set(state.view.cells.filter((c) => c.present).map((c) => c.at[2])).size;
    this.oneLevel = levels === 1 || this.options.focus !== null;
    const tall = this.canvas.clientWidth < 0.9 * this.canvas.clientHeight;
    // A turned camera looks straight along the board's sides.
    const from = state.view.camera.azimuth[this.marks?.flipped ? 1 : 0] ?? 0;
    const square = Math.round(from / 90) * 90;
    const turned = [square + 90 - from, square - 90 - from];
    // Only a game of one level turns: the levels of a taller one, shown
    // alone in turn, keep one direction.
    const turns = !reset ? [this.turn] : choose && levels === 1 && this.options.narrow && tall ? [0, ...turned] : [0];
    const stackCounts = choose ? [1, 2, 3].filter((n) => n === 1 || levels >= 2 * n) : [this.stackCount];
    const tries = turns.flatMap((turn) => (turn === 0 ? stackCounts : [1]).map((stacks) => ({ turn, stacks })));
    type Tried = { stacks: number; turn: number; across: number; full: number; near: number; table: number };
    // More stacks must draw the narrowest square (the far levels of a tall
    // stack shrink most) clearly wider; a turned camera must draw the
    // smallest step either way clearly larger; of the two turned views,
    // the one with the viewer's pieces nearer, unless the other is larger.
    // In a headset, the stacks that stand largest on the table.
    const better = (r: Tried, best: Tried | null) => {
      if (!best) return true;
      if (this.headset) return r.table > best.table;
      if (r.turn === best.turn) return r.across > best.across * (r.stacks > best.stacks ? 1.15 : 1);
      if (best.turn === 0) return r.full > best.full * 1.05;
      return Math.abs(r.full - best.full) <= 0.05 * best.full ? r.near < best.near : r.full > best.full;
    };
    let best: Tried | null = null;
    for (const t of tries) {
      this.turn = t.turn;
      this.layout = this.makeLayout(t.stacks);
      this.settle(reset);
      const focus = this.options.focus;
      // A headset asks only how large the board stands on the table; the
      // page, how large it is drawn.
      const r = this.headset
        ? { ...t, across: 0, full: 0, near: 0, table: tableScale(this.layoutBox().getSize(new THREE.Vector3())) }
        : { ...t, across: this.squarePixels(focus, true), full: this.squarePixels(focus), near: this.nearness(), table: 0 };
      if (better(r, best)) best = r;
    }
    const last = tries[tries.length - 1];
    const chosen = best ?? last;
    if (chosen.stacks !== last.stacks || chosen.turn !== last.turn) {
      this.turn = chosen.turn;
      this.layout = this.makeLayout(chosen.stacks);
      this.settle(reset);
    }
    this.stackCount = chosen.stacks;
    this.buildPosts();
  }

  /// The camera's direction around the board, in degrees: the viewing
  /// side's default, turned.
  private azimuth(): number {
    return (this.state?.view.camera.azimuth[this.marks?.flipped ? 1 : 0] ?? 0) + this.turn;
  }

  /// The camera's height over the board, in degrees: the game's, or higher
  /// for one level on a phone or in focus.
  private elevation(): number {
    const base = this.state?.view.camera.elevation ?? 42;
    return this.oneLevel && (this.options.narrow || this.options.focus !== null) ? Math.max(base, STEEP) : base;
  }

  /// How far away the viewer's own pieces are drawn, on average, along
  /// the camera's look, from the board's middle: smaller is nearer.
  private nearness(): number {
    const side = this.marks?.flipped ? 1 : 0;
    const away = facing((this.azimuth() * Math.PI) / 180).away;
    const depth = (cells: Cell[]) => cells.reduce((s, c) => s + this.position(c.name).dot(away), 0) / Math.max(cells.length, 1);
    const present = [...this.cells.values()].filter((c) => c.present);
    return depth(present.filter((c) => c.piece?.side === side)) - depth(present);
  }

  private settle(reset: boolean) {
    const state = this.state!;
    const look = facing((this.azimuth() * Math.PI) / 180);
    settle(
      this.layout!,
      state.view.cells,
      this.camera,
      () => {
        this.buildLabels();
        this.fit(reset);
      },
      PIECE_HEIGHT,
      look.away,
      1.0,
    );
  }

  /// The smallest distance on the page, in CSS pixels, between the
  /// middles of two neighbouring squares (one square apart on the same
  /// level) of level `level`, or of every level (null): how small the
  /// board is drawn where it is drawn smallest. With `across`, only of
  /// neighbours side by side on the screen (how wide a square is drawn).
  squarePixels(level: number | null, across = false): number {
    const cells = [...this.cells.values()].filter((c) => c.present && (level === null || c.at[2] === level));
    const key = (z: number, x: number, d: number) => `${z}:${Math.round(x * 2)}:${Math.round(d * 2)}`;
    const byPlace = new Map(cells.map((c) => [key(c.at[2], c.place[0], c.place[2]), c]));
    let least = Infinity;
    for (const c of cells) {
      const a = this.toPage(top(this.position(c.name)));
      for (const [dx, dd] of [
        [1, 0],
        [0, 1],
      ]) {
        const n = byPlace.get(key(c.at[2], c.place[0] + dx, c.place[2] + dd));
        if (!n) continue;
        const b = this.toPage(top(this.position(n.name)));
        if (across && Math.abs(b.x - a.x) < Math.abs(b.y - a.y)) continue;
        least = Math.min(least, Math.hypot(b.x - a.x, b.y - a.y));
      }
    }
    return least === Infinity ? 0 : least;
  }

  private position(name: string): THREE.Vector3 {
    const c = this.cells.get(name);
    if (!c || !this.layout) return new THREE.Vector3();
    return new THREE.Vector3(...this.layout.position(c));
  }

  private level(name: string): number {
    return this.cells.get(name)?.at[2] ?? 0;
  }

  /// Whether a cell is faded out (another level is in focus).
  private faded(name: string): boolean {
    return this.options.focus !== null && this.level(name) !== this.options.focus;
  }

  /// Whether a cell is drawn faded (as it is picked, unless the tests
  /// broke the fading on purpose).
  private drawnFaded(name: string): boolean {
    return this.faded(name) && !broken("fade");
  }

  private syncTiles(moved: boolean) {
    for (const [name, tile] of this.tiles) {
      if (!this.cells.has(name)) {
        this.groups.tiles.remove(tile);
        this.tiles.delete(name);
      }
    }
    for (const c of this.cells.values()) {
      let tile = this.tiles.get(c.name);
      if (!tile) {
        tile = new THREE.Mesh(tileGeometry);
        tile.userData.cell = c.name;
        this.groups.tiles.add(tile);
        this.tiles.set(c.name, tile);
        tile.position.copy(this.position(c.name));
      } else if (moved) {
        tile.position.copy(this.position(c.name));
      }
    }
  }

  private materialsOf(side: number, faded: boolean): SideMaterials {
    const key = `${this.state!.sides.join("/")}:${side}:${faded}`;
    let m = this.sideMaterials.get(key);
    if (!m) {
      const colours = sideColours(this.state!.sides, side);
      const gold = this.state!.sides[1] === "Gold" && side === 1;
      const make = (colour: string, ink: boolean) =>
        new THREE.MeshStandardMaterial({
          color: colour,
          roughness: ink ? 0.6 : 0.42,
          metalness: gold && !ink ? 0.35 : 0.05,
          transparent: faded,
          opacity: faded ? 0.14 : 1,
          depthWrite: !faded,
        });
      // A dark rim around light pieces and a light one around dark
      // pieces: every piece stands out from both colours of square.
      const outline = new THREE.MeshBasicMaterial({
        color: colours.rim,
        side: THREE.BackSide,
        transparent: faded,
        opacity: faded ? 0.1 : 1,
        depthWrite: !faded,
      });
      m = { body: make(colours.body, false), ink: make(colours.ink, true), outline };
      this.sideMaterials.set(key, m);
    }
    return m;
  }

  /// What a piece object shows: a new one is made when this changes.
  private pieceKey(name: string, letter: string, side: number, cell: string): string {
    return `${name}|${letter}|${side}|${this.drawnFaded(cell)}`;
  }

  private makePiece(name: string, letter: string, side: number, cell: string): PieceObject {
    const key = this.pieceKey(name, letter, side, cell);
    const design = designOf(name);
    const symbol = hasBadge(design) ? badge(name, letter, this.state!.sides, side, () => (this.dirty = true)) : undefined;
    const object = pieceModel(design, this.materialsOf(side, this.drawnFaded(cell)), symbol);
    object.userData.cell = cell;
    // Pieces stand side-on to their own player's default camera, so that
    // a Knight's or a Unicorn's head shows its profile.
    const azimuth = (this.state!.view.camera.azimuth[side] * Math.PI) / 180;
    object.rotation.y = azimuth + Math.PI / 2;
    return { object, key };
  }

  private syncPieces(moved: boolean) {
    const demo = this.marks?.demo ?? null;
    for (const [cell, p] of this.pieces) {
      const c = this.cells.get(cell);
      const piece = c?.piece;
      const key = piece ? this.pieceKey(piece.name, piece.letter, piece.side, cell) : "";
      if (!piece || key !== p.key) {
        this.groups.pieces.remove(p.object);
        this.pieces.delete(cell);
      }
    }
    for (const c of this.cells.values()) {
      if (!c.piece) continue;
      let p = this.pieces.get(c.name);
      if (!p) {
        p = this.makePiece(c.piece.name, c.piece.letter, c.piece.side, c.name);
        this.pieces.set(c.name, p);
        this.groups.pieces.add(p.object);
        p.object.position.copy(top(this.position(c.name)));
      } else if (moved) {
        p.object.position.copy(top(this.position(c.name)));
      }
      p.object.visible = !demo;
    }
    if (this.demo) this.groups.pieces.remove(this.demo.object);
    this.demo = null;
    if (demo && this.cells.has(demo.cell)) {
      this.demo = this.makePiece(demo.name, demo.letter, demo.side, demo.cell);
      this.demo.object.position.copy(top(this.position(demo.cell)));
      this.groups.pieces.add(this.demo.object);
    }
  }

  private buildLabels() {
    const g = this.groups.labels;
    g.clear();
    const state = this.state!;
    const look = facing((this.azimuth() * Math.PI) / 180);
    const present = state.view.cells.filter((c) => c.present);
    const stacks = this.layout!.stacks;
    // The stack a level belongs to: its own, or for a level with no board
    // now (where a board may arrive), the stack of the nearest level.
    const stackOf = (z: number) => {
      const own = stacks.findIndex((s) => s.includes(z));
      if (own >= 0) return own;
      const distance = (s: number[]) => Math.min(...s.map((k) => Math.abs(k - z)));
      return stacks.reduce((best, s, i) => (distance(s) < distance(stacks[best]) ? i : best), 0);
    };
    for (const [i, stack] of stacks.entries()) {
      // Every square a board may stand on in this stack's levels, now or
      // later (the ghosts of its moves): the names stand left of them all.
      const left = Math.min(
        ...state.view.cells.filter((c) => stackOf(c.at[2]) === i).map((c) => this.position(c.name).dot(look.right)),
      );
      for (const z of stack) {
        const name = state.view.levels.find(([k]) => k === z)?.[1] ?? "";
        const cells = present.filter((c) => c.at[2] === z);
        for (const s of levelLabels(cells, name, (c) => top(this.position(c.name)), look, left - 0.5)) {
          s.userData.level = z;
          g.add(s);
        }
      }
    }
  }

  /// The posts that hold the boards, as pegs where they meet a level:
  /// the levels are drawn apart, so a post drawn whole would cross the
  /// pictures of the levels between.
  private buildPosts() {
    const g = this.groups.posts;
    g.clear();
    const state = this.state!;
    const layout = this.layout!;
    const present = state.view.cells.filter((c) => c.present);
    for (const post of state.view.posts) {
      for (let z = Math.ceil(post.levels[0]); z <= Math.floor(post.levels[1]); z++) {
        // Only where a board stands at that level, beside the post.
        const near = present.some((c) => c.at[2] === z && Math.hypot(c.place[0] - post.x, c.place[2] - post.z) < 1.05);
        if (!near) continue;
        const [x, sz] = layout.ground(z, post.x, post.z);
        const peg = new THREE.Mesh(pegGeometry, this.postMaterial);
        peg.position.set(x, layout.height(z) + 0.12, sz);
        g.add(peg);
      }
    }
  }

  private tileMaterial(c: Cell, kind: keyof Palette, faded: boolean): THREE.Material {
    const ghost = !c.present;
    const key = `${kind}:${ghost}:${faded}`;
    let m = this.tileMaterials.get(key);
    if (!m) {
      const colour = COLOURS[kind];
      const opacity = faded ? 0.12 : ghost ? 0.5 : 1;
      m = new THREE.MeshStandardMaterial({
        color: colour,
        roughness: 0.85,
        transparent: opacity < 1,
        opacity,
        depthWrite: opacity === 1,
        emissive: ghost ? 0x0b3d1f : 0x000000,
      });
      this.tileMaterials.set(key, m);
    }
    return m;
  }

  /// A new theme chosen: the materials in its colours.
  private themed() {
    const id = currentTheme().id;
    if (id === this.themeId) return;
    this.themeId = id;
    for (const m of this.tileMaterials.values()) m.dispose();
    this.tileMaterials.clear();
    for (const m of Object.values(this.marksMaterials)) m.dispose();
    this.marksMaterials = marksMaterials();
    this.scene.background = new THREE.Color(COLOURS.background);
  }

  /// Colours and marks: selection, targets, last move, check, cursor,
  /// board knobs. Cheap: called on every cursor move.
  colour(marks: Marks) {
    this.marks = marks;
    const state = this.state;
    if (!state) return;
    this.themed();
    const last = new Set(marks.last ?? []);
    const premove = new Set(marks.premove ?? []);
    for (const [name, tile] of this.tiles) {
      const c = this.cells.get(name)!;
      let kind: keyof Palette = c.light ? "light" : "dark";
      if (last.has(name)) kind = c.light ? "lastLight" : "lastDark";
      if (premove.has(name)) kind = c.light ? "premoveLight" : "premoveDark";
      if (marks.checked === name && !broken("check")) kind = "check";
      if (marks.selected === name && !marks.board) kind = "selected";
      tile.material = this.tileMaterial(c, kind, this.drawnFaded(name));
      // A square that is not there now shows only as a destination.
      tile.visible = c.present || marks.targets.has(name);
    }
    for (const [name, p] of this.pieces) {
      p.object.position.y = this.position(name).y + TILE_HEIGHT / 2 + (marks.selected === name && !marks.board ? 0.1 : 0);
    }
    const targets = this.groups.targets;
    targets.clear();
    for (const [name, kind] of marks.targets) {
      const at = top(this.position(name)).add(new THREE.Vector3(0, 0.005, 0));
      const marker = new THREE.Mesh(kind === "capture" ? captureRing : moveDot, this.marksMaterials[kind]);
      marker.position.copy(at);
      marker.renderOrder = 20;
      // Drawn, not picked: the disc under it is what a click hits, most of
      // the square, whatever stands in front.
      marker.raycast = () => {};
      if (!broken("marks")) targets.add(marker);
      const area = new THREE.Mesh(pickDisc);
      area.visible = false;
      area.position.copy(at);
      area.userData.cell = name;
      targets.add(area);
    }
    const overlay = this.groups.overlay;
    overlay.clear();
    if (marks.checked && this.tiles.has(marks.checked) && !broken("check")) {
      const ring = new THREE.Mesh(checkRing, this.marksMaterials.check);
      ring.position.copy(top(this.position(marks.checked)));
      ring.renderOrder = 19;
      overlay.add(ring);
    }
    if (marks.over && this.tiles.has(marks.over)) {
      const lit = new THREE.Mesh(overSquare, this.marksMaterials.over);
      lit.position.copy(top(this.position(marks.over))).add(new THREE.Vector3(0, 0.004, 0));
      lit.renderOrder = 18;
      overlay.add(lit);
    }
    if (marks.cursor && this.tiles.has(marks.cursor)) {
      for (const bar of frameBars) {
        const m = new THREE.Mesh(bar, this.marksMaterials.cursor);
        m.position.copy(top(this.position(marks.cursor))).add(new THREE.Vector3(0, 0.01, 0));
        m.renderOrder = 21;
        overlay.add(m);
      }
    }
    this.buildKnobs(marks);
    // With a level in focus, only its coordinates show (the switcher over
    // the board names the levels).
    const focus = this.options.focus;
    for (const label of this.groups.labels.children) {
      label.visible = focus === null || (label.userData.level === focus && !label.userData.name);
    }
    // Choosing a board shows where it may go, even off the usual frame.
    const boardChosen = marks.board && marks.targets.size > 0;
    if (boardChosen !== this.boardFramed) {
      this.boardFramed = boardChosen;
      this.fit(false);
    }
    this.dirty = true;
  }

  /// The cells of the boards that can move, and where their knobs go.
  private boards(): Map<string, string[]> {
    const boards = new Map<string, string[]>();
    for (const m of this.state?.view.legal ?? []) {
      if (m.board && !boards.has(m.from)) boards.set(m.from, m.board.leaves);
    }
    return boards;
  }

  private buildKnobs(marks: Marks) {
    const g = this.groups.knobs;
    g.clear();
    if (marks.demo) return;
    for (const [from, cells] of this.boards()) {
      const centre = cells.reduce((s, c) => s.add(this.position(c)), new THREE.Vector3()).divideScalar(cells.length);
      const chosen = marks.board && marks.selected === from;
      const knob = new THREE.Mesh(knobGeometry, chosen ? this.marksMaterials.knobSelected : this.marksMaterials.knob);
      knob.position.copy(centre).add(new THREE.Vector3(0, 0.6, 0));
      knob.userData.handle = from;
      g.add(knob);
    }
  }

  /// The points the camera must show: every tile, the tallest piece
  /// over it, the labels.
  private framePoints(focus = this.options.focus): THREE.Vector3[] {
    const points: THREE.Vector3[] = [];
    for (const [name, c] of this.cells) {
      if (!c.present || (focus !== null && c.at[2] !== focus)) continue;
      const p = this.position(name);
      points.push(...corners(p));
      points.push(p.clone().add(new THREE.Vector3(0, PIECE_HEIGHT, 0)));
    }
    // A board's destinations, while it is chosen: the whole of each
    // ghost square, and the knob's height over it (with a level shown
    // alone, those on it: the switcher leads to the others).
    if (this.marks?.board) {
      for (const name of this.marks.targets.keys()) {
        if (focus !== null && this.level(name) !== focus) continue;
        const p = this.position(name);
        points.push(...corners(p));
        points.push(p.add(new THREE.Vector3(0, 0.6, 0)));
      }
    }
    for (const s of this.groups.labels.children) {
      if (focus !== null && (s.userData.level !== focus || s.userData.name)) continue;
      const half = s.scale.x / 2;
      points.push(s.position.clone().add(new THREE.Vector3(half, s.scale.y / 2, 0)));
      points.push(s.position.clone().add(new THREE.Vector3(-half, -s.scale.y / 2, 0)));
      points.push(s.position.clone().add(new THREE.Vector3(0, 0, half)));
      points.push(s.position.clone().add(new THREE.Vector3(0, 0, -half)));
    }
    return points;
  }

  /// Frames the board: from the default direction of the side viewing
  /// (`reset`), or from where the camera looks now.
  fit(reset: boolean) {
    const state = this.state;
    if (!state) return;
    let elevation = (this.elevation() * Math.PI) / 180;
    let azimuth = (this.azimuth() * Math.PI) / 180;
    if (!reset) {
      const s = new THREE.Spherical().setFromVector3(this.camera.position.clone().sub(this.controls.target));
      elevation = Math.PI / 2 - s.phi;
      azimuth = s.theta;
    }
    // A level in focus with nothing on it frames the whole board.
    let points = this.framePoints();
    if (!points.length) points = this.framePoints(null);
    if (!points.length) return;
    // The view's buttons stand over the canvas's right edge: keep the
    // board clear of them.
    const tools = document.getElementById("board-tools");
    const column = tools && !tools.hidden && getComputedStyle(tools).position === "absolute";
    const inset = column ? (tools.offsetWidth + 12) / Math.max(this.canvas.clientWidth, 1) : 0;
    const target = frame(this.camera, points, elevation, azimuth, inset);
    this.controls.target.copy(target);
    this.controls.update();
    this.dirty = true;
  }

  /// The drawing's size and the camera's aspect, from the host's size
  /// now; whether they changed.
  private syncSize(): boolean {
    // A headset's drawing has the headset's size.
    if (this.renderer.xr.isPresenting) return false;
    const w = Math.max(this.host.clientWidth, 10);
    const h = Math.max(this.host.clientHeight, 10);
    const size = this.renderer.getSize(new THREE.Vector2());
    if (size.x === w && size.y === h) return false;
    this.renderer.setSize(w, h, false);
    this.canvas.style.width = "100%";
    this.canvas.style.height = "100%";
    this.camera.aspect = w / h;
    this.camera.updateProjectionMatrix();
    return true;
  }

  private resize() {
    // Hidden (the diagram shown, another screen): nothing to frame; the
    // next show or size takes the real one.
    if (!this.host.clientWidth || !this.host.clientHeight) return;
    // The perspective changes with the frame: spread the levels again.
    if (this.syncSize()) this.relayout();
    this.dirty = true;
  }

  /// The levels spread and the stacks chosen again, everything placed.
  private relayout() {
    if (!this.layout || !this.state) return;
    this.motions.finish();
    this.arrange(false, true);
    this.syncTiles(true);
    this.syncPieces(true);
    if (this.marks) this.colour(this.marks);
  }

  // ------------------------------------------------------------ motion

  /// The last move's piece slides; a board or elevator that moved travels
  /// with its pieces from where it was.
  private animateChange(before: GameState, after: GameState) {
    if (after.ply !== before.ply + 1 || !after.view.last) return;
    const was = new Map(before.view.cells.filter((c) => c.present).map((c) => [c.name, c]));
    const is = new Set(after.view.cells.filter((c) => c.present).map((c) => c.name));
    const gone = [...was.values()].filter((c) => !is.has(c.name));
    const came = [...is].filter((n) => !was.has(n));
    if (gone.length && came.length && this.layout) {
      this.travels += 1;
      const old = new THREE.Vector3();
      for (const c of gone) old.add(new THREE.Vector3(...this.layout.position(c)));
      old.divideScalar(gone.length);
      const now3 = came.reduce((s, n) => s.add(this.position(n)), new THREE.Vector3()).divideScalar(came.length);
      const shift = old.sub(now3);
      for (const name of came) {
        for (const o of [this.tiles.get(name), this.pieces.get(name)?.object]) {
          if (!o) continue;
          this.motions.add(o, o.position.clone().add(shift), TRAVEL_MS);
        }
      }
      return;
    }
    const [from, to] = after.view.last;
    const piece = this.pieces.get(to)?.object;
    const origin = was.get(from);
    if (piece && origin && this.layout) {
      const start = top(new THREE.Vector3(...this.layout.position(origin)));
      this.motions.add(piece, start, SLIDE_MS);
    }
  }

  /// Into how many stacks side by side the levels are cut.
  get stacks(): number {
    return this.stackCount;
  }

  /// Whether an animation is running (tests wait for it to end).
  get moving(): boolean {
    return this.motions.running;
  }

  // ------------------------------------------------------------ pointing

  /// The destination mark under a page point, if any.
  targetAt(x: number, y: number): string | null {
    this.ray(x, y);
    const hit = this.raycaster.intersectObjects(this.groups.targets.children, false)[0];
    return hit ? (hit.object.userData.cell as string) : null;
  }

  /// What a press on `cell` carries: its piece, or for a board a copy of
  /// its knob.
  carry(cell: string, board: boolean): THREE.Object3D | null {
    if (!board) return this.pieces.get(cell)?.object ?? null;
    const knob = this.groups.knobs.children.find((k) => k.userData.handle === cell);
    const copy = new THREE.Mesh(knobGeometry, this.marksMaterials.knobSelected);
    copy.position.copy(knob?.position ?? this.position(cell));
    copy.raycast = () => {};
    this.root.add(copy);
    return copy;
  }

  discard(object: THREE.Object3D) {
    this.root.remove(object);
  }

  above(cell: string): THREE.Vector3 {
    return top(this.position(cell));
  }

  ground(x: number, y: number, height: number): THREE.Vector3 | null {
    this.ray(x, y);
    return this.raycaster.ray.intersectPlane(new THREE.Plane(new THREE.Vector3(0, 1, 0), -height), new THREE.Vector3());
  }

  redraw() {
    this.dirty = true;
  }

  /// Ends a drag without a move (Esc): the piece goes back.
  cancelDrag() {
    this.hand.cancel();
  }

  private ray(x: number, y: number) {
    // Marks made since the last frame have no world matrix yet.
    this.scene.updateMatrixWorld();
    const r = this.canvas.getBoundingClientRect();
    const ndc = new THREE.Vector2(((x - r.left) / r.width) * 2 - 1, -((y - r.top) / r.height) * 2 + 1);
    this.raycaster.setFromCamera(ndc, this.camera);
  }

  /// What a click at a page point picks.
  pickAt(x: number, y: number): Pick {
    this.ray(x, y);
    return this.pickRay(this.raycaster);
  }

  /// What a ray picks (a click's, a controller's), the scene's world
  /// matrices up to date (`ray` and the headset make them so). The marks of the
  /// selected piece's destinations are drawn over everything, so they are
  /// picked first; then the nearest tile, piece or knob that is not faded
  /// out.
  pickRay(raycaster: THREE.Raycaster): Pick {
    const target = raycaster.intersectObjects(this.groups.targets.children, false)[0];
    if (target) return { cell: target.object.userData.cell as string, handle: null, distance: target.distance };
    const names = this.groups.labels.children.filter((s) => s.userData.name);
    const hits = raycaster.intersectObjects([this.groups.tiles, this.groups.pieces, this.groups.knobs, ...names], true);
    for (const h of hits) {
      let o: THREE.Object3D | null = h.object;
      while (o && !o.userData.cell && !o.userData.handle && !o.userData.name) o = o.parent;
      if (!o || !o.visible || !visibleUp(o)) continue;
      const distance = h.distance;
      if (o.userData.name) return { cell: null, handle: null, level: o.userData.level, distance };
      if (o.userData.handle) return { cell: null, handle: o.userData.handle, distance };
      if (this.faded(o.userData.cell)) continue;
      return { cell: o.userData.cell, handle: null, badge: !!h.object.userData.badge, distance };
    }
    return { cell: null, handle: null };
  }

  /// Points of the piece on `name` up its body (a fifth, two fifths and
  /// three fifths of its height, over its middle), in page pixels: where
  /// a badge in front would hide it (for the browser tests).
  bodyPoints(name: string): { x: number; y: number }[] {
    const piece = this.pieces.get(name);
    if (!piece?.object.visible || this.marks?.demo) return [];
    const box = new THREE.Box3().setFromObject(piece.object);
    return [0.2, 0.4, 0.6].map((f) => this.toPage(piece.object.position.clone().setY(box.min.y + (box.max.y - box.min.y) * f)));
  }

  /// The cell a click at a page point selects (a knob stands for its
  /// board's cell).
  cellAt(x: number, y: number): string | null {
    const p = this.pickAt(x, y);
    return p.cell ?? p.handle;
  }

  private toPage(p: THREE.Vector3): { x: number; y: number } {
    const v = p.clone().project(this.camera);
    const r = this.canvas.getBoundingClientRect();
    return { x: r.left + ((v.x + 1) / 2) * r.width, y: r.top + ((1 - v.y) / 2) * r.height };
  }

  /// Where a cell is on the screen, in page pixels: the mark of a
  /// destination, the body of a piece, or the middle of a square.
  screenPoint(name: string): { x: number; y: number } | null {
    return this.tiles.has(name) ? this.toPage(this.cellPoint(name)) : null;
  }

  /// The point of a cell a click or a ray aims at, in the board's
  /// squares: the mark of a destination, the body of a piece, or the
  /// middle of a square.
  private cellPoint(name: string): THREE.Vector3 {
    const p = top(this.position(name));
    if (this.marks?.targets.has(name)) return p;
    const piece = this.marks?.demo ? null : this.pieces.get(name);
    if (!piece?.object.visible) return p;
    // Measured in the board's own squares, whatever the headset made of it.
    const box = new THREE.Box3().setFromObject(piece.object).applyMatrix4(this.root.matrixWorld.clone().invert());
    return piece.object.position.clone().setY(box.min.y + (box.max.y - box.min.y) * 0.62);
  }

  /// Where the middle of a cell's square is on the page; null where the
  /// camera does not see it (behind it, or past its far plane).
  squarePoint(name: string): { x: number; y: number } | null {
    if (!this.tiles.has(name)) return null;
    const p = top(this.position(name));
    const depth = p.clone().project(this.camera).z;
    return depth >= -1 && depth <= 1 ? this.toPage(p) : null;
  }

  /// The knobs of the boards that can move: their board's cell and where
  /// they are on the page.
  knobs(): { from: string; x: number; y: number }[] {
    return this.groups.knobs.children.map((k) => ({ from: k.userData.handle as string, ...this.toPage(k.position) }));
  }

  // ------------------------------------------------------------ keys

  /// Camera keys (keys.ts), and 0: the default view.
  key(e: KeyboardEvent): boolean {
    if (e.key === "0") this.fit(true);
    else if (!cameraKey(e, this.camera, this.controls.target)) return false;
    this.dirty = true;
    return true;
  }
}

/// Whether the browser draws WebGL in software (SwiftShader, llvmpipe).
function softwareRenderer(): boolean {
  const gl = document.createElement("canvas").getContext("webgl");
  const info = gl?.getExtension("WEBGL_debug_renderer_info");
  const name = info ? String(gl!.getParameter(info.UNMASKED_RENDERER_WEBGL)) : "";
  gl?.getExtension("WEBGL_lose_context")?.loseContext();
  return /swiftshader|llvmpipe|software/i.test(name);
}

/// Whether an object and all its parents are visible.
function visibleUp(o: THREE.Object3D): boolean {
  for (let p: THREE.Object3D | null = o; p; p = p.parent) if (!p.visible) return false;
  return true;
}
