// view-cast.js - the shape cast: B moves by a translation r over a step t in [0, 1]; when does
// it first touch A?
//
// The answer is the library's shape_cast (gjk/cast.hpp, conservative advancement on GJK
// distance, bound as cast()): the first contact fraction t, the point of A's surface where B
// touches it, the normal from A to B there, and a status. Drawn here: B's sweep (the hull of B
// and B + r, rounded by B's radius), B at the start, a ghost of B at the end of the translation,
// B at t (filled deeper, outlined thicker), the contact point and the normal, and the arrow the
// user drags: r, from the centre of B's points.

import { COLORS, arrow, dot, drawConvex, fmt, grid, handle, label, line } from './draw.js';
import { localCentre, toWorld } from './scenes.js';
import { grabInShapes, worldHull } from './view-gjk.js';

const shift = (pts, d) => pts.map((p) => [p[0] + d[0], p[1] + d[1]]);

/** The world point the translation arrow starts from: the centre of B's points. */
export function castStart(shape) {
  return toWorld(shape, localCentre(shape));
}

/** The arrow's head: the start moved by the translation. */
function castTip(app) {
  const s = castStart(app.b), r = app.translation;
  return [s[0] + r[0], s[1] + r[1]];
}

export function drawCastView(ctx, cam, app) {
  grid(ctx, cam);
  const { a, b, translation: r } = app;
  const c = app.castResult;
  const hullA = worldHull(app.gjk, a), hullB = worldHull(app.gjk, b);
  const start = castStart(b), tip = castTip(app);

  // The sweep: every point B covers during the step is on a segment from x to x + r, so the
  // swept region is the hull of B and B + r (the library's convex_hull), rounded by B's radius.
  const sweep = app.gjk.convex_hull([...hullB, ...shift(hullB, r)]);
  drawConvex(ctx, cam, sweep, b.radius, COLORS.b, { alpha: 0.05, width: 1, dash: [2, 4], dashedCore: false });
  drawConvex(ctx, cam, hullA, a.radius, COLORS.a);
  // B at t = 0, lightly; the ghost at t = 1, outline only.
  drawConvex(ctx, cam, hullB, b.radius, COLORS.b, { alpha: 0.08, width: 1.5 });
  drawConvex(ctx, cam, shift(hullB, r), b.radius, COLORS.b, { alpha: 0, width: 1.5, dash: [6, 4] });
  label(ctx, 'B', cam.toScreen(start), COLORS.b, { dx: -10, dy: -12, align: 'right', bold: true, size: 14 });

  if (c.error) {
    drawTranslation(ctx, cam, start, r, tip);
    return { view: 'cast', start, translation: [...r], error: c.error };
  }
  // B at the fraction t: where it first touches A (a hit), at t = 0 (initially overlapping),
  // or at the end of the step (no contact, t = 1).
  const moved = [c.fraction * r[0], c.fraction * r[1]];
  drawConvex(ctx, cam, shift(hullB, moved), b.radius, COLORS.b, { alpha: 0.32, width: 3, dashedCore: false });

  // B's centre at t on the arrow, named below it (left of it near the head, where r is named).
  const at = [start[0] + moved[0], start[1] + moved[1]];
  drawTranslation(ctx, cam, start, r, tip);
  dot(ctx, cam, at, { r: 4, fill: COLORS.motion, stroke: '#fff' });
  const nearHead = c.fraction > 0.85;
  label(ctx, `t = ${fmt(c.fraction, 3)}`, cam.toScreen(at), COLORS.motion, { dx: nearHead ? -10 : 8, dy: 14, align: nearHead ? 'right' : 'left', bold: true });

  const drawn = {
    view: 'cast', start, translation: [...r], hit: c.hit, status: c.status, fraction: c.fraction,
    position: [b.position[0] + moved[0], b.position[1] + moved[1]], // B's position as drawn at t
  };
  if (!c.hit) return drawn;
  // The contact: the point on A's surface and the normal from A to B.
  arrow(ctx, cam, c.point, c.normal, COLORS.ink, { length: 44, width: 2 });
  dot(ctx, cam, c.point, { r: 5.5, fill: COLORS.p, stroke: '#fff', width: 2 });
  label(ctx, c.initially_overlapping ? 'overlap at t = 0' : 'contact', cam.toScreen(c.point), COLORS.p, { dx: -10, dy: 14, align: 'right', bold: true });
  return { ...drawn, point: c.point, normal: c.normal };
}

/** The translation r: an arrow from B's centre whose head ends at the draggable handle. */
function drawTranslation(ctx, cam, start, r, tip) {
  const length = Math.hypot(r[0], r[1]) * cam.scale - 8; // up to the handle's ring
  if (length > 12) arrow(ctx, cam, start, r, COLORS.motion, { length, width: 2.5 });
  else line(ctx, cam, start, tip, COLORS.motion, { width: 2.5 });
  handle(ctx, cam, tip, COLORS.motion, 'r');
}

/** What a press at screen point s grabs: the arrow's head first, then a shape or a vertex. */
export function grabInCast(app, cam, s, tol) {
  const head = cam.toScreen(castTip(app));
  if (Math.hypot(head[0] - s[0], head[1] - s[1]) <= tol + 4) {
    return { key: 'translation', move: (q, prev) => { app.translation = [app.translation[0] + q[0] - prev[0], app.translation[1] + q[1] - prev[1]]; } };
  }
  return grabInShapes(app, cam, s, tol);
}
