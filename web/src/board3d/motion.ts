// Things moving on the board: the last move's piece sliding (with a hop),
// a board or elevator travelling with its pieces. Each frame moves every
// one; a new picture first ends them all where they were going.

import * as THREE from "three";

interface Motion {
  object: THREE.Object3D;
  from: THREE.Vector3;
  to: THREE.Vector3;
  start: number;
  ms: number;
}

export class Motions {
  private list: Motion[] = [];

  /// `object` goes from `from` to where it is now in `ms` milliseconds.
  add(object: THREE.Object3D, from: THREE.Vector3, ms: number) {
    this.list.push({ object, from, to: object.position.clone(), start: performance.now(), ms });
  }

  /// Ends every motion where it was going.
  finish() {
    for (const m of this.list) m.object.position.copy(m.to);
    this.list = [];
  }

  /// A frame at `now`: every object moved along its way (eased, with a
  /// hop), the finished ones dropped.
  step(now: number) {
    this.list = this.list.filter((m) => {
      const t = Math.min(1, (now - m.start) / m.ms);
      const e = t * t * (3 - 2 * t);
      m.object.position.lerpVectors(m.from, m.to, e);
      if (t < 1) m.object.position.y += Math.sin(Math.PI * t) * 0.4;
      return t < 1;
    });
  }

  get running(): boolean {
    return this.list.length > 0;
  }
}
