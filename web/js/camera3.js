// camera3.js - world (space, z up) <-> screen (CSS pixels, y down) for the 3D view: an
// orthographic camera that orbits a target point.
//
// The view's frame is e, towards the eye, r to the right and u up (r = (-sin yaw, cos yaw, 0)
// and u = e x r, so that z points up the screen). A world point p has the view coordinates
// (dot(p - target, r), dot(p - target, u)) in world units, its depth dot(p - target, e)
// (larger is nearer), and the screen point centre + scale * (x, -y). Orthographic: a shape's
// outline is the outline of its projection, so a rounded shape's is its projected core's
// rounded by the radius times the scale, exactly, and dragging moves a shape in a plane
// parallel to the screen by as much as the pointer.

const dot = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

export class Camera3 {
  constructor() {
    this.yaw = -1.1; // radians; e's angle in the ground plane (-pi / 2: looking along +y)
    this.pitch = 0.42; // radians above the ground plane
    this.target = [0, 0, 0]; // world point at the centre of the view
    this.scale = 60; // pixels per world unit
    this.width = 1; // view size, CSS pixels
    this.height = 1;
    this.bounds = null; // the sphere the last fit() framed, kept when the view resizes
    this.orbited(); // the frame e, r, u
  }

  /** Recomputes the frame after yaw or pitch changed. */
  orbited() {
    const cy = Math.cos(this.yaw), sy = Math.sin(this.yaw), cp = Math.cos(this.pitch), sp = Math.sin(this.pitch);
    this.e = [cp * cy, cp * sy, sp];
    this.r = [-sy, cy, 0];
    this.u = [-sp * cy, -sp * sy, cp];
  }

  /** View coordinates (world units, y up) of a world point. */
  toView(p) {
    const d = [p[0] - this.target[0], p[1] - this.target[1], p[2] - this.target[2]];
    return [dot(d, this.r), dot(d, this.u)];
  }

  /** Depth of a world point: larger is nearer the eye. */
  depth(p) {
    return dot([p[0] - this.target[0], p[1] - this.target[1], p[2] - this.target[2]], this.e);
  }

  /** A world direction in view coordinates (its projection on the screen's plane). */
  dirToView(d) {
    return [dot(d, this.r), dot(d, this.u)];
  }

  toScreen(p) {
    const [x, y] = this.toView(p);
    return [this.width / 2 + x * this.scale, this.height / 2 - y * this.scale];
  }

  /** The world point under a screen point in the plane through the target, parallel to the screen. */
  toWorld(s) {
    const x = (s[0] - this.width / 2) / this.scale, y = -(s[1] - this.height / 2) / this.scale;
    return [0, 1, 2].map((k) => this.target[k] + x * this.r[k] + y * this.u[k]);
  }

  /** The 2D camera of view coordinates, for the drawing primitives of draw.js. */
  flat() {
    return {
      scale: this.scale, width: this.width, height: this.height,
      toScreen: (v) => [this.width / 2 + v[0] * this.scale, this.height / 2 - v[1] * this.scale],
    };
  }

  /** Sets the view size; a camera that was fitted keeps its sphere framed. */
  resize(width, height) {
    const changed = width !== this.width || height !== this.height;
    this.width = width;
    this.height = height;
    if (changed && this.bounds) this.frame(this.bounds);
  }

  /** Frames every point (world) from any direction: their bounding box's centre and the
   *  sphere about it through the furthest point, with a margin in pixels. */
  fit(points, margin = 48) {
    if (points.length === 0 || !points.every((p) => p.every(Number.isFinite))) return;
    const lo = [0, 1, 2].map((k) => Math.min(...points.map((p) => p[k])));
    const hi = [0, 1, 2].map((k) => Math.max(...points.map((p) => p[k])));
    const centre = lo.map((x, k) => (x + hi[k]) / 2);
    const radius = Math.max(0.5, ...points.map((p) => Math.hypot(p[0] - centre[0], p[1] - centre[1], p[2] - centre[2])));
    this.bounds = { centre, radius, margin };
    this.frame(this.bounds);
  }

  frame({ centre, radius, margin }) {
    const m = Math.min(margin, this.width / 9, this.height / 9);
    this.scale = Math.max(1e-6, Math.min(this.width - 2 * m, this.height - 2 * m) / (2 * radius));
    this.target = [...centre];
  }

  /** Turns the view about the target by a screen offset (the user dragged the background). */
  orbit(dx, dy) {
    this.yaw -= dx * 0.008;
    this.pitch = Math.min(1.5, Math.max(-1.5, this.pitch + dy * 0.008));
    this.orbited();
  }

  /** Moves the view by a screen offset; the fitted sphere is forgotten. */
  pan(dx, dy) {
    const x = dx / this.scale, y = -dy / this.scale;
    this.target = this.target.map((t, k) => t - x * this.r[k] - y * this.u[k]);
    this.bounds = null;
  }

  /** Zooms by `factor` about a screen point, which stays where it is. */
  zoom(factor, at) {
    const before = this.toWorld(at);
    this.scale = Math.min(1e5, Math.max(1, this.scale * factor));
    const after = this.toWorld(at);
    this.target = this.target.map((t, k) => t + before[k] - after[k]);
    this.bounds = null;
  }

  /** Whether a world point is inside the view, at least `margin` pixels from its border. */
  sees(p, margin = 0) {
    const [x, y] = this.toScreen(p);
    return x >= margin && y >= margin && x <= this.width - margin && y <= this.height - margin;
  }
}
