// view-gjk3.js - the 3D view: two shapes in space, or their Minkowski difference Z = B - A,
// drawn through an orbiting orthographic camera (camera3.js).
//
// Every number comes from the library: the hulls (hull3, minkowski_difference3), the distance
// answer with its trace (distance3) and the penetration (penetration3). Each shape is its
// core's hull - faces back to front, shaded by their angle to the eye, edges solid in front and
// dashed behind - and, when rounded, the outline of its projection (the projected core's 2D
// hull, from the library's convex_hull, rounded by the radius). Live, the witness points, the
// segment between them and the normal (on contact the penetration's deepest points and the
// minimum translation); in step mode one traced simplex: its vertices on A and B, or on Z the
// point, segment, triangle or tetrahedron with its weights, its closest point P and the support
// point the next iteration added. Each draw returns what it drew, for the tests.

import { COLORS, arrow, dot, label, line, roundedOutline, tracePath } from './draw.js';
import { shapeJson3 } from './scenes3.js';

const sub = (a, b) => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const cross = (a, b) => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const dot3 = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const unit = (a) => { const n = Math.hypot(...a); return n > 0 ? a.map((x) => x / n) : a; };
const mean = (pts) => pts.reduce((s, p) => s.map((x, k) => x + p[k] / pts.length), [0, 0, 0]);

/** The RGB of a #rrggbb colour. */
function rgb(hex) {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
}

/**
 * A hull (the library's {dimension, vertices, faces}) as faces and edges to draw: a polyhedron's
 * triangles with their outward normals, and its edges without the diagonals that split a flat
 * facet (the two triangles on either side are coplanar); a polygon is one face.
 */
function solid(hull) {
  const v = hull.vertices;
  if (hull.dimension === 3) {
    const faces = hull.faces.map((f) => ({ ids: f, normal: unit(cross(sub(v[f[1]], v[f[0]]), sub(v[f[2]], v[f[0]]))) }));
    const sides = new Map(); // "i,j" -> the faces on either side of the edge
    faces.forEach((f, k) => {
      for (let s = 0; s < 3; ++s) {
        const i = f.ids[s], j = f.ids[(s + 1) % 3];
        const key = i < j ? `${i},${j}` : `${j},${i}`;
        if (!sides.has(key)) sides.set(key, { i, j, faces: [] });
        sides.get(key).faces.push(k);
      }
    });
    const edges = [...sides.values()].filter((e) => e.faces.length !== 2 ||
      dot3(faces[e.faces[0]].normal, faces[e.faces[1]].normal) < 1 - 1e-9);
    return { vertices: v, faces, edges };
  }
  if (hull.dimension === 2) {
    let n = [0, 0, 0]; // Newell's normal of the polygon
    v.forEach((p, i) => { n = n.map((x, k) => x + cross(p, v[(i + 1) % v.length])[k]); });
    const ids = v.map((_, i) => i);
    return { vertices: v, faces: [{ ids, normal: unit(n), twoSided: true }], edges: ids.map((i) => ({ i, j: (i + 1) % v.length, faces: [0] })) };
  }
  if (hull.dimension === 1) return { vertices: v, faces: [], edges: [{ i: 0, j: 1, faces: [] }] };
  return { vertices: v, faces: [], edges: [] };
}

/**
 * A convex shape in space: its core (the hull, with faces when it has any) and, when rounded,
 * the outline of its projection. A point without radius is a ring.
 */
function drawSolid(ctx, cam, gjk, hull, radius, color, { alpha = 0.22 } = {}) {
  const flat = cam.flat();
  const body = solid(hull);
  if (body.vertices.length === 0) return;
  const [R, G, B] = rgb(color);
  if (body.vertices.length === 1 && radius <= 0) {
    dot(ctx, flat, cam.toView(body.vertices[0]), { r: 8, fill: '#fff', stroke: color, width: 3 });
    dot(ctx, flat, cam.toView(body.vertices[0]), { r: 2.5, fill: color });
    return;
  }
  const projected = body.vertices.map((p) => cam.toView(p));
  ctx.save();
  ctx.lineJoin = 'round';
  if (radius > 0) {
    // Orthographic: the rounded shape's outline is the projected core's hull rounded by r.
    const outline = roundedOutline(gjk.convex_hull(projected), radius);
    tracePath(ctx, flat, outline, true);
    ctx.fillStyle = `rgba(${R}, ${G}, ${B}, 0.14)`;
    ctx.fill();
    ctx.strokeStyle = color;
    ctx.lineWidth = 2;
    ctx.stroke();
  }
  // Faces back to front; one facing the eye is lit by its angle to the view direction.
  const front = (f) => f.twoSided || dot3(f.normal, cam.e) > 0;
  const faces = body.faces.map((f) => ({ ...f, depth: cam.depth(mean(f.ids.map((i) => body.vertices[i]))) }))
    .sort((p, q) => p.depth - q.depth);
  for (const f of faces) {
    if (!front(f)) continue;
    const light = 0.55 + 0.45 * Math.abs(dot3(f.normal, cam.e));
    tracePath(ctx, flat, f.ids.map((i) => projected[i]), true);
    ctx.fillStyle = `rgba(${Math.round(R * light + 255 * (1 - light))}, ${Math.round(G * light + 255 * (1 - light))}, ${Math.round(B * light + 255 * (1 - light))}, ${radius > 0 ? alpha / 2 : alpha})`;
    ctx.fill();
  }
  // Edges: behind (every face beside them turned away) thin and dashed, in front solid.
  const core = radius > 0;
  for (const hidden of [true, false]) {
    for (const e of body.edges) {
      const isHidden = e.faces.length > 0 && e.faces.every((k) => !front(body.faces[k]));
      if (isHidden !== hidden) continue;
      line(ctx, flat, projected[e.i], projected[e.j], color, hidden
        ? { width: 1, dash: [3, 4] }
        : { width: core ? 1 : 2, dash: core ? [4, 4] : [] });
    }
  }
  if (core && body.vertices.length === 1) dot(ctx, flat, projected[0], { r: 2.5, fill: color });
  ctx.restore();
}

/** Names a shape above its drawing. */
function nameSolid(ctx, cam, hull, radius, name, color) {
  if (hull.vertices.length === 0) return;
  const projected = hull.vertices.map((p) => cam.toView(p));
  const top = Math.max(...projected.map((p) => p[1])) + radius;
  const middle = projected.reduce((s, p) => s + p[0], 0) / projected.length;
  label(ctx, name, cam.flat().toScreen([middle, top]), color, { dx: 0, dy: -12, align: 'center', bold: true, size: 14 });
}

/** An arrow along a world direction, foreshortened as the projection shortens it. */
function arrow3(ctx, cam, from, dir, color, { length = 48, width = 2, dash = [] } = {}) {
  const d = cam.dirToView(dir);
  const shown = length * Math.hypot(d[0], d[1]) / (Math.hypot(...dir) || 1);
  if (shown < 4) { // along the line of sight: a ring says "towards or away from you"
    dot(ctx, cam.flat(), cam.toView(from), { r: 7, fill: null, stroke: color, width });
    return;
  }
  return arrow(ctx, cam.flat(), cam.toView(from), d, color, { length: shown, width, dash });
}

/** The world axes at the view's bottom left corner, so that every orbit keeps its bearings. */
function axesGizmo(ctx, cam) {
  const o = [40, cam.height - 40];
  for (const [axis, name] of [[[1, 0, 0], 'x'], [[0, 1, 0], 'y'], [[0, 0, 1], 'z']]) {
    const [x, y] = cam.dirToView(axis);
    const tip = [o[0] + 26 * x, o[1] - 26 * y];
    ctx.save();
    ctx.strokeStyle = COLORS.muted;
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    ctx.moveTo(o[0], o[1]);
    ctx.lineTo(tip[0], tip[1]);
    ctx.stroke();
    ctx.restore();
    label(ctx, name, tip, COLORS.muted, { dx: 4 * Math.sign(x), dy: -4 * Math.sign(y), align: 'center', size: 11 });
  }
}

/**
 * A light grid in the ground plane at height z around the point below the target, at a spacing
 * of 1, 2 or 5 times a power of ten, which shows how the view is tilted.
 */
function groundGrid(ctx, cam, z = 0) {
  const target = 48 / cam.scale;
  const pow = 10 ** Math.floor(Math.log10(target));
  const step = [1, 2, 5, 10].map((k) => k * pow).find((s) => s >= target);
  const half = Math.ceil(Math.max(cam.width, cam.height) / cam.scale / step / 2) * step;
  const cx = Math.round(cam.target[0] / step) * step, cy = Math.round(cam.target[1] / step) * step;
  const flat = cam.flat();
  ctx.save();
  ctx.globalAlpha = Math.min(1, 0.25 + 0.75 * Math.abs(cam.e[2])); // edge-on, the grid fades
  for (let k = -half; k <= half + 1e-9; k += step) {
    const xAxis = Math.abs(cy + k) < step / 2, yAxis = Math.abs(cx + k) < step / 2;
    line(ctx, flat, cam.toView([cx - half, cy + k, z]), cam.toView([cx + half, cy + k, z]), xAxis ? COLORS.axis : COLORS.grid, { width: 1 });
    line(ctx, flat, cam.toView([cx + k, cy - half, z]), cam.toView([cx + k, cy + half, z]), yAxis ? COLORS.axis : COLORS.grid, { width: 1 });
  }
  ctx.restore();
}

/** The origin of Z's space: three short axes and its name. */
function origin3(ctx, cam) {
  const flat = cam.flat(), o = cam.toView([0, 0, 0]);
  const len = 18 / cam.scale;
  for (const axis of [[1, 0, 0], [0, 1, 0], [0, 0, 1]]) {
    line(ctx, flat, cam.toView(axis.map((x) => -len * x)), cam.toView(axis.map((x) => len * x)), COLORS.ink, { width: 2 });
  }
  label(ctx, 'O', flat.toScreen(o), COLORS.ink, { dx: -8, dy: 12, align: 'right', bold: true });
}

/** The support point the next iteration added: the vertex of the next simplex not in this one. */
export function nextSupport(trace, k) {
  const next = trace[k];
  if (!next) return null;
  const here = new Set(trace[k - 1].simplex.map((v) => `${v.index_a},${v.index_b}`));
  return next.simplex.find((v) => !here.has(`${v.index_a},${v.index_b}`)) || null;
}

/** A copy of a trace step as drawn (plain numbers, so the tests can compare it). */
function drawnStep(trace, k) {
  const step = trace[k - 1], support = nextSupport(trace, k);
  return {
    index: k, count: trace.length,
    simplex: step.simplex.map((v) => ({ a: v.a, b: v.b, w: v.w, weight: v.weight, index_a: v.index_a, index_b: v.index_b })),
    closest: step.closest,
    support: support && { a: support.a, b: support.b, w: support.w, index_a: support.index_a, index_b: support.index_b },
  };
}

// --- The shapes -------------------------------------------------------------------------------

/** Both shapes, the farther first (their faces are translucent, so the order is only a hint). */
function drawShapes(ctx, cam, app) {
  const s = app.space;
  const shapes = [['a', s.hullA, s.a.radius, COLORS.a], ['b', s.hullB, s.b.radius, COLORS.b]]
    .map((x) => ({ x, depth: x[1].vertices.length ? cam.depth(mean(x[1].vertices)) : 0 }))
    .sort((p, q) => p.depth - q.depth);
  for (const { x: [, hull, radius, color] } of shapes) drawSolid(ctx, cam, app.gjk, hull, radius, color);
  nameSolid(ctx, cam, s.hullA, s.a.radius, 'A', COLORS.a);
  nameSolid(ctx, cam, s.hullB, s.b.radius, 'B', COLORS.b);
}

/** The height of the floor under the shapes: their lowest point. */
function floor(app) {
  const s = app.space;
  const low = (hull, r) => Math.min(...hull.vertices.map((p) => p[2] - r));
  const z = Math.min(low(s.hullA, s.a.radius), low(s.hullB, s.b.radius));
  return Number.isFinite(z) ? z : 0;
}

function drawShapesMode(ctx, cam, app) {
  groundGrid(ctx, cam, floor(app));
  drawShapes(ctx, cam, app);
  axesGizmo(ctx, cam);
  const s = app.space, r = s.result, flat = cam.flat();
  if (r.error) return { view: 'space', mode: 'shapes' };
  if (app.stepMode && r.trace.length > 0) {
    const k = s.step, step = r.trace[k - 1];
    const pa = [0, 0, 0], pb = [0, 0, 0];
    step.simplex.forEach((v, i) => {
      line(ctx, flat, cam.toView(v.a), cam.toView(v.b), COLORS.simplex, { width: 1.5, dash: [3, 3] });
      dot(ctx, flat, cam.toView(v.a), { r: 4.5, fill: COLORS.simplex, stroke: '#fff' });
      dot(ctx, flat, cam.toView(v.b), { r: 4.5, fill: COLORS.simplex, stroke: '#fff' });
      const sa = cam.toScreen(v.a), sb = cam.toScreen(v.b);
      label(ctx, `w${i + 1}`, [(sa[0] + sb[0]) / 2, (sa[1] + sb[1]) / 2], COLORS.simplex, { dx: 6, dy: -8, bold: true });
      for (let c = 0; c < 3; ++c) { pa[c] += v.weight * v.a[c]; pb[c] += v.weight * v.b[c]; }
    });
    // The weights applied to the pairs: this iteration's witness points.
    line(ctx, flat, cam.toView(pa), cam.toView(pb), COLORS.p, { width: 2 });
    dot(ctx, flat, cam.toView(pa), { r: 4, fill: COLORS.p });
    dot(ctx, flat, cam.toView(pb), { r: 4, fill: COLORS.p });
    const support = nextSupport(r.trace, k);
    if (support) {
      line(ctx, flat, cam.toView(support.a), cam.toView(support.b), COLORS.support, { width: 1.5, dash: [6, 4] });
      dot(ctx, flat, cam.toView(support.a), { r: 5.5, fill: COLORS.support, stroke: '#fff' });
      dot(ctx, flat, cam.toView(support.b), { r: 5.5, fill: COLORS.support, stroke: '#fff' });
      label(ctx, 'support', cam.toScreen(support.b), COLORS.support, { dx: 9, dy: 12, bold: true });
    }
    return { view: 'space', mode: 'shapes', step: drawnStep(r.trace, k) };
  }
  if ('penetration' in r) {
    // In contact, the answer's normal and depth are the penetration's (EPA): B's point deepest
    // in A and A's deepest in B; moving B by depth along the normal separates the shapes.
    const p = s.penetration;
    line(ctx, flat, cam.toView(p.point_b), cam.toView(p.point_a), COLORS.depth, { width: 2.5 });
    arrow3(ctx, cam, p.point_a, r.normal, COLORS.depth, { length: 48, width: 2 });
    dot(ctx, flat, cam.toView(p.point_b), { r: 4.5, fill: COLORS.b, stroke: COLORS.depth });
    dot(ctx, flat, cam.toView(p.point_a), { r: 4.5, fill: COLORS.a, stroke: COLORS.depth });
    label(ctx, `depth ${r.penetration.toFixed(3)}`, cam.toScreen(p.point_a), COLORS.depth);
    return {
      view: 'space', mode: 'shapes',
      result: { point_a: r.point_a, point_b: r.point_b, normal: r.normal, distance: r.distance, depth: r.penetration, deepest_a: p.point_a, deepest_b: p.point_b },
    };
  }
  line(ctx, flat, cam.toView(r.point_a), cam.toView(r.point_b), COLORS.ink, { width: 1.5, dash: [5, 4] });
  if (r.normal.some((x) => x !== 0)) arrow3(ctx, cam, r.point_a, r.normal, COLORS.ink, { length: 48, width: 1.5 });
  dot(ctx, flat, cam.toView(r.point_b), { r: 4.5, fill: COLORS.b, stroke: '#fff' });
  dot(ctx, flat, cam.toView(r.point_a), { r: 4.5, fill: COLORS.a, stroke: '#fff' });
  return { view: 'space', mode: 'shapes', result: { point_a: r.point_a, point_b: r.point_b, normal: r.normal, distance: r.distance } };
}

// --- The Minkowski difference -------------------------------------------------------------------

/** A simplex on Z: point, segment, triangle or tetrahedron, its weights and its closest point P. */
function drawSimplex(ctx, cam, simplex, closest, support) {
  const flat = cam.flat();
  const w = simplex.map((v) => v.w);
  // A tetrahedron shows the faces that look at the eye (each face's outward normal points away
  // from the fourth vertex) and draws the edges behind them dashed; a triangle shows its face.
  const faces = w.length === 3 ? [[0, 1, 2]] : w.length === 4 ? [[0, 1, 2], [0, 1, 3], [0, 2, 3], [1, 2, 3]] : [];
  const facing = faces.map((f) => {
    if (w.length === 3) return true;
    const other = w[[0, 1, 2, 3].find((i) => !f.includes(i))];
    const n = cross(sub(w[f[1]], w[f[0]]), sub(w[f[2]], w[f[0]]));
    const outward = dot3(n, sub(w[f[0]], other)) > 0 ? n : n.map((x) => -x);
    return dot3(outward, cam.e) > 0;
  });
  faces.forEach((f, k) => {
    if (!facing[k]) return;
    tracePath(ctx, flat, f.map((i) => cam.toView(w[i])), true);
    ctx.fillStyle = 'rgba(5, 150, 105, 0.16)';
    ctx.fill();
  });
  for (let i = 0; i < w.length; ++i) {
    for (let j = i + 1; j < w.length; ++j) {
      const behind = w.length === 4 && faces.every((f, k) => !(f.includes(i) && f.includes(j)) || !facing[k]);
      line(ctx, flat, cam.toView(w[i]), cam.toView(w[j]), COLORS.simplex, behind ? { width: 1.5, dash: [4, 4] } : { width: 2.5 });
    }
  }
  line(ctx, flat, cam.toView([0, 0, 0]), cam.toView(closest), COLORS.p, { width: 1.5, dash: [5, 4] });
  const P = cam.toScreen(closest);
  simplex.forEach((v, i) => {
    dot(ctx, flat, cam.toView(v.w), { r: 5, fill: COLORS.simplex, stroke: '#fff' });
    const s = cam.toScreen(v.w);
    const away = Math.sign(s[0] - P[0]) || 1; // the label on the outer side
    label(ctx, `w${i + 1}  ${+v.weight.toFixed(3)}`, s, COLORS.simplex, { dx: 9 * away, dy: -10, align: away > 0 ? 'left' : 'right', bold: true });
  });
  dot(ctx, flat, cam.toView(closest), { r: 5, fill: COLORS.p, stroke: '#fff' });
  label(ctx, 'P', P, COLORS.p, { dx: 8, dy: 12, bold: true });
  if (support) {
    dot(ctx, flat, cam.toView(support.w), { r: 6, fill: COLORS.support, stroke: '#fff' });
    label(ctx, 'support', cam.toScreen(support.w), COLORS.support, { dx: 9, dy: 12, bold: true });
  }
}

function drawMinkowskiMode(ctx, cam, app) {
  const s = app.space, z = s.z;
  const radius = s.a.radius + s.b.radius;
  const low = Math.min(0, ...z.vertices.map((p) => p[2] - radius));
  groundGrid(ctx, cam, low);
  drawSolid(ctx, cam, app.gjk, z, radius, COLORS.z, { alpha: 0.16 });
  nameSolid(ctx, cam, z, radius, 'Z = B − A', COLORS.z);
  origin3(ctx, cam);
  axesGizmo(ctx, cam);
  const r = s.result;
  if (r.error || r.trace.length === 0) return { view: 'space', mode: 'minkowski', z: z.vertices };
  if (app.stepMode) {
    const k = s.step, step = r.trace[k - 1];
    drawSimplex(ctx, cam, step.simplex, step.closest, nextSupport(r.trace, k));
    return { view: 'space', mode: 'minkowski', z: z.vertices, step: drawnStep(r.trace, k) };
  }
  const last = r.trace[r.trace.length - 1];
  drawSimplex(ctx, cam, last.simplex, last.closest, null);
  return { view: 'space', mode: 'minkowski', z: z.vertices, simplex: last.simplex, closest: last.closest };
}

export function drawSpaceView(ctx, cam, app) {
  return app.space.showZ ? drawMinkowskiMode(ctx, cam, app) : drawShapesMode(ctx, cam, app);
}

// --- Dragging ------------------------------------------------------------------------------

/**
 * Whether the line of sight through screen point s passes within `tol` pixels of a shape, and
 * how near the eye the shape is there: the library's distance from the shape to a long segment
 * along the view direction (the shape's witness point gives the depth).
 */
function sight(app, cam, shape, s, tol) {
  const q = cam.toWorld(s), far = 1e4 / Math.max(cam.scale, 1e-3) + 1e3;
  const ray = { points: [q.map((x, k) => x - far * cam.e[k]), q.map((x, k) => x + far * cam.e[k])] };
  const r = app.gjk.distance3(ray, shape);
  return r.error === '' && r.distance * cam.scale <= tol ? cam.depth(r.point_b) : null;
}

/** What a press at screen point s grabs: the shape nearest the eye under it (A or B), or null. */
export function grabInSpace(app, cam, s, tol) {
  const sp = app.space;
  if (sp.showZ) { // dragging Z moves B: Z = B - A moves with it
    const zShape = { points: sp.z.vertices, radius: sp.a.radius + sp.b.radius };
    if (sp.z.vertices.length === 0 || sight(app, cam, zShape, s, Math.max(4, tol / 2)) === null) return null;
    return { key: 'b', move: (q, prev) => { sp.b.position = sp.b.position.map((x, k) => x + q[k] - prev[k]); } };
  }
  let best = null;
  for (const key of ['a', 'b']) {
    const depth = sight(app, cam, shapeJson3(sp[key]), s, Math.max(4, tol / 2));
    if (depth !== null && (best === null || depth > best.depth || (depth === best.depth && key === sp.selected))) best = { key, depth };
  }
  if (!best) return null;
  const shape = sp[best.key];
  return { key: best.key, move: (q, prev) => { shape.position = shape.position.map((x, k) => x + q[k] - prev[k]); } };
}
