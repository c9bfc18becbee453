// The exploded stack: where each level is drawn. The server places every
// cell as its board really stands (x, height, depth); the page keeps x and
// depth and spreads the levels apart vertically, just far enough that,
// seen from the default camera of the side viewing, no level hides any
// square or piece of another: for every two cells of different levels
// whose columns overlap on the screen, the upper one's square is drawn
// wholly above the lower one's tallest piece. Columns stay vertical, so a
// square is still drawn straight over the squares below it.
//
// A tall stack in a wide window may be cut into two or three stacks side
// by side, the lowest levels at the left (the view chooses, see view.ts):
// within each stack columns stay vertical.

import type { Camera, Cell } from "../api";

export interface LayoutInput {
  cells: Cell[];
  levels: [number, string][];
  camera: Camera;
  /// The side the board is seen from (0 or 1).
  side: number;
  /// The player's spacing: 1 is just clear, more spreads the levels out.
  spread: number;
  /// The height of the tallest piece, in squares.
  pieceHeight: number;
  /// Into how many stacks side by side the levels are cut.
  stacks: number;
}

export interface Layout {
  /// The drawn height of a level.
  height(level: number): number;
  /// Where a cell is drawn: scene coordinates, x right, y up, z toward
  /// the first side's edge.
  position(cell: Cell): [number, number, number];
  /// Where a point of the board at (x, depth) of a level is drawn, for
  /// posts: [x, z] in scene coordinates.
  ground(level: number, x: number, depth: number): [number, number];
  /// Raises level `z` and every level above it in its stack by `dh` (the
  /// view's correction for perspective, see settle.ts).
  raise(z: number, dh: number): void;
  /// The levels with cells, lowest first, by stack.
  stacks: number[][];
  /// A key that changes whenever the drawn places change.
  readonly key: string;
}

/// Room kept between a level's pieces and the squares of the level above,
/// in squares of screen height.
const CLEARANCE = 0.25;
/// Room in front of a level for its file letters.
const LABEL_BAND = 0.55;
/// Columns this close on the screen are taken to overlap (perspective
/// spreads them a little from their orthographic places).
const SIDE_MARGIN = 0.3;
/// Least rise from one level to the next.
const MIN_GAP = 0.5;
/// Room between stacks side by side: the level names and rank numbers of
/// the right-hand stack stand in it.
const STACK_GAP = 3.6;

const rad = (deg: number) => (deg * Math.PI) / 180;

export function layout(input: LayoutInput): Layout {
  const { cells, camera, side, spread, pieceHeight } = input;
  const theta = rad(camera.elevation);
  const alpha = rad(camera.azimuth[side] ?? 0);
  const [sinT, cosT] = [Math.sin(theta), Math.cos(theta)];
  const [sinA, cosA] = [Math.sin(alpha), Math.cos(alpha)];
  // A square's half-extent across and along the view, turned by alpha.
  const half = 0.5 * (Math.abs(cosA) + Math.abs(sinA));

  // Each level's base: its lowest cell (the steps of a stepped level rise
  // from it).
  const base = new Map<number, number>();
  for (const c of cells) base.set(c.at[2], Math.min(base.get(c.at[2]) ?? Infinity, c.place[1]));
  const rise = (c: Cell) => c.place[1] - (base.get(c.at[2]) ?? c.place[1]);

  // Screen coordinates of a cell's centre seen from the camera, before
  // its level's height: u across, a away from the camera.
  const screen = (c: Cell) => {
    const [x, , d] = c.place;
    return { u: x * cosA + d * sinA, a: -x * sinA + d * cosA, r: rise(c) };
  };
  const byLevel = new Map<number, { u: number; a: number; r: number }[]>();
  for (const c of cells.filter((c) => c.present)) {
    byLevel.set(c.at[2], [...(byLevel.get(c.at[2]) ?? []), screen(c)]);
  }
  const levels = [...byLevel.keys()].sort((a, b) => a - b);

  // What a cell shows above its centre (its tallest possible piece) and
  // below it (its near half and the labels in front), in screen height.
  const top = Math.max(half * sinT, pieceHeight * cosT + 0.3 * sinT);
  const bottom = (half + LABEL_BAND) * sinT;

  // Cut the levels into stacks of about equal screen height.
  const tall = (z: number) => {
    const a = byLevel.get(z)!.map((p) => p.a);
    return (Math.max(...a) - Math.min(...a) + 1) * sinT + top + bottom;
  };
  const count = Math.max(1, Math.min(input.stacks, levels.length));
  const total = levels.reduce((s, z) => s + tall(z), 0);
  const stacks: number[][] = [[]];
  let acc = 0;
  for (const z of levels) {
    const last = stacks[stacks.length - 1];
    if (last.length && stacks.length < count && acc + tall(z) / 2 > (total * stacks.length) / count) stacks.push([]);
    stacks[stacks.length - 1].push(z);
    acc += tall(z);
  }

  // Heights within each stack.
  const height = new Map<number, number>();
  for (const stack of stacks) {
    let previous: number | null = null;
    for (const z of stack) {
      const mine = byLevel.get(z)!;
      let h = previous === null ? 0 : height.get(previous)! + MIN_GAP;
      for (const lower of stack) {
        if (lower >= z) break;
        const hl = height.get(lower)!;
        for (const p of byLevel.get(lower)!) {
          for (const q of mine) {
            if (Math.abs(p.u - q.u) >= 2 * half + SIDE_MARGIN) continue;
            // q's square must start above p's tallest piece on the screen.
            const need = ((p.a - q.a) * sinT + top + bottom + CLEARANCE) / cosT + p.r - q.r;
            h = Math.max(h, hl + need);
          }
        }
      }
      height.set(z, h);
      previous = z;
    }
  }
  // The player's spacing scales the rises.
  for (const [z, h] of height) height.set(z, h * spread);

  // Stacks side by side along the screen's right, each after the last.
  const shift = new Map<number, number>();
  let right = -Infinity;
  for (const stack of stacks) {
    const us = stack.flatMap((z) => byLevel.get(z)!.map((p) => p.u));
    const [lo, hi] = [Math.min(...us), Math.max(...us)];
    const s = right === -Infinity ? 0 : right + STACK_GAP - lo;
    for (const z of stack) shift.set(z, s);
    right = hi + s + 0.5;
  }

  // Levels without cells now take their place between their neighbours.
  const known = () => [...height.entries()].sort((a, b) => a[0] - b[0]);
  const nearest = (z: number) => known().reduce((b, k) => (Math.abs(k[0] - z) < Math.abs(b[0] - z) ? k : b), [Infinity, 0])[0];
  const heightAt = (z: number): number => {
    const h = height.get(z);
    if (h !== undefined) return h;
    const list = known();
    if (!list.length) return 0;
    const below = list.filter(([k]) => k < z).pop();
    const above = list.find(([k]) => k > z);
    const step = 2 * spread;
    if (!below) return above![1] - (above![0] - z) * step;
    if (!above || stackOf(above[0]) !== stackOf(below[0])) return below[1] + (z - below[0]) * step;
    return below[1] + ((above[1] - below[1]) * (z - below[0])) / (above[0] - below[0]);
  };
  const stackOf = (z: number) => stacks.findIndex((s) => s.includes(z));
  const shiftAt = (z: number) => shift.get(z) ?? shift.get(nearest(z)) ?? 0;
  const ground = (z: number, x: number, d: number): [number, number] => {
    const s = shiftAt(z);
    return [x + s * cosA, -d - s * sinA];
  };
  return {
    height: heightAt,
    position: (c) => {
      const [x, z] = ground(c.at[2], c.place[0], c.place[2]);
      return [x, heightAt(c.at[2]) + rise(c), z];
    },
    ground,
    raise(z, dh) {
      const stack = stacks[stackOf(z)] ?? [];
      for (const k of stack) if (k >= z) height.set(k, height.get(k)! + dh);
    },
    stacks,
    get key() {
      return `${side}:${spread}:${stacks.map((s) => s.map((z) => `${z}=${height.get(z)!.toFixed(3)}`).join(",")).join("|")}`;
    },
  };
}
