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
import { COLOURS, type Marks } from "../marks";
import { DESIGNS, designOf, sideColours } from "../pieces/designs";
import { badge } from "../pieces/badges";
import { hasBadge, modelHeight, pieceModel, type SideMaterials } from "../pieces/models";
import { frame } from "./fit";
import { facing, levelLabels } from "./labels";
import { layout, type Layout } from "./layout";
import { settle } from "./settle";

const TILE = 0.94;
const TILE_HEIGHT = 0.08;
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
}

/// What a point of the canvas shows: a cell, the knob of a board, or the
/// name of a level.
export interface Pick {
  cell: string | null;
  handle: string | null;
  level?: number;
}

interface Motion {
  object: THREE.Object3D;
  from: THREE.Vector3;
  to: THREE.Vector3;
  start: number;
  ms: number;
}

interface PieceObject {
  object: THREE.Object3D;
  key: string;
}

const top = (p: THREE.Vector3) => p.clone().add(new THREE.Vector3(0, TILE_HEIGHT / 2, 0));
const flat = (g: THREE.BufferGeometry) => g.rotateX(-Math.PI / 2);

// Shared geometry of tiles and marks.
const tileGeometry = new THREE.BoxGeometry(TILE, TILE_HEIGHT, TILE);
const moveDot = flat(new THREE.CircleGeometry(0.2, 28));
const captureRing = flat(new THREE.RingGeometry(0.33, 0.45, 36));
const checkRing = flat(new THREE.RingGeometry(0.38, 0.47, 36));
/// Where a click plays a destination's move.
const pickDisc = flat(new THREE.CircleGeometry(0.42, 24));
const knobGeometry = new THREE.SphereGeometry(0.13, 18, 12);
const pegGeometry = new THREE.CylinderGeometry(0.05, 0.05, 0.5, 10);
const frameBars = (() => {
  const bars: THREE.BufferGeometry[] = [];
  const w = TILE;
  const t = 0.06;
  for (const [x, z, sx, sz] of [
    [0, -w / 2, w, t],
    [0, w / 2, w, t],
    [-w / 2, 0, t, w],
    [w / 2, 0, t, w],
  ]) {
    bars.push(new THREE.BoxGeometry(sx, 0.02, sz).translate(x, 0, z));
  }
  return bars;
})();

function overlayMaterial(colour: number, opacity = 0.9): THREE.MeshBasicMaterial {
  return new THREE.MeshBasicMaterial({
    color: colour,
    transparent: true,
    opacity,
    depthTest: false,
    depthWrite: false,
  });
}

export class Board3D {
  readonly canvas: HTMLCanvasElement;
  private renderer: THREE.WebGLRenderer;
  private scene = new THREE.Scene();
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
  private options: ViewOptions = { spread: 1, focus: null };
  private layout: Layout | null = null;
  private layoutKey = "";
  private stackCount = 1;
  private boardFramed = false;
  private framedKey = "";
  private tiles = new Map<string, THREE.Mesh>();
  private pieces = new Map<string, PieceObject>();
  private demo: PieceObject | null = null;
  private cells = new Map<string, Cell>();
  private motions: Motion[] = [];
  private dirty = true;
  private tileMaterials = new Map<string, THREE.Material>();
  private sideMaterials = new Map<string, SideMaterials>();
  private marksMaterials = {
    move: overlayMaterial(COLOURS.move, 0.85),
    capture: overlayMaterial(COLOURS.capture, 0.9),
    check: overlayMaterial(COLOURS.check, 0.95),
    cursor: overlayMaterial(COLOURS.cursor, 0.95),
    selected: overlayMaterial(COLOURS.selected, 0.95),
  };
  private knobMaterial = new THREE.MeshStandardMaterial({ color: COLOURS.handle, emissive: 0x552200, roughness: 0.4 });
  private knobSelected = new THREE.MeshStandardMaterial({ color: COLOURS.selected, emissive: 0x665500, roughness: 0.4 });
  private postMaterial = new THREE.MeshStandardMaterial({ color: 0x8e99a6, metalness: 0.5, roughness: 0.45 });
  /// How many board or elevator journeys have been shown (for tests).
  travels = 0;
  /// Frames drawn (for the rendering measurement of the browser tests).
  frames = 0;

  constructor(
    private host: HTMLElement,
    private onHover: (cell: string | null, x: number, y: number) => void,
    private onPick: (pick: Pick) => void,
  ) {
    // Software renderers (a browser without a GPU) spend most of a frame
    // on antialiasing: they draw without it.
    this.renderer = new THREE.WebGLRenderer({ antialias: !softwareRenderer() });
    this.renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
    this.canvas = this.renderer.domElement;
    this.canvas.tabIndex = 0;
    this.canvas.setAttribute("aria-label", "3-D board: arrow keys move the cursor, Enter selects");
    host.appendChild(this.canvas);
    this.scene.background = new THREE.Color(0x1b222c);
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
    for (const g of Object.values(this.groups)) this.scene.add(g);
    this.groups.targets.renderOrder = 20;
    this.pointer();
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
    this.controls.addEventListener("change", () => (this.dirty = true));
    const tick = (now: number) => {
      const animating = this.motions.length > 0;
      this.animate(now);
      this.controls.update();
      if (this.dirty || animating) {
        this.renderer.render(this.scene, this.camera);
        this.frames += 1;
        this.dirty = false;
      }
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
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
    const frameKey = `${state.id}|${side}|${options.focus}|${options.spread}`;
    const reframe = frameKey !== this.framedKey;
    this.framedKey = frameKey;
    const moved = key !== this.layoutKey || !this.layout;
    if (moved) {
      this.layoutKey = key;
      this.arrange(reframe, reframe);
    } else if (reframe) {
      this.fit(true);
    }
    this.finishMotions();
    this.syncTiles(moved);
    this.syncPieces(moved);
    if (sameGame && before && before.version !== state.version) this.animateChange(before, state);
    this.colour(marks);
    this.dirty = true;
  }

  private makeLayout(stacks: number): Layout {
    const state = this.state!;
    return layout({
      cells: state.view.cells,
      levels: state.view.levels,
      camera: state.view.camera,
      side: this.marks?.flipped ? 1 : 0,
      spread: this.options.spread,
      pieceHeight: PIECE_HEIGHT,
      stacks,
    });
  }

  /// Spreads the levels for the camera (the perspective's correction) and
  /// frames the board from the default direction (`reset`) or the current
  /// one. With `choose`, also picks how many stacks side by side show the
  /// levels largest in this canvas (one, unless more are much larger).
  /// Then rebuilds what stands by the levels (labels, posts).
  private arrange(reset: boolean, choose: boolean) {
    const state = this.state;
    if (!state) return;
    const levels = new Set(state.view.cells.filter((c) => c.present).map((c) => c.at[2])).size;
    const candidates = choose ? [1, 2, 3].filter((n) => n === 1 || levels >= 2 * n) : [this.stackCount];
    let best = { stacks: 1, scale: 0 };
    for (const stacks of candidates) {
      this.layout = this.makeLayout(stacks);
      this.settle(reset);
      const scale = this.scale();
      if (scale > best.scale * (stacks > best.stacks ? 1.25 : 1)) best = { stacks, scale };
    }
    if (best.stacks !== candidates[candidates.length - 1]) {
      this.layout = this.makeLayout(best.stacks);
      this.settle(reset);
    }
    this.stackCount = best.stacks;
    this.buildPosts();
  }

  private settle(reset: boolean) {
    const state = this.state!;
    const side = this.marks?.flipped ? 1 : 0;
    const look = facing((state.view.camera.azimuth[side] * Math.PI) / 180);
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

  /// Pixels per square at the middle of the view.
  private scale(): number {
    const target = this.controls.target;
    const right = new THREE.Vector3().setFromMatrixColumn(this.camera.matrixWorld, 0);
    const a = this.toPage(target);
    const b = this.toPage(target.clone().add(right));
    return Math.hypot(b.x - a.x, b.y - a.y);
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
      const gold = this.state!.sides[0] === "Red" && side === 1;
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
    return `${name}|${letter}|${side}|${this.faded(cell)}`;
  }

  private makePiece(name: string, letter: string, side: number, cell: string): PieceObject {
    const key = this.pieceKey(name, letter, side, cell);
    const design = designOf(name);
    const symbol = hasBadge(design) ? badge(name, letter, this.state!.sides, side, () => (this.dirty = true)) : undefined;
    const object = pieceModel(design, this.materialsOf(side, this.faded(cell)), symbol);
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
    const side = this.marks?.flipped ? 1 : 0;
    const look = facing((state.view.camera.azimuth[side] * Math.PI) / 180);
    const present = state.view.cells.filter((c) => c.present);
    for (const stack of this.layout!.stacks) {
      // Every square a board may stand on in this stack's levels, now or
      // later (the ghosts of its moves): the names stand left of them all.
      const left = Math.min(
        ...state.view.cells.filter((c) => stack.includes(c.at[2]) || !c.present).map((c) => this.position(c.name).dot(look.right)),
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

  private tileMaterial(c: Cell, kind: string, faded: boolean): THREE.Material {
    const ghost = !c.present;
    const key = `${kind}:${ghost}:${faded}`;
    let m = this.tileMaterials.get(key);
    if (!m) {
      const colour = (COLOURS as Record<string, number>)[kind];
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

  /// Colours and marks: selection, targets, last move, check, cursor,
  /// board knobs. Cheap: called on every cursor move.
  colour(marks: Marks) {
    this.marks = marks;
    const state = this.state;
    if (!state) return;
    const last = new Set(marks.last ?? []);
    for (const [name, tile] of this.tiles) {
      const c = this.cells.get(name)!;
      let kind = c.light ? "light" : "dark";
      if (last.has(name)) kind = c.light ? "lastLight" : "lastDark";
      if (marks.checked === name) kind = "check";
      if (marks.selected === name && !marks.board) kind = "selected";
      tile.material = this.tileMaterial(c, kind, this.faded(name));
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
      targets.add(marker);
      const area = new THREE.Mesh(pickDisc);
      area.visible = false;
      area.position.copy(at);
      area.userData.cell = name;
      targets.add(area);
    }
    const overlay = this.groups.overlay;
    overlay.clear();
    if (marks.checked && this.tiles.has(marks.checked)) {
      const ring = new THREE.Mesh(checkRing, this.marksMaterials.check);
      ring.position.copy(top(this.position(marks.checked)));
      ring.renderOrder = 19;
      overlay.add(ring);
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
    // With a level in focus, only its coordinates show (and every level's
    // name, to go to it).
    const focus = this.options.focus;
    for (const label of this.groups.labels.children) {
      label.visible = focus === null || label.userData.level === focus || !!label.userData.name;
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
      const knob = new THREE.Mesh(knobGeometry, chosen ? this.knobSelected : this.knobMaterial);
      knob.position.copy(centre).add(new THREE.Vector3(0, 0.6, 0));
      knob.userData.handle = from;
      g.add(knob);
    }
  }

  /// The points the camera must show: every tile, the tallest piece
  /// over it, the labels.
  private framePoints(): THREE.Vector3[] {
    const points: THREE.Vector3[] = [];
    const focus = this.options.focus;
    for (const [name, c] of this.cells) {
      if (!c.present || (focus !== null && c.at[2] !== focus)) continue;
      const p = this.position(name);
      for (const [dx, dz] of [
        [-0.5, -0.5],
        [0.5, -0.5],
        [-0.5, 0.5],
        [0.5, 0.5],
      ]) {
        points.push(p.clone().add(new THREE.Vector3(dx, 0, dz)));
      }
      points.push(p.clone().add(new THREE.Vector3(0, PIECE_HEIGHT, 0)));
    }
    // A board's destinations, while it is chosen.
    if (this.marks?.board) {
      for (const name of this.marks.targets.keys()) points.push(this.position(name).add(new THREE.Vector3(0, 0.5, 0)));
    }
    for (const s of this.groups.labels.children) {
      if (focus !== null && s.userData.level !== focus) continue;
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
    let elevation = (state.view.camera.elevation * Math.PI) / 180;
    let azimuth = (state.view.camera.azimuth[this.marks?.flipped ? 1 : 0] * Math.PI) / 180;
    if (!reset) {
      const s = new THREE.Spherical().setFromVector3(this.camera.position.clone().sub(this.controls.target));
      elevation = Math.PI / 2 - s.phi;
      azimuth = s.theta;
    }
    const points = this.framePoints();
    if (!points.length) return;
    // The view's buttons stand over the canvas's right edge: keep the
    // board clear of them.
    const tools = document.getElementById("board-tools");
    const inset = tools && !tools.hidden ? (tools.offsetWidth + 12) / Math.max(this.canvas.clientWidth, 1) : 0;
    const target = frame(this.camera, points, elevation, azimuth, inset);
    this.controls.target.copy(target);
    this.controls.update();
    this.dirty = true;
  }

  private resize() {
    const w = Math.max(this.host.clientWidth, 10);
    const h = Math.max(this.host.clientHeight, 10);
    this.renderer.setSize(w, h, false);
    this.canvas.style.width = "100%";
    this.canvas.style.height = "100%";
    this.camera.aspect = w / h;
    this.camera.updateProjectionMatrix();
    // The perspective changes with the frame: spread the levels again.
    if (this.layout && this.state) {
      this.finishMotions();
      this.arrange(false, true);
      this.syncTiles(true);
      this.syncPieces(true);
      if (this.marks) this.colour(this.marks);
    }
    this.dirty = true;
  }

  // ------------------------------------------------------------ motion

  /// The last move's piece slides; a board or elevator that moved travels
  /// with its pieces from where it was.
  private animateChange(before: GameState, after: GameState) {
    if (after.ply !== before.ply + 1 || !after.view.last) return;
    const now = performance.now();
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
          this.motions.push({ object: o, from: o.position.clone().add(shift), to: o.position.clone(), start: now, ms: TRAVEL_MS });
        }
      }
      return;
    }
    const [from, to] = after.view.last;
    const piece = this.pieces.get(to)?.object;
    const origin = was.get(from);
    if (piece && origin && this.layout) {
      const start = top(new THREE.Vector3(...this.layout.position(origin)));
      this.motions.push({ object: piece, from: start, to: piece.position.clone(), start: now, ms: SLIDE_MS });
    }
  }

  /// Ends every animation where it was going: a new picture starts from
  /// the places of the last one.
  private finishMotions() {
    for (const m of this.motions) m.object.position.copy(m.to);
    this.motions = [];
  }

  private animate(now: number) {
    this.motions = this.motions.filter((m) => {
      const t = Math.min(1, (now - m.start) / m.ms);
      const e = t * t * (3 - 2 * t);
      m.object.position.lerpVectors(m.from, m.to, e);
      if (t < 1) m.object.position.y += Math.sin(Math.PI * t) * 0.4;
      return t < 1;
    });
  }

  /// Whether an animation is running (tests wait for it to end).
  get moving(): boolean {
    return this.motions.length > 0;
  }

  // ------------------------------------------------------------ pointing

  private pointer() {
    let down: { x: number; y: number } | null = null;
    // Hovering picks at most once a frame, and not while dragging (an
    // orbit): picking tests the pieces' triangles.
    let hoverAt: { x: number; y: number } | null = null;
    this.canvas.addEventListener("pointerdown", (e) => (down = { x: e.clientX, y: e.clientY }));
    this.canvas.addEventListener("pointermove", (e) => {
      if (down || e.buttons) return;
      if (!hoverAt) {
        requestAnimationFrame(() => {
          const at = hoverAt!;
          hoverAt = null;
          this.onHover(this.pickAt(at.x, at.y).cell, at.x, at.y);
        });
      }
      hoverAt = { x: e.clientX, y: e.clientY };
    });
    this.canvas.addEventListener("pointerleave", () => this.onHover(null, 0, 0));
    this.canvas.addEventListener("pointerup", (e) => {
      // A drag orbits; only a click (or a tap) picks.
      if (down && Math.hypot(e.clientX - down.x, e.clientY - down.y) < 6) {
        const p = this.pickAt(e.clientX, e.clientY);
        if (p.cell || p.handle || p.level !== undefined) this.onPick(p);
      }
      down = null;
    });
  }

  private ray(x: number, y: number) {
    // Marks made since the last frame have no world matrix yet.
    this.scene.updateMatrixWorld();
    const r = this.canvas.getBoundingClientRect();
    const ndc = new THREE.Vector2(((x - r.left) / r.width) * 2 - 1, -((y - r.top) / r.height) * 2 + 1);
    this.raycaster.setFromCamera(ndc, this.camera);
  }

  /// What a click at a page point picks. The marks of the selected
  /// piece's destinations are drawn over everything, so they are picked
  /// first; then the nearest tile, piece or knob that is not faded out.
  pickAt(x: number, y: number): Pick {
    this.ray(x, y);
    const target = this.raycaster.intersectObjects(this.groups.targets.children, false)[0];
    if (target) return { cell: target.object.userData.cell, handle: null };
    const names = this.groups.labels.children.filter((s) => s.userData.name);
    const hits = this.raycaster.intersectObjects([this.groups.tiles, this.groups.pieces, this.groups.knobs, ...names], true);
    for (const h of hits) {
      let o: THREE.Object3D | null = h.object;
      while (o && !o.userData.cell && !o.userData.handle && !o.userData.name) o = o.parent;
      if (!o || !o.visible || !visibleUp(o)) continue;
      if (o.userData.name) return { cell: null, handle: null, level: o.userData.level };
      if (o.userData.handle) return { cell: null, handle: o.userData.handle };
      if (this.faded(o.userData.cell)) continue;
      return { cell: o.userData.cell, handle: null };
    }
    return { cell: null, handle: null };
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
    if (!this.tiles.has(name)) return null;
    const p = top(this.position(name));
    if (this.marks?.targets.has(name)) return this.toPage(p);
    const piece = this.marks?.demo ? null : this.pieces.get(name);
    if (piece?.object.visible) {
      const box = new THREE.Box3().setFromObject(piece.object);
      return this.toPage(piece.object.position.clone().setY(box.min.y + (box.max.y - box.min.y) * 0.62));
    }
    return this.toPage(p);
  }

  /// The knobs of the boards that can move: their board's cell and where
  /// they are on the page.
  knobs(): { from: string; x: number; y: number }[] {
    return this.groups.knobs.children.map((k) => ({ from: k.userData.handle as string, ...this.toPage(k.position) }));
  }

  // ------------------------------------------------------------ keys

  /// Camera keys: Q/E orbit, R/F tilt, +/- zoom, Shift+arrows pan, 0
  /// back to the default view.
  key(e: KeyboardEvent): boolean {
    const offset = this.camera.position.clone().sub(this.controls.target);
    const spherical = new THREE.Spherical().setFromVector3(offset);
    const size = Math.max(spherical.radius * 0.06, 0.2);
    if (e.key === "0") {
      this.fit(true);
      return true;
    }
    if (e.shiftKey && e.key.startsWith("Arrow")) {
      const dx = e.key === "ArrowLeft" ? -1 : e.key === "ArrowRight" ? 1 : 0;
      const dz = e.key === "ArrowUp" ? -1 : e.key === "ArrowDown" ? 1 : 0;
      const v = new THREE.Vector3(dx, 0, dz).multiplyScalar(size).applyAxisAngle(new THREE.Vector3(0, 1, 0), spherical.theta);
      this.camera.position.add(v);
      this.controls.target.add(v);
      this.dirty = true;
      return true;
    }
    switch (e.key.toLowerCase()) {
      case "q":
        spherical.theta -= 0.15;
        break;
      case "e":
        spherical.theta += 0.15;
        break;
      case "r":
        spherical.phi = Math.max(0.12, spherical.phi - 0.1);
        break;
      case "f":
        spherical.phi = Math.min(Math.PI / 2 - 0.05, spherical.phi + 0.1);
        break;
      case "+":
      case "=":
        spherical.radius *= 0.9;
        break;
      case "-":
        spherical.radius *= 1.1;
        break;
      default:
        return false;
    }
    this.camera.position.copy(this.controls.target).add(new THREE.Vector3().setFromSpherical(spherical));
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
