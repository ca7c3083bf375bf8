// view-sections.js - the talk's first two sections: the closest point on a segment and on a
// triangle to a query point Q, with the Voronoi regions shaded.
//
// The shading is the library's own decision: the bindings' region maps run segment_region /
// triangle_region on the coordinates of every pixel, so a region shows exactly where the
// library would pick it (a zero-area triangle included). The numbers come from
// closest_point_segment, triangle_coordinates and closest_point_triangle.

import { COLORS, dot, fmt, grid, handle, label, line, tracePath } from './draw.js';

/** Region bitmasks (bit 0 = A, bit 1 = B, bit 2 = C) and their names. */
export const REGION_NAMES = { 1: 'A', 2: 'B', 4: 'C', 3: 'AB', 6: 'BC', 5: 'CA', 7: 'ABC' };
const MASKS = Object.fromEntries(Object.entries(REGION_NAMES).map(([m, n]) => [n, +m]));

// Vertex regions pale blue, edge regions pale yellow, the interior pale green; the region
// that holds Q a shade deeper.
const TINT = { 1: [224, 242, 254], 2: [254, 249, 195], 3: [220, 252, 231] };
const TINT_ACTIVE = { 1: [186, 230, 253], 2: [253, 230, 138], 3: [187, 247, 208] };
const bits = (m) => (m & 1) + ((m >> 1) & 1) + ((m >> 2) & 1);

/** Draws a region map (one library answer per CSS pixel) and names each region at its centre. */
class RegionLayer {
  constructor() {
    this.canvas = document.createElement('canvas');
    this.key = '';
    this.map = null;
  }

  draw(ctx, cam, key, compute, active) {
    const w = Math.max(1, Math.ceil(cam.width)), h = Math.max(1, Math.ceil(cam.height));
    const fullKey = `${key}|${cam.cx},${cam.cy},${cam.scale},${w},${h}`;
    if (fullKey !== this.key) {
      // Sample (i, j) is the centre of pixel (i, j): origin + i * step_x + j * step_y.
      const o = cam.toWorld([0.5, 0.5]);
      this.map = compute(o, [1 / cam.scale, 0], [0, -1 / cam.scale], w, h);
      this.key = fullKey;
    }
    if (this.canvas.width !== w || this.canvas.height !== h) {
      this.canvas.width = w;
      this.canvas.height = h;
    }
    const c2 = this.canvas.getContext('2d');
    const img = c2.createImageData(w, h);
    const sums = {};
    for (let j = 0, k = 0; j < h; ++j) {
      for (let i = 0; i < w; ++i, ++k) {
        const m = this.map[k];
        const rgb = (m === active ? TINT_ACTIVE : TINT)[bits(m)] || [255, 255, 255];
        img.data[4 * k] = rgb[0]; img.data[4 * k + 1] = rgb[1]; img.data[4 * k + 2] = rgb[2]; img.data[4 * k + 3] = 255;
        const s = sums[m] || (sums[m] = [0, 0, 0]);
        s[0] += i; s[1] += j; s[2] += 1;
      }
    }
    c2.putImageData(img, 0, 0);
    ctx.drawImage(this.canvas, 0, 0, cam.width, cam.height);
    grid(ctx, cam);
    for (const [m, [si, sj, n]] of Object.entries(sums)) {
      if (n < 400) continue; // too small to name
      label(ctx, REGION_NAMES[m], [si / n, sj / n], +m === active ? COLORS.ink : COLORS.muted, { dx: 0, dy: 0, align: 'center', bold: +m === active, size: 13 });
    }
  }
}

const segmentLayer = new RegionLayer();
const triangleLayer = new RegionLayer();

// --- Section 1: segment ------------------------------------------------------------------

export function solveSegment(gjk, seg) {
  return {
    closest: gjk.closest_point_segment(seg.A, seg.B, seg.Q), // point, u, v, region
    coords: gjk.segment_coordinates(seg.A, seg.B, seg.Q), // u', v' (times |B - A|^2)
  };
}

export function drawSegmentView(ctx, cam, app) {
  const seg = app.segment;
  const { closest } = app.segmentResult;
  segmentLayer.draw(ctx, cam, JSON.stringify([seg.A, seg.B]),
    (o, sx, sy, w, h) => app.gjk.segment_region_map(seg.A, seg.B, o, sx, sy, w, h), MASKS[closest.region]);
  line(ctx, cam, seg.A, seg.B, COLORS.simplex, { width: 3 });
  line(ctx, cam, seg.Q, closest.point, COLORS.p, { width: 1.5, dash: [5, 4] });
  dot(ctx, cam, closest.point, { r: 5, fill: COLORS.p, stroke: '#fff' });
  label(ctx, `P  u=${fmt(closest.u, 3)}  v=${fmt(closest.v, 3)}`, cam.toScreen(closest.point), COLORS.p, { dy: 14, bold: true });
  handle(ctx, cam, seg.A, COLORS.simplex, 'A');
  handle(ctx, cam, seg.B, COLORS.simplex, 'B');
  handle(ctx, cam, seg.Q, COLORS.ink, 'Q');
  return { view: 'segment', region: closest.region, u: closest.u, v: closest.v, point: closest.point };
}

// --- Section 2: triangle -----------------------------------------------------------------

export function solveTriangle(gjk, tri) {
  return {
    closest: gjk.closest_point_triangle(tri.A, tri.B, tri.C, tri.Q), // point, u, v, w, region
    coords: gjk.triangle_coordinates(tri.A, tri.B, tri.C, tri.Q), // the nine numbers
  };
}

export function drawTriangleView(ctx, cam, app) {
  const tri = app.triangle;
  const { closest } = app.triangleResult;
  triangleLayer.draw(ctx, cam, JSON.stringify([tri.A, tri.B, tri.C]),
    (o, sx, sy, w, h) => app.gjk.triangle_region_map(tri.A, tri.B, tri.C, o, sx, sy, w, h), MASKS[closest.region]);
  ctx.save();
  tracePath(ctx, cam, [tri.A, tri.B, tri.C], true);
  ctx.strokeStyle = COLORS.simplex;
  ctx.lineWidth = 3;
  ctx.lineJoin = 'round';
  ctx.stroke();
  ctx.restore();
  line(ctx, cam, tri.Q, closest.point, COLORS.p, { width: 1.5, dash: [5, 4] });
  dot(ctx, cam, closest.point, { r: 5, fill: COLORS.p, stroke: '#fff' });
  label(ctx, `P  ${fmt(closest.u, 3)}, ${fmt(closest.v, 3)}, ${fmt(closest.w, 3)}`, cam.toScreen(closest.point), COLORS.p, { dy: 14, bold: true });
  handle(ctx, cam, tri.A, COLORS.simplex, 'A');
  handle(ctx, cam, tri.B, COLORS.simplex, 'B');
  handle(ctx, cam, tri.C, COLORS.simplex, 'C');
  handle(ctx, cam, tri.Q, COLORS.ink, 'Q');
  return { view: 'triangle', region: closest.region, u: closest.u, v: closest.v, w: closest.w, point: closest.point };
}

// --- Dragging ----------------------------------------------------------------------------

/** A press grabs the nearest handle (Q first); elsewhere it puts Q there and drags it. */
export function grabPoints(points, names, cam, s, tol) {
  for (const name of ['Q', ...names]) {
    const p = cam.toScreen(points[name]);
    if (Math.hypot(p[0] - s[0], p[1] - s[1]) <= tol) return { key: name, move: (q) => { points[name] = q; } };
  }
  points.Q = cam.toWorld(s);
  return { key: 'Q', move: (q) => { points.Q = q; } };
}

// --- The rules the regions come from (the talk's tests, lowest dimension first) --------------

export const SEGMENT_RULES = {
  A: 'Region A: v′ ≤ 0, Q is behind A along the segment.',
  B: 'Region B: u′ ≤ 0, Q is beyond B along the segment.',
  AB: 'Region AB: u′ > 0 and v′ > 0, Q projects inside the segment; P = uA + vB with u = u′/(u′+v′).',
};

export const TRIANGLE_RULES = {
  A: 'Vertex A: vAB ≤ 0 and uCA ≤ 0 (Q is behind A along both edges that meet there).',
  B: 'Vertex B: uAB ≤ 0 and vBC ≤ 0.',
  C: 'Vertex C: uBC ≤ 0 and vCA ≤ 0.',
  AB: 'Edge AB: uAB > 0, vAB > 0 and wABC ≤ 0 (between A and B, outside the edge).',
  BC: 'Edge BC: uBC > 0, vBC > 0 and uABC ≤ 0.',
  CA: 'Edge CA: uCA > 0, vCA > 0 and vABC ≤ 0.',
  ABC: 'Interior: uABC, vABC and wABC all > 0; u, v, w are the fractional sub-areas.',
};
