// main.js - the demo: loads the gjk kernel (WebAssembly), holds the state, draws on demand.
//
// Every answer on the page - distances, witness points, the GJK trace, hulls, the Minkowski
// difference, the penetration, the shape cast, the ray cast, the distance's gradient,
// barycentric coordinates and Voronoi regions, and in the 3D view the distance, its trace, the
// penetration and the hulls - is
// computed by the C++ library
// through the bindings (web/bindings.cpp). This file only keeps the state and routes events.

import createGjk from '../gjk.js';
import { Camera } from './camera.js';
import { Camera3 } from './camera3.js';
import { attachInput } from './interact.js';
import { buildPanel, updatePanel } from './panel.js';
import { SCENES, SEGMENT_DEFAULT, TRIANGLE_PRESETS, makeShape, rotateShape, shapeJson } from './scenes.js';
import { SCENES3, makeShape3, shapeJson3, turnShape3 } from './scenes3.js';
import { castStart, drawCastView, grabInCast } from './view-cast.js';
import { CONTACT_MARGIN, drawContactsView } from './view-contacts.js';
import { defaultRay, drawGradient, drawRayView, grabInRay } from './view-ray.js';
import { drawMinkowskiView, drawShapesView, grabInMinkowski, grabInShapes, worldHull } from './view-gjk.js';
import { drawSegmentView, drawTriangleView, grabPoints, solveSegment, solveTriangle } from './view-sections.js';
import { drawSpaceView, grabInSpace } from './view-gjk3.js';

const VIEWS = ['shapes', 'minkowski', 'cast', 'contacts', 'ray', 'segment', 'triangle', 'space'];
const STEP_VIEWS = ['shapes', 'minkowski', 'space']; // the views with step mode
const SHAPE_VIEWS = ['shapes', 'minkowski', 'cast', 'contacts']; // the views of the two shapes A and B

/**
 * A scene's cast: B's translation from its centre through A's centre and on by half as far
 * again, so that B sweeps over A and the cast hits (concentric shapes: a step to the right).
 */
function defaultTranslation(a, b) {
  const ca = castStart(a), cb = castStart(b);
  const r = [1.5 * (ca[0] - cb[0]), 1.5 * (ca[1] - cb[1])];
  return Math.hypot(r[0], r[1]) > 1e-9 ? r : [2, 0];
}

/** The points and a frame around them, a third of their size wide, to show the outer regions. */
function padded(points) {
  const xs = points.map((p) => p[0]), ys = points.map((p) => p[1]);
  const pad = 0.35 * Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys), 1);
  return [...points, [Math.min(...xs) - pad, Math.min(...ys) - pad], [Math.max(...xs) + pad, Math.max(...ys) + pad]];
}
const DEG = Math.PI / 180;

class App {
  constructor(gjk, canvas) {
    this.gjk = gjk; // the bound library
    this.canvas = canvas;
    this.view = 'shapes';
    this.cameras = Object.fromEntries(VIEWS.map((v) => [v, v === 'space' ? new Camera3() : new Camera()]));
    this.toFit = new Set(VIEWS); // views whose camera frames its content at the next draw
    this.selected = 'b'; // the shape that the keys and buttons rotate
    this.stepMode = false;
    this.step = 1; // 1-based iteration shown in step mode
    this.drawn = null; // what the last draw showed (for the tests)
    this.frame = 0;
    this.showGradient = false; // the gradient arrows of the shapes view
    this.loadScene('talk');
    // The 3D view's state: its shapes, the one the keys turn, its step, and whether it draws
    // the shapes or Z = B - A.
    this.space = { selected: 'b', step: 1, showZ: false };
    this.loadScene3('box-tetra');
    this.loadTrianglePreset('default');
    this.segment = { ...SEGMENT_DEFAULT };
    this.solveSections();
  }

  camera() { return this.cameras[this.view]; }

  // --- State changes ---------------------------------------------------------------------

  loadScene(id) {
    const scene = SCENES.find((s) => s.id === id);
    if (!scene) return;
    this.sceneId = id;
    this.a = scene.a();
    this.b = scene.b();
    this.translation = defaultTranslation(this.a, this.b); // B's translation in the cast view
    this.ray = defaultRay(this.gjk, this.a); // the ray view's ray, against A
    this.step = 1;
    this.toFit.add('shapes').add('minkowski').add('cast').add('contacts').add('ray');
    this.changed();
  }

  /** Sets both shapes from a `gjk manifold` query ({a, b, margin}); the page's margin is
   *  CONTACT_MARGIN. Returns an error or ''. */
  setShapes(query) {
    const shape = (s) => ({
      kind: 'custom', n: 6, points: s.points.map((p) => [p[0], p[1]]), radius: s.radius || 0,
      position: s.position ? [s.position[0], s.position[1]] : [0, 0], angle: s.angle || 0,
    });
    this.a = shape(query.a);
    this.b = shape(query.b);
    this.sceneId = 'custom';
    this.toFit.add('shapes').add('minkowski').add('contacts');
    this.changed();
    return '';
  }

  /** Sets the ray view from a `gjk raycast` query ({shape, origin, translation}); the page's
   *  ray runs its whole length (max_fraction 1). Returns an error or ''. */
  setRay(query) {
    if (query.max_fraction !== undefined && query.max_fraction !== 1) return 'the page casts the whole ray: max_fraction must be 1';
    const s = query.shape;
    this.a = {
      kind: 'custom', n: 6, points: s.points.map((p) => [p[0], p[1]]), radius: s.radius || 0,
      position: s.position ? [s.position[0], s.position[1]] : [0, 0], angle: s.angle || 0,
    };
    const o = query.origin, t = query.translation;
    this.ray = { start: [o[0], o[1]], end: [o[0] + t[0], o[1] + t[1]] };
    this.sceneId = 'custom';
    this.toFit.add('ray');
    this.changed();
    return '';
  }

  setShowGradient(on) {
    this.showGradient = on;
    this.changed();
  }

  /**
   * Sets both shapes and B's translation from a `gjk cast` query ({a, b, translation_b}; the
   * page moves only B, so translation_a must be absent or zero). Returns an error or ''.
   */
  setCast(query) {
    const ta = query.translation_a || [0, 0];
    if (ta[0] !== 0 || ta[1] !== 0) return 'the page moves only B: translation_a must be zero';
    const shape = (s) => ({
      kind: 'custom', n: 6, points: s.points.map((p) => [p[0], p[1]]), radius: s.radius || 0,
      position: s.position ? [s.position[0], s.position[1]] : [0, 0], angle: s.angle || 0,
    });
    this.a = shape(query.a);
    this.b = shape(query.b);
    this.translation = query.translation_b ? [query.translation_b[0], query.translation_b[1]] : [0, 0];
    this.sceneId = 'custom';
    this.step = 1;
    this.toFit.add('shapes').add('minkowski').add('cast');
    this.changed();
    return '';
  }

  // --- The 3D view's state ---------------------------------------------------------------

  loadScene3(id) {
    const scene = SCENES3.find((s) => s.id === id);
    if (!scene) return;
    Object.assign(this.space, { sceneId: id, a: scene.a(), b: scene.b(), step: 1 });
    this.toFit.add('space');
    this.changed();
  }

  /** Sets both 3D shapes from a `gjk distance` 3D line ({a, b} of SHAPE3). Returns an error
   *  or ''; the library answers a bad shape with its own error in the panel. */
  setShapes3(query) {
    if (!query || !query.a || !query.b) return 'a 3D line has shapes a and b';
    const shape = (s) => ({
      kind: 'custom', points: (s.points || []).map((p) => [p[0], p[1], p[2]]), radius: s.radius || 0,
      position: s.position ? [...s.position] : [0, 0, 0], quaternion: s.quaternion ? [...s.quaternion] : [0, 0, 0, 1],
    });
    Object.assign(this.space, { sceneId: 'custom', a: shape(query.a), b: shape(query.b), step: 1 });
    this.toFit.add('space');
    this.changed();
    return '';
  }

  setKind3(key, kind) {
    if (kind === 'custom') return;
    const old = this.space[key];
    const shape = makeShape3(kind);
    shape.position = old.position;
    shape.quaternion = old.quaternion;
    this.space[key] = shape;
    this.edited3();
  }

  setRadius3(key, radius) {
    this.space[key].radius = radius;
    this.edited3();
  }

  select3(key) {
    this.space.selected = key;
    this.changed();
  }

  setShowZ(on) {
    this.space.showZ = on;
    this.toFit.add('space');
    this.changed();
  }

  /**
   * Turns the selected 3D shape (B when Z is drawn: Z turns with it) by `degrees` about an axis
   * of the screen through the shape's centre: 'view' (towards the eye: counter-clockwise on the
   * screen, as Q turns a 2D shape), 'up' or 'right'.
   */
  turn3(axis, degrees) {
    if (this.view !== 'space') return;
    const cam = this.cameras.space;
    const key = this.space.showZ ? 'b' : this.space.selected;
    turnShape3(this.space[key], { view: cam.e, up: cam.u, right: cam.r }[axis], degrees * DEG);
    this.edited3();
  }

  edited3() {
    this.space.sceneId = 'custom';
    this.changed();
  }

  loadTrianglePreset(id) {
    const preset = TRIANGLE_PRESETS.find((p) => p.id === id);
    if (!preset) return;
    this.trianglePresetId = id;
    this.triangle = { ...preset.pts };
    this.toFit.add('triangle');
    this.changed();
  }

  setKind(key, kind, n) {
    if (kind === 'custom') return; // "custom" is what editing makes, not a preset
    const old = this[key];
    const shape = makeShape(kind, n || old.n);
    shape.position = old.position;
    shape.angle = old.angle;
    this[key] = shape;
    this.edited();
  }

  setRadius(key, radius) {
    this[key].radius = radius;
    this.edited();
  }

  select(key) {
    this.selected = key;
    this.changed();
  }

  rotateSelected(degrees) {
    if (this.view === 'space') {
      this.turn3('view', degrees);
      return;
    }
    if (!SHAPE_VIEWS.includes(this.view)) return;
    rotateShape(this[this.view === 'minkowski' ? 'b' : this.selected], degrees * DEG);
    this.edited();
  }

  toggleStepMode() {
    if (!STEP_VIEWS.includes(this.view)) return;
    this.stepMode = !this.stepMode;
    this.step = 1;
    this.space.step = 1;
    this.changed();
  }

  stepBy(delta) {
    if (!this.stepMode || !STEP_VIEWS.includes(this.view)) return;
    if (this.view === 'space') {
      this.space.step = Math.min(Math.max(1, this.space.step + delta), Math.max(1, this.space.result.trace.length));
    } else {
      this.step = Math.min(Math.max(1, this.step + delta), this.result.trace.length);
    }
    this.changed();
  }

  setView(view) {
    if (!VIEWS.includes(view)) return;
    this.view = view;
    if (view === 'minkowski' || view === 'cast' || view === 'ray') this.keepInView(view);
    this.changed();
  }

  fitView() {
    this.toFit.add(this.view);
    this.redraw();
  }

  /** The shapes were edited by hand: the preset's sentence no longer describes them. */
  edited() {
    this.sceneId = 'custom';
    this.changed();
  }

  // --- Input (see interact.js) -------------------------------------------------------------

  grab(s, tol) {
    const cam = this.camera();
    switch (this.view) {
      case 'shapes': {
        const g = grabInShapes(this, cam, s, tol);
        if (g) this.selected = g.key;
        return g && { ...g, move: (q, prev) => { g.move(q, prev); this.sceneId = 'custom'; } };
      }
      case 'minkowski': {
        const g = grabInMinkowski(this, cam, s, tol);
        return g && { ...g, move: (q, prev) => { g.move(q, prev); this.sceneId = 'custom'; } };
      }
      case 'cast': { // the arrow's head changes the translation only: the scene stays
        const g = grabInCast(this, cam, s, tol);
        if (g && g.key !== 'translation') {
          this.selected = g.key;
          return { ...g, move: (q, prev) => { g.move(q, prev); this.sceneId = 'custom'; } };
        }
        return g;
      }
      case 'contacts': {
        const g = grabInShapes(this, cam, s, tol);
        if (g) this.selected = g.key;
        return g && { ...g, move: (q, prev) => { g.move(q, prev); this.sceneId = 'custom'; } };
      }
      case 'ray': { // the ray's ends change the ray only; dragging A edits the scene
        const g = grabInRay(this, cam, s, tol);
        if (g && g.key === 'a') return { ...g, move: (q, prev) => { g.move(q, prev); this.sceneId = 'custom'; } };
        return g;
      }
      case 'space': {
        const g = grabInSpace(this, cam, s, tol);
        if (g && !this.space.showZ) this.space.selected = g.key;
        return g && { ...g, move: (q, prev) => { g.move(q, prev); this.space.sceneId = 'custom'; } };
      }
      case 'segment': return grabPoints(this.segment, ['A', 'B'], cam, s, tol);
      default: return grabPoints(this.triangle, ['A', 'B', 'C'], cam, s, tol);
    }
  }

  hover(s, tol) {
    const cam = this.camera();
    if (this.view === 'shapes' || this.view === 'contacts') return grabInShapes(this, cam, s, tol) ? 'grab' : '';
    if (this.view === 'minkowski') return grabInMinkowski(this, cam, s, tol) ? 'grab' : '';
    if (this.view === 'cast') return grabInCast(this, cam, s, tol) ? 'grab' : '';
    if (this.view === 'ray') return grabInRay(this, cam, s, tol) ? 'grab' : '';
    if (this.view === 'space') return grabInSpace(this, cam, s, tol) ? 'grab' : '';
    return 'crosshair';
  }

  wheel(s, dy, shift = false) {
    const cam = this.camera();
    if (this.view === 'space') { // over a shape: turn it (Shift: about the screen's vertical)
      const g = grabInSpace(this, cam, s, 10);
      if (g) {
        if (!this.space.showZ) this.space.selected = g.key;
        this.turn3(shift ? 'up' : 'view', (-dy / 100) * 5);
      } else {
        cam.zoom(Math.exp(-dy / 500), s);
        this.redraw();
      }
      return;
    }
    const g = this.view === 'shapes' || this.view === 'cast' || this.view === 'contacts' ? grabInShapes(this, cam, s, 10)
      : this.view === 'minkowski' ? grabInMinkowski(this, cam, s, 10) : null;
    if (g) {
      if (this.view !== 'minkowski') this.selected = g.key; // the keys go on turning it
      rotateShape(this[g.key], (-dy / 100) * 5 * DEG); // wheel down turns clockwise
      this.edited();
    } else {
      cam.zoom(Math.exp(-dy / 500), s);
      this.redraw();
    }
  }

  dragEnded() {
    if (this.view === 'shapes' || this.view === 'cast') this.keepInView('minkowski');
    if (this.view === 'cast') this.keepInView('cast'); // B's end may have left the view
    if (this.view === 'ray') this.keepInView('ray');
    this.redraw();
  }

  // --- Computing and drawing -----------------------------------------------------------------

  /** Asks the library for everything the views show. */
  solve() {
    const a = shapeJson(this.a), b = shapeJson(this.b);
    this.result = this.gjk.distance(a, b);
    this.overlapResult = this.gjk.overlap(a, b);
    // Penetration (EPA): its witness points, drawn with the answer's normal and depth on contact.
    this.penetrationResult = this.gjk.penetration(a, b);
    this.z = this.gjk.minkowski_difference(a, b);
    // Shape cast: B moves by the translation, A stays.
    this.castResult = this.gjk.cast(a, b, [0, 0], this.translation);
    // Ray cast against A, from the ray's start S to its end E.
    const { start, end } = this.ray;
    this.rayResult = this.gjk.ray_cast(a, start, [end[0] - start[0], end[1] - start[1]], 1);
    // The signed distance's derivative with respect to each pose (the shapes view's arrows).
    this.gradientResult = this.gjk.gradient(a, b);
    // The contact manifold, with speculative points within CONTACT_MARGIN.
    this.manifoldResult = this.gjk.manifold(a, b, CONTACT_MARGIN);
    this.step = Math.max(1, Math.min(this.step, this.result.trace.length));
    this.solveSpace();
    this.solveSections();
  }

  /** The 3D view's answers: the distance with its trace, the penetration, and the hulls drawn. */
  solveSpace() {
    const sp = this.space;
    const a = shapeJson3(sp.a), b = shapeJson3(sp.b);
    sp.result = this.gjk.distance3(a, b);
    sp.penetration = this.gjk.penetration3(a, b);
    sp.hullA = this.gjk.hull3(a);
    sp.hullB = this.gjk.hull3(b);
    sp.z = this.gjk.minkowski_difference3(a, b);
    sp.step = Math.max(1, Math.min(sp.step, sp.result.trace.length));
  }

  solveSections() {
    if (this.segment) this.segmentResult = solveSegment(this.gjk, this.segment);
    if (this.triangle) this.triangleResult = solveTriangle(this.gjk, this.triangle);
  }

  /** Something changed: solve again and draw at the next frame. */
  changed() {
    this.dirty = true;
    this.redraw();
  }

  redraw() {
    if (this.pending) return;
    this.pending = requestAnimationFrame(() => {
      this.pending = 0;
      this.draw();
    });
  }

  /** Refits a view's camera at its next draw if its content left it. */
  keepInView(view) {
    this.toFit.add(`${view}?`);
  }

  /** The world points a view must show when it is fitted. */
  content(view) {
    const grow = (pts, r) => pts.flatMap(([x, y]) => [[x - r, y - r], [x + r, y + r]]);
    switch (view) {
      case 'shapes': return [...grow(worldHull(this.gjk, this.a), this.a.radius), ...grow(worldHull(this.gjk, this.b), this.b.radius)];
      case 'minkowski': return [[0, 0], ...grow(this.z, this.a.radius + this.b.radius)];
      case 'cast': {
        const r = this.translation, hullB = worldHull(this.gjk, this.b);
        const end = hullB.map(([x, y]) => [x + r[0], y + r[1]]);
        return [...grow(worldHull(this.gjk, this.a), this.a.radius), ...grow([...hullB, ...end], this.b.radius)];
      }
      case 'contacts': return [...grow(worldHull(this.gjk, this.a), this.a.radius), ...grow(worldHull(this.gjk, this.b), this.b.radius)];
      case 'ray': {
        const hull = worldHull(this.gjk, this.a);
        return [...grow(hull, this.a.radius), this.ray.start, this.ray.end];
      }
      case 'space': {
        // Each core's corners, and the points a radius from them along the axes.
        const grow3 = (pts, r) => pts.flatMap((p) => [p, ...[0, 1, 2].flatMap((k) => [-r, r].map((d) => p.map((x, i) => (i === k ? x + d : x))))]);
        const sp = this.space;
        if (sp.showZ) return [[0, 0, 0], ...grow3(sp.z.vertices, sp.a.radius + sp.b.radius)];
        return [...grow3(sp.hullA.vertices, sp.a.radius), ...grow3(sp.hullB.vertices, sp.b.radius)];
      }
      case 'segment': return padded(Object.values(this.segment));
      default: return padded(Object.values(this.triangle));
    }
  }

  draw() {
    if (this.dirty) {
      this.solve();
      this.dirty = false;
    }
    const canvas = this.canvas;
    const rect = canvas.getBoundingClientRect();
    const dpr = window.devicePixelRatio || 1;
    const w = Math.max(1, Math.round(rect.width * dpr)), h = Math.max(1, Math.round(rect.height * dpr));
    if (canvas.width !== w || canvas.height !== h) {
      canvas.width = w;
      canvas.height = h;
    }
    for (const cam of Object.values(this.cameras)) cam.resize(rect.width, rect.height);
    const cam = this.camera();
    if (this.toFit.has(this.view)) {
      cam.fit(this.content(this.view));
      this.toFit.delete(this.view);
    }
    if (this.toFit.has(`${this.view}?`)) {
      const pts = this.content(this.view);
      if (!pts.every((p) => cam.sees(p, 8))) cam.fit(pts);
      this.toFit.delete(`${this.view}?`);
    }
    const ctx = canvas.getContext('2d');
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, rect.width, rect.height);
    const draw = { shapes: drawShapesView, minkowski: drawMinkowskiView, cast: drawCastView, contacts: drawContactsView, ray: drawRayView, segment: drawSegmentView, triangle: drawTriangleView, space: drawSpaceView }[this.view];
    this.drawn = draw(ctx, cam, this);
    if (this.view === 'shapes' && this.showGradient) {
      drawGradient(ctx, cam, this);
      this.drawn = { ...this.drawn, gradient: this.gradientResult };
    }
    this.frame += 1;
    updatePanel(this);
  }
}

/** Starts the page; exposes window.gjkDemo for the end-to-end tests. */
async function main() {
  const loading = document.getElementById('loading');
  let gjk;
  try {
    gjk = await createGjk();
  } catch (err) {
    loading.textContent = `The WebAssembly kernel did not load: ${err}`;
    loading.classList.add('error');
    throw err;
  }
  const canvas = document.getElementById('canvas');
  const app = new App(gjk, canvas);
  buildPanel(app);
  attachInput(canvas, app);
  new ResizeObserver(() => app.redraw()).observe(canvas);
  loading.remove();
  app.draw();

  window.gjkDemo = {
    app,
    /** Both shapes in the `gjk distance` tool's JSON format. */
    state: () => ({ a: shapeJson(app.a), b: shapeJson(app.b) }),
    result: () => app.result,
    penetration: () => app.penetrationResult,
    /** The cast view's query in the `gjk cast` tool's JSON format (B moves, A stays). */
    castState: () => ({ a: shapeJson(app.a), b: shapeJson(app.b), translation_a: [0, 0], translation_b: [...app.translation] }),
    castResult: () => app.castResult,
    /** Loads a `gjk cast` query (both shapes and B's translation); returns an error or ''. */
    setCast: (query) => app.setCast(query),
    /** The ray view's query in the `gjk raycast` tool's JSON format (against A). */
    rayState: () => ({ shape: shapeJson(app.a), origin: [...app.ray.start], translation: [app.ray.end[0] - app.ray.start[0], app.ray.end[1] - app.ray.start[1]] }),
    rayResult: () => app.rayResult,
    /** Loads a `gjk raycast` query (shape A and the ray); returns an error or ''. */
    setRay: (query) => app.setRay(query),
    /** The contacts view's query in the `gjk manifold` tool's JSON format, and its answer. */
    manifoldState: () => ({ a: shapeJson(app.a), b: shapeJson(app.b), margin: CONTACT_MARGIN }),
    manifoldResult: () => app.manifoldResult,
    /** Sets both shapes from a `gjk distance` or `gjk manifold` query. */
    setShapes: (query) => app.setShapes(query),
    /** The gradient of the signed distance, as `gjk distance --derivatives` writes it. */
    gradient: () => app.gradientResult,
    setShowGradient: (on) => app.setShowGradient(on),
    drawn: () => app.drawn,
    frame: () => app.frame,
    view: () => app.view,
    /** The page (client) coordinates of a world point in the current view. */
    toClient: (p) => {
      const r = canvas.getBoundingClientRect();
      const s = app.camera().toScreen(p);
      return [r.left + s[0], r.top + s[1]];
    },
    /** The 3D view: its shapes as a `gjk distance` 3D line, the answers it shows, its camera. */
    space: {
      state: () => ({ a: shapeJson3(app.space.a), b: shapeJson3(app.space.b) }),
      result: () => app.space.result,
      penetration: () => app.space.penetration,
      /** Loads a `gjk distance` 3D line ({a, b}); returns an error or ''. */
      setShapes: (query) => app.setShapes3(query),
      camera: () => {
        const c = app.cameras.space;
        return { yaw: c.yaw, pitch: c.pitch, e: c.e, r: c.r, u: c.u, scale: c.scale, target: c.target };
      },
    },
    /** Moves points of the segment or triangle view: { A, B, C, Q } (any of them). */
    setPoints: (points) => {
      Object.assign(app.view === 'segment' ? app.segment : app.triangle, points);
      app.changed();
    },
  };
  document.body.dataset.ready = 'true';
}

main();
