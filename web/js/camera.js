// camera.js - world (y up) <-> screen (CSS pixels, y down) for one view.

export class Camera {
  constructor() {
    this.cx = 0; // world point at the centre of the view
    this.cy = 0;
    this.scale = 60; // pixels per world unit
    this.width = 1; // view size, CSS pixels
    this.height = 1;
    this.bounds = null; // the world box the last fit() framed, kept when the view resizes
  }

  toScreen(p) {
    return [this.width / 2 + (p[0] - this.cx) * this.scale, this.height / 2 - (p[1] - this.cy) * this.scale];
  }

  toWorld(s) {
    return [this.cx + (s[0] - this.width / 2) / this.scale, this.cy - (s[1] - this.height / 2) / this.scale];
  }

  /** Sets the view size; a camera that was fitted keeps its box framed. */
  resize(width, height) {
    const changed = width !== this.width || height !== this.height;
    this.width = width;
    this.height = height;
    if (changed && this.bounds) this.frame(this.bounds);
  }

  /** Frames every point (world), with a margin in pixels, and keeps framing them on resize. */
  fit(points, margin = 56) {
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (const [x, y] of points) {
      x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y);
    }
    if (!Number.isFinite(x0)) return;
    this.bounds = { x0, y0, x1, y1, margin };
    this.frame(this.bounds);
  }

  frame({ x0, y0, x1, y1, margin }) {
    const w = Math.max(x1 - x0, 1), h = Math.max(y1 - y0, 1);
    const m = Math.min(margin, this.width / 9, this.height / 9);
    this.scale = Math.max(1e-6, Math.min((this.width - 2 * m) / w, (this.height - 2 * m) / h));
    this.cx = (x0 + x1) / 2;
    this.cy = (y0 + y1) / 2;
  }

  /** Moves the view by a screen offset (the user panned); the fitted box is forgotten. */
  pan(dx, dy) {
    this.cx -= dx / this.scale;
    this.cy += dy / this.scale;
    this.bounds = null;
  }

  /** Zooms by `factor` about a screen point, which stays where it is. */
  zoom(factor, at) {
    const before = this.toWorld(at);
    this.scale = Math.min(1e5, Math.max(1, this.scale * factor));
    const after = this.toWorld(at);
    this.cx += before[0] - after[0];
    this.cy += before[1] - after[1];
    this.bounds = null;
  }

  /** Whether a world point is inside the view, at least `margin` pixels from its border. */
  sees(p, margin = 0) {
    const [x, y] = this.toScreen(p);
    return x >= margin && y >= margin && x <= this.width - margin && y <= this.height - margin;
  }
}
