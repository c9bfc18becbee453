// Playing in a headset (WebXR): the board at table scale in front of the
// player, a ray from each controller, a panel beside the board (the game's
// state and buttons) and a menu over it when a move needs choosing.
//
// Pointing names what the ray meets (a tag over it) and moves the cursor
// there; the trigger (a hand's pinch) picks as a click does; a grip holds
// the board: one hand moves and turns it, two hands also scale it. The
// camera is the player's head and nothing else moves it. Picking costs a
// ray test of the pieces: it is done only when a controller has moved or
// the board has changed, not every frame.

import * as THREE from "three";
import type { Pick } from "./hand";
import { Panel, Tag, type PanelModel } from "./panel";

/// What the headset asks of the game.
export interface HeadsetInput {
  /// A trigger on the board: what a click on it does.
  pick(p: Pick): void;
  /// The ray over a cell (or a knob's board), or over none.
  hover(cell: string | null): void;
  /// What a cell shows, in words ("White Pawn on e2"); with `board`,
  /// the board whose knob stands for it.
  name(cell: string, board: boolean): string;
  /// The panel beside the board.
  panel(): PanelModel;
  /// The menu of moves to choose from, or null when there is none.
  menu(): PanelModel | null;
  /// A panel's button pressed.
  press(id: string): void;
  /// The session is over: the page shows the game again.
  ended(): void;
}

/// What the headset needs of the view.
export interface XRStage {
  readonly renderer: THREE.WebGLRenderer;
  readonly scene: THREE.Scene;
  /// The board: moved, turned and scaled as one.
  readonly root: THREE.Group;
  pickRay(raycaster: THREE.Raycaster): Pick;
  /// The board's extent in the scene.
  bounds(): THREE.Box3;
  /// The viewing side's default direction around the board, in radians.
  sideAzimuth(): number;
}

/// The board's lowest point over the floor, its near edge in front of the
/// player, and its greatest width and height, in metres: a table's.
const TABLE_Y = 0.75;
const NEAR = 0.35;
const WIDTH = 0.6;
const TALL = 0.75;
/// Where the floor is under a standing player's eyes, when the browser
/// gives no floor-level space.
const EYES = 1.6;
/// How far the panels lean back from upright, in radians (20 degrees):
/// the player looks down at them as at the board.
const LEAN = 0.35;
/// How far the board may be scaled from its table size, either way.
const SCALE_RANGE = 4;
const RAY_LENGTH = 3;
/// How often the panel's text is read again (the clocks tick).
const REFRESH_MS = 250;
/// A controller moved less than this (a centimetre, or about half a
/// degree: more than a hand's or hand tracking's tremor) picks nothing
/// new.
const STILL = 0.01;

/// The buttons the headset answers itself.
export const RESET = "vr-reset";
export const EXIT = "vr-exit";

interface Aim {
  pick: Pick | null;
  panel: Panel | null;
  button: string | null;
  distance: number;
}

/// The scale that stands a board of `size` (in squares) on the table:
/// no wider or deeper than WIDTH, turned any way, nor taller than TALL.
export function tableScale(size: THREE.Vector3): number {
  return Math.min(WIDTH / Math.max(size.x, size.z, 0.1), TALL / Math.max(size.y, 0.1));
}

/// A controller's (or a hand's) ray, as the renderer tracks it.
type Controller = THREE.XRTargetRaySpace;

export interface Pose {
  position: THREE.Vector3;
  yaw: number;
  scale: number;
}

/// The board's pose now.
function poseOf(o: THREE.Object3D): Pose {
  return { position: o.position.clone(), yaw: o.rotation.y, scale: o.scale.x };
}

/// Puts the board in `pose`: turned only about the vertical, the levels
/// level.
export function setPose(o: THREE.Object3D, pose: Pose) {
  o.position.copy(pose.position);
  o.rotation.set(0, pose.yaw, 0);
  o.scale.setScalar(pose.scale);
}

const rayGeometry = new THREE.BufferGeometry().setFromPoints([new THREE.Vector3(0, 0, 0), new THREE.Vector3(0, 0, -1)]);
const rayMaterial = new THREE.LineBasicMaterial({ color: 0xffe08a, transparent: true, opacity: 0.8 });
const UP = new THREE.Vector3(0, 1, 0);

export class Headset {
  /// The camera the headset's poses are drawn from (the page's own camera
  /// stays as the player left it).
  readonly camera = new THREE.PerspectiveCamera(50, 1, 0.02, 50);
  private session: XRSession | null = null;
  private controllers: { group: Controller; ray: THREE.Line; off: () => void }[] = [];
  private raycaster = new THREE.Raycaster();
  private panel = new Panel(0.6, 0.46);
  private menu = new Panel(0.56, 0.1, true);
  private tag = new Tag();
  /// The panels and the tag, in the scene while the session lasts.
  private extras = new THREE.Group();
  /// The pose each controller last picked from.
  private aimed = new Map<Controller, THREE.Matrix4>();
  /// The board changed: every ray picks again.
  private stale = true;
  /// The cell the rays point at (the lead controller's).
  hovered: string | null = null;
  /// The controller that moved or pressed last: its ray names what it
  /// points at and lights buttons; the other's only draws its ray.
  private lead: Controller | null = null;
  /// How many times a ray has been tested against the board (for the
  /// tests: none while the controllers are still).
  private picks = 0;
  /// The controllers holding the board, and the poses when they took it.
  private grips: Controller[] = [];
  private held: { board: Pose; hands: { position: THREE.Vector3; yaw: number }[] } | null = null;
  /// The board's place at table scale (reset puts it back).
  private home: Pose = { position: new THREE.Vector3(), yaw: 0, scale: 1 };
  private floor = 0;
  private side = 0;
  private refreshed = -Infinity;
  onEnd: () => void = () => {};

  constructor(
    private stage: XRStage,
    private input: HeadsetInput,
  ) {
    this.menu.mesh.visible = false;
    this.extras.add(this.panel.mesh, this.menu.mesh, this.tag.sprite);
  }

  get presenting(): boolean {
    return this.session !== null;
  }

  /// Starts drawing in the headset: the board placed, the controllers'
  /// rays on. Throws, the session ended and nothing changed on the page,
  /// if the renderer cannot draw in it.
  async start(session: XRSession) {
    const xr = this.stage.renderer.xr;
    // Ended from the start on (the player takes the headset off, the game
    // closes) cleans up, even while the renderer is still being set up.
    this.session = session;
    session.addEventListener("end", () => this.cleanup());
    try {
      // A floor-level space where the browser gives one (the board stands
      // at a table's height); else the space starts at the eyes. Asked
      // first: the renderer takes the session once.
      const floor = await session.requestReferenceSpace("local-floor").then(
        () => true,
        () => false,
      );
      this.floor = floor ? 0 : -EYES;
      xr.enabled = true;
      xr.setReferenceSpaceType(floor ? "local-floor" : "local");
      await xr.setSession(session);
    } catch (e) {
      this.end();
      this.cleanup();
      throw e;
    }
    if (!this.session) throw new Error("the headset's session ended as it began");
    for (const i of [0, 1]) this.controllers.push(this.controller(i));
    this.stage.scene.add(this.extras);
    this.place();
    this.refresh();
  }

  /// Ends the session (the page shows the game again).
  end() {
    this.session?.end().catch(() => this.cleanup());
  }

  /// The game's state changed: what the rays point at may have too.
  changed() {
    this.stale = true;
    this.refreshed = -Infinity;
  }

  /// A frame: the board follows the hands holding it; a controller that
  /// moved picks; the panel reads the game again now and then.
  frame(now: number) {
    if (this.grips.length) this.follow();
    let updated = false;
    for (const c of this.controllers) {
      const g = c.group;
      if (!g.visible) continue;
      g.updateWorldMatrix(true, false);
      const last = this.aimed.get(g);
      const moved = !last || !still(last, g.matrixWorld);
      if (!moved && !this.stale) continue;
      if (moved) {
        this.aimed.set(g, g.matrixWorld.clone());
        this.lead = g;
      }
      // The marks made since the last frame placed in the scene, once.
      if (!updated) this.stage.scene.updateMatrixWorld();
      updated = true;
      this.point(c, this.aim(g), g === this.lead);
    }
    this.stale = false;
    if (now - this.refreshed > REFRESH_MS) {
      this.refreshed = now;
      this.refresh();
    }
  }

  /// What the headset shows (for the browser tests).
  read() {
    const board = poseOf(this.stage.root);
    return {
      presenting: this.presenting,
      hovered: this.hovered,
      picks: this.picks,
      tag: this.tag.sprite.visible ? this.tag.text : null,
      board: { ...board, position: board.position.toArray() },
      home: { ...this.home, position: this.home.position.toArray() },
      panel: this.panel.read(),
      menu: this.menu.mesh.visible ? this.menu.read() : null,
    };
  }

  /// Where a panel's or the menu's button is in the scene.
  buttonPoint(id: string): THREE.Vector3 | null {
    return (this.menu.mesh.visible ? this.menu.buttonPoint(id) : null) ?? this.panel.buttonPoint(id);
  }

  // ------------------------------------------------------------ placing

  /// The board at table scale in front of the player, the viewing side
  /// nearest; the panel at its left, the menu over its near edge, both
  /// turned to the player.
  private place() {
    const root = this.stage.root;
    this.side = this.stage.sideAzimuth();
    // The page's camera looks from this side's azimuth: turned so that the
    // player stands there.
    setPose(root, { position: new THREE.Vector3(), yaw: -this.side, scale: 1 });
    const scale = tableScale(this.stage.bounds().getSize(new THREE.Vector3()));
    root.scale.setScalar(scale);
    const box = this.stage.bounds();
    root.position.set(-(box.min.x + box.max.x) / 2, this.floor + TABLE_Y - box.min.y, -NEAR - box.max.z);
    this.home = poseOf(root);
    const placed = this.stage.bounds();
    const standing = (mesh: THREE.Object3D, x: number, y: number, z: number) => {
      mesh.position.set(x, this.floor + y, z);
      // Turned to the player, leaning back like a music stand.
      mesh.rotation.set(0, Math.atan2(-x, -z), 0, "YXZ");
      mesh.rotateX(-LEAN);
    };
    standing(this.panel.mesh, placed.min.x - 0.36, 1.0, (placed.min.z + placed.max.z) / 2);
    // The menu hangs over the board's near edge, where the player looks.
    const top = placed.max.y - this.floor;
    standing(this.menu.mesh, 0, THREE.MathUtils.clamp(top + 0.15, 1.1, 1.35), placed.max.z);
    this.hold();
    this.stale = true;
  }

  private reset() {
    setPose(this.stage.root, this.home);
    this.hold();
    this.stale = true;
  }

  // ------------------------------------------------------------ pointing

  private controller(i: number) {
    const xr = this.stage.renderer.xr;
    const group = xr.getController(i);
    const ray = new THREE.Line(rayGeometry, rayMaterial);
    ray.scale.z = RAY_LENGTH;
    ray.raycast = () => {};
    group.add(ray);
    this.stage.scene.add(group);
    const select = () => this.select(group);
    const squeeze = () => this.grip(group, true);
    const release = () => this.grip(group, false);
    group.addEventListener("select", select);
    group.addEventListener("squeezestart", squeeze);
    group.addEventListener("squeezeend", release);
    // A controller lost while it holds the board lets go.
    group.addEventListener("disconnected", release);
    const off = () => {
      group.removeEventListener("select", select);
      group.removeEventListener("squeezestart", squeeze);
      group.removeEventListener("squeezeend", release);
      group.removeEventListener("disconnected", release);
      group.remove(ray);
      this.stage.scene.remove(group);
    };
    return { group, ray, off };
  }

  /// What a controller's ray meets: a panel's button first (the panels
  /// stand in front), else what a click there picks.
  private aim(group: Controller): Aim {
    this.raycaster.setFromXRController(group);
    // Sprites (the level names) are tested from the eyes.
    this.raycaster.camera = this.stage.renderer.xr.getCamera();
    for (const panel of [this.menu, this.panel]) {
      if (!panel.mesh.visible) continue;
      const hit = this.raycaster.intersectObject(panel.mesh, false)[0];
      if (hit?.uv) return { pick: null, panel, button: panel.buttonAt(hit.uv), distance: hit.distance };
    }
    this.picks += 1;
    const pick = this.stage.pickRay(this.raycaster);
    return { pick, panel: null, button: null, distance: pick.distance ?? RAY_LENGTH };
  }

  /// A controller points: its ray drawn to what it meets; the lead's also
  /// names that, moves the cursor there, lights a button.
  private point(c: { ray: THREE.Line }, aim: Aim, lead: boolean) {
    c.ray.scale.z = aim.distance;
    if (!lead) return;
    this.panel.point(aim.panel === this.panel ? aim.button : null);
    this.menu.point(aim.panel === this.menu ? aim.button : null);
    const cell = aim.pick ? (aim.pick.cell ?? aim.pick.handle) : null;
    if (cell !== this.hovered) {
      this.hovered = cell;
      this.input.hover(cell);
    }
    const at = cell ? this.raycaster.ray.at(aim.distance, new THREE.Vector3()).add(new THREE.Vector3(0, 0.03, 0)) : null;
    this.tag.show(cell ? this.input.name(cell, !aim.pick?.cell) : "", at);
  }

  /// The trigger (or a pinch): a button pressed, or the board picked.
  private select(group: Controller) {
    this.lead = group;
    this.stage.scene.updateMatrixWorld();
    const aim = this.aim(group);
    if (aim.panel) {
      if (aim.button === RESET) this.reset();
      else if (aim.button === EXIT) this.end();
      else if (aim.button) this.input.press(aim.button);
    } else if (aim.pick && (aim.pick.cell || aim.pick.handle || aim.pick.level !== undefined)) {
      this.input.pick(aim.pick);
    }
    this.changed();
  }

  /// The panel and the menu read the game again; a flip turns the board.
  private refresh() {
    if (!this.session) return;
    if (this.stage.sideAzimuth() !== this.side) this.place();
    this.panel.show(this.input.panel());
    const menu = this.input.menu();
    this.menu.mesh.visible = !!menu;
    if (menu) this.menu.show(menu);
  }

  // ------------------------------------------------------------ holding

  /// A grip pressed or let go: the hands holding the board now, from
  /// where they are.
  private grip(group: Controller, on: boolean) {
    this.grips = this.grips.filter((g) => g !== group);
    if (on) this.grips.push(group);
    this.grips = this.grips.slice(-2);
    this.hold();
  }

  /// The board taken from where it is now by the hands holding it (a grip
  /// changed, or the board was put back at the table while held).
  private hold() {
    this.held = {
      board: poseOf(this.stage.root),
      hands: this.grips.map((g) => ({ position: g.getWorldPosition(new THREE.Vector3()), yaw: yawOf(g) })),
    };
  }

  /// The board held: one hand carries and turns it about itself; two
  /// hands carry it by their middle, turn it as the line between them
  /// turns and scale it as they part or close. Only about the vertical:
  /// the levels stay level.
  private follow() {
    const held = this.held;
    if (!held || held.hands.length !== this.grips.length) return;
    const now = this.grips.map((g) => g.getWorldPosition(new THREE.Vector3()));
    let from: THREE.Vector3;
    let to: THREE.Vector3;
    let turn: number;
    let k = 1;
    if (now.length === 1) {
      from = held.hands[0].position;
      to = now[0];
      turn = yawOf(this.grips[0]) - held.hands[0].yaw;
    } else {
      const [a0, b0] = held.hands.map((h) => h.position);
      from = a0.clone().add(b0).multiplyScalar(0.5);
      to = now[0].clone().add(now[1]).multiplyScalar(0.5);
      // Hands one above the other give the line between them no
      // direction around the vertical: the board keeps its last turn.
      const across = now[1].clone().sub(now[0]).setY(0);
      turn = across.length() < 0.03 ? this.stage.root.rotation.y - held.board.yaw : heading(across) - heading(b0.clone().sub(a0));
      const scale = THREE.MathUtils.clamp(
        (held.board.scale * now[0].distanceTo(now[1])) / Math.max(a0.distanceTo(b0), 0.01),
        this.home.scale / SCALE_RANGE,
        this.home.scale * SCALE_RANGE,
      );
      k = scale / held.board.scale;
    }
    const offset = held.board.position.clone().sub(from).multiplyScalar(k).applyAxisAngle(UP, turn);
    setPose(this.stage.root, { position: to.clone().add(offset), yaw: held.board.yaw + turn, scale: held.board.scale * k });
    this.stale = true;
  }

  private cleanup() {
    if (!this.session) return;
    this.session = null;
    for (const c of this.controllers) c.off();
    this.controllers = [];
    this.grips = [];
    this.held = null;
    this.stage.scene.remove(this.extras);
    for (const p of [this.panel, this.menu, this.tag]) p.dispose();
    this.stage.renderer.xr.enabled = false;
    this.hovered = null;
    this.onEnd();
    this.input.ended();
  }
}

/// Whether two poses are the same but for a hand's tremor.
function still(a: THREE.Matrix4, b: THREE.Matrix4): boolean {
  return a.elements.every((v, i) => Math.abs(v - b.elements[i]) < STILL);
}

/// The direction a controller points around the vertical, in radians:
/// where its ray points, or for a ray straight up or down, where its top
/// points.
function yawOf(o: THREE.Object3D): number {
  const q = o.getWorldQuaternion(new THREE.Quaternion());
  const ray = new THREE.Vector3(0, 0, -1).applyQuaternion(q);
  const top = new THREE.Vector3(0, 1, 0).applyQuaternion(q);
  const d = Math.hypot(ray.x, ray.z) > 0.3 ? ray : top.multiplyScalar(-Math.sign(ray.y));
  return Math.atan2(-d.x, -d.z);
}

/// The turn about the vertical that takes +x to `v`'s direction.
function heading(v: THREE.Vector3): number {
  return Math.atan2(-v.z, v.x);
}
