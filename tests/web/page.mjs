// tests/web/page.mjs - what the end-to-end tests do on the demo's page: read it back, check it
// against the native `gjk distance` and `gjk cast` tools, switch views, drag, take screenshots;
// and the exact first contact of two boxes that the cast tests compare with.
import assert from 'node:assert/strict';
import path from 'node:path';

import { SCREENSHOTS, native, nativeCast, settle } from './helpers.mjs';

export const demo = (page, fn, arg) => page.evaluate(fn, arg);
export const text = async (page, selector) => (await page.textContent(selector)).trim();
export const close = (x, y, tol, what) => assert.ok(Math.abs(x - y) <= tol, `${what}: ${x} vs ${y}`);
export const closePoint = (p, q, tol, what) => { close(p[0], q[0], tol, `${what}.x`); close(p[1], q[1], tol, `${what}.y`); };

/** The displayed distance equals the native tool's for the page's current shapes. */
export async function checkDistanceAgainstNative(page, what) {
  const state = await demo(page, () => gjkDemo.state());
  const shown = Number(await text(page, '#distance'));
  const [answer] = native([state]);
  assert.ok(!('error' in answer), `${what}: native error ${answer.error}`);
  close(shown, answer.distance, 1e-9, `${what}: displayed distance`);
  assert.equal(await text(page, '#status'), answer.status, `${what}: status`);
  return { state, answer };
}

/** "(x, y)" as the panel shows it -> [x, y]. */
export function parsePoint(s) {
  const m = /^\((\S+), (\S+)\)$/.exec(s);
  assert.ok(m, `a point: ${s}`);
  return [Number(m[1]), Number(m[2])];
}

/** Two vectors equal within `tol` in every coordinate (any dimension). */
export function closeVector(p, q, tol, what) {
  assert.equal(p.length, q.length, `${what}: dimension`);
  p.forEach((x, k) => close(x, q[k], tol, `${what}[${k}]`));
}

/** "(x, y, z)" as the panel shows it -> [x, y, z]. */
export function parsePoint3(s) {
  const m = /^\((\S+), (\S+), (\S+)\)$/.exec(s);
  assert.ok(m, `a point in space: ${s}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

/** v rotated by the quaternion q (scalar last), normalized first as the tool does. */
export function rotate3(q, v) {
  const n = Math.hypot(...q);
  const [x, y, z, w] = q.map((c) => c / n);
  const cross = (a, b) => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
  const t = cross([x, y, z], v).map((c) => 2 * c);
  const ut = cross([x, y, z], t);
  return [0, 1, 2].map((k) => v[k] + w * t[k] + ut[k]);
}

/**
 * The 3D view shows the native answer to the page's shapes as a `gjk distance` 3D line:
 * distance (every digit), status, iterations and penetration in the panel, the witness points
 * to the panel's four decimals, and the drawn witness points and normal within 1e-9.
 */
export async function checkSpaceAgainstNative(page, what) {
  const state = await demo(page, () => gjkDemo.space.state());
  const [answer] = native([state], ['--trace']);
  assert.ok(!('error' in answer), `${what}: native error ${answer.error}`);
  close(Number(await text(page, '#s3-distance')), answer.distance, 1e-9, `${what}: displayed distance`);
  assert.equal(await text(page, '#s3-status'), answer.status, `${what}: status`);
  assert.equal(Number(await text(page, '#s3-iterations')), answer.iterations, `${what}: iterations`);
  const depth = await text(page, '#s3-penetration');
  if ('penetration' in answer) close(Number(depth), answer.penetration, 1e-9, `${what}: displayed penetration`);
  else assert.match(depth, /apart/, `${what}: no penetration when apart`);
  closeVector(parsePoint3(await text(page, '#s3-point-a')), answer.point_a, 5e-5, `${what}: displayed witness A`);
  closeVector(parsePoint3(await text(page, '#s3-point-b')), answer.point_b, 5e-5, `${what}: displayed witness B`);
  const drawn = await demo(page, () => gjkDemo.drawn());
  assert.equal(drawn.view, 'space', `${what}: the 3D view is drawn`);
  if (drawn.result) {
    for (const k of ['point_a', 'point_b', 'normal']) closeVector(drawn.result[k], answer[k], 1e-9, `${what}: drawn ${k}`);
    if ('penetration' in answer) close(drawn.result.depth, answer.penetration, 1e-9, `${what}: drawn depth`);
  }
  return { state, answer, drawn };
}

/**
 * The cast view shows the native `gjk cast` answer for the page's query: fraction, status, hit
 * and iterations in the panel, point and normal in the panel and in the drawing (within 1e-9),
 * and B drawn at its position moved by fraction * translation.
 */
export async function checkCastAgainstNative(page, what) {
  const query = await demo(page, () => gjkDemo.castState());
  const [answer] = nativeCast([query]);
  assert.ok(!('error' in answer), `${what}: native error ${answer.error}`);
  close(Number(await text(page, '#cast-fraction')), answer.fraction, 1e-9, `${what}: displayed fraction`);
  assert.equal(await text(page, '#cast-status'), answer.status, `${what}: status`);
  assert.equal(await text(page, '#cast-hit'), answer.hit ? 'yes' : 'no', `${what}: hit`);
  assert.equal(Number(await text(page, '#cast-iterations')), answer.iterations, `${what}: iterations`);
  const drawn = await demo(page, () => gjkDemo.drawn());
  assert.equal(drawn.view, 'cast', `${what}: the cast view is drawn`);
  assert.deepEqual(drawn.translation, query.translation_b, `${what}: the arrow is the translation`);
  const t = answer.fraction, r = query.translation_b, p = query.b.position;
  closePoint(drawn.position, [p[0] + t * r[0], p[1] + t * r[1]], 1e-9, `${what}: B drawn at t`);
  if (answer.hit) {
    closePoint(parsePoint(await text(page, '#cast-point')), answer.point, 1e-9, `${what}: displayed point`);
    closePoint(parsePoint(await text(page, '#cast-normal')), answer.normal, 1e-9, `${what}: displayed normal`);
    closePoint(drawn.point, answer.point, 1e-9, `${what}: drawn point`);
    closePoint(drawn.normal, answer.normal, 1e-9, `${what}: drawn normal`);
  } else {
    assert.match(await text(page, '#cast-point'), /no contact/, `${what}: no point without a hit`);
    assert.equal(drawn.point, undefined, `${what}: no contact drawn`);
  }
  return { query, answer };
}

/**
 * Exact first contact of two axis-aligned boxes, the box [-ha, ha]^2 at rest and a box of
 * half-size hb centred at c moving by r (the slab method: per axis the interval of t in which
 * the projections overlap; contact starts when the last axis starts overlapping). Returns the
 * fraction and the axis of first contact, or null for no contact in [0, 1].
 */
export function boxCastOracle(ha, c, hb, r) {
  let enter = 0, exit = 1, axis = -1;
  for (const k of [0, 1]) {
    const lo = -ha - hb - c[k], hi = ha + hb - c[k]; // overlap while lo <= t r_k <= hi
    if (r[k] === 0) {
      if (lo > 0 || hi < 0) return null;
      continue;
    }
    const t0 = Math.min(lo / r[k], hi / r[k]), t1 = Math.max(lo / r[k], hi / r[k]);
    if (t0 > enter) { enter = t0; axis = k; }
    exit = Math.min(exit, t1);
  }
  return enter <= exit ? { fraction: enter, axis } : null;
}

export const square = (h) => [[-h, -h], [h, -h], [h, h], [-h, h]];

/**
 * Clicks (or taps) a view's tab and waits until the page shows that view: a tap's click can
 * come after the tap returns (a loaded machine), and the next touch must not overtake it.
 */
export async function showView(page, view, { tap = false } = {}) {
  const tab = `#tabs button[data-view="${view}"]`;
  // A tap right after a select or a full-page screenshot was once lost in CI (the view never
  // changed in 30 s): tap again, a few times, before calling it a failure. A page whose tabs
  // do not answer touch still fails, on the last attempt.
  for (let attempt = 1; ; attempt++) {
    await (tap ? page.tap(tab) : page.click(tab));
    try {
      await page.waitForFunction((v) => gjkDemo.view() === v, view, { timeout: 5000 });
      break;
    } catch (error) {
      if (attempt === 4) throw error;
    }
  }
  await settle(page);
}

export async function mouseDrag(page, from, to) {
  await page.mouse.move(from[0], from[1]);
  await page.mouse.down();
  await page.mouse.move(to[0], to[1], { steps: 8 });
  await page.mouse.up();
  await settle(page);
}

export async function screenshot(page, name, fullPage = false) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await settle(page);
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage });
}
