// Perspective's correction of the exploded stack. layout.ts spaces the
// levels as an orthographic camera would see them; a perspective camera
// draws nearer things larger, so near the bottom of the picture a level's
// near edge creeps down over the pieces of the level below, and near the
// top the gaps grow. Once the camera is framed, every level is moved so
// that, as actually projected, its squares start just above the tallest
// piece of the levels below in the same columns; a few rounds settle it.

import * as THREE from "three";
import type { Cell } from "../api";
import type { Layout } from "./layout";

/// Screen room kept between a level and the pieces below it, as a
/// fraction of the canvas height.
const ROOM = 0.012;
const ROUNDS = 6;

interface Projected {
  left: number;
  right: number;
  /// The top of the tallest piece the cell could hold.
  top: number;
  /// The bottom of the cell's near edge and the labels in front of it.
  bottom: number;
  /// How far the screen moves when the level rises by one square.
  perUnit: number;
}

export function settle(
  layout: Layout,
  cells: Cell[],
  camera: THREE.PerspectiveCamera,
  reframe: () => void,
  pieceHeight: number,
  away: THREE.Vector3,
  nearBand: number,
) {
  const present = cells.filter((c) => c.present);
  const v = new THREE.Vector3();
  const project = (p: THREE.Vector3) => v.copy(p).project(camera);
  for (let round = 0; round < ROUNDS; round++) {
    reframe();
    if (layout.stacks.every((s) => s.length < 2)) return;
    const byLevel = new Map<number, Projected[]>();
    for (const c of present) {
      const p = new THREE.Vector3(...layout.position(c));
      const left = project(p.clone().add(new THREE.Vector3(-0.5, 0, 0))).x;
      const right = project(p.clone().add(new THREE.Vector3(0.5, 0, 0))).x;
      const top = project(p.clone().add(new THREE.Vector3(0, pieceHeight, 0)).addScaledVector(away, 0.3)).y;
      const bottom = project(p.clone().addScaledVector(away, -nearBand)).y;
      const perUnit = project(p.clone().add(new THREE.Vector3(0, 1, 0))).y - project(p).y;
      const list = byLevel.get(c.at[2]) ?? [];
      list.push({ left: Math.min(left, right), right: Math.max(left, right), top, bottom, perUnit });
      byLevel.set(c.at[2], list);
    }
    let changed = false;
    for (const levels of layout.stacks) {
      // How far each level has moved in this round so far: moving a level
      // moves every level above it.
      const moved: number[] = levels.map(() => 0);
      let total = 0;
      for (let k = 1; k < levels.length; k++) {
        const upper = byLevel.get(levels[k]) ?? [];
        // The most the level must rise (positive) or may sink (negative).
        let need = -Infinity;
        for (let j = 0; j < k; j++) {
          for (const p of byLevel.get(levels[j]) ?? []) {
            const top = p.top + moved[j] * p.perUnit;
            for (const q of upper) {
              // A level seen from straight above does not move up the
              // screen as it rises: nothing to correct there.
              if (q.right < p.left || p.right < q.left || Math.abs(q.perUnit) < 1e-4) continue;
              need = Math.max(need, (top + 2 * ROOM - (q.bottom + total * q.perUnit)) / q.perUnit);
            }
          }
        }
        if (need !== -Infinity) {
          // Rise at once; sink slowly and never below the level under it.
          const floor = layout.height(levels[k - 1]) + 0.5 - layout.height(levels[k]);
          const dh = need > 0 ? need * 1.05 : Math.max(need * 0.6, floor);
          if (Math.abs(dh) > 0.02) {
            layout.raise(levels[k], dh);
            total += dh;
            changed = true;
          }
        }
        moved[k] = total;
      }
    }
    if (!changed) break;
  }
  reframe();
}
