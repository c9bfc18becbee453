// Framing: the camera distance and target that show a set of points as
// large as the canvas allows, seen from a given direction.

import * as THREE from "three";

/// Puts `camera` so that every point is in view from the direction given
/// by `elevation` and `azimuth` (radians), filling the view but for
/// `margin` (a fraction of each side) and a strip at the right of
/// `right` (a fraction of the width, where buttons stand over the view).
/// Returns the target it looks at.
export function frame(
  camera: THREE.PerspectiveCamera,
  points: THREE.Vector3[],
  elevation: number,
  azimuth: number,
  right = 0,
  margin = 0.04,
): THREE.Vector3 {
  const toCamera = new THREE.Vector3(
    Math.sin(azimuth) * Math.cos(elevation),
    Math.sin(elevation),
    Math.cos(azimuth) * Math.cos(elevation),
  );
  const box = new THREE.Box3().setFromPoints(points);
  const target = box.getCenter(new THREE.Vector3());
  let distance = Math.max(box.getSize(new THREE.Vector3()).length(), 1) * 2;
  const ndc = new THREE.Vector3();
  // Perspective moves points off their orthographic places, so aim, look
  // where the points land, and correct: a few rounds settle it.
  for (let round = 0; round < 4; round++) {
    camera.position.copy(target).addScaledVector(toCamera, distance);
    camera.up.set(0, 1, 0);
    camera.lookAt(target);
    camera.updateMatrixWorld();
    let [minX, maxX, minY, maxY] = [Infinity, -Infinity, Infinity, -Infinity];
    for (const p of points) {
      ndc.copy(p).project(camera);
      minX = Math.min(minX, ndc.x);
      maxX = Math.max(maxX, ndc.x);
      minY = Math.min(minY, ndc.y);
      maxY = Math.max(maxY, ndc.y);
    }
    // Shift the target to centre the points, then scale the distance so
    // the larger extent fills the view.
    const halfH = distance * Math.tan((camera.fov * Math.PI) / 360);
    const halfW = halfH * camera.aspect;
    const rightward = new THREE.Vector3().setFromMatrixColumn(camera.matrixWorld, 0);
    const up = new THREE.Vector3().setFromMatrixColumn(camera.matrixWorld, 1);
    // The free part of the view: x from -1 to 1 - 2 * right.
    const freeHalf = 1 - right;
    target.addScaledVector(rightward, ((minX + maxX) / 2 + right) * halfW);
    target.addScaledVector(up, ((minY + maxY) / 2) * halfH);
    const extent = Math.max((maxX - minX) / 2 / freeHalf, (maxY - minY) / 2) / (1 - margin);
    distance *= Math.max(extent, 0.05);
  }
  camera.position.copy(target).addScaledVector(toCamera, distance);
  camera.lookAt(target);
  camera.updateMatrixWorld();
  return target;
}
