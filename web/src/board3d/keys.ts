// The camera by keys: Q/E orbit, R/F tilt, +/- zoom, Shift+arrows pan
// (and 0, the default view, which the view itself frames).

import * as THREE from "three";

/// Moves `camera` around `target` for a key; whether the key was one of
/// these.
export function cameraKey(e: KeyboardEvent, camera: THREE.PerspectiveCamera, target: THREE.Vector3): boolean {
  const spherical = new THREE.Spherical().setFromVector3(camera.position.clone().sub(target));
  const size = Math.max(spherical.radius * 0.06, 0.2);
  if (e.shiftKey && e.key.startsWith("Arrow")) {
    const dx = e.key === "ArrowLeft" ? -1 : e.key === "ArrowRight" ? 1 : 0;
    const dz = e.key === "ArrowUp" ? -1 : e.key === "ArrowDown" ? 1 : 0;
    const v = new THREE.Vector3(dx, 0, dz).multiplyScalar(size).applyAxisAngle(new THREE.Vector3(0, 1, 0), spherical.theta);
    camera.position.add(v);
    target.add(v);
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
  camera.position.copy(target).add(new THREE.Vector3().setFromSpherical(spherical));
  return true;
}
