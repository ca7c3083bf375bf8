// panel.js - the side panel: presets, shape controls, and the numbers the library returned.

import { fmt, fmtPoint } from './draw.js';
import { SCENES, SHAPE_KINDS, TERMINATION_CASE, TERMINATION_TEXT, TRIANGLE_PRESETS } from './scenes.js';
import { SCENES3, SHAPE_KINDS3 } from './scenes3.js';
import { SEGMENT_RULES, TRIANGLE_RULES } from './view-sections.js';
import { nextSupport } from './view-gjk3.js';

const $ = (id) => document.getElementById(id);
const set = (id, text) => { $(id).textContent = text; };

export const VIEW_TEXT = {
  shapes: 'Two convex shapes and their closest points, computed by the gjk kernel compiled to WebAssembly; step mode replays its iterations.',
  cast: 'Shape cast: B moves by the translation r over a step t from 0 to 1. Conservative advancement on GJK distance finds the first t at which B touches A, with the contact point on A and the normal from A to B.',
  contacts: 'Contact manifold: the normal, the reference face and up to two contact points with their separations and feature ids, from GJK or EPA, a reference face, an incident face and clipping.',
  ray: 'Ray cast: the ray from S to E against shape A. Conservative advancement of a point on GJK distance finds the first t in [0, 1] at which origin + t * translation reaches A\'s surface, with the outward normal there.',
  minkowski: 'GJK never builds Z = B − A, the hull of all differences b − a: it walks a simplex over Z towards the origin O, whose distance to Z is the distance between the shapes.',
  segment: 'Section 1: the closest point on a segment to Q comes from the barycentric coordinates (u, v), whose signs name the Voronoi region.',
  triangle: 'Section 2: nine barycentric coordinates decide among a triangle\'s seven Voronoi regions, vertices first, then edges, then the interior.',
  space: 'In space: the same loop on Z = B − A with a simplex of up to four points - a point, a segment, a triangle, a tetrahedron - the answer of `gjk distance` on a 3D line.',
};

export const VIEW_HINT = {
  shapes: 'Drag a shape or a vertex · wheel or Q/E rotates · drag the background to pan',
  minkowski: 'Drag Z to move B · wheel over Z rotates B · drag the background to pan',
  cast: 'Drag the arrow\'s head r to move B · drag a shape or a vertex · wheel or Q/E rotates',
  contacts: 'Drag a shape or a vertex · wheel or Q/E rotates · drag the background to pan',
  ray: 'Drag the ray\'s ends S and E · drag shape A or a vertex',
  segment: 'Drag A, B or Q · press anywhere to put Q there',
  triangle: 'Drag A, B, C or Q · press anywhere to put Q there',
  space: 'Drag a shape across the screen · drag the background to orbit (Shift: pan) · wheel over a shape or Q/E, A/D, R/F turns it',
};

/** The last iteration's sentence in space, where the simplex grows to a tetrahedron. */
const TERMINATION_TEXT3 = {
  ...TERMINATION_TEXT,
  containment: 'Case 2: a tetrahedron with all four weights positive contains the origin: the shapes overlap. (The tool\'s --trace ends with the iteration before it.)',
  edge_overlap: 'Case 3b: the origin lies on the simplex\'s edge: the shapes touch there, or overlap when no support plane holds it.',
  face_overlap: 'Case 4 in space: the origin lies on the simplex\'s triangle: touching on Z\'s boundary, overlapping inside.',
};

const TERMINATION_CASE3 = { ...TERMINATION_CASE, face_overlap: 'face' };

/** One sentence per cast status (gjk/cast.hpp's CastStatus). */
export const CAST_TEXT = {
  hit: 'B first touches A at t: B is drawn there, filled; the contact point is on A\'s surface and the normal points from A to B.',
  separated: 'No contact during the step: B ends at t = 1 without touching A (or touches at t = 0 and moves apart).',
  initially_overlapping: 'The shapes overlap at t = 0: a hit at t = 0, with the penetration normal; the point is A\'s point deepest in B.',
  max_iterations: 'The iteration cap was reached: t is the last time known to be free of contact.',
};

/** Fills the selects and wires the controls to the app. */
export function buildPanel(app) {
  const scenes = $('scene-select');
  for (const s of SCENES) scenes.add(new Option(s.label, s.id));
  const own = new Option('Your own shapes', 'custom');
  own.disabled = true; // shown once the shapes have been edited
  scenes.add(own);
  scenes.addEventListener('change', () => app.loadScene(scenes.value));

  const tri = $('tri-preset');
  for (const p of TRIANGLE_PRESETS) tri.add(new Option(p.label, p.id));
  tri.addEventListener('change', () => app.loadTrianglePreset(tri.value));

  for (const row of document.querySelectorAll('.shape-row')) {
    const key = row.dataset.shape;
    const kind = row.querySelector('.kind');
    for (const [id, name] of SHAPE_KINDS) kind.add(new Option(name, id));
    kind.options[kind.options.length - 1].disabled = true; // "Custom": what editing makes
    kind.addEventListener('change', () => app.setKind(key, kind.value));
    row.querySelector('.n input').addEventListener('change', (e) => app.setKind(key, 'ngon', +e.target.value));
    row.querySelector('.radius input').addEventListener('input', (e) => app.setRadius(key, +e.target.value));
  }
  $('select-shape').addEventListener('click', () => app.select(app.selected === 'a' ? 'b' : 'a'));
  $('rotate-ccw').addEventListener('click', () => app.rotateSelected(+15));
  $('rotate-cw').addEventListener('click', () => app.rotateSelected(-15));
  $('step-toggle').addEventListener('click', () => app.toggleStepMode());
  $('step-toggle-canvas').addEventListener('click', () => app.toggleStepMode());
  $('show-gradient').addEventListener('change', (e) => app.setShowGradient(e.target.checked));
  $('step-prev').addEventListener('click', () => app.stepBy(-1));
  $('step-next').addEventListener('click', () => app.stepBy(+1));
  $('fit').addEventListener('click', () => app.fitView());

  const scenes3 = $('s3-scene');
  for (const s of SCENES3) scenes3.add(new Option(s.label, s.id));
  const own3 = new Option('Your own shapes', 'custom');
  own3.disabled = true;
  scenes3.add(own3);
  scenes3.addEventListener('change', () => app.loadScene3(scenes3.value));
  for (const row of document.querySelectorAll('.shape3-row')) {
    const key = row.dataset.shape;
    const kind = row.querySelector('.kind');
    for (const [id, name] of SHAPE_KINDS3) kind.add(new Option(name, id));
    kind.options[kind.options.length - 1].disabled = true;
    kind.addEventListener('change', () => app.setKind3(key, kind.value));
    row.querySelector('.radius input').addEventListener('input', (e) => app.setRadius3(key, +e.target.value));
  }
  $('s3-draw-shapes').addEventListener('click', () => app.setShowZ(false));
  $('s3-draw-z').addEventListener('click', () => app.setShowZ(true));
  $('s3-select').addEventListener('click', () => app.select3(app.space.selected === 'a' ? 'b' : 'a'));
  $('s3-step-toggle').addEventListener('click', () => app.toggleStepMode());
  for (const [id, axis, degrees] of [['ccw', 'view', 15], ['cw', 'view', -15], ['left', 'up', -15],
    ['right', 'up', 15], ['up', 'right', -15], ['down', 'right', 15]]) {
    $(`s3-turn-${id}`).addEventListener('click', () => app.turn3(axis, degrees));
  }
  for (const tab of document.querySelectorAll('#tabs button')) {
    tab.addEventListener('click', () => app.setView(tab.dataset.view));
  }
}

/** Shows the current view's panel and its numbers. */
export function updatePanel(app) {
  const view = app.view;
  for (const tab of document.querySelectorAll('#tabs button')) {
    tab.setAttribute('aria-selected', String(tab.dataset.view === view));
  }
  set('view-text', VIEW_TEXT[view]);
  set('hint', VIEW_HINT[view]);
  const gjkView = view === 'shapes' || view === 'minkowski';
  const castView = view === 'cast';
  $('gjk-panel').hidden = !gjkView && !castView;
  $('ray-panel').hidden = view !== 'ray';
  $('contacts-panel').hidden = view !== 'contacts';
  for (const e of document.querySelectorAll('.gjk-only')) e.hidden = !gjkView;
  for (const e of document.querySelectorAll('.cast-only')) e.hidden = !castView;
  $('segment-panel').hidden = view !== 'segment';
  $('triangle-panel').hidden = view !== 'triangle';
  $('space-panel').hidden = view !== 'space';
  const stepView = gjkView || view === 'space';
  $('stepbar').hidden = !(stepView && app.stepMode);
  $('step-toggle-canvas').hidden = !stepView;
  $('step-toggle-canvas').setAttribute('aria-pressed', String(app.stepMode));
  if (gjkView || castView) updateGjk(app); // the presets and the shapes' controls
  if (gjkView) updateGradient(app);
  if (castView) updateCast(app);
  else if (view === 'ray') updateRay(app);
  else if (view === 'contacts') updateContacts(app);
  else if (view === 'segment') updateSegment(app);
  else if (view === 'triangle') updateTriangle(app);
  else if (view === 'space') updateSpace(app);
}

/** The 3D view: the tool's answer on a 3D line, the shapes' controls and the step. */
function updateSpace(app) {
  const sp = app.space, r = sp.result;
  const scene = SCENES3.find((s) => s.id === sp.sceneId);
  $('s3-scene').value = sp.sceneId;
  set('s3-scene-text', scene ? scene.text : 'Your own shapes: pick a preset to reset them.');
  $('s3-draw-shapes').setAttribute('aria-pressed', String(!sp.showZ));
  $('s3-draw-z').setAttribute('aria-pressed', String(sp.showZ));

  set('s3-distance', r.error ? '–' : String(r.distance)); // every digit: the tests compare it
  set('s3-status', r.error ? `invalid input: ${r.error}` : r.status);
  set('s3-termination', `${r.termination}${TERMINATION_CASE3[r.termination] ? ` (${TERMINATION_CASE3[r.termination]})` : ''}`);
  set('s3-iterations', String(r.iterations));
  set('s3-point-a', r.error ? '–' : fmtPoint(r.point_a));
  set('s3-point-b', r.error ? '–' : fmtPoint(r.point_b));
  set('s3-normal', r.error ? '–' : r.normal.every((x) => x === 0) ? 'none (overlap)' : fmtPoint(r.normal));
  set('s3-penetration', 'penetration' in r ? String(r.penetration) : '– (apart)'); // every digit
  set('s3-termination-text', TERMINATION_TEXT3[r.termination] || '');

  for (const row of document.querySelectorAll('.shape3-row')) {
    const shape = sp[row.dataset.shape];
    row.querySelector('.kind').value = shape.kind;
    row.querySelector('.radius input').value = shape.radius;
  }
  const key = sp.showZ ? 'b' : sp.selected; // Z turns with B
  set('s3-select', key.toUpperCase());
  $('s3-select').className = key === 'a' ? 'ca' : 'cb';

  const toggle = $('s3-step-toggle');
  toggle.setAttribute('aria-pressed', String(app.stepMode));
  toggle.textContent = app.stepMode ? 'Stop stepping' : 'Step through GJK';
  $('s3-step-details').hidden = !app.stepMode;
  if (app.stepMode && r.trace.length > 0) updateSpaceStep(app);
}

/** The current traced simplex in space: its vertices with their weights, P and the next support. */
function updateSpaceStep(app) {
  const r = app.space.result, trace = r.trace;
  const k = app.space.step, step = trace[k - 1];
  set('step-counter', `${k} / ${trace.length}`);
  $('step-prev').disabled = k <= 1;
  $('step-next').disabled = k >= trace.length;
  set('s3-step-title', `Iteration ${k} of ${trace.length}.`);
  const names = ['a point', 'a segment', 'a triangle', 'a tetrahedron'];
  const last = k === trace.length;
  // A stall (no progress) ends an iteration without recording it: the last simplex stands.
  const stalled = last && r.iterations > trace.length ? ' The next iteration made no progress and kept this simplex.' : '';
  set('s3-step-text', last
    ? `The simplex is ${names[step.simplex.length - 1]}. ${TERMINATION_TEXT3[r.termination] || ''}${stalled}`
    : `The simplex is ${names[step.simplex.length - 1]}, culled to P's feature; the support point along −P is new: it joins the simplex, which is solved again.`);
  const body = $('s3-step-simplex');
  body.replaceChildren(...step.simplex.map((v, i) => {
    const tr = document.createElement('tr');
    const cells = [`w${i + 1}`, fmtPoint(v.w, 3), fmt(v.weight, 4), String(v.index_a), String(v.index_b)];
    cells.forEach((text, c) => {
      const cell = document.createElement(c === 0 ? 'th' : 'td');
      cell.textContent = text;
      tr.append(cell);
    });
    return tr;
  }));
  set('s3-step-closest', `${fmtPoint(step.closest)}  |P| = ${fmt(Math.hypot(...step.closest))}`);
  const support = nextSupport(trace, k);
  set('s3-step-support', support
    ? `${fmtPoint(support.w, 3)}: B point ${support.index_b} − A point ${support.index_a}`
    : 'none: the loop ended here');
}

/** The gradient of the signed distance (as `gjk distance --derivatives`), when shown. */
function updateGradient(app) {
  $('show-gradient').checked = app.showGradient;
  const g = app.gradientResult;
  const row = (d) => `(${fmt(d[0], 3)}, ${fmt(d[1], 3)}, ${fmt(d[2], 3)})`;
  set('gradient-text', !app.showGradient ? ''
    : `∂s/∂(x, y, θ): A ${row(g.a)}, B ${row(g.b)}${g.differentiable ? '' : ' — not differentiable here (touching or parallel closest edges): one-sided'}`);
}

/** The manifold: its points with separations (every digit) and ids. */
function updateContacts(app) {
  const m = app.manifoldResult;
  set('contacts-status', m.error ? `invalid input: ${m.error}` : m.status);
  set('contacts-count', m.error ? '–' : String(m.points.length));
  set('contacts-normal', m.points.length ? fmtPoint(m.normal, 10) : '–');
  set('contacts-reference', m.reference_face.length === 2 ? `${m.reference.toUpperCase()}'s, ${fmtPoint(m.reference_face[0], 4)} to ${fmtPoint(m.reference_face[1], 4)}` : '– (a point)');
  for (const i of [0, 1]) {
    const p = m.points[i];
    set(`contacts-point-${i + 1}`, p ? `${fmtPoint(p.point, 10)}, s = ${p.separation}, id ${p.id}` : '–');
  }
}

/** The ray cast's answer, with every digit of t and ten decimals of the point and normal. */
function updateRay(app) {
  const r = app.rayResult;
  set('ray-origin', fmtPoint(app.ray.start));
  set('ray-end', fmtPoint(app.ray.end));
  if (r.error) {
    for (const id of ['ray-fraction', 'ray-hit', 'ray-iterations', 'ray-point', 'ray-normal']) set(id, '–');
    set('ray-status', `invalid input: ${r.error}`);
    return;
  }
  set('ray-fraction', String(r.fraction));
  set('ray-hit', r.hit ? 'yes' : 'no');
  set('ray-status', r.status);
  set('ray-iterations', String(r.iterations));
  set('ray-point', r.hit ? fmtPoint(r.point, 10) : '– (no hit)');
  set('ray-normal', r.hit ? fmtPoint(r.normal, 10) : '– (no hit)');
}

/**
 * The cast's answer. The fraction shows every digit and the point and normal ten decimals
 * (within 5e-11), so the tests can hold them to the native tool's within 1e-9.
 */
function updateCast(app) {
  const c = app.castResult;
  set('cast-translation', fmtPoint(app.translation));
  if (c.error) {
    for (const id of ['cast-fraction', 'cast-hit', 'cast-iterations', 'cast-point', 'cast-normal']) set(id, '–');
    set('cast-status', `invalid input: ${c.error}`);
    set('cast-text', '');
    return;
  }
  set('cast-fraction', String(c.fraction));
  set('cast-hit', c.hit ? 'yes' : 'no');
  set('cast-status', c.status);
  set('cast-iterations', String(c.iterations));
  set('cast-point', c.hit ? fmtPoint(c.point, 10) : '– (no contact)');
  set('cast-normal', c.hit ? fmtPoint(c.normal, 10) : '– (no contact)');
  set('cast-text', CAST_TEXT[c.status] || '');
}

function updateGjk(app) {
  const r = app.result;
  const scene = SCENES.find((s) => s.id === app.sceneId);
  $('scene-select').value = app.sceneId;
  set('scene-text', scene ? scene.text : 'Your own shapes: pick a preset to reset them.');

  set('distance', r.error ? '–' : String(r.distance)); // every digit: the tests compare it
  set('status', r.error ? `invalid input: ${r.error}` : r.status);
  set('termination', `${r.termination}${TERMINATION_CASE[r.termination] ? ` (${TERMINATION_CASE[r.termination]})` : ''}`);
  set('iterations', String(r.iterations));
  set('point-a', fmtPoint(r.point_a));
  set('point-b', fmtPoint(r.point_b));
  // The tool's answer: on contact the normal is the penetration's and B moves by depth * normal.
  set('normal', r.normal[0] === 0 && r.normal[1] === 0 ? 'none (overlap)' : fmtPoint(r.normal));
  set('penetration', 'penetration' in r ? String(r.penetration) : '– (apart)'); // every digit
  const o = app.overlapResult;
  set('overlap', `${o.overlap ? 'yes' : 'no'} (${o.termination}, ${o.iterations} it.)`);
  set('termination-text', TERMINATION_TEXT[r.termination] || '');

  for (const row of document.querySelectorAll('.shape-row')) {
    const shape = app[row.dataset.shape];
    row.querySelector('.kind').value = shape.kind;
    row.querySelector('.n').hidden = shape.kind !== 'ngon';
    row.querySelector('.n input').value = shape.n;
    row.querySelector('.radius input').value = shape.radius;
  }
  set('select-shape', app.selected.toUpperCase());
  $('select-shape').className = app.selected === 'a' ? 'ca' : 'cb';

  const toggle = $('step-toggle');
  toggle.setAttribute('aria-pressed', String(app.stepMode));
  toggle.textContent = app.stepMode ? 'Stop stepping' : 'Step through GJK';
  $('step-details').hidden = !app.stepMode;
  if (app.stepMode && r.trace.length > 0) updateStep(app);
}

/** The current iteration: the simplex with its weights, P, d and the support point. */
function updateStep(app) {
  const trace = app.result.trace;
  const k = app.step, step = trace[k - 1];
  set('step-counter', `${k} / ${trace.length}`);
  $('step-prev').disabled = k <= 1;
  $('step-next').disabled = k >= trace.length;
  set('step-title', `Iteration ${k} of ${trace.length}.`);
  const last = k === trace.length;
  set('step-text', last
    ? TERMINATION_TEXT[step.termination] || ''
    : 'The support point along d is new: add it to the simplex and solve again.');

  const body = $('step-simplex');
  body.replaceChildren(...step.simplex.map((v, i) => {
    const tr = document.createElement('tr');
    const cells = [`w${i + 1}`, fmtPoint(v.w, 3), fmt(v.weight, 4), String(v.index_a), String(v.index_b)];
    cells.forEach((text, c) => {
      const cell = document.createElement(c === 0 ? 'th' : 'td');
      cell.textContent = text;
      tr.append(cell);
    });
    return tr;
  }));
  set('step-closest', `${fmtPoint(step.closest)}  |P| = ${fmt(Math.hypot(...step.closest))}`);
  const d = step.direction;
  set('step-direction', d[0] === 0 && d[1] === 0 ? 'zero: the origin is on the simplex' : fmtPoint(d));
  set('step-support', step.has_support
    ? `${fmtPoint(step.support.w, 3)}: B point ${step.support.index_b} − A point ${step.support.index_a}`
    : 'none: the loop ended here');
}

function updateSegment(app) {
  const { closest, coords } = app.segmentResult;
  set('seg-region', closest.region);
  set('seg-u', fmt(closest.u, 6));
  set('seg-v', fmt(closest.v, 6));
  set('seg-u-raw', fmt(coords.u, 6));
  set('seg-v-raw', fmt(coords.v, 6));
  set('seg-point', fmtPoint(closest.point));
  set('seg-rule', SEGMENT_RULES[closest.region]);
}

function updateTriangle(app) {
  const { closest, coords } = app.triangleResult;
  const preset = TRIANGLE_PRESETS.find((p) => p.id === app.trianglePresetId);
  $('tri-preset').value = app.trianglePresetId;
  set('tri-preset-text', preset ? preset.text : '');
  set('tri-region', closest.region);
  set('tri-u', fmt(closest.u, 6));
  set('tri-v', fmt(closest.v, 6));
  set('tri-w', fmt(closest.w, 6));
  set('tri-point', fmtPoint(closest.point));
  for (const name of ['uAB', 'vAB', 'uBC', 'vBC', 'uCA', 'vCA', 'uABC', 'vABC', 'wABC']) {
    const cell = $(`tri-${name}`);
    cell.textContent = `${name} ${fmt(coords[name], 3)}`;
    cell.className = coords[name] > 0 ? 'pos' : 'neg';
  }
  set('tri-rule', TRIANGLE_RULES[closest.region]);
}
