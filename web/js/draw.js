// draw.js - Canvas 2D primitives in the palette of the `gjk svg` pictures (cli/svg.cpp).
// Geometry arrives in world coordinates and goes through a Camera; sizes are CSS pixels.

export const COLORS = {
  a: '#2563eb', // shape A, witness point on A
  b: '#ea580c', // shape B, witness point on B
  z: '#7c3aed', // the Minkowski difference
  simplex: '#059669', // simplex edges, vertices, weights
  p: '#dc2626', // the closest point P
  dir: '#0891b2', // the search direction d
  support: '#ca8a04', // the new support point
  depth: '#be123c', // the penetration: deepest points and minimum translation
  motion: '#0f766e', // the cast: B's translation arrow
  ink: '#1f2937', // text, origin, normal, witness segment
  muted: '#6b7280',
  grid: '#f1f5f9',
  axis: '#cbd5e1',
};

/** A number for the page: at most `digits` decimals, no trailing zeros, no "-0". */
export function fmt(x, digits = 4) {
  if (!Number.isFinite(x)) return String(x);
  const s = x.toFixed(digits).replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
  return s === '-0' ? '0' : s;
}

/** A point as "(x, y)", or in space "(x, y, z)". */
export function fmtPoint(p, digits = 4) {
  return `(${p.map((x) => fmt(x, digits)).join(', ')})`;
}

/**
 * The outline of a convex hull (world points, counter-clockwise, as the library's convex_hull
 * returns them) rounded by `radius`: every edge moved out along its normal, joined by arcs
 * around the vertices. One point gives a circle, two a capsule.
 */
export function roundedOutline(hull, radius) {
  if (radius <= 0 || hull.length === 0) return hull;
  const n = hull.length;
  const out = [];
  const normalAngle = (p, q) => Math.atan2(-(q[0] - p[0]), q[1] - p[1]); // angle of (e.y, -e.x)
  for (let i = 0; i < n; ++i) {
    const prev = hull[(i + n - 1) % n], p = hull[i], next = hull[(i + 1) % n];
    let a0 = n === 1 ? 0 : normalAngle(prev, p);
    let a1 = n === 1 ? 2 * Math.PI : normalAngle(p, next);
    while (a1 < a0) a1 += 2 * Math.PI; // the arc turns counter-clockwise
    const steps = Math.max(1, Math.ceil((a1 - a0) / (Math.PI / 24)));
    for (let k = 0; k <= steps; ++k) {
      const t = a0 + ((a1 - a0) * k) / steps;
      out.push([p[0] + radius * Math.cos(t), p[1] + radius * Math.sin(t)]);
    }
  }
  return out;
}

/** A path through world points. */
export function tracePath(ctx, cam, pts, closed = true) {
  ctx.beginPath();
  pts.forEach((p, i) => {
    const [x, y] = cam.toScreen(p);
    if (i === 0) ctx.moveTo(x, y);
    else ctx.lineTo(x, y);
  });
  if (closed) ctx.closePath();
}

/**
 * A convex shape: its core hull (world) and, when rounded, the outline at `radius`. A single
 * point without radius is a dot.
 */
export function drawConvex(ctx, cam, hull, radius, color, { alpha = 0.16, dashedCore = true, width = 2, dash = [] } = {}) {
  ctx.save();
  ctx.lineJoin = 'round';
  if (hull.length === 1 && radius <= 0) { // a point: a ring, so it shows under other marks
    dot(ctx, cam, hull[0], { r: 8, fill: '#fff', stroke: color, width: 3 });
    dot(ctx, cam, hull[0], { r: 2.5, fill: color });
    ctx.restore();
    return;
  }
  const outline = roundedOutline(hull, radius);
  tracePath(ctx, cam, outline, true);
  ctx.globalAlpha = alpha;
  ctx.fillStyle = color;
  ctx.fill();
  ctx.globalAlpha = 1;
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  ctx.setLineDash(dash);
  ctx.stroke();
  if (radius > 0 && hull.length > 0) {
    // The core, which GJK sees; the radius is applied after the loop.
    ctx.setLineDash(dashedCore ? [4, 4] : []);
    ctx.lineWidth = 1;
    if (hull.length === 1) dot(ctx, cam, hull[0], { r: 2.5, fill: color });
    else {
      tracePath(ctx, cam, hull, hull.length > 2);
      ctx.stroke();
    }
  }
  ctx.restore();
}

/** A dot at a world point. */
export function dot(ctx, cam, p, { r = 4, fill = COLORS.ink, stroke = null, width = 1.5 } = {}) {
  const [x, y] = cam.toScreen(p);
  ctx.beginPath();
  ctx.arc(x, y, r, 0, 2 * Math.PI);
  if (fill) {
    ctx.fillStyle = fill;
    ctx.fill();
  }
  if (stroke) {
    ctx.strokeStyle = stroke;
    ctx.lineWidth = width;
    ctx.stroke();
  }
}

/** A segment between world points. */
export function line(ctx, cam, p, q, color, { width = 1.5, dash = [] } = {}) {
  const [x0, y0] = cam.toScreen(p), [x1, y1] = cam.toScreen(q);
  ctx.save();
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  ctx.setLineDash(dash);
  ctx.beginPath();
  ctx.moveTo(x0, y0);
  ctx.lineTo(x1, y1);
  ctx.stroke();
  ctx.restore();
}

/** An arrow from a world point along a world direction, `length` pixels long. */
export function arrow(ctx, cam, from, dir, color, { length = 60, width = 2, dash = [] } = {}) {
  const len = Math.hypot(dir[0], dir[1]);
  if (!(len > 0)) return;
  const [x0, y0] = cam.toScreen(from);
  const ux = dir[0] / len, uy = -dir[1] / len; // screen y is down
  const x1 = x0 + ux * length, y1 = y0 + uy * length;
  ctx.save();
  ctx.strokeStyle = ctx.fillStyle = color;
  ctx.lineWidth = width;
  ctx.setLineDash(dash);
  ctx.beginPath();
  ctx.moveTo(x0, y0);
  ctx.lineTo(x1 - ux * 6, y1 - uy * 6);
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.beginPath();
  ctx.moveTo(x1, y1);
  ctx.lineTo(x1 - ux * 10 - uy * 5, y1 - uy * 10 + ux * 5);
  ctx.lineTo(x1 - ux * 10 + uy * 5, y1 - uy * 10 - ux * 5);
  ctx.closePath();
  ctx.fill();
  ctx.restore();
  return [x1, y1];
}

/** Text at a screen point, with a white halo so it reads over any drawing. */
export function label(ctx, text, s, color = COLORS.ink, { dx = 8, dy = -8, align = 'left', bold = false, size = 12 } = {}) {
  ctx.save();
  ctx.font = `${bold ? '600 ' : ''}${size}px system-ui, sans-serif`;
  ctx.textAlign = align;
  ctx.textBaseline = 'middle';
  ctx.lineJoin = 'round';
  ctx.strokeStyle = 'rgba(255,255,255,0.9)';
  ctx.lineWidth = 3;
  ctx.strokeText(text, s[0] + dx, s[1] + dy);
  ctx.fillStyle = color;
  ctx.fillText(text, s[0] + dx, s[1] + dy);
  ctx.restore();
}

/** A light grid with the axes, at a spacing of 1, 2 or 5 times a power of ten. */
export function grid(ctx, cam) {
  const target = 48 / cam.scale; // world units for about 48 pixels
  const pow = 10 ** Math.floor(Math.log10(target));
  const step = [1, 2, 5, 10].map((k) => k * pow).find((s) => s >= target);
  const [x0, y1] = cam.toWorld([0, 0]), [x1, y0] = cam.toWorld([cam.width, cam.height]);
  ctx.save();
  ctx.lineWidth = 1;
  for (const axis of [0, 1]) {
    const lo = axis === 0 ? x0 : y0, hi = axis === 0 ? x1 : y1;
    for (let k = Math.ceil(lo / step); k * step <= hi; ++k) {
      const v = k * step;
      ctx.strokeStyle = k === 0 ? COLORS.axis : COLORS.grid;
      ctx.beginPath();
      if (axis === 0) {
        const [x] = cam.toScreen([v, 0]);
        ctx.moveTo(Math.round(x) + 0.5, 0);
        ctx.lineTo(Math.round(x) + 0.5, cam.height);
      } else {
        const [, y] = cam.toScreen([0, v]);
        ctx.moveTo(0, Math.round(y) + 0.5);
        ctx.lineTo(cam.width, Math.round(y) + 0.5);
      }
      ctx.stroke();
    }
  }
  ctx.restore();
}

/** The origin of the Minkowski view (the talk's query point Q = O). */
export function origin(ctx, cam) {
  const [x, y] = cam.toScreen([0, 0]);
  ctx.save();
  ctx.strokeStyle = COLORS.ink;
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.moveTo(x - 7, y); ctx.lineTo(x + 7, y);
  ctx.moveTo(x, y - 7); ctx.lineTo(x, y + 7);
  ctx.stroke();
  ctx.restore();
  label(ctx, 'O', [x, y], COLORS.ink, { dx: -8, dy: 10, align: 'right', bold: true });
}

/** A draggable handle: a white disc with a coloured ring and a name. */
export function handle(ctx, cam, p, color, name) {
  dot(ctx, cam, p, { r: 6, fill: '#fff', stroke: color, width: 2.5 });
  if (name) label(ctx, name, cam.toScreen(p), color, { bold: true, size: 13 });
}
