// view-contacts.js - the contact manifold of A and B: the normal, the reference face, and up to
// two contact points with their separations, as a physics solver receives them.
//
// The answer is the library's manifold (gjk/manifold.hpp: the normal from distance() or EPA, a
// reference face, the incident face clipped against it; bound as manifold()), with a margin:
// shapes within the margin of each other get speculative points (positive separations).
// Drawn here: both shapes, the reference face thick in its shape's colour, the normal from the
// face's middle, and each point with its separation and feature id.

import { COLORS, arrow, dot, drawConvex, fmt, grid, label, line } from './draw.js';
import { worldHull } from './view-gjk.js';

/** The speculative margin of the contacts view, in world units. */
export const CONTACT_MARGIN = 0.25;

export function drawContactsView(ctx, cam, app) {
  grid(ctx, cam);
  const { a, b } = app;
  const m = app.manifoldResult;
  drawConvex(ctx, cam, worldHull(app.gjk, a), a.radius, COLORS.a);
  drawConvex(ctx, cam, worldHull(app.gjk, b), b.radius, COLORS.b);
  const drawn = { view: 'contacts', count: m.points.length, status: m.status };
  if (m.error) return { ...drawn, error: m.error };
  if (m.points.length === 0) {
    label(ctx, `no contact within the margin ${CONTACT_MARGIN}`, [12, 20], COLORS.ink, { align: 'left', bold: true });
    return drawn;
  }
  if (m.reference_face.length === 2) {
    const [p, q] = m.reference_face;
    line(ctx, cam, p, q, m.reference === 'b' ? COLORS.b : COLORS.a, { width: 6 });
    const mid = [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2];
    arrow(ctx, cam, mid, m.normal, COLORS.ink, { length: 44, width: 2 });
    label(ctx, 'reference face', cam.toScreen(mid), COLORS.ink, { dx: 8, dy: 16, align: 'left' });
  } else {
    arrow(ctx, cam, m.points[0].point, m.normal, COLORS.ink, { length: 44, width: 2 });
  }
  for (const [i, p] of m.points.entries()) {
    dot(ctx, cam, p.point, { r: 5.5, fill: COLORS.p, stroke: '#fff', width: 2 });
    label(ctx, `${i + 1}: s = ${fmt(p.separation, 4)}`, cam.toScreen(p.point), COLORS.p, { dx: 10, dy: -10 - 16 * i, align: 'left', bold: true });
  }
  return { ...drawn, normal: m.normal, points: m.points, reference_face: m.reference_face };
}
