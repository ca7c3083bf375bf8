// End-to-end tests of the browser demo (web/), in Debian's headless Chromium driven by
// playwright-core. The page's numbers must be the native library's: the `gjk distance` and
// `gjk cast` tools (build/bin/gjk) answer the same shapes, read back from the page as JSON.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, test } from 'node:test';

import { SCREENSHOTS, SITE, launchChromium, native, serve, settle } from './helpers.mjs';
import {
  boxCastOracle, checkCastAgainstNative, checkDistanceAgainstNative, checkSpaceAgainstNative, close,
  closePoint, closeVector, demo, mouseDrag, parsePoint, rotate3, screenshot, showView, square, text,
} from './page.mjs';
import { SCENES3 } from '../../web/js/scenes3.js';

const SCENES_WITH_CASES = [
  ['case1', 'repeated_support'], ['case2', 'containment'], ['case3a', 'vertex_overlap'],
  ['case3b', 'edge_overlap'], ['case4', 'edge_overlap'], ['collinear', 'no_progress'],
];
const VIEWS = ['shapes', 'minkowski', 'cast', 'contacts', 'ray', 'segment', 'triangle', 'space'];

let server, browser;
const problems = []; // console errors and warnings, page errors, failed requests: none allowed

before(async () => {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  server = await serve(SITE);
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/** A new page at the given size, watched for errors, with the demo loaded. */
async function open(options) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const name = `${options.viewport.width}x${options.viewport.height}`;
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${name} console.${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`${name} page error: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`${name} request failed: ${r.url()}`));
  await page.goto(server.url);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 15000 });
  await settle(page);
  return { context, page };
}

describe('desktop, 1280×800', () => {
  let page;
  before(async () => { ({ page } = await open({ viewport: { width: 1280, height: 800 } })); });

  test('dragging, reshaping and rotating: the displayed distance is the native library\'s', async () => {
    const before = await demo(page, () => gjkDemo.state());
    // Drag B by its centre.
    const from = await demo(page, (p) => gjkDemo.toClient(p), before.b.position);
    await mouseDrag(page, from, [from[0] - 90, from[1] + 40]);
    const moved = await checkDistanceAgainstNative(page, 'after dragging B');
    assert.notDeepEqual(moved.state.b.position, before.b.position, 'B moved');
    assert.deepEqual(moved.state.a, before.a, 'A did not move');

    // Drag A's top vertex (1, 1.5) up and to the right.
    const vertex = await demo(page, () => gjkDemo.toClient([1, 1.5]));
    await mouseDrag(page, vertex, [vertex[0] + 50, vertex[1] - 30]);
    const reshaped = await checkDistanceAgainstNative(page, 'after dragging a vertex of A');
    assert.notDeepEqual(reshaped.state.a.points[2], [1, 1.5], 'the vertex moved');
    assert.deepEqual(reshaped.state.a.position, [0, 0], 'A itself did not move');

    // Rotate B with the wheel over it, then with the keys.
    const centre = await demo(page, (p) => gjkDemo.toClient(p), reshaped.state.b.position);
    await page.mouse.move(centre[0], centre[1]);
    await page.mouse.wheel(0, 300);
    await settle(page);
    const wheeled = await checkDistanceAgainstNative(page, 'after the wheel');
    assert.notEqual(wheeled.state.b.angle, reshaped.state.b.angle, 'the wheel rotated B');
    await page.keyboard.press('q');
    await page.keyboard.press('q');
    await settle(page);
    const keyed = await checkDistanceAgainstNative(page, 'after Q, Q');
    close(keyed.state.b.angle - wheeled.state.b.angle, (10 * Math.PI) / 180, 1e-12, 'Q turns 5 degrees');
  });

  test('step mode walks every iteration forwards and back, drawing the trace', async () => {
    await page.selectOption('#scene-select', 'talk');
    await settle(page);
    await page.click('#step-toggle');
    await settle(page);
    const state = await demo(page, () => gjkDemo.state());
    const [answer] = native([state], ['--trace']);
    const trace = await demo(page, () => gjkDemo.result().trace);
    const n = trace.length;
    assert.ok(n >= 3, `the talk's scene takes several iterations (${n})`);
    assert.equal(n, answer.iterations, 'as many iterations as the native library');
    assert.equal(answer.simplices.length, n);

    const checkStep = async (k, view) => {
      assert.equal(await text(page, '#step-counter'), `${k} / ${n}`);
      const drawn = await demo(page, () => gjkDemo.drawn());
      assert.equal(drawn.view, view);
      assert.equal(drawn.step.index, k);
      // The drawn step is the page's trace step...
      const step = trace[k - 1];
      assert.deepEqual(drawn.step.simplex, step.simplex);
      assert.deepEqual(drawn.step.closest, step.closest);
      assert.deepEqual(drawn.step.direction, step.direction);
      assert.equal(drawn.step.support !== null, step.has_support);
      if (step.has_support) assert.deepEqual(drawn.step.support.w, step.support.w);
      // ...and the native library's simplex of that iteration.
      const nat = answer.simplices[k - 1];
      assert.equal(drawn.step.simplex.length, nat.length, `simplex size at iteration ${k}`);
      drawn.step.simplex.forEach((v, i) => {
        assert.equal(v.index_a, nat[i].index_a);
        assert.equal(v.index_b, nat[i].index_b);
        closePoint(v.a, nat[i].point_a, 1e-9, `iteration ${k} vertex ${i} a`);
        closePoint(v.b, nat[i].point_b, 1e-9, `iteration ${k} vertex ${i} b`);
        closePoint(v.w, nat[i].minkowski, 1e-9, `iteration ${k} vertex ${i} w`);
        close(v.weight, nat[i].weight, 1e-9, `iteration ${k} vertex ${i} weight`);
      });
      // The panel lists the same simplex.
      assert.equal(await page.locator('#step-simplex tr').count(), nat.length);
    };

    for (let k = 1; k <= n; ++k) {
      await checkStep(k, 'shapes');
      if (k < n) await page.click('#step-next');
      await settle(page);
    }
    assert.equal(await page.isDisabled('#step-next'), true, 'no step after the last');
    assert.match(await text(page, '#step-text'), /Case 1/, 'the last step names its termination');
    // The same steps on the Minkowski difference, backwards with the keyboard.
    await page.click('#tabs button[data-view="minkowski"]');
    await settle(page);
    for (let k = n; k >= 1; --k) {
      await checkStep(k, 'minkowski');
      if (k > 1) await page.keyboard.press('ArrowLeft');
      await settle(page);
    }
    assert.equal(await page.isDisabled('#step-prev'), true, 'no step before the first');
    await screenshot(page, 'desktop-minkowski-step');
    await page.click('#tabs button[data-view="shapes"]');
    await page.click('#step-next');
    await screenshot(page, 'desktop-shapes-step');
    await page.click('#step-toggle');
    await settle(page);
  });

  test('the Minkowski view draws hull(B − A), the origin and the closest point', async () => {
    await page.selectOption('#scene-select', 'talk');
    await page.click('#tabs button[data-view="minkowski"]');
    await settle(page);
    const drawn = await demo(page, () => gjkDemo.drawn());
    const state = await demo(page, () => gjkDemo.state());
    assert.equal(drawn.view, 'minkowski');
    // Brute force: every difference b_j - a_i of the world points lies in the drawn hull,
    // and every hull vertex is one of them.
    const world = (s) => s.points.map(([x, y]) => [
      Math.cos(s.angle) * x - Math.sin(s.angle) * y + s.position[0],
      Math.sin(s.angle) * x + Math.cos(s.angle) * y + s.position[1]]);
    const diffs = world(state.b).flatMap((b) => world(state.a).map((a) => [b[0] - a[0], b[1] - a[1]]));
    const z = drawn.z;
    assert.ok(z.length >= 3);
    for (const v of z) assert.ok(diffs.some((d) => Math.hypot(d[0] - v[0], d[1] - v[1]) < 1e-12), 'hull vertex is a difference');
    for (const d of diffs) {
      for (let i = 0; i < z.length; ++i) {
        const p = z[i], q = z[(i + 1) % z.length];
        const cross = (q[0] - p[0]) * (d[1] - p[1]) - (q[1] - p[1]) * (d[0] - p[0]);
        assert.ok(cross >= -1e-9, 'difference inside the counter-clockwise hull');
      }
    }
    // The distance between the shapes is the distance from the origin to Z.
    const shown = Number(await text(page, '#distance'));
    close(Math.hypot(...drawn.closest), shown, 1e-12, '|P| is the displayed distance');
    await screenshot(page, 'desktop-minkowski');
  });

  test('section 1: the segment view shows the library\'s region and barycentric coordinates', async () => {
    await page.click('#tabs button[data-view="segment"]');
    await demo(page, () => gjkDemo.setPoints({ A: [-2, -0.5], B: [2, 0.8], Q: [0, 3] }));
    await settle(page);
    // u' = (B - Q).(B - A) = 5.14, v' = (Q - A).(B - A) = 12.55, |B - A|^2 = 17.69.
    assert.equal(await text(page, '#seg-region'), 'AB');
    close(Number(await text(page, '#seg-u')), 5.14 / 17.69, 1e-6, 'u');
    close(Number(await text(page, '#seg-v')), 12.55 / 17.69, 1e-6, 'v');
    close(Number(await text(page, '#seg-u-raw')), 5.14, 1e-9, "u'");
    close(Number(await text(page, '#seg-v-raw')), 12.55, 1e-9, "v'");
    // Drag Q behind A, then beyond B, in a view framed on A, B and Q.
    await page.click('#fit');
    await settle(page);
    const canvas = await page.locator('#canvas').boundingBox();
    const onCanvas = async (p) => {
      const c = await demo(page, (p) => gjkDemo.toClient(p), p);
      assert.ok(c[0] > canvas.x && c[0] < canvas.x + canvas.width && c[1] > canvas.y && c[1] < canvas.y + canvas.height, `${p} is on the canvas`);
      return c;
    };
    const q = await onCanvas([0, 3]);
    const behindA = await onCanvas([-2.6, -1]); // v' = (Q - A).(B - A) < 0
    await mouseDrag(page, q, behindA);
    assert.equal(await text(page, '#seg-region'), 'A');
    assert.equal(Number(await text(page, '#seg-u')), 1);
    assert.equal(Number(await text(page, '#seg-v')), 0);
    const beyondB = await onCanvas([2.6, 1.5]); // u' = (B - Q).(B - A) < 0
    await mouseDrag(page, behindA, beyondB);
    assert.equal(await text(page, '#seg-region'), 'B');
    assert.equal((await demo(page, () => gjkDemo.drawn())).region, 'B');
    await demo(page, () => gjkDemo.setPoints({ Q: [0.6, 1.6] }));
    await screenshot(page, 'desktop-segment');
  });

  test('section 2: the triangle view shows the library\'s region and barycentric coordinates', async () => {
    await page.click('#tabs button[data-view="triangle"]');
    const cases = [
      // Q, region, (u, v, w)
      [[1, 1], 'ABC', [1 / 3, 1 / 3, 1 / 3]],
      [[4, 4], 'BC', [0, 0.5, 0.5]],
      [[1.5, -2], 'AB', [0.5, 0.5, 0]],
      [[-1, -1], 'A', [1, 0, 0]],
      [[-1, 4], 'C', [0, 0, 1]],
    ];
    for (const [Q, region, [u, v, w]] of cases) {
      await demo(page, (Q) => gjkDemo.setPoints({ A: [0, 0], B: [3, 0], C: [0, 3], Q }), Q);
      await settle(page);
      assert.equal(await text(page, '#tri-region'), region, `region of ${Q}`);
      close(Number(await text(page, '#tri-u')), u, 1e-6, `u at ${Q}`);
      close(Number(await text(page, '#tri-v')), v, 1e-6, `v at ${Q}`);
      close(Number(await text(page, '#tri-w')), w, 1e-6, `w at ${Q}`);
    }
    // The nine numbers at Q = (1, 1): each sub-area (times 2) is 3.
    await demo(page, () => gjkDemo.setPoints({ Q: [1, 1] }));
    await settle(page);
    for (const name of ['uABC', 'vABC', 'wABC']) assert.equal(await text(page, `#tri-${name}`), `${name} 3`);
    assert.equal(await text(page, '#tri-uAB'), 'uAB 6'); // (B - Q).(B - A) = (2, -1).(3, 0)

    // The collinear preset: zero area, so never the interior, and the weights still sum to 1.
    await page.selectOption('#tri-preset', 'collinear');
    for (const Q of [[0, 0], [0.5, 0.25], [-0.4, 1.2], [3, 0]]) {
      await demo(page, (Q) => gjkDemo.setPoints({ Q }), Q);
      await settle(page);
      assert.notEqual(await text(page, '#tri-region'), 'ABC');
      const d = await demo(page, () => gjkDemo.drawn());
      close(d.u + d.v + d.w, 1, 1e-12, 'weights sum to 1');
      assert.equal(await text(page, '#tri-uABC'), 'uABC 0');
    }
    await screenshot(page, 'desktop-triangle-collinear');
    await page.selectOption('#tri-preset', 'default');
    await screenshot(page, 'desktop-triangle');
  });

  test('overlapping shapes show the native penetration depth and normal, drawn', async () => {
    await page.click('#tabs button[data-view="shapes"]');
    for (const id of ['overlap', 'touching', 'rounded', 'talk']) {
      await page.selectOption('#scene-select', id);
      await settle(page);
      const { answer } = await checkDistanceAgainstNative(page, id);
      const shown = await text(page, '#penetration');
      if (answer.overlap) {
        close(Number(shown), answer.penetration, 1e-9, `${id}: displayed penetration`);
        const drawn = await demo(page, () => gjkDemo.drawn());
        close(drawn.result.depth, answer.penetration, 1e-9, `${id}: drawn depth`);
        closePoint(drawn.result.normal, answer.normal, 1e-9, `${id}: drawn normal`);
      } else {
        assert.match(shown, /apart/, `${id}: no penetration when apart`);
      }
      if (id === 'overlap') {
        assert.ok(answer.overlap && answer.penetration > 0, 'the overlap preset overlaps');
        await screenshot(page, 'desktop-penetration');
      }
    }
  });

  test('each termination-case preset shows the termination it names', async () => {
    await page.click('#tabs button[data-view="shapes"]');
    for (const [id, termination] of SCENES_WITH_CASES) {
      await page.selectOption('#scene-select', id);
      await settle(page);
      assert.equal((await demo(page, () => gjkDemo.result())).termination, termination, id);
      assert.match(await text(page, '#termination'), new RegExp(`^${termination}\\b`), id);
      assert.ok((await text(page, '#scene-text')).length > 40, `${id} has its sentence`);
      await checkDistanceAgainstNative(page, id);
    }
    await page.selectOption('#scene-select', 'case3a');
    await screenshot(page, 'desktop-case3a');
    await page.selectOption('#scene-select', 'talk');
    await screenshot(page, 'desktop-shapes');
  });

  test('cast view: dragging the arrow casts B; hit, miss and overlap are the native tool\'s', async () => {
    await showView(page, 'cast');
    // A known scene: A = [-1, 1]^2 at rest, B a square of half-size 0.5 at (4, 0.5) moving up.
    const scene = { a: { points: square(1) }, b: { points: square(0.5), position: [4, 0.5] }, translation_b: [0, 2] };
    assert.equal(await demo(page, (q) => gjkDemo.setCast(q), scene), '');
    await settle(page);
    const first = await checkCastAgainstNative(page, 'moving up');
    assert.equal(first.answer.status, 'separated', 'B passes beside A');
    assert.equal(boxCastOracle(1, [4, 0.5], 0.5, [0, 2]), null, 'the oracle agrees: no contact');

    // Drag the arrow's head to (-0.5, 0.2): B now sweeps over A's right face.
    const head = async () => {
      const d = await demo(page, () => gjkDemo.drawn());
      return demo(page, (p) => gjkDemo.toClient(p), [d.start[0] + d.translation[0], d.start[1] + d.translation[1]]);
    };
    const towardsA = await demo(page, () => gjkDemo.toClient([-0.5, 0.2]));
    await mouseDrag(page, await head(), towardsA);
    const hit = await checkCastAgainstNative(page, 'after dragging the arrow onto A');
    assert.deepEqual(hit.query.b.position, [4, 0.5], 'dragging the arrow does not move B');
    assert.deepEqual(hit.query.a, { points: square(1), radius: 0, position: [0, 0], angle: 0 }, 'nor A');
    close(hit.query.translation_b[0], -4.5, 0.05, 'the head followed the mouse (x)');
    close(hit.query.translation_b[1], -0.3, 0.05, 'the head followed the mouse (y)');
    assert.equal(hit.answer.status, 'hit');
    // The exact oracle: B's left face reaches A's right face x = 1 first.
    const exact = boxCastOracle(1, [4, 0.5], 0.5, hit.query.translation_b);
    assert.ok(exact && exact.axis === 0, 'the oracle: a hit on the x faces');
    close(Number(await text(page, '#cast-fraction')), exact.fraction, 1e-12, 'fraction = the exact slab time');
    closePoint(parsePoint(await text(page, '#cast-normal')), [1, 0], 1e-12, 'normal of A\'s right face');
    const point = parsePoint(await text(page, '#cast-point'));
    const yB = 0.5 + exact.fraction * hit.query.translation_b[1];
    close(point[0], 1, 1e-12, 'the contact point is on A\'s right face');
    assert.ok(point[1] >= Math.max(-1, yB - 0.5) - 1e-12 && point[1] <= Math.min(1, yB + 0.5) + 1e-12, 'and on B\'s left face');
    await screenshot(page, 'desktop-cast-hit');

    // Drag the head up and away: a miss, and B is drawn at the end of its translation.
    const away = await demo(page, () => gjkDemo.toClient([4.5, 2.6]));
    await mouseDrag(page, await head(), away);
    const miss = await checkCastAgainstNative(page, 'after dragging the arrow away');
    assert.equal(miss.answer.status, 'separated');
    assert.equal(Number(await text(page, '#cast-fraction')), 1, 'no hit: B ends the step');
    assert.equal(boxCastOracle(1, [4, 0.5], 0.5, miss.query.translation_b), null, 'the oracle: no contact');
    await screenshot(page, 'desktop-cast-miss');

    // Dragging B itself moves the arrow with it; the cast follows.
    const centre = await demo(page, () => gjkDemo.toClient([4.3, 0.6]));
    await mouseDrag(page, centre, [centre[0] - 40, centre[1] + 20]);
    const movedB = await checkCastAgainstNative(page, 'after dragging B');
    assert.notDeepEqual(movedB.query.b.position, [4, 0.5], 'B moved');
    assert.deepEqual(movedB.query.translation_b, miss.query.translation_b, 'the translation stayed');

    // Rounded shapes: two circles, radii 0.75 and 0.25, centres 3 apart, B moving 4 towards
    // A: they touch when the centres are 1 apart, at t = 1/2 exactly, at (0.75, 0).
    await demo(page, () => gjkDemo.setCast({ a: { points: [[0, 0]], radius: 0.75 }, b: { points: [[0, 0]], radius: 0.25, position: [3, 0] }, translation_b: [-4, 0] }));
    await settle(page);
    await checkCastAgainstNative(page, 'circles');
    close(Number(await text(page, '#cast-fraction')), 0.5, 1e-12, 'circles: t = 1/2');
    closePoint(parsePoint(await text(page, '#cast-point')), [0.75, 0], 1e-9, 'circles: contact point');
    closePoint(parsePoint(await text(page, '#cast-normal')), [1, 0], 1e-9, 'circles: normal');

    // Initially overlapping: a hit at t = 0 with the penetration normal.
    await page.selectOption('#scene-select', 'overlap');
    await settle(page);
    const overlap = await checkCastAgainstNative(page, 'the overlap preset');
    assert.equal(overlap.answer.status, 'initially_overlapping');
    assert.equal(await text(page, '#cast-status'), 'initially_overlapping');
    assert.equal(Number(await text(page, '#cast-fraction')), 0);
    await screenshot(page, 'desktop-cast-overlap');

    // Every preset, with its default translation.
    for (const id of ['talk', 'rounded', 'touching', 'case1']) {
      await page.selectOption('#scene-select', id);
      await settle(page);
      await checkCastAgainstNative(page, `preset ${id}`);
    }
    await page.selectOption('#scene-select', 'talk');
    await screenshot(page, 'desktop-cast');
    await showView(page, 'shapes');
  });

  test('ray view: dragging an end casts the ray; hit, miss and inside are the native tool\'s', async () => {
    await showView(page, 'ray');
    const check = async (what) => {
      const query = await demo(page, () => gjkDemo.rayState());
      const [answer] = native([query], [], 'raycast');
      assert.equal(await text(page, '#ray-hit'), answer.hit ? 'yes' : 'no', `${what}: hit`);
      close(Number(await text(page, '#ray-fraction')), answer.fraction, 1e-12, `${what}: fraction`);
      if (answer.hit) {
        closePoint(parsePoint(await text(page, '#ray-point')), answer.point, 1e-9, `${what}: point`);
        closePoint(parsePoint(await text(page, '#ray-normal')), answer.normal, 1e-9, `${what}: normal`);
      }
      const drawn = await demo(page, () => gjkDemo.drawn());
      assert.equal(drawn.view, 'ray', `${what}: the ray view is drawn`);
      assert.equal(drawn.hit, answer.hit, `${what}: drawn as the answer`);
      return { query, answer };
    };
    // A known ray: across the square [-1, 1]^2 from the left, at y = 0.5 - its left face at t = 0.2.
    const ray = { shape: { points: square(1) }, origin: [-3, 0.5], translation: [10, 0] };
    assert.equal(await demo(page, (q) => gjkDemo.setRay(q), ray), '');
    await settle(page);
    const hit = await check('across the square');
    assert.equal(hit.answer.status, undefined, 'the tool writes the contract fields only');
    close(hit.answer.fraction, 0.2, 1e-12, 'the exact fraction: x = -3 + 10 t = -1');
    closePoint(hit.answer.normal, [-1, 0], 1e-12, 'the left face\'s normal');
    await screenshot(page, 'desktop-ray-hit');
    // Drag the end E up and away: the ray passes above the square.
    const end = await demo(page, () => gjkDemo.toClient(gjkDemo.drawn().end));
    const above = await demo(page, () => gjkDemo.toClient([7, 6]));
    await mouseDrag(page, end, above);
    const miss = await check('after dragging E away');
    assert.equal(miss.answer.hit, false);
    // Drag the start S into the square: a hit at t = 0 with no normal.
    const start = await demo(page, () => gjkDemo.toClient(gjkDemo.drawn().start));
    const inside = await demo(page, () => gjkDemo.toClient([0.2, 0.1]));
    await mouseDrag(page, start, inside);
    const from = await check('from inside');
    assert.equal(from.answer.fraction, 0);
    assert.deepEqual(from.answer.normal, [0, 0]);
    await showView(page, 'shapes');
  });

  test('contacts view: a box resting on a box shows the native manifold, reference face drawn', async () => {
    await showView(page, 'contacts');
    // B, a 1 x 1 box, rests 0.05 into A, a 4 x 1 box: two points at B's bottom corners.
    const scene = { a: { points: [[-2, -0.5], [2, -0.5], [2, 0.5], [-2, 0.5]] }, b: { points: square(0.5), position: [0.3, 0.95] } };
    assert.equal(await demo(page, (q) => gjkDemo.setShapes(q), scene), '');
    await settle(page);
    const query = await demo(page, () => gjkDemo.manifoldState());
    const [answer] = native([query], [], 'manifold');
    const shown = await demo(page, () => gjkDemo.manifoldResult());
    assert.equal(shown.points.length, answer.points.length, 'point count');
    assert.equal(answer.points.length, 2, 'two contact points');
    closePoint(shown.normal, answer.normal, 1e-12, 'normal');
    for (const [i, p] of answer.points.entries()) {
      closePoint(shown.points[i].point, p.point, 1e-12, `point ${i}`);
      close(shown.points[i].separation, p.separation, 1e-12, `separation ${i}`);
      assert.equal(shown.points[i].id, p.id, `id ${i}`);
      close(p.separation, -0.05, 1e-12, `separation ${i}: 0.05 deep`);
    }
    const drawn = await demo(page, () => gjkDemo.drawn());
    assert.equal(drawn.view, 'contacts');
    assert.equal(drawn.reference_face.length, 2, 'the reference face is drawn');
    assert.equal(await text(page, '#contacts-count'), '2');
    await screenshot(page, 'desktop-contacts');
    await showView(page, 'shapes');
  });

  test('gradient arrows: the shapes view draws the native --derivatives gradient when asked', async () => {
    await showView(page, 'shapes');
    await page.selectOption('#scene-select', 'talk');
    await page.check('#show-gradient');
    await settle(page);
    const state = await demo(page, () => gjkDemo.state());
    const [answer] = native([state], ['--derivatives']);
    const drawn = await demo(page, () => gjkDemo.drawn());
    assert.ok(drawn.gradient, 'the arrows are drawn');
    for (const key of ['a', 'b']) {
      for (let k = 0; k < 3; k++) close(drawn.gradient[key][k], answer.gradient[key][k], 1e-12, `d s / d ${key}[${k}]`);
    }
    assert.equal(drawn.gradient.differentiable, answer.differentiable);
    assert.match(await text(page, '#gradient-text'), /∂s\/∂\(x, y, θ\)/);
    await screenshot(page, 'desktop-gradient');
    await page.uncheck('#show-gradient');
    await settle(page);
    assert.equal((await demo(page, () => gjkDemo.drawn())).gradient, undefined, 'off again');
  });
});

describe('desktop, 1280×800, the 3D view', () => {
  let page;
  before(async () => {
    ({ page } = await open({ viewport: { width: 1280, height: 800 } }));
    await showView(page, 'space');
  });

  const dot = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
  /** The angle of the turn from unit quaternion p to q, and its axis. */
  const turn = (p, q) => {
    const c = [-p[0], -p[1], -p[2], p[3]]; // q * conj(p)
    const r = [
      q[3] * c[0] + q[0] * c[3] + q[1] * c[2] - q[2] * c[1],
      q[3] * c[1] - q[0] * c[2] + q[1] * c[3] + q[2] * c[0],
      q[3] * c[2] + q[0] * c[1] - q[1] * c[0] + q[2] * c[3],
      q[3] * c[3] - q[0] * c[0] - q[1] * c[1] - q[2] * c[2],
    ];
    const s = Math.hypot(r[0], r[1], r[2]);
    return { angle: 2 * Math.atan2(s, Math.abs(r[3])), axis: [r[0] / s, r[1] / s, r[2] / s] };
  };

  test('every preset shows the tool\'s answer on its 3D line and the status it names', async () => {
    for (const scene of SCENES3) {
      await page.selectOption('#s3-scene', scene.id);
      await settle(page);
      const { answer } = await checkSpaceAgainstNative(page, scene.id);
      assert.equal(answer.status, scene.expect.status, `${scene.id}: status`);
      if (scene.expect.termination) {
        assert.match(await text(page, '#s3-termination'), new RegExp(`^${scene.expect.termination}\\b`), `${scene.id}: termination`);
      }
      assert.ok((await text(page, '#s3-scene-text')).length > 40, `${scene.id} has its sentence`);
      if (scene.id === 'overlap') {
        // EPA's deepest points, drawn: B moved by depth along the normal touches A.
        const { result } = await demo(page, () => gjkDemo.drawn());
        closeVector(result.deepest_b.map((x, k) => x + answer.penetration * answer.normal[k]), result.deepest_a, 1e-9, 'the minimum translation');
        await screenshot(page, 'desktop-space-overlap');
      }
    }
  });

  test('dragging B across the screen and turning it: the numbers stay the tool\'s', async () => {
    await page.selectOption('#s3-scene', 'box-tetra');
    await settle(page);
    const before = await checkSpaceAgainstNative(page, 'the preset');
    const camera = await demo(page, () => gjkDemo.space.camera());
    // Drag B (the tetrahedron, centred on its position) a third of the way towards A's centre.
    const from = await demo(page, (p) => gjkDemo.toClient(p), before.state.b.position);
    const towards = await demo(page, (p) => gjkDemo.toClient(p), before.state.a.position);
    const to = [from[0] + 0.35 * (towards[0] - from[0]), from[1] + 0.35 * (towards[1] - from[1])];
    await mouseDrag(page, from, to);
    const moved = await checkSpaceAgainstNative(page, 'after dragging B');
    assert.deepEqual(moved.state.a, before.state.a, 'A did not move');
    assert.deepEqual(moved.state.b.quaternion, before.state.b.quaternion, 'B did not turn');
    // B moved in the plane of the screen, as far as the pointer (within a pixel).
    const delta = moved.state.b.position.map((x, k) => x - before.state.b.position[k]);
    close(dot(delta, camera.e), 0, 1e-9, 'no move along the line of sight');
    close(dot(delta, camera.r) * camera.scale, to[0] - from[0], 1, 'across the screen');
    close(-dot(delta, camera.u) * camera.scale, to[1] - from[1], 1, 'down the screen');
    assert.ok(moved.answer.distance < before.answer.distance, `closer to A: ${moved.answer.distance} < ${before.answer.distance}`);
    await screenshot(page, 'desktop-space-dragged');

    // Q twice turns the selected shape, B, by 10 degrees about the line of sight.
    await page.keyboard.press('q');
    await page.keyboard.press('q');
    await settle(page);
    const keyed = await checkSpaceAgainstNative(page, 'after Q, Q');
    const t = turn(moved.state.b.quaternion, keyed.state.b.quaternion);
    close(t.angle, (10 * Math.PI) / 180, 1e-9, 'Q turns 5 degrees');
    close(Math.abs(dot(t.axis, camera.e)), 1, 1e-9, 'about the line of sight');
    assert.notEqual(keyed.answer.distance, moved.answer.distance, 'the turn changed the distance');
    // D turns it about the screen's vertical, the wheel over it about the line of sight.
    await page.keyboard.press('d');
    await settle(page);
    const sideways = await checkSpaceAgainstNative(page, 'after D');
    const d = turn(keyed.state.b.quaternion, sideways.state.b.quaternion);
    close(d.angle, (5 * Math.PI) / 180, 1e-9, 'D turns 5 degrees');
    close(Math.abs(dot(d.axis, camera.u)), 1, 1e-9, 'about the screen\'s vertical');
    const centre = await demo(page, (p) => gjkDemo.toClient(p), sideways.state.b.position);
    await page.mouse.move(centre[0], centre[1]);
    await page.mouse.wheel(0, 300);
    await settle(page);
    const wheeled = await checkSpaceAgainstNative(page, 'after the wheel');
    assert.notDeepEqual(wheeled.state.b.quaternion, sideways.state.b.quaternion, 'the wheel turned B');

    // Dragging the background orbits the camera: the shapes and the answer stay.
    const box = await page.locator('#canvas').boundingBox();
    const empty = [box.x + box.width - 60, box.y + box.height - 60];
    assert.equal(await demo(page, (s) => gjkDemo.app.hover(s, 10), [box.width - 60, box.height - 60]), '', 'nothing there');
    await mouseDrag(page, empty, [empty[0] - 120, empty[1] - 40]);
    const orbited = await checkSpaceAgainstNative(page, 'after orbiting');
    assert.notEqual((await demo(page, () => gjkDemo.space.camera())).yaw, camera.yaw, 'the camera turned');
    assert.deepEqual(orbited.state, wheeled.state, 'the shapes did not move');
    assert.equal(orbited.answer.distance, wheeled.answer.distance);
    await screenshot(page, 'desktop-space-orbited');
  });

  test('step mode walks the traced simplices up to the tetrahedron, on the shapes and on Z', async () => {
    await page.selectOption('#s3-scene', 'containment');
    await settle(page);
    await page.click('#s3-step-toggle');
    await settle(page);
    const state = await demo(page, () => gjkDemo.space.state());
    const [answer] = native([state], ['--trace']);
    const trace = await demo(page, () => gjkDemo.space.result().trace);
    const n = trace.length;
    // The tool's trace ends with the iteration whose tetrahedron contains the origin.
    assert.equal(n, answer.simplices.length, 'the tool\'s simplices');
    assert.deepEqual(trace.map((s) => s.simplex.length), [1, 2, 3, 4], 'a point, a segment, a triangle, a tetrahedron');
    const checkStep = async (k, mode) => {
      assert.equal(await text(page, '#step-counter'), `${k} / ${n}`);
      const drawn = await demo(page, () => gjkDemo.drawn());
      assert.equal(drawn.mode, mode);
      assert.equal(drawn.step.index, k);
      assert.deepEqual(drawn.step.simplex, trace[k - 1].simplex, `step ${k}: the page's trace is drawn`);
      assert.deepEqual(drawn.step.closest, trace[k - 1].closest);
      assert.equal(await page.locator('#s3-step-simplex tr').count(), trace[k - 1].simplex.length);
      if (k < n) {
        // The tool's simplex of that iteration, in the world frame as the page draws it: its
        // points are the shapes' points where they stand.
        const nat = answer.simplices[k - 1];
        assert.equal(drawn.step.simplex.length, nat.length, `simplex size at iteration ${k}`);
        drawn.step.simplex.forEach((v, i) => {
          assert.equal(v.index_a, nat[i].index_a);
          assert.equal(v.index_b, nat[i].index_b);
          const world = (s, p) => rotate3(s.quaternion, p).map((x, c) => x + s.position[c]);
          closeVector(v.a, nat[i].point_a, 1e-9, `iteration ${k} vertex ${i} a`);
          closeVector(v.b, nat[i].point_b, 1e-9, `iteration ${k} vertex ${i} b`);
          closeVector(v.w, nat[i].minkowski, 1e-9, `iteration ${k} vertex ${i} w`);
          closeVector(v.a, world(state.a, state.a.points[v.index_a]), 1e-9, `iteration ${k} vertex ${i}: A's point`);
          closeVector(v.b, world(state.b, state.b.points[v.index_b]), 1e-9, `iteration ${k} vertex ${i}: B's point`);
          close(v.weight, nat[i].weight, 1e-9, `iteration ${k} vertex ${i} weight`);
        });
        // The next iteration's new vertex is the support point drawn.
        const added = trace[k].simplex.filter((v) => !trace[k - 1].simplex.some((u) => u.index_a === v.index_a && u.index_b === v.index_b));
        assert.equal(added.length, 1, `iteration ${k + 1} adds one vertex`);
        assert.deepEqual(drawn.step.support.w, added[0].w, `iteration ${k}: the support point`);
      } else {
        assert.equal(drawn.step.support, null, 'no support after the last');
        const weights = drawn.step.simplex.map((v) => v.weight);
        assert.ok(weights.every((u) => u > 0), `the origin is inside: ${weights}`);
        assert.match(await text(page, '#s3-step-text'), /Case 2/, 'the last step names its termination');
      }
    };
    for (let k = 1; k <= n; ++k) {
      await checkStep(k, 'shapes');
      if (k < n) await page.click('#step-next');
      await settle(page);
    }
    assert.equal(await page.isDisabled('#step-next'), true, 'no step after the last');
    await screenshot(page, 'desktop-space-step');
    // The same steps on Z = B - A, backwards with the keyboard.
    await page.click('#s3-draw-z');
    await settle(page);
    await screenshot(page, 'desktop-space-z-step');
    for (let k = n; k >= 1; --k) {
      await checkStep(k, 'minkowski');
      if (k > 1) await page.keyboard.press('ArrowLeft');
      await settle(page);
    }
    assert.equal(await page.isDisabled('#step-prev'), true, 'no step before the first');
    await page.click('#s3-step-toggle');
    await settle(page);
    // Live, Z shows the final simplex, and |P| is the distance between the cores.
    await page.selectOption('#s3-scene', 'box-tetra');
    await settle(page);
    const drawn = await demo(page, () => gjkDemo.drawn());
    assert.equal(drawn.mode, 'minkowski');
    close(Math.hypot(...drawn.closest), Number(await text(page, '#s3-distance')), 1e-12, '|P| is the displayed distance');
    await screenshot(page, 'desktop-space-z');
    await page.click('#s3-draw-shapes');
    await settle(page);
  });

  test('a bad 3D line gives the library\'s error in the panel, not an exception', async () => {
    assert.equal(await demo(page, () => gjkDemo.space.setShapes({ a: { points: [] }, b: { points: [[0, 0, 0]] } })), '');
    await settle(page);
    assert.match(await text(page, '#s3-status'), /invalid input: shape a has no points/);
    assert.equal(await demo(page, () => gjkDemo.space.setShapes({ a: { points: [[0, 0, 0]] }, b: { points: [[1, 0, 0]], quaternion: [0, 0, 0, 3] } })), '');
    await settle(page);
    assert.match(await text(page, '#s3-status'), /invalid input: shape b's transform/);
    // A good line again: the numbers are the tool's.
    assert.equal(await demo(page, () => gjkDemo.space.setShapes({ a: { points: [[0, 0, 0]], radius: 0.5 }, b: { points: [[3, 0, 0], [3, 1, 0]], radius: 0.25 } })), '');
    await settle(page);
    const { answer } = await checkSpaceAgainstNative(page, 'a sphere and a capsule');
    close(answer.distance, 2.25, 1e-12, 'the exact distance: 3 - 0.5 - 0.25');
  });
});

describe('phone, 390×844, touch', () => {
  let page, context;
  before(async () => {
    ({ page, context } = await open({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true }));
  });

  test('cast view: a touch drag of the arrow gives the native cast; no horizontal scrolling', async () => {
    await showView(page, 'cast', { tap: true });
    const scene = { a: { points: square(1) }, b: { points: square(0.5), position: [4, 0.5] }, translation_b: [0, 2] };
    await demo(page, (q) => gjkDemo.setCast(q), scene);
    await settle(page);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `no horizontal scrolling (${width}px)`);
    for (const tab of await page.locator('#tabs button').all()) {
      const box = await tab.boundingBox();
      assert.ok(box.x >= 0 && box.x + box.width <= 390, `tab ${await tab.textContent()} is on screen`);
    }
    const d = await demo(page, () => gjkDemo.drawn());
    const from = await demo(page, (p) => gjkDemo.toClient(p), [d.start[0] + d.translation[0], d.start[1] + d.translation[1]]);
    const to = await demo(page, () => gjkDemo.toClient([-0.5, 0.2]));
    const cdp = await context.newCDPSession(page);
    const touch = (type, p) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: p ? [{ x: p[0], y: p[1] }] : [] });
    await touch('touchStart', from);
    for (let i = 1; i <= 8; ++i) await touch('touchMove', [from[0] + ((to[0] - from[0]) * i) / 8, from[1] + ((to[1] - from[1]) * i) / 8]);
    await touch('touchEnd');
    await settle(page);
    const { query, answer } = await checkCastAgainstNative(page, 'after a touch drag of the arrow');
    assert.equal(answer.status, 'hit', 'the dragged arrow sweeps B over A');
    const exact = boxCastOracle(1, [4, 0.5], 0.5, query.translation_b);
    close(Number(await text(page, '#cast-fraction')), exact.fraction, 1e-12, 'fraction = the exact slab time');
    assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 390, 'still no horizontal scrolling');
    await screenshot(page, 'phone-cast-hit');
    await screenshot(page, 'phone-cast-hit-full', true);
    await page.selectOption('#scene-select', 'talk');
    await showView(page, 'shapes', { tap: true });
  });

  test('a touch drag moves B and the distance stays the native one; every view fits', async () => {
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `no horizontal scrolling (${width}px)`);
    const state = await demo(page, () => gjkDemo.state());
    const from = await demo(page, (p) => gjkDemo.toClient(p), state.b.position);
    const cdp = await context.newCDPSession(page);
    const touch = (type, p) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: p ? [{ x: p[0], y: p[1] }] : [] });
    await touch('touchStart', from);
    for (let i = 1; i <= 8; ++i) await touch('touchMove', [from[0] - 8 * i, from[1] + 4 * i]);
    await touch('touchEnd');
    await settle(page);
    const moved = await checkDistanceAgainstNative(page, 'after a touch drag');
    assert.notDeepEqual(moved.state.b.position, state.b.position, 'B moved');
    await page.tap('#rotate-cw');
    await settle(page);
    await checkDistanceAgainstNative(page, 'after the rotate button');

    await page.selectOption('#scene-select', 'talk');
    await screenshot(page, 'phone-shapes');
    await screenshot(page, 'phone-shapes-full', true);
    await page.tap('#step-toggle-canvas'); // the canvas's own button: no scrolling to the panel
    await page.tap('#step-next');
    await screenshot(page, 'phone-shapes-step');
    for (const view of VIEWS.slice(1)) {
      await page.tap(`#tabs button[data-view="${view}"]`);
      await screenshot(page, `phone-${view}`);
      const box = await page.locator('#canvas').boundingBox();
      assert.ok(box.width >= 380 && box.height >= 300, `${view}: the drawing is usable (${box.width}×${box.height})`);
    }
  });
});

test('no console errors, page errors or failed requests', () => {
  assert.deepEqual(problems, []);
});
