// The shapes and materials the 3-D view shares between its tiles, marks,
// knobs and posts: made once, used by every mesh of their kind.

import * as THREE from "three";
import { COLOURS } from "../marks";

/// A square's tile: a little narrower than the square, so that the
/// squares show apart.
export const TILE = 0.94;
export const TILE_HEIGHT = 0.08;

/// The four corners of the square whose middle is `p`.
export const corners = (p: THREE.Vector3) =>
  [
    [-0.5, -0.5],
    [0.5, -0.5],
    [-0.5, 0.5],
    [0.5, 0.5],
  ].map(([dx, dz]) => p.clone().add(new THREE.Vector3(dx, 0, dz)));
export const top = (p: THREE.Vector3) => p.clone().add(new THREE.Vector3(0, TILE_HEIGHT / 2, 0));
const flat = (g: THREE.BufferGeometry) => g.rotateX(-Math.PI / 2);

// Shared geometry of tiles and marks.
export const tileGeometry = new THREE.BoxGeometry(TILE, TILE_HEIGHT, TILE);
export const moveDot = flat(new THREE.CircleGeometry(0.2, 28));
export const captureRing = flat(new THREE.RingGeometry(0.33, 0.45, 36));
export const checkRing = flat(new THREE.RingGeometry(0.38, 0.47, 36));
/// The destination under a dragged piece: the whole square lit.
export const overSquare = flat(new THREE.PlaneGeometry(TILE, TILE));
/// Where a click plays a destination's move.
export const pickDisc = flat(new THREE.CircleGeometry(0.42, 24));
export const knobGeometry = new THREE.SphereGeometry(0.13, 18, 12);
export const pegGeometry = new THREE.CylinderGeometry(0.05, 0.05, 0.5, 10);
export const frameBars = (() => {
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

/// The materials of the marks and knobs, in the theme's colours.
export function marksMaterials() {
  return {
    move: overlayMaterial(COLOURS.move, 0.85),
    capture: overlayMaterial(COLOURS.capture, 0.9),
    check: overlayMaterial(COLOURS.check, 0.95),
    cursor: overlayMaterial(COLOURS.cursor, 0.95),
    selected: overlayMaterial(COLOURS.selected, 0.95),
    over: overlayMaterial(COLOURS.over, 0.5),
    knob: new THREE.MeshStandardMaterial({ color: COLOURS.handle, emissive: 0x552200, roughness: 0.4 }),
    knobSelected: new THREE.MeshStandardMaterial({ color: COLOURS.selected, emissive: 0x665500, roughness: 0.4 }),
  };
}

