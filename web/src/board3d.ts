// The 3-D view: every present cell as a tile at the place the server gives,
// pieces as discs with their letter, the posts that hold the boards, and
// orbit, zoom and pan by mouse, touch and keys. A moved piece slides to its
// square; a board or elevator that moves travels from where it was.

import * as THREE from "three";
import { OrbitControls } from "three/examples/jsm/controls/OrbitControls.js";
import type { Cell, GameState } from "./api";
import { COLOURS, ink, sideColour, type Marks } from "./marks";

const TILE = 0.94;
const TILE_HEIGHT = 0.08;
const SLIDE_MS = 350;
const TRAVEL_MS = 700;

/// A cell's place in the scene: x right, y up, z toward the viewer at White.
function scenePos(c: Cell): THREE.Vector3 {
  return new THREE.Vector3(c.place[0], c.place[1], -c.place[2]);
}

interface Motion {
  object: THREE.Object3D;
  from: THREE.Vector3;
  to: THREE.Vector3;
  start: number;
  ms: number;
}

export class Board3D {
  readonly canvas: HTMLCanvasElement;
  private renderer: THREE.WebGLRenderer;
  private scene = new THREE.Scene();
  private camera: THREE.PerspectiveCamera;
  private controls: OrbitControls;
  private root = new THREE.Group();
  private tiles = new Map<string, THREE.Mesh>();
  private pieces = new Map<string, THREE.Object3D>();
  private motions: Motion[] = [];
  private letters = new Map<string, THREE.Texture>();
  private previous: GameState | null = null;
  private centre = new THREE.Vector3();
  private size = 8;
  private framedGame = "";
  private flipped = false;
  private raycaster = new THREE.Raycaster();
  private dirty = true;
  /// How many board or elevator journeys have been shown (for tests).
  travels = 0;

  constructor(
    private host: HTMLElement,
    private onHover: (cell: string | null) => void,
    private onClick: (cell: string) => void,
  ) {
    this.renderer = new THREE.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
    this.renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
    this.canvas = this.renderer.domElement;
    this.canvas.tabIndex = 0;
    this.canvas.setAttribute("aria-label", "3-D board");
    host.appendChild(this.canvas);
    this.scene.background = new THREE.Color(0x1d2430);
    this.camera = new THREE.PerspectiveCamera(45, 1, 0.1, 500);
    this.controls = new OrbitControls(this.camera, this.canvas);
    this.controls.enableDamping = true;
    this.scene.add(new THREE.HemisphereLight(0xffffff, 0x445566, 1.6));
    const sun = new THREE.DirectionalLight(0xffffff, 1.4);
    sun.position.set(6, 20, 10);
    this.scene.add(sun);
    this.scene.add(this.root);
    this.pointer();
    new ResizeObserver(() => this.resize()).observe(host);
    this.resize();
    // Drawn only when something changed: software-rendered browsers (and
    // laptops) would otherwise spend a core on a still picture.
    this.controls.addEventListener("change", () => (this.dirty = true));
    const frame = (now: number) => {
      const animating = this.motions.length > 0;
      this.animate(now);
      this.controls.update();
      if (this.dirty || animating) {
        this.renderer.render(this.scene, this.camera);
        this.dirty = false;
      }
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  }

  private resize() {
    const w = Math.max(this.host.clientWidth, 10);
    const h = Math.max(this.host.clientHeight, 10);
    this.renderer.setSize(w, h, false);
    this.canvas.style.width = "100%";
    this.canvas.style.height = "100%";
    this.camera.aspect = w / h;
    this.camera.updateProjectionMatrix();
    this.dirty = true;
  }

  /// Hover and click by raycasting; a drag (orbit) is not a click.
  private pointer() {
    let down: { x: number; y: number } | null = null;
    this.canvas.addEventListener("pointerdown", (e) => (down = { x: e.clientX, y: e.clientY }));
    this.canvas.addEventListener("pointermove", (e) => this.onHover(this.cellAt(e.clientX, e.clientY)));
    this.canvas.addEventListener("pointerup", (e) => {
      if (down && Math.hypot(e.clientX - down.x, e.clientY - down.y) < 6) {
        const cell = this.cellAt(e.clientX, e.clientY);
        if (cell) this.onClick(cell);
      }
      down = null;
    });
  }

  /// The cell drawn at a page point (what a click there selects).
  cellAt(x: number, y: number): string | null {
    const r = this.canvas.getBoundingClientRect();
    const ndc = new THREE.Vector2(((x - r.left) / r.width) * 2 - 1, -((y - r.top) / r.height) * 2 + 1);
    this.raycaster.setFromCamera(ndc, this.camera);
    const hits = this.raycaster.intersectObjects(this.root.children, true);
    for (const h of hits) {
      let o: THREE.Object3D | null = h.object;
      while (o && !o.userData.cell) o = o.parent;
      if (o && o.visible) return o.userData.cell as string;
    }
    return null;
  }

  /// Where a cell is on the screen, in page pixels (for tests and hints).
  screenPoint(name: string): { x: number; y: number } | null {
    const tile = this.tiles.get(name);
    if (!tile) return null;
    const p = tile.getWorldPosition(new THREE.Vector3());
    p.y += TILE_HEIGHT / 2;
    p.project(this.camera);
    const r = this.canvas.getBoundingClientRect();
    return { x: r.left + ((p.x + 1) / 2) * r.width, y: r.top + ((1 - p.y) / 2) * r.height };
  }

  private letter(text: string, fg: string, bg: string): THREE.Texture {
    const key = text + fg + bg;
    let t = this.letters.get(key);
    if (!t) {
      const c = document.createElement("canvas");
      c.width = c.height = 128;
      const g = c.getContext("2d")!;
      g.fillStyle = bg;
      g.beginPath();
      g.arc(64, 64, 60, 0, Math.PI * 2);
      g.fill();
      g.lineWidth = 6;
      g.strokeStyle = fg;
      g.stroke();
      g.fillStyle = fg;
      g.font = "bold 76px sans-serif";
      g.textAlign = "center";
      g.textBaseline = "middle";
      g.fillText(text, 64, 70);
      t = new THREE.CanvasTexture(c);
      t.colorSpace = THREE.SRGBColorSpace;
      this.letters.set(key, t);
    }
    return t;
  }

  private pieceObject(state: GameState, cell: Cell): THREE.Object3D {
    const p = cell.piece!;
    const group = new THREE.Group();
    const body = new THREE.Mesh(
      new THREE.CylinderGeometry(0.3, 0.36, 0.28, 24),
      new THREE.MeshStandardMaterial({ color: sideColour(state.sides, p.side), roughness: 0.5 }),
    );
    body.position.y = 0.14;
    group.add(body);
    const label = new THREE.Sprite(
      new THREE.SpriteMaterial({
        map: this.letter(p.letter, ink(state.sides, p.side), sideColour(state.sides, p.side)),
        depthTest: true,
      }),
    );
    label.scale.set(0.55, 0.55, 1);
    label.position.y = 0.55;
    group.add(label);
    group.userData.cell = cell.name;
    return group;
  }

  /// Draws a state; `marks` colours it.
  show(state: GameState, marks: Marks) {
    const before = this.previous;
    this.previous = state;
    // Free the GPU's copies of the old scene (letter textures are cached).
    this.root.traverse((o) => {
      const m = o as THREE.Mesh | THREE.Sprite;
      if (m.geometry && !(o instanceof THREE.Sprite)) m.geometry.dispose();
      const mat = m.material as THREE.Material | undefined;
      if (mat) {
        const map = (mat as THREE.SpriteMaterial).map;
        if (map && ![...this.letters.values()].includes(map)) map.dispose();
        mat.dispose();
      }
    });
    this.root.clear();
    this.tiles.clear();
    this.pieces.clear();
    this.motions = [];
    const present = state.view.cells.filter((c) => c.present);
    for (const cell of state.view.cells) {
      const target = marks.targets.has(cell.name);
      if (!cell.present && !target) continue;
      const tile = new THREE.Mesh(
        new THREE.BoxGeometry(TILE, TILE_HEIGHT, TILE),
        new THREE.MeshStandardMaterial({
          color: cell.light ? COLOURS.light : COLOURS.dark,
          transparent: !cell.present,
          opacity: cell.present ? 1 : 0.45,
        }),
      );
      tile.position.copy(scenePos(cell));
      tile.userData.cell = cell.name;
      this.root.add(tile);
      this.tiles.set(cell.name, tile);
      if (cell.piece) {
        const piece = this.pieceObject(state, cell);
        piece.position.copy(scenePos(cell)).add(new THREE.Vector3(0, TILE_HEIGHT / 2, 0));
        this.root.add(piece);
        this.pieces.set(cell.name, piece);
      }
    }
    for (const post of state.view.posts) {
      const h = post.to - post.from;
      const rod = new THREE.Mesh(
        new THREE.CylinderGeometry(0.06, 0.06, h, 10),
        new THREE.MeshStandardMaterial({ color: 0x9aa4b1, metalness: 0.6, roughness: 0.4 }),
      );
      rod.position.set(post.x, post.from + h / 2, -post.z);
      this.root.add(rod);
    }
    this.labels(state);
    this.colour(marks);
    this.frame(state, present, marks.flipped);
    if (before && before.id === state.id) this.animateChange(before, state);
  }

  private labels(state: GameState) {
    for (const [z, name] of state.view.levels) {
      if (!name) continue;
      const cells = state.view.cells.filter((c) => c.at[2] === z && c.present);
      if (!cells.length) continue;
      const minX = Math.min(...cells.map((c) => c.place[0]));
      const y = cells[0].place[1];
      const midZ = cells.reduce((s, c) => s + c.place[2], 0) / cells.length;
      const c = document.createElement("canvas");
      c.width = 256;
      c.height = 64;
      const g = c.getContext("2d")!;
      g.fillStyle = "#cfd8e3";
      g.font = "bold 40px sans-serif";
      g.fillText(`Level ${name}`, 4, 46);
      const tex = new THREE.CanvasTexture(c);
      const sprite = new THREE.Sprite(new THREE.SpriteMaterial({ map: tex }));
      sprite.scale.set(2, 0.5, 1);
      sprite.position.set(minX - 1.8, y, -midZ);
      this.root.add(sprite);
    }
  }

  /// Highlights: selected, targets, captures, last move, cursor.
  colour(marks: Marks) {
    for (const [name, tile] of this.tiles) {
      const m = tile.material as THREE.MeshStandardMaterial;
      const base = this.previous?.view.cells.find((c) => c.name === name);
      let colour = base?.light ? COLOURS.light : COLOURS.dark;
      if (marks.last && (marks.last[0] === name || marks.last[1] === name)) colour = COLOURS.last;
      if (marks.targets.has(name)) colour = marks.targets.get(name) ? COLOURS.capture : COLOURS.target;
      if (marks.selected === name) colour = COLOURS.selected;
      m.color.setHex(colour);
      m.emissive.setHex(marks.cursor === name ? 0x555555 : 0x000000);
    }
    this.dirty = true;
  }

  /// Aims the camera at the board the first time, and when flipped.
  private frame(state: GameState, present: Cell[], flipped: boolean) {
    if (this.framedGame === state.id && this.flipped === flipped) return;
    const box = new THREE.Box3();
    for (const c of present) box.expandByPoint(scenePos(c));
    box.getCenter(this.centre);
    this.size = box.getSize(new THREE.Vector3()).length();
    const side = flipped ? -1 : 1;
    this.camera.position.set(this.centre.x, this.centre.y + this.size * 0.75, this.centre.z + side * this.size * 0.95);
    this.controls.target.copy(this.centre);
    this.controls.update();
    this.framedGame = state.id;
    this.flipped = flipped;
  }

  /// The last move's piece slides; a board or elevator that moved travels
  /// with its pieces from where it was.
  private animateChange(before: GameState, after: GameState) {
    if (after.ply !== before.ply + 1 || !after.view.last) return;
    const now = performance.now();
    const was = new Map(before.view.cells.filter((c) => c.present).map((c) => [c.name, c]));
    const is = new Map(after.view.cells.filter((c) => c.present).map((c) => [c.name, c]));
    const gone = [...was.values()].filter((c) => !is.has(c.name));
    const came = [...is.values()].filter((c) => !was.has(c.name));
    if (gone.length && came.length) {
      this.travels += 1;
      const mean = (cells: Cell[]) =>
        cells.reduce((s, c) => s.add(scenePos(c)), new THREE.Vector3()).divideScalar(cells.length);
      const shift = mean(gone).sub(mean(came));
      for (const c of came) {
        for (const o of [this.tiles.get(c.name), this.pieces.get(c.name)]) {
          if (!o) continue;
          this.motions.push({ object: o, from: o.position.clone().add(shift), to: o.position.clone(), start: now, ms: TRAVEL_MS });
        }
      }
      return;
    }
    const [from, to] = after.view.last;
    const piece = this.pieces.get(to);
    const origin = was.get(from);
    if (piece && origin) {
      const start = scenePos(origin).add(new THREE.Vector3(0, TILE_HEIGHT / 2, 0));
      this.motions.push({ object: piece, from: start, to: piece.position.clone(), start: now, ms: SLIDE_MS });
    }
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

  /// Camera keys: Q/E orbit, R/F tilt, +/- zoom, Shift+arrows pan.
  key(e: KeyboardEvent): boolean {
    const offset = this.camera.position.clone().sub(this.controls.target);
    const spherical = new THREE.Spherical().setFromVector3(offset);
    const pan = (dx: number, dz: number) => {
      const v = new THREE.Vector3(dx, 0, dz).multiplyScalar(this.size * 0.05);
      v.applyAxisAngle(new THREE.Vector3(0, 1, 0), spherical.theta);
      this.camera.position.add(v);
      this.controls.target.add(v);
      this.dirty = true;
    };
    if (e.shiftKey && e.key.startsWith("Arrow")) {
      if (e.key === "ArrowLeft") pan(-1, 0);
      if (e.key === "ArrowRight") pan(1, 0);
      if (e.key === "ArrowUp") pan(0, -1);
      if (e.key === "ArrowDown") pan(0, 1);
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
        spherical.phi = Math.max(0.1, spherical.phi - 0.1);
        break;
      case "f":
        spherical.phi = Math.min(Math.PI / 2, spherical.phi + 0.1);
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
