// The pointer on the 3-D view: a hover names a cell (once a frame), a
// click picks; a press on a piece the game lets the player grab (or on a
// board's knob) is taken before the camera's controls see it, and the
// piece (a copy of the knob) follows the pointer: over a destination it
// stands on it, elsewhere it glides at its level's height. Released on a
// destination, a piece stays there until the move's state arrives (it
// does not slide again), or for a moment if none comes. Every other press
// (empty space, another piece, the right button, a second finger) orbits,
// zooms or pans as before.

import * as THREE from "three";
import { CLICK_SLOP, type PointerInput, type Press } from "../pointer";

/// What a point of the canvas shows: a cell, the knob of a board, or the
/// name of a level.
export interface Pick {
  cell: string | null;
  handle: string | null;
  level?: number;
  /// The point shows a piece's badge (for the browser tests).
  badge?: boolean;
  /// How far along the ray the point picked is (a controller's ray is
  /// drawn to it).
  distance?: number;
}

/// What the pointer does on the board (pointer.ts), and a click's pick
/// (game/select.ts).
export interface BoardInput extends PointerInput {
  pick(pick: Pick): void;
}

/// What the hand needs of the view.
export interface Stage {
  readonly host: HTMLElement;
  readonly canvas: HTMLCanvasElement;
  pickAt(x: number, y: number): Pick;
  /// The destination mark under a page point, if any.
  targetAt(x: number, y: number): string | null;
  /// What a press on `cell` carries: its piece, or for a board a copy of
  /// its knob, put in the scene.
  carry(cell: string, board: boolean): THREE.Object3D | null;
  /// A knob's copy taken out of the scene.
  discard(object: THREE.Object3D): void;
  /// Where a carried thing stands over a cell.
  above(cell: string): THREE.Vector3;
  /// The point of the horizontal plane at `height` under a page point.
  ground(x: number, y: number, height: number): THREE.Vector3 | null;
  /// Something moved: draw the next frame.
  redraw(): void;
}

/// A press in progress, with the object carried and its place before.
interface Drag extends Press {
  moved: boolean;
  object: THREE.Object3D | null;
  home: THREE.Vector3 | null;
}

export class Hand {
  /// The press on a piece going on, if any, and where the pointer went
  /// since the last frame.
  private drag: Drag | null = null;
  private dragAt: { x: number; y: number } | null = null;
  /// A piece dropped on its destination, until the next state.
  private parked: { object: THREE.Object3D; home: THREE.Vector3; from: string; to: string; timer: number } | null = null;

  constructor(
    private stage: Stage,
    private input: BoardInput,
  ) {
    this.listen();
  }

  private listen() {
    const { host, canvas } = this.stage;
    let down: { x: number; y: number } | null = null;
    // Hovering picks at most once a frame, and not while a button is down
    // (an orbit, a drag): picking tests the pieces' triangles.
    let hoverAt: { x: number; y: number } | null = null;
    // Taken in the capture phase on the host, before OrbitControls (on the
    // canvas) sees the press.
    host.addEventListener(
      "pointerdown",
      (e) => {
        if (this.drag) return e.stopPropagation();
        if (e.button !== 0 || !e.isPrimary) return;
        const p = this.stage.pickAt(e.clientX, e.clientY);
        const cell = p.handle ?? p.cell;
        if (!cell || p.level !== undefined || !this.input.grab(cell, !!p.handle)) return;
        e.stopPropagation();
        e.preventDefault();
        canvas.setPointerCapture(e.pointerId);
        const object = this.stage.carry(cell, !!p.handle);
        this.drag = { pointer: e.pointerId, cell, board: !!p.handle, x: e.clientX, y: e.clientY, moved: false, object, home: object?.position.clone() ?? null };
      },
      { capture: true },
    );
    canvas.addEventListener("pointermove", (e) => {
      const drag = this.drag;
      if (drag && e.pointerId === drag.pointer) {
        if (!drag.moved && Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < CLICK_SLOP) return;
        if (!drag.moved) this.input.hover(null, 0, 0);
        drag.moved = true;
        if (!this.dragAt) requestAnimationFrame(() => this.step());
        this.dragAt = { x: e.clientX, y: e.clientY };
        return;
      }
      if (down || e.buttons) return;
      if (!hoverAt) {
        requestAnimationFrame(() => {
          const at = hoverAt!;
          hoverAt = null;
          this.input.hover(this.stage.pickAt(at.x, at.y).cell, at.x, at.y);
        });
      }
      hoverAt = { x: e.clientX, y: e.clientY };
    });
    const release = (e: PointerEvent, cancelled: boolean) => {
      const drag = this.drag;
      if (!drag || e.pointerId !== drag.pointer) return;
      this.drag = null;
      this.dragAt = null;
      const cell = drag.moved && !cancelled ? this.stage.targetAt(e.clientX, e.clientY) : null;
      if (cell && drag.object && drag.home && !drag.board) this.park(drag, cell);
      else this.putBack(drag);
      this.input.drop(cell, drag.moved);
    };
    canvas.addEventListener("pointerup", (e) => release(e, false));
    canvas.addEventListener("pointercancel", (e) => release(e, true));
    // Only the primary button (or a finger) clicks: the right button pans,
    // and its click cancels a premove (game/buttons.ts).
    canvas.addEventListener("pointerdown", (e) => (down = e.button === 0 ? { x: e.clientX, y: e.clientY } : null));
    canvas.addEventListener("pointerleave", () => !this.drag && this.input.hover(null, 0, 0));
    canvas.addEventListener("pointerup", (e) => {
      // A drag orbits; only a click (or a tap) picks.
      if (down && Math.hypot(e.clientX - down.x, e.clientY - down.y) < CLICK_SLOP) {
        const p = this.stage.pickAt(e.clientX, e.clientY);
        if (p.cell || p.handle || p.level !== undefined) this.input.pick(p);
      }
      down = null;
    });
  }

  /// A frame of a drag: the carried thing over the destination under the
  /// pointer, or under the pointer at its own height.
  private step() {
    const drag = this.drag;
    const at = this.dragAt;
    this.dragAt = null;
    if (!drag || !at) return;
    const cell = this.stage.targetAt(at.x, at.y);
    this.input.over(cell);
    const object = drag.object;
    if (!object || !drag.home) return;
    if (cell) {
      object.position.copy(this.stage.above(cell)).add(new THREE.Vector3(0, 0.15, 0));
    } else {
      const hit = this.stage.ground(at.x, at.y, drag.home.y);
      if (hit) object.position.set(hit.x, drag.home.y + 0.3, hit.z);
    }
    this.stage.redraw();
  }

  private park(drag: Drag, to: string) {
    this.unpark();
    const timer = window.setTimeout(() => this.unpark(), 1500);
    this.parked = { object: drag.object!, home: drag.home!, from: drag.cell, to, timer };
  }

  private unpark() {
    const p = this.parked;
    if (!p) return;
    clearTimeout(p.timer);
    p.object.position.copy(p.home);
    this.parked = null;
    this.stage.redraw();
  }

  private putBack(drag: Drag) {
    if (drag.board && drag.object) this.stage.discard(drag.object);
    else if (drag.object && drag.home) drag.object.position.copy(drag.home);
    this.stage.redraw();
  }

  /// A new state: whether its last move is the one just dropped (it does
  /// not slide again). The dropped piece goes back to where it stood: the
  /// new state draws it where it is now.
  landed(last: [string, string] | null): boolean {
    const p = this.parked;
    const dropped = !!p && !!last && last[0] === p.from && last[1] === p.to;
    this.unpark();
    return dropped;
  }

  /// Ends a drag without a move (Esc): the piece goes back.
  cancel() {
    const drag = this.drag;
    this.drag = null;
    if (drag) this.putBack(drag);
  }
}
