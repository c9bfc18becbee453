// Text in the 3-D view: file letters in front of each level, rank numbers
// at its left and the level's name beside it, as sprites that always face
// the camera. Placed from the camera's side, so that they stay in front
// and at the left whichever side the board is seen from.

import * as THREE from "three";
import type { Cell } from "../api";

const textures = new Map<string, { texture: THREE.Texture; aspect: number }>();

function textTexture(text: string, bold: boolean): { texture: THREE.Texture; aspect: number } {
  const key = `${bold}:${text}`;
  let t = textures.get(key);
  if (!t) {
    const c = document.createElement("canvas");
    const g = c.getContext("2d")!;
    const font = `${bold ? "bold " : ""}48px system-ui, sans-serif`;
    g.font = font;
    const width = Math.ceil(g.measureText(text).width) + 16;
    c.width = width;
    c.height = 64;
    g.font = font;
    g.fillStyle = bold ? "#e4ebf3" : "#b9c6d6";
    g.textAlign = "center";
    g.textBaseline = "middle";
    g.fillText(text, width / 2, 34);
    const texture = new THREE.CanvasTexture(c);
    texture.colorSpace = THREE.SRGBColorSpace;
    t = { texture, aspect: width / 64 };
    textures.set(key, t);
  }
  return t;
}

const materials = new Map<string, THREE.SpriteMaterial>();

/// A sprite of `text`, `height` squares tall.
export function textSprite(text: string, height: number, bold = false): THREE.Sprite {
  const key = `${bold}:${text}`;
  let material = materials.get(key);
  if (!material) {
    material = new THREE.SpriteMaterial({ map: textTexture(text, bold).texture, depthWrite: false });
    materials.set(key, material);
  }
  const sprite = new THREE.Sprite(material);
  sprite.scale.set(height * textTexture(text, bold).aspect, height, 1);
  return sprite;
}

/// How the camera looks at the board: unit vectors across the screen
/// (right) and away from the camera, in the horizontal plane.
export interface Facing {
  right: THREE.Vector3;
  away: THREE.Vector3;
}

export function facing(azimuth: number): Facing {
  return {
    right: new THREE.Vector3(Math.cos(azimuth), 0, -Math.sin(azimuth)),
    away: new THREE.Vector3(-Math.sin(azimuth), 0, -Math.cos(azimuth)),
  };
}

/// The labels of one level: each file's letter in front of its nearest
/// square (of every square on a stepped level), each rank's number left
/// of its leftmost square (the other way round when the camera looks
/// along the files), and the level's name
/// left of `left` (the left edge of its stack, across the screen), so
/// that the names stand in a column clear of every square.
export function levelLabels(
  cells: Cell[],
  name: string,
  position: (c: Cell) => THREE.Vector3,
  look: Facing,
  left: number,
): THREE.Object3D[] {
  const out: THREE.Object3D[] = [];
  const placed = cells.map((c) => ({ c, p: position(c) }));
  const nearest = new Map<string, { c: Cell; p: THREE.Vector3 }>();
  const leftmost = new Map<string, { c: Cell; p: THREE.Vector3 }>();
  // Files run across the screen unless the camera looks along them.
  const filesAcross = Math.abs(look.right.x) >= Math.abs(look.right.z);
  const front = (c: Cell) => (filesAcross ? c.file : c.rank);
  const side = (c: Cell) => (filesAcross ? c.rank : c.file);
  for (const x of placed) {
    const a = x.p.dot(look.away);
    const u = x.p.dot(look.right);
    const n = nearest.get(front(x.c));
    if (!n || a < n.p.dot(look.away)) nearest.set(front(x.c), x);
    const l = leftmost.get(side(x.c));
    if (!l || u < l.p.dot(look.right)) leftmost.set(side(x.c), x);
  }
  // A stepped level (each rank a step higher, the 43-square Ziggurat)
  // names the file of every square on the step in front of it: the front
  // rank's letters are far from the narrow ranks on top.
  const stepped = filesAcross && new Set(placed.map((x) => x.p.y.toFixed(2))).size > 1;
  const fronts = stepped ? placed.map((x) => [x.c.file, x] as const) : [...nearest];
  for (const [text, { p }] of fronts) {
    const s = textSprite(text, stepped ? 0.26 : 0.34);
    s.position.copy(p).addScaledVector(look.away, stepped ? -0.62 : -0.78);
    s.position.y += 0.05;
    out.push(s);
  }
  for (const [text, { p }] of leftmost) {
    const s = textSprite(text, 0.34);
    s.position.copy(p).addScaledVector(look.right, -0.8);
    s.position.y += 0.05;
    out.push(s);
  }
  if (name && placed.length) {
    const minU = Math.min(left, ...placed.map((x) => x.p.dot(look.right)));
    const mid = placed.reduce((s, x) => s.add(x.p), new THREE.Vector3()).divideScalar(placed.length);
    const s = textSprite(`Level ${name}`, 0.42, true);
    // The level's name is a button: it shows the level alone.
    s.userData.name = true;
    const u = mid.dot(look.right);
    s.position.copy(mid).addScaledVector(look.right, minU - u - 1.3 - s.scale.x / 2);
    s.position.y += 0.05;
    out.push(s);
  }
  return out;
}
