// scenes3.js - the shapes and presets of the 3D view, and the rotations that place them.
//
// A shape in space is what the library takes (the `gjk distance` tool's 3D line, SHAPE3):
// points in the shape's own frame (their convex hull is the shape), a radius that rounds it,
// and a pose: rotate by the unit quaternion [qx, qy, qz, qw] (scalar last), then translate by
// `position`. The page adds `kind`, the preset that made it.

// --- Quaternions (scalar last, as the tool): the page composes turns; the library places ---

/** The rotation by `angle` radians about `axis` (any length; the right-hand rule). */
export function quatAxisAngle(axis, angle) {
  const len = Math.hypot(...axis);
  const s = Math.sin(angle / 2) / len;
  return [s * axis[0], s * axis[1], s * axis[2], Math.cos(angle / 2)];
}

/** p * q: q first, then p. */
export function quatMul(p, q) {
  return [
    p[3] * q[0] + p[0] * q[3] + p[1] * q[2] - p[2] * q[1],
    p[3] * q[1] - p[0] * q[2] + p[1] * q[3] + p[2] * q[0],
    p[3] * q[2] + p[0] * q[1] - p[1] * q[0] + p[2] * q[3],
    p[3] * q[3] - p[0] * q[0] - p[1] * q[1] - p[2] * q[2],
  ];
}

/** q scaled to norm 1, so that turns composed many times stay rotations (the tool allows 1e-3). */
export function quatNormalized(q) {
  const n = Math.hypot(...q);
  return q.map((x) => x / n);
}

/** v rotated by the unit quaternion q: v + w t + u x t with u = (x, y, z), t = 2 u x v. */
export function rotate3(q, v) {
  const cross = (a, b) => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
  const u = [q[0], q[1], q[2]];
  const t = cross(u, v).map((x) => 2 * x);
  const ut = cross(u, t);
  return [0, 1, 2].map((k) => v[k] + q[3] * t[k] + ut[k]);
}

/** A local point of the shape in the world (for the page's own placements; the library draws). */
export function toWorld3(shape, p) {
  const r = rotate3(quatNormalized(shape.quaternion), p);
  return [0, 1, 2].map((k) => r[k] + shape.position[k]);
}

/** The mean of the shape's points, in its own frame. */
function localCentre3(shape) {
  const n = shape.points.length;
  return shape.points.reduce((s, p) => s.map((x, k) => x + p[k] / n), [0, 0, 0]);
}

/** The centre of the shape's points in the world. */
export function centre3(shape) {
  return toWorld3(shape, localCentre3(shape));
}

/** Turns a shape by `angle` radians about a world axis through the centre of its points. */
export function turnShape3(shape, axis, angle) {
  const c = localCentre3(shape);
  const before = toWorld3(shape, c);
  shape.quaternion = quatNormalized(quatMul(quatAxisAngle(axis, angle), shape.quaternion));
  const after = toWorld3(shape, c);
  shape.position = shape.position.map((x, k) => x + before[k] - after[k]);
}

/** The shape as the tool's SHAPE3, with nothing the page added. */
export function shapeJson3(shape) {
  return {
    points: shape.points.map((p) => [p[0], p[1], p[2]]),
    radius: shape.radius,
    position: [...shape.position],
    quaternion: [...shape.quaternion],
  };
}

// --- The kinds -------------------------------------------------------------------------------

/** The corners of an axis-aligned box of half-sizes (hx, hy, hz). */
function box3(hx, hy, hz) {
  const pts = [];
  for (const x of [-hx, hx]) for (const y of [-hy, hy]) for (const z of [-hz, hz]) pts.push([x, y, z]);
  return pts;
}

/** The twelve corners of an icosahedron of circumradius r: (0, ±1, ±φ) and its cyclic turns. */
function icosahedron(r) {
  const phi = (1 + Math.sqrt(5)) / 2, k = r / Math.hypot(1, phi);
  const pts = [];
  for (const a of [-1, 1]) {
    for (const b of [-phi, phi]) pts.push([0, a * k, b * k], [a * k, b * k, 0], [b * k, 0, a * k]);
  }
  return pts;
}

/** A regular tetrahedron of circumradius r: four alternate corners of a cube. */
function tetrahedron(r) {
  const k = r / Math.sqrt(3);
  return [[k, k, k], [k, -k, -k], [-k, k, -k], [-k, -k, k]];
}

export const SHAPE_KINDS3 = [
  ['box', 'Box'], ['tetrahedron', 'Tetrahedron'], ['hull', 'Icosahedron (12-point hull)'],
  ['sphere', 'Sphere'], ['capsule', 'Capsule'], ['rounded', 'Rounded box'], ['point', 'Point'],
  ['custom', 'Custom'],
];

/** A shape of the given kind, centred on its own origin, unturned, at the world origin. */
export function makeShape3(kind) {
  const shape = { kind, points: [], radius: 0, position: [0, 0, 0], quaternion: [0, 0, 0, 1] };
  switch (kind) {
    case 'box': shape.points = box3(0.6, 0.6, 0.6); break;
    case 'tetrahedron': shape.points = tetrahedron(0.9); break;
    case 'hull': shape.points = icosahedron(0.8); break;
    case 'sphere': shape.points = [[0, 0, 0]]; shape.radius = 0.7; break;
    case 'capsule': shape.points = [[-0.7, 0, 0], [0.7, 0, 0]]; shape.radius = 0.35; break;
    case 'rounded': shape.points = box3(0.5, 0.35, 0.25); shape.radius = 0.2; break;
    case 'point': shape.points = [[0, 0, 0]]; break;
    default: throw new Error(`unknown 3D shape kind ${kind}`);
  }
  return shape;
}

/** A preset's shape: a kind placed at `position`, turned by `angle` about `axis`. */
function placed(kind, position, { axis = [0, 0, 1], angle = 0, radius } = {}) {
  const shape = makeShape3(kind);
  shape.position = position;
  if (angle !== 0) shape.quaternion = quatAxisAngle(axis, angle);
  if (radius !== undefined) shape.radius = radius;
  return shape;
}

/**
 * The presets, each with one sentence. `expect` is the status the library gives the pair and,
 * where one is named, its termination (the end-to-end test checks both against the tool).
 */
export const SCENES3 = [
  {
    id: 'box-tetra', label: 'A box and a tetrahedron', expect: { status: 'separated' },
    text: 'Two polyhedra apart: the simplex walks over Z = B − A towards the origin; the closest features may be a vertex, an edge or a face of each.',
    a: () => placed('box', [0, 0, 0]),
    b: () => placed('tetrahedron', [2.1, 0.5, 0.6], { axis: [1, 1, 0], angle: 0.5 }),
  },
  {
    id: 'sphere-capsule', label: 'Sphere and capsule', expect: { status: 'separated' },
    text: 'Rounded shapes are a core plus a radius: GJK runs on the cores, a point and a segment, and the radii are subtracted at the end.',
    a: () => placed('sphere', [0, 0, 0]),
    b: () => placed('capsule', [1.5, 0.6, 1.0], { axis: [0, 1, 0.3], angle: 0.8 }),
  },
  {
    id: 'containment', label: 'Case 2: a point inside a tetrahedron', expect: { status: 'overlapping', termination: 'containment' },
    text: 'The point is inside the tetrahedron: the simplex grows from a point to a segment, a triangle and a tetrahedron whose four weights are positive, which contains the origin.',
    a: () => placed('point', [0.15, -0.1, 0.05]),
    b: () => placed('tetrahedron', [0, 0, 0], { axis: [1, 0.3, 0.2], angle: 1.1 }),
  },
  {
    id: 'overlap', label: 'Overlapping icosahedron and box', expect: { status: 'overlapping' },
    text: 'Overlapping shapes: distance 0; EPA gives the penetration depth and the direction in which B moves that far to touch A only.',
    a: () => placed('hull', [0, 0, 0]),
    b: () => placed('box', [0.95, 0.35, 0.25], { axis: [1, 2, 3], angle: 0.7 }),
  },
  {
    id: 'touching', label: 'Touching boxes', expect: { status: 'touching' },
    text: 'Two boxes that share part of a face: distance exactly zero, and a support plane through the origin proves they only touch.',
    a: () => placed('box', [0, 0, 0]),
    b: () => placed('box', [1.2, 0.3, 0.2]),
  },
  {
    id: 'edges', label: 'Edge against edge', expect: { status: 'separated' },
    text: 'Two boxes turned across each other: the closest features are an edge of each, whose differences make a face of Z, so the final simplex is a triangle on that face.',
    a: () => placed('box', [0, 0, 0], { axis: [1, 0, 0], angle: Math.PI / 4 }),
    b: () => placed('box', [1.9, 0.2, 0.1], { axis: [0, 0, 1], angle: Math.PI / 4 }),
  },
];
