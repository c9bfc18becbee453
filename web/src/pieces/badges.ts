// The badges of the kinds without a 3-D shape of their own: a round
// medal in the side's colour with the kind's symbol in the side's ink,
// drawn once per kind and side from the same SVG as the diagram's.

import * as THREE from "three";
import { sideColours } from "./designs";
import { glyph } from "./glyphs";

const SIZE = 128;
const cache = new Map<string, THREE.SpriteMaterial>();

/// The badge of a kind for a side; `ready` runs when its picture has been
/// drawn (the SVG loads as an image, a moment later).
export function badge(name: string, letter: string, sides: [string, string], side: number, ready: () => void): THREE.SpriteMaterial {
  const colours = sideColours(sides, side);
  const key = `${name}|${letter}|${colours.body}`;
  let material = cache.get(key);
  if (material) return material;
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = SIZE;
  const g = canvas.getContext("2d")!;
  const r = SIZE / 2;
  g.beginPath();
  g.arc(r, r, r - 5, 0, Math.PI * 2);
  g.fillStyle = colours.body;
  g.fill();
  // The rim of the piece's outline: dark around light medals, grey
  // around dark ones.
  g.lineWidth = 6;
  g.strokeStyle = colours.rim;
  g.stroke();
  const texture = new THREE.CanvasTexture(canvas);
  texture.colorSpace = THREE.SRGBColorSpace;
  material = new THREE.SpriteMaterial({ map: texture });
  cache.set(key, material);
  // The symbol as a solid silhouette in the ink, its details cut out in
  // the medal's colour.
  const svg = glyph(name, letter, { ...colours, body: colours.ink }, { standalone: true, head: true, detail: colours.body });
  const image = new Image();
  image.onload = () => {
    const w = SIZE * 0.8;
    const h = (w * 58) / 88;
    g.drawImage(image, r - w / 2, r - h / 2, w, h);
    texture.needsUpdate = true;
    ready();
  };
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  return material;
}
