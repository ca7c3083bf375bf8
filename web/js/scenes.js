// scenes.js - the shapes and the presets of the demo.
//
// A shape is what the library takes (the `gjk distance` tool's JSON format): points in the
// shape's own frame (their convex hull is the shape), a radius that rounds it, and a placement
// (rotate by `angle`, then translate by `position`). The page adds `kind` (which preset made it)
// and `n` (the n-gon's vertex count).

/** A shape of the given kind, centred on its local origin. */
export function makeShape(kind, n = 6) {
  const shape = { kind, n, points: [], radius: 0, position: [0, 0], angle: 0 };
  switch (kind) {
    case 'triangle': shape.points = [[-1, -0.7], [1, -0.7], [0.1, 1]]; break;
    case 'square': shape.points = box(0.8, 0.8); break;
    case 'ngon': shape.points = regular(n, 1); break;
    case 'circle': shape.points = [[0, 0]]; shape.radius = 0.8; break;
    case 'capsule': shape.points = [[-0.8, 0], [0.8, 0]]; shape.radius = 0.4; break;
    case 'rounded': shape.points = box(0.7, 0.4); shape.radius = 0.25; break;
    case 'point': shape.points = [[0, 0]]; break;
    default: throw new Error(`unknown shape kind ${kind}`);
  }
  return shape;
}

export const SHAPE_KINDS = [
  ['triangle', 'Triangle'], ['square', 'Square'], ['ngon', 'n-gon'], ['circle', 'Circle'],
  ['capsule', 'Capsule'], ['rounded', 'Rounded box'], ['point', 'Point'], ['custom', 'Custom'],
];

/** An axis-aligned box centred on the origin, counter-clockwise (Shape::box). */
function box(hw, hh) {
  return [[-hw, -hh], [hw, -hh], [hw, hh], [-hw, hh]];
}

/** n points on a circle of radius r, the first on the x axis (Shape::regular). */
function regular(n, r) {
  const pts = [];
  for (let i = 0; i < n; ++i) {
    const t = (2 * Math.PI * i) / n;
    pts.push([r * Math.cos(t), r * Math.sin(t)]);
  }
  return pts;
}

/** A shape of `kind` with the given points and placement (the presets' exact numbers). */
function shapeOf(kind, points, { position = [0, 0], angle = 0, radius = 0, n = 6 } = {}) {
  return { kind, n, points, radius, position, angle };
}

// --- Placement: the library's Transform (rotate, then translate), for drawing and dragging ---

/** Local point -> world point. */
export function toWorld(shape, p) {
  const c = Math.cos(shape.angle), s = Math.sin(shape.angle);
  return [c * p[0] - s * p[1] + shape.position[0], s * p[0] + c * p[1] + shape.position[1]];
}

/** World point -> local point. */
export function toLocal(shape, q) {
  const c = Math.cos(shape.angle), s = Math.sin(shape.angle);
  const x = q[0] - shape.position[0], y = q[1] - shape.position[1];
  return [c * x + s * y, -s * x + c * y];
}

/** The centre of a shape's points (the mean), in its own frame. */
export function localCentre(shape) {
  const n = shape.points.length;
  return shape.points.reduce((s, p) => [s[0] + p[0] / n, s[1] + p[1] / n], [0, 0]);
}

/** Rotates a shape by `delta` radians about the centre of its points, which stays put. */
export function rotateShape(shape, delta) {
  const centre = localCentre(shape);
  const before = toWorld(shape, centre);
  shape.angle += delta;
  const after = toWorld(shape, centre);
  shape.position = [shape.position[0] + before[0] - after[0], shape.position[1] + before[1] - after[1]];
}

/** The shape in the tool's JSON format, with nothing the page added. */
export function shapeJson(shape) {
  return {
    points: shape.points.map((p) => [p[0], p[1]]),
    radius: shape.radius,
    position: [shape.position[0], shape.position[1]],
    angle: shape.angle,
  };
}

// --- Presets: pairs of shapes, each with one sentence ---------------------------------------

const square02 = () => [[0, 0], [2, 0], [2, 2], [0, 2]]; // the square of the library's tests

/**
 * The scenes. `expect` is the termination the library reports for the scene (the end-to-end
 * test checks it): the talk's termination cases are the library's tests Case1..Case4, with a
 * point as shape A and the polygon as shape B, so Z = B - A is the polygon moved by -point.
 */
export const SCENES = [
  {
    id: 'talk', label: "The talk's triangle and square",
    text: 'A triangle and a square apart: GJK walks over Z = B − A towards the origin and ends when the support point repeats.',
    a: () => shapeOf('triangle', [[0, 0], [2, 0], [1, 1.5]]),
    b: () => shapeOf('square', box(0.75, 0.75), { position: [3.5, 1.2], angle: 0.3 }),
  },
  {
    id: 'case1', label: 'Case 1: repeated support point', expect: 'repeated_support',
    text: 'The point is beside the square\'s right edge: the support point along that edge\'s normal is one of the edge\'s own vertices, already in the simplex, so P cannot get any closer.',
    a: () => shapeOf('point', [[0, 0]], { position: [3, 0.5] }),
    b: () => shapeOf('square', box(1, 1)),
  },
  {
    id: 'case2', label: 'Case 2: containment', expect: 'containment',
    text: 'The point is inside the hexagon: a triangle of Z with all three barycentric weights positive contains the origin, so the shapes overlap.',
    a: () => shapeOf('point', [[0, 0]], { position: [0.3, -0.2] }),
    b: () => shapeOf('ngon', regular(6, 2)),
  },
  {
    id: 'case3a', label: 'Case 3a: vertex overlap', expect: 'vertex_overlap',
    text: 'The point sits exactly on the square\'s corner: the simplex is a vertex at the origin, so the search direction −P is exactly zero and the shapes touch.',
    a: () => shapeOf('point', [[0, 0]], { position: [2, 2] }),
    b: () => shapeOf('square', square02()),
  },
  {
    id: 'case3b', label: 'Case 3b: edge overlap', expect: 'edge_overlap',
    text: 'The point lies on the square\'s boundary edge: the origin is on the simplex\'s edge, the sign test dot(perp(e), −w) is exactly zero, and an edge normal proves the shapes touch.',
    a: () => shapeOf('point', [[0, 0]], { position: [2, 0.5] }),
    b: () => shapeOf('square', square02()),
  },
  {
    id: 'case4', label: 'Case 4: interior edge', expect: 'edge_overlap',
    text: 'The point lies on the square\'s diagonal, an edge of the simplex inside Z: the sign test is zero again, no edge normal separates, so the shapes overlap.',
    a: () => shapeOf('point', [[0, 0]], { position: [1, 1] }),
    b: () => shapeOf('square', square02()),
  },
  {
    id: 'collinear', label: 'Collinear points (zero-area triangle)', expect: 'no_progress',
    text: 'The support point (1, 1) lies on the closest edge: adding it would make a zero-area triangle, but it is no further along d than the edge, so the loop stops (no progress) with the edge\'s exact answer.',
    a: () => shapeOf('point', [[0, 0]], { position: [1.5, 0] }),
    b: () => shapeOf('custom', [[0, 3], [1, 1], [0, 1], [2, 1], [2, 3]]),
  },
  {
    id: 'touching', label: 'Touching boxes',
    text: 'Two boxes that share part of an edge: distance exactly zero, and a support query proves the normal, so the status is touching.',
    a: () => shapeOf('square', box(1, 1)),
    b: () => shapeOf('square', box(0.5, 0.5), { position: [1.5, 0.25] }),
  },
  {
    id: 'rounded', label: 'Circle and capsule',
    text: 'Rounded shapes are a core plus a radius: GJK runs on the cores (a point and a segment) and the radii are subtracted at the end.',
    a: () => shapeOf('circle', [[0, 0]], { radius: 0.75 }),
    b: () => shapeOf('capsule', [[-1, 0], [1, 0]], { radius: 0.25, position: [0.5, 2], angle: 0.4 }),
  },
  {
    id: 'overlap', label: 'Overlapping polygons',
    text: 'A hexagon and a rotated box that overlap: the simplex grows to a triangle around the origin (case 2).',
    a: () => shapeOf('ngon', regular(6, 1)),
    b: () => shapeOf('custom', box(0.8, 0.4), { position: [1.2, 0.3], angle: 0.7 }),
  },
];

/** One sentence per termination, for the result panel and the last step. */
export const TERMINATION_TEXT = {
  repeated_support: 'Case 1: the new support point is already in the simplex, so P is the closest point of Z.',
  containment: 'Case 2: a triangle with all weights positive contains the origin: the shapes overlap.',
  vertex_overlap: 'Case 3a: the simplex vertex is the origin, so the search direction −P is exactly zero.',
  edge_overlap: 'Case 3b or 4: the origin lies on the simplex\'s edge (its sign test is exactly zero): touching on Z\'s boundary, overlapping inside.',
  no_progress: 'No progress: the new support point is no further along d than the simplex, so P cannot get closer.',
  max_iterations: 'The iteration cap was reached; the answer is the best simplex found.',
  none: 'The input was not valid.',
};

/** The talk's name for each termination. */
export const TERMINATION_CASE = {
  repeated_support: 'case 1', containment: 'case 2', vertex_overlap: 'case 3a',
  edge_overlap: 'case 3b/4', no_progress: 'no progress', max_iterations: 'cap',
};

// --- The section views' presets ------------------------------------------------------------

export const SEGMENT_DEFAULT = { A: [-2, -0.5], B: [2, 0.8], Q: [0.6, 1.6] };

export const TRIANGLE_PRESETS = [
  {
    id: 'default', label: 'A triangle',
    text: 'Drag Q through the seven Voronoi regions: three vertices, three edges and the interior.',
    pts: { A: [-2, -1.2], B: [2.2, -1], C: [-0.2, 1.8], Q: [0.4, 0.1] },
  },
  {
    id: 'collinear', label: 'Collinear (zero-area) triangle',
    text: 'A, B and C on one line: the area is zero, so the triangle coordinates are all zero and the solver picks a vertex or edge region, never the interior, without dividing by the area.',
    pts: { A: [-2, -1], B: [2, 1], C: [0, 0], Q: [-0.4, 1.2] },
  },
];
