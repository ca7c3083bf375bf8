// view-gjk.js - the two GJK views: the shapes A and B, and their Minkowski difference Z = B - A.
//
// Both draw the same result of the library's distance(): live, the witness points and the
// normal (shapes) or the final simplex and its closest point P (Z); in step mode, one
// iteration of the trace: the simplex with its barycentric weights, P, the search direction d
// and the support point. Each draw returns what it drew, which the tests compare with the trace.

import { COLORS, arrow, dot, drawConvex, grid, label, line, origin, roundedOutline, tracePath } from './draw.js';
import { shapeJson, toLocal, toWorld } from './scenes.js';

/** The world hull of a shape, from the library's convex_hull of its points. */
export function worldHull(gjk, shape) {
  return gjk.convex_hull(shape.points).map((p) => toWorld(shape, p));
}

/** A copy of a trace step as drawn (plain numbers, so the tests can compare it). */
function drawnStep(step, index, count) {
  return {
    index, count,
    simplex: step.simplex.map((v) => ({ a: v.a, b: v.b, w: v.w, weight: v.weight, index_a: v.index_a, index_b: v.index_b })),
    closest: step.closest, direction: step.direction,
    support: step.has_support ? { a: step.support.a, b: step.support.b, w: step.support.w, index_a: step.support.index_a, index_b: step.support.index_b } : null,
    termination: step.termination,
  };
}

/**
 * Names a shape above the middle of its drawing; a point is named on the side `away` (a world
 * direction, such as away from the other shape).
 */
function nameShape(ctx, cam, hull, radius, name, color, away = [-1, -1]) {
  if (hull.length === 1 && radius <= 0) {
    const len = Math.hypot(away[0], away[1]) || 1;
    const dx = (16 * away[0]) / len, dy = (-16 * away[1]) / len;
    label(ctx, name, cam.toScreen(hull[0]), color, { dx, dy, align: 'center', bold: true, size: 14 });
    return;
  }
  const top = Math.max(...hull.map((p) => p[1]));
  const middle = hull.reduce((sum, p) => sum + p[0], 0) / hull.length;
  const s = cam.toScreen([middle, top + radius]);
  label(ctx, name, s, color, { dx: 0, dy: -12, align: 'center', bold: true, size: 14 });
}

// --- The shapes ----------------------------------------------------------------------------

export function drawShapesView(ctx, cam, app) {
  grid(ctx, cam);
  const { a, b } = app;
  const hullA = worldHull(app.gjk, a), hullB = worldHull(app.gjk, b);
  // A point goes on top, where a polygon around it cannot hide it.
  const pointA = hullA.length === 1 && a.radius <= 0;
  if (!pointA) drawConvex(ctx, cam, hullA, a.radius, COLORS.a);
  drawConvex(ctx, cam, hullB, b.radius, COLORS.b);
  if (pointA) drawConvex(ctx, cam, hullA, a.radius, COLORS.a);
  // Every point of a polygon or segment can be dragged (a non-convex one is simply not on the hull).
  for (const [shape, color] of [[a, COLORS.a], [b, COLORS.b]]) {
    if (shape.points.length < 2) continue;
    for (const p of shape.points) dot(ctx, cam, toWorld(shape, p), { r: 3.5, fill: '#fff', stroke: color, width: 1.5 });
  }
  const r = app.result;
  const n = r.normal[0] !== 0 || r.normal[1] !== 0 ? r.normal : [-1, -1];
  nameShape(ctx, cam, hullA, a.radius, 'A', COLORS.a, [-n[0], -n[1]]);
  nameShape(ctx, cam, hullB, b.radius, 'B', COLORS.b, n);
  if (r.trace.length === 0) return { view: 'shapes' }; // invalid input: nothing ran

  if (app.stepMode) {
    const step = r.trace[app.step - 1];
    drawStepOnShapes(ctx, cam, step);
    return { view: 'shapes', step: drawnStep(step, app.step, r.trace.length) };
  }
  // In contact, the answer's normal and depth are the penetration's (EPA): drawn with its
  // witnesses, B's point deepest in A and A's deepest in B; moving B by depth along the normal
  // separates the shapes.
  if ('penetration' in r) {
    const p = app.penetrationResult;
    line(ctx, cam, p.point_b, p.point_a, COLORS.depth, { width: 2.5 });
    arrow(ctx, cam, p.point_a, r.normal, COLORS.depth, { length: 44, width: 2 });
    dot(ctx, cam, p.point_b, { r: 4.5, fill: COLORS.b, stroke: COLORS.depth });
    dot(ctx, cam, p.point_a, { r: 4.5, fill: COLORS.a, stroke: COLORS.depth });
    label(ctx, `depth ${r.penetration.toFixed(3)}`, cam.toScreen(p.point_a), COLORS.depth);
    return { view: 'shapes', result: { point_a: r.point_a, point_b: r.point_b, normal: r.normal, distance: r.distance, depth: r.penetration } };
  }
  // The answer: witness points, the segment between them, the normal from A to B.
  line(ctx, cam, r.point_a, r.point_b, COLORS.ink, { width: 1.5, dash: [5, 4] });
  if (r.normal[0] !== 0 || r.normal[1] !== 0) arrow(ctx, cam, r.point_a, r.normal, COLORS.ink, { length: 44, width: 1.5 });
  dot(ctx, cam, r.point_b, { r: 4.5, fill: COLORS.b, stroke: '#fff' });
  dot(ctx, cam, r.point_a, { r: 4.5, fill: COLORS.a, stroke: '#fff' });
  return { view: 'shapes', result: { point_a: r.point_a, point_b: r.point_b, normal: r.normal, distance: r.distance } };
}

/**
 * One iteration on the shapes: each simplex vertex w = b - a is the pair (a on A, b on B); the
 * weights applied to the pairs give this iteration's witness points; the support point is
 * support(B, d) - support(A, -d).
 */
function drawStepOnShapes(ctx, cam, step) {
  const pa = [0, 0], pb = [0, 0];
  step.simplex.forEach((v, i) => {
    line(ctx, cam, v.a, v.b, COLORS.simplex, { width: 1.5, dash: [3, 3] });
    dot(ctx, cam, v.a, { r: 4.5, fill: COLORS.simplex, stroke: '#fff' });
    dot(ctx, cam, v.b, { r: 4.5, fill: COLORS.simplex, stroke: '#fff' });
    const sa = cam.toScreen(v.a), sb = cam.toScreen(v.b);
    label(ctx, `w${i + 1}`, [(sa[0] + sb[0]) / 2, (sa[1] + sb[1]) / 2], COLORS.simplex, { dx: 6, dy: -8, bold: true });
    pa[0] += v.weight * v.a[0]; pa[1] += v.weight * v.a[1];
    pb[0] += v.weight * v.b[0]; pb[1] += v.weight * v.b[1];
  });
  line(ctx, cam, pa, pb, COLORS.p, { width: 2 });
  dot(ctx, cam, pa, { r: 4, fill: COLORS.p });
  dot(ctx, cam, pb, { r: 4, fill: COLORS.p });
  const d = step.direction;
  if (d[0] !== 0 || d[1] !== 0) {
    arrow(ctx, cam, pb, d, COLORS.dir, { length: 50 }); // B's support looks along d...
    arrow(ctx, cam, pa, [-d[0], -d[1]], COLORS.dir, { length: 50, dash: [4, 3] }); // ...A's along -d
  }
  if (step.has_support) {
    const s = step.support;
    line(ctx, cam, s.a, s.b, COLORS.support, { width: 1.5, dash: [6, 4] });
    label(ctx, 'support', cam.toScreen(s.b), COLORS.support, { dx: 9, dy: 12, bold: true });
    dot(ctx, cam, s.a, { r: 5.5, fill: COLORS.support, stroke: '#fff' });
    dot(ctx, cam, s.b, { r: 5.5, fill: COLORS.support, stroke: '#fff' });
  }
}

// --- The Minkowski difference -----------------------------------------------------------------

export function drawMinkowskiView(ctx, cam, app) {
  grid(ctx, cam);
  const z = app.z; // the library's minkowski_difference: hull of every b_j - a_i (cores)
  const radius = app.a.radius + app.b.radius;
  ctx.save();
  tracePath(ctx, cam, z, z.length > 2);
  ctx.fillStyle = 'rgba(124, 58, 237, 0.12)';
  if (z.length > 2) ctx.fill();
  ctx.strokeStyle = COLORS.z;
  ctx.lineWidth = 2;
  ctx.stroke();
  if (radius > 0) {
    // The rounded Z: GJK works on the core; the distance is |P| minus the radii.
    tracePath(ctx, cam, roundedOutline(z, radius), true);
    ctx.setLineDash([5, 4]);
    ctx.lineWidth = 1.5;
    ctx.stroke();
  }
  ctx.restore();
  if (z.length === 1) dot(ctx, cam, z[0], { r: 4, fill: COLORS.z });
  nameShape(ctx, cam, z, radius, 'Z = B − A', COLORS.z);
  origin(ctx, cam);

  const r = app.result;
  if (r.trace.length === 0) return { view: 'minkowski', z }; // invalid input: nothing ran
  if (app.stepMode) {
    const step = r.trace[app.step - 1];
    drawStepOnZ(ctx, cam, step, true);
    return { view: 'minkowski', step: drawnStep(step, app.step, r.trace.length), z };
  }
  const last = r.trace[r.trace.length - 1];
  drawStepOnZ(ctx, cam, { ...last, has_support: false, direction: [0, 0] }, false);
  return { view: 'minkowski', z, simplex: last.simplex, closest: last.closest };
}

/** A simplex on Z with its weights, its closest point P, and (step mode) d and the support point. */
function drawStepOnZ(ctx, cam, step, details) {
  const w = step.simplex.map((v) => v.w);
  if (w.length > 1) {
    ctx.save();
    tracePath(ctx, cam, w, w.length === 3);
    if (w.length === 3) {
      ctx.fillStyle = 'rgba(5, 150, 105, 0.14)';
      ctx.fill();
    }
    ctx.strokeStyle = COLORS.simplex;
    ctx.lineWidth = 2.5;
    ctx.stroke();
    ctx.restore();
  }
  const P = step.closest;
  line(ctx, cam, [0, 0], P, COLORS.p, { width: 1.5, dash: [5, 4] });
  step.simplex.forEach((v, i) => {
    dot(ctx, cam, v.w, { r: 5, fill: COLORS.simplex, stroke: '#fff' });
    const s = cam.toScreen(v.w);
    const away = Math.sign(s[0] - cam.toScreen(P)[0]) || 1; // put the label on the outer side
    label(ctx, `w${i + 1}  ${+v.weight.toFixed(3)}`, s, COLORS.simplex, { dx: 9 * away, dy: -10, align: away > 0 ? 'left' : 'right', bold: true });
  });
  dot(ctx, cam, P, { r: 5, fill: COLORS.p, stroke: '#fff' });
  label(ctx, 'P', cam.toScreen(P), COLORS.p, { dx: 8, dy: 12, bold: true });
  if (!details) return;
  const d = step.direction;
  if (d[0] !== 0 || d[1] !== 0) {
    const tip = arrow(ctx, cam, P, d, COLORS.dir, { length: 72, width: 2.5 });
    label(ctx, 'd', tip, COLORS.dir, { dx: 6, dy: -6, bold: true });
  }
  if (step.has_support) {
    const s = step.support.w;
    // The support line: every point of Z lies behind it, as seen along d.
    const len = Math.hypot(d[0], d[1]);
    const t = [-d[1] / len, d[0] / len];
    const far = (2 * Math.hypot(cam.width, cam.height)) / cam.scale;
    line(ctx, cam, [s[0] - far * t[0], s[1] - far * t[1]], [s[0] + far * t[0], s[1] + far * t[1]], COLORS.support, { width: 1, dash: [2, 4] });
    dot(ctx, cam, s, { r: 6, fill: COLORS.support, stroke: '#fff' });
    label(ctx, 'support', cam.toScreen(s), COLORS.support, { dx: 9, dy: 12, bold: true });
  }
}

// --- Dragging ----------------------------------------------------------------------------

/** Whether the screen point s is on the shape (the library decides: distance from a point). */
function onShape(app, cam, shape, s, tol) {
  const q = cam.toWorld(s);
  const r = app.gjk.distance({ points: [[0, 0]], position: q }, shapeJson(shape));
  return r.error === '' && r.distance * cam.scale <= tol;
}

/** What a press at screen point s grabs in the shapes view: a vertex, a shape, or nothing. */
export function grabInShapes(app, cam, s, tol) {
  const order = app.selected === 'a' ? ['a', 'b'] : ['b', 'a'];
  for (const key of order) {
    const shape = app[key];
    if (shape.points.length < 2) continue;
    for (let i = 0; i < shape.points.length; ++i) {
      const p = cam.toScreen(toWorld(shape, shape.points[i]));
      if (Math.hypot(p[0] - s[0], p[1] - s[1]) <= tol) {
        return { key, move: (q) => { shape.points[i] = toLocal(shape, q); shape.kind = 'custom'; } };
      }
    }
  }
  for (const key of order) {
    const shape = app[key];
    if (onShape(app, cam, shape, s, Math.max(4, tol / 2))) {
      return { key, move: (q, prev) => { shape.position = [shape.position[0] + q[0] - prev[0], shape.position[1] + q[1] - prev[1]]; } };
    }
  }
  return null;
}

/** In the Minkowski view, dragging Z moves B: Z = B - A moves with it. */
export function grabInMinkowski(app, cam, s, tol) {
  const zShape = { points: app.z, radius: app.a.radius + app.b.radius, position: [0, 0], angle: 0 };
  if (!onShape(app, cam, zShape, s, Math.max(4, tol / 2))) return null;
  const b = app.b;
  return { key: 'b', move: (q, prev) => { b.position = [b.position[0] + q[0] - prev[0], b.position[1] + q[1] - prev[1]]; } };
}
