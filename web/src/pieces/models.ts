// The pieces in 3-D. The orthodox kinds (King, Queen, Rook, Bishop,
// Knight, Pawn, and Elevator's winged flying ones) are turned (lathe)
// bodies and a few solids in their classic shapes; every other kind is a
// pedestal carrying a round badge with its symbol (glyphs.ts), which stays
// readable however small the board is drawn. Each model is built once and
// merged into one geometry per colour, with a dark outline around it;
// every piece on the board shares them, so a new position costs no new
// geometry. Sizes are in squares; the tallest model (the King) is under
// 0.9 high, so that a piece never hides much of the square behind it.

import * as THREE from "three";
import { mergeGeometries } from "three/examples/jsm/utils/BufferGeometryUtils.js";
import type { Design } from "./designs";

type Profile = [number, number][];

const SEGMENTS = 20;

function lathe(profile: Profile): THREE.BufferGeometry {
  return new THREE.LatheGeometry(
    profile.map(([r, y]) => new THREE.Vector2(r, y)),
    SEGMENTS,
  );
}

/// A part of a model: a geometry placed in the model, drawn in the
/// side's body colour or in its ink.
interface Part {
  geometry: THREE.BufferGeometry;
  ink?: boolean;
}

function at(
  geometry: THREE.BufferGeometry,
  [x, y, z]: [number, number, number],
  rotation: [number, number, number] = [0, 0, 0],
  scale: [number, number, number] = [1, 1, 1],
): THREE.BufferGeometry {
  const m = new THREE.Matrix4().compose(
    new THREE.Vector3(x, y, z),
    new THREE.Quaternion().setFromEuler(new THREE.Euler(...rotation)),
    new THREE.Vector3(...scale),
  );
  return geometry.applyMatrix4(m);
}

const sphere = (r: number, c: [number, number, number], scale?: [number, number, number]) =>
  at(new THREE.SphereGeometry(r, 16, 12), c, [0, 0, 0], scale);
const box = (w: number, h: number, d: number, c: [number, number, number], rot?: [number, number, number]) =>
  at(new THREE.BoxGeometry(w, h, d), c, rot);

// Turned bodies. Forward (the way a Knight faces) is -z.
const PAWN: Profile = [[0, 0], [0.28, 0], [0.28, 0.04], [0.22, 0.07], [0.15, 0.1], [0.1, 0.24], [0.15, 0.27], [0.15, 0.29], [0.08, 0.31], [0, 0.31]];
const ROOK: Profile = [[0, 0], [0.3, 0], [0.3, 0.05], [0.24, 0.08], [0.19, 0.12], [0.17, 0.38], [0.22, 0.42], [0.22, 0.5], [0, 0.5]];
const BISHOP: Profile = [[0, 0], [0.29, 0], [0.29, 0.05], [0.22, 0.08], [0.15, 0.12], [0.09, 0.36], [0.15, 0.39], [0.15, 0.41], [0.08, 0.42], [0, 0.42]];
const QUEEN: Profile = [[0, 0], [0.3, 0], [0.3, 0.05], [0.23, 0.08], [0.16, 0.13], [0.1, 0.46], [0.17, 0.5], [0.17, 0.52], [0.12, 0.55], [0.17, 0.67], [0, 0.65]];
const KING: Profile = [[0, 0], [0.3, 0], [0.3, 0.05], [0.23, 0.08], [0.16, 0.13], [0.1, 0.47], [0.17, 0.51], [0.17, 0.53], [0.12, 0.56], [0.15, 0.65], [0.08, 0.69], [0, 0.69]];
const KNIGHT_BASE: Profile = [[0, 0], [0.29, 0], [0.29, 0.05], [0.22, 0.08], [0.2, 0.12], [0, 0.12]];
/// The body the other kinds share, 0.35 high, with their own top.
const FAIRY: Profile = [[0, 0], [0.28, 0], [0.28, 0.04], [0.21, 0.07], [0.14, 0.11], [0.1, 0.3], [0.15, 0.33], [0.15, 0.35], [0, 0.35]];

/// A flat shape (x, y in squares) extruded `depth` thick, centred on z = 0.
function extruded(points: [number, number][], depth: number, bevel: number): THREE.BufferGeometry {
  const s = new THREE.Shape();
  s.moveTo(...points[0]);
  for (const p of points.slice(1)) s.lineTo(...p);
  s.closePath();
  const g = new THREE.ExtrudeGeometry(s, { depth, bevelEnabled: true, bevelSize: bevel, bevelThickness: bevel, bevelSegments: 2 });
  return g.translate(0, 0, -depth / 2);
}

/// A horse's head in profile: chest, muzzle, ears and mane, facing -z.
function horseHead(): THREE.BufferGeometry {
  const profile: [number, number][] = [
    [-0.17, 0], [0.15, 0], [0.13, 0.1], [0.07, 0.2], [0.14, 0.24], [0.26, 0.27], [0.29, 0.33],
    [0.25, 0.39], [0.12, 0.46], [0.07, 0.55], [0.03, 0.6], [-0.02, 0.53], [-0.1, 0.5],
    [-0.16, 0.42], [-0.2, 0.3], [-0.2, 0.15],
  ];
  return extruded(profile, 0.15, 0.03).rotateY(Math.PI / 2);
}

/// A wing: a flat, swept shape reaching out along +x.
function wing(): THREE.BufferGeometry {
  const outline: [number, number][] = [
    [0, 0], [0.1, -0.02], [0.2, 0.02], [0.3, 0.1], [0.36, 0.23], [0.3, 0.2], [0.27, 0.25],
    [0.21, 0.19], [0.17, 0.23], [0.11, 0.16], [0, 0.14],
  ];
  return extruded(outline, 0.02, 0.012);
}

const knight = (): Part[] => [
  { geometry: lathe(KNIGHT_BASE) },
  { geometry: at(horseHead(), [0, 0.1, 0]) },
  { geometry: sphere(0.026, [0.105, 0.51, -0.12]), ink: true },
  { geometry: sphere(0.026, [-0.105, 0.51, -0.12]), ink: true },
];

/// Wings on both sides of a flying piece, raised a little. They spread
/// along z: the pieces stand side-on to the camera (view.ts), so the
/// wings spread across the screen.
const sideWings = (y: number): Part[] => [
  { geometry: at(wing().rotateZ(0.2), [0, y, 0.1], [0, -Math.PI / 2, 0]) },
  { geometry: at(wing().rotateZ(0.2), [0, y, -0.1], [0, Math.PI / 2, 0]) },
];

const fairy = (): Part[] => [{ geometry: lathe(FAIRY) }];

const queen = (): Part[] => [
  { geometry: lathe(QUEEN) },
  ...Array.from({ length: 8 }, (_, i) => {
    const a = (i / 8) * Math.PI * 2;
    return { geometry: sphere(0.035, [Math.cos(a) * 0.15, 0.69, Math.sin(a) * 0.15]) };
  }),
  { geometry: sphere(0.05, [0, 0.73, 0]) },
];

const rook = (): Part[] => [
  { geometry: lathe(ROOK) },
  ...Array.from({ length: 4 }, (_, i) => {
    const a = (i / 4) * Math.PI * 2 + Math.PI / 4;
    return { geometry: box(0.07, 0.1, 0.13, [Math.cos(a) * 0.175, 0.55, Math.sin(a) * 0.175], [0, -a, 0]) };
  }),
];

const bishop = (): Part[] => [
  { geometry: lathe(BISHOP) },
  { geometry: sphere(0.12, [0, 0.55, 0], [1, 1.45, 1]) },
  { geometry: box(0.012, 0.12, 0.2, [0.03, 0.6, 0], [0, 0, 0.6]), ink: true },
  { geometry: sphere(0.035, [0, 0.74, 0]) },
];

/// The designs drawn as classic 3-D shapes; every other one is a pedestal
/// with a badge.
const SHAPED = ["king", "queen", "rook", "bishop", "knight", "pawn", "flyingQueen", "flyingRook", "flyingBishop"] as const;
type Shaped = (typeof SHAPED)[number];

export function hasBadge(design: Design): boolean {
  return !(SHAPED as readonly string[]).includes(design);
}

/// The parts of each design with a shape of its own, and the pedestal
/// (`token`) of the others.
const PARTS: Record<Shaped | "token", () => Part[]> = {
  pawn: () => [{ geometry: lathe(PAWN) }, { geometry: sphere(0.115, [0, 0.4, 0]) }],
  rook,
  bishop,
  knight,
  queen,
  king: () => [
    { geometry: lathe(KING) },
    { geometry: box(0.065, 0.22, 0.065, [0, 0.79, 0]) },
    { geometry: box(0.19, 0.065, 0.065, [0, 0.82, 0]) },
  ],
  flyingQueen: () => [...queen(), ...sideWings(0.42)],
  flyingRook: () => [...rook(), ...sideWings(0.36)],
  flyingBishop: () => [...bishop(), ...sideWings(0.32)],
  token: fairy,
};

/// The materials of a side: body, ink (details) and outline.
export interface SideMaterials {
  body: THREE.Material;
  ink: THREE.Material;
  outline: THREE.Material;
}

interface Template {
  body: THREE.BufferGeometry;
  ink: THREE.BufferGeometry | null;
  outline: THREE.BufferGeometry;
  height: number;
}

const templates = new Map<Design, Template>();

/// Where a badge stands: its middle's height, its size, and how far it
/// stands out from its pedestal toward the camera. It always faces the
/// camera, so it is drawn at its full size while the board behind is
/// foreshortened: standing in front of its pedestal, low, its top stays
/// below the foot of the piece one square behind, from the games' default
/// cameras down to 25 degrees over the board (at e degrees up,
/// BADGE_Y cos e + BADGE_SIZE / 2 < (1 + BADGE_OUT) sin e).
const BADGE_Y = 0.3;
const BADGE_SIZE = 0.5;
const BADGE_OUT = 0.32;

/// One geometry from many (all made non-indexed, as merging needs).
function merge(parts: THREE.BufferGeometry[]): THREE.BufferGeometry {
  return mergeGeometries(parts.map((g) => (g.index ? g.toNonIndexed() : g)));
}

/// The outline: the model grown along its normals, drawn from inside.
function hull(geometry: THREE.BufferGeometry, by: number): THREE.BufferGeometry {
  const g = geometry.clone();
  const pos = g.getAttribute("position");
  const normal = g.getAttribute("normal");
  for (let i = 0; i < pos.count; i++) {
    pos.setXYZ(i, pos.getX(i) + normal.getX(i) * by, pos.getY(i) + normal.getY(i) * by, pos.getZ(i) + normal.getZ(i) * by);
  }
  return g;
}

function template(design: Design): Template {
  let t = templates.get(design);
  if (!t) {
    const parts = (hasBadge(design) ? PARTS.token : PARTS[design as Shaped])();
    const body = merge(parts.filter((p) => !p.ink).map((p) => p.geometry));
    const inks = parts.filter((p) => p.ink).map((p) => p.geometry);
    const ink = inks.length ? merge(inks) : null;
    const outline = hull(merge(parts.map((p) => p.geometry)), 0.018);
    body.computeBoundingBox();
    const height = hasBadge(design) ? BADGE_Y + BADGE_SIZE / 2 : body.boundingBox!.max.y;
    t = { body, ink, outline, height };
    templates.set(design, t);
  }
  return t;
}

/// A new piece of `design` in the side's materials, facing -z; `badge`
/// is the symbol of a kind without a shape of its own. Its geometry is
/// shared with every other piece of the design.
export function pieceModel(design: Design, materials: SideMaterials, badge?: THREE.SpriteMaterial): THREE.Group {
  const t = template(design);
  const piece = new THREE.Group();
  piece.add(new THREE.Mesh(t.body, materials.body));
  if (t.ink) piece.add(new THREE.Mesh(t.ink, materials.ink));
  const outline = new THREE.Mesh(t.outline, materials.outline);
  // The outline is drawn, not picked: the body is what a click hits.
  outline.raycast = () => {};
  piece.add(outline);
  if (badge && hasBadge(design)) piece.add(badgeStand(badge, piece));
  return piece;
}

/// A badge: a picture facing the camera, moved before each frame to the
/// side of its pedestal that faces the camera.
function badgeStand(material: THREE.SpriteMaterial, piece: THREE.Object3D): THREE.Object3D {
  const sprite = new THREE.Sprite(material);
  sprite.scale.set(BADGE_SIZE, BADGE_SIZE, 1);
  sprite.position.y = BADGE_Y;
  sprite.userData.badge = true;
  const at = new THREE.Vector3();
  sprite.onBeforeRender = (_renderer, _scene, camera) => {
    piece.getWorldPosition(at);
    // Toward the camera across the board, in the piece's own turn.
    const yaw = Math.atan2(camera.position.x - at.x, camera.position.z - at.z) - piece.rotation.y;
    const x = Math.sin(yaw) * BADGE_OUT;
    const z = Math.cos(yaw) * BADGE_OUT;
    if (Math.abs(sprite.position.x - x) + Math.abs(sprite.position.z - z) > 1e-4) {
      sprite.position.set(x, BADGE_Y, z);
      sprite.updateMatrixWorld();
    }
  };
  return sprite;
}

/// The height of a design's model.
export function modelHeight(design: Design): number {
  return template(design).height;
}
