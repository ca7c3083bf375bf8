// view-ray.js - the ray cast: where does the ray from S to E first meet shape A?
//
// The answer is the library's ray_cast (gjk/raycast.hpp, conservative advancement of a point on
// GJK distance, bound as ray_cast()): the first point of the ray origin + t * translation,
// t in [0, 1], on A (its hull rounded by its radius), the outward normal there and the fraction
// t. Drawn here: A, the ray from S to E with both ends draggable, and, on a hit, the point, the
// normal and t. A ray that starts inside A hits at t = 0 with no normal.

import { COLORS, arrow, dot, drawConvex, fmt, grid, handle, label, line } from './draw.js';
import { grabInShapes, worldHull } from './view-gjk.js';

/** A ray across shape A: from beyond its left side to beyond its right, a little tilted. */
export function defaultRay(gjk, a) {
  const hull = worldHull(gjk, a);
  const xs = hull.map((p) => p[0]), ys = hull.map((p) => p[1]);
  const w = Math.max(Math.max(...xs) - Math.min(...xs), 1) + 2 * a.radius;
  const h = Math.max(Math.max(...ys) - Math.min(...ys), 1) + 2 * a.radius;
  const cy = (Math.max(...ys) + Math.min(...ys)) / 2;
  return { start: [Math.min(...xs) - w, cy + 0.3 * h], end: [Math.max(...xs) + w, cy - 0.1 * h] };
}

export function drawRayView(ctx, cam, app) {
  grid(ctx, cam);
  const { a, ray } = app;
  const r = app.rayResult;
  drawConvex(ctx, cam, worldHull(app.gjk, a), a.radius, COLORS.a);
  line(ctx, cam, ray.start, ray.end, COLORS.motion, { width: 2.5 });
  handle(ctx, cam, ray.start, COLORS.motion, 'S');
  handle(ctx, cam, ray.end, COLORS.motion, 'E');
  const drawn = { view: 'ray', start: [...ray.start], end: [...ray.end] };
  if (r.error) return { ...drawn, error: r.error };
  const result = { ...drawn, hit: r.hit, status: r.status, fraction: r.fraction };
  if (!r.hit) return result;
  dot(ctx, cam, r.point, { r: 5.5, fill: COLORS.p, stroke: '#fff', width: 2 });
  if (r.normal[0] !== 0 || r.normal[1] !== 0) {
    arrow(ctx, cam, r.point, r.normal, COLORS.ink, { length: 44, width: 2 });
  }
  label(ctx, r.fraction === 0 ? 'starts inside: t = 0' : `hit at t = ${fmt(r.fraction, 3)}`,
    cam.toScreen(r.point), COLORS.p, { dx: 10, dy: -12, align: 'left', bold: true });
  return { ...result, point: r.point, normal: r.normal };
}

/** What a press grabs: an end of the ray, then shape A or one of its vertices. */
export function grabInRay(app, cam, s, tol) {
  for (const key of ['start', 'end']) {
    const p = cam.toScreen(app.ray[key]);
    if (Math.hypot(p[0] - s[0], p[1] - s[1]) <= tol + 4) {
      return { key, move: (q, prev) => { app.ray[key] = [app.ray[key][0] + q[0] - prev[0], app.ray[key][1] + q[1] - prev[1]]; } };
    }
  }
  const g = grabInShapes(app, cam, s, tol);
  return g && g.key === 'a' ? g : null;
}

/** The gradient arrows of the shapes view: for each shape, the direction in which moving it
 *  increases the signed distance fastest (d s / d(x, y), a unit vector), from its position,
 *  and d s / d angle beside it. */
export function drawGradient(ctx, cam, app) {
  const g = app.gradientResult;
  for (const key of ['a', 'b']) {
    const shape = app[key], d = g[key];
    const at = shape.position;
    arrow(ctx, cam, at, [d[0], d[1]], COLORS.motion, { length: 56, width: 2.5 });
    label(ctx, `∂s/∂θ = ${fmt(d[2], 3)}`, cam.toScreen(at), COLORS.motion, { dx: 8, dy: 16, align: 'left' });
  }
  if (!g.differentiable) {
    label(ctx, 'not differentiable here (one-sided gradient)', [12, 20], COLORS.ink, { align: 'left', bold: true });
  }
}
