// The WebAssembly bindings (web/bindings.cpp) loaded straight into Node.js: the same answers as
// the native library (the `gjk distance` tool) on seeded random pairs, and the talk's
// sections 1 and 2 on hand-computed points.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { before, test } from 'node:test';

import { BUILD, native, nativeCast } from './helpers.mjs';

let gjk;

before(async () => {
  const dir = path.join(BUILD, 'web-node');
  const createGjk = createRequire(import.meta.url)(path.join(dir, 'gjk.cjs'));
  // Node's fetch cannot load a file path: hand the module its bytes.
  gjk = await createGjk({ wasmBinary: fs.readFileSync(path.join(dir, 'gjk.wasm')) });
});

/** A small seeded generator (mulberry32), so a failure names a reproducible pair. */
function random(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A random shape: 1..8 points (any order, so sometimes not convex), sometimes a radius. */
function randomShape(rand) {
  const n = 1 + Math.floor(rand() * 8);
  const scale = 0.2 + 2 * rand();
  const points = Array.from({ length: n }, () => [scale * (2 * rand() - 1), scale * (2 * rand() - 1)]);
  return {
    points,
    radius: rand() < 0.3 ? rand() * 0.5 : 0,
    position: [4 * rand() - 2, 4 * rand() - 2],
    angle: 2 * Math.PI * rand() - Math.PI,
  };
}

test('distance() equals the native library on 200 random pairs', () => {
  const rand = random(20240601);
  const queries = Array.from({ length: 200 }, () => ({ a: randomShape(rand), b: randomShape(rand) }));
  const answers = native(queries);
  let separated = 0;
  queries.forEach((q, i) => {
    const mine = gjk.distance(q.a, q.b);
    const theirs = answers[i];
    assert.equal(mine.error, '', `pair ${i}`);
    const tol = 1e-12 * Math.max(1, Math.abs(theirs.distance));
    assert.ok(Math.abs(mine.distance - theirs.distance) <= tol, `pair ${i}: ${mine.distance} vs ${theirs.distance}`);
    assert.equal(mine.status, theirs.status, `pair ${i}: status`);
    assert.equal(mine.overlap, theirs.overlap, `pair ${i}: overlap`);
    assert.equal(mine.iterations, theirs.iterations, `pair ${i}: iterations`);
    assert.equal(mine.trace.length, mine.iterations, `pair ${i}: one trace step per iteration`);
    assert.equal(mine.trace.at(-1).termination, mine.termination, `pair ${i}: the last step ends the loop`);
    if (theirs.status === 'separated') separated += 1;
  });
  assert.ok(separated > 50 && separated < 200, `a mix of separated and overlapping pairs (${separated})`);
});

test('overlap() agrees with distance() away from touching', () => {
  const rand = random(7);
  for (let i = 0; i < 200; ++i) {
    const a = randomShape(rand), b = randomShape(rand);
    const d = gjk.distance(a, b), o = gjk.overlap(a, b);
    if (d.distance > 1e-9) assert.equal(o.overlap, false, `pair ${i}`);
    if (d.status === 'overlapping') assert.equal(o.overlap, true, `pair ${i}`);
  }
});

test('an invalid shape gets the library\'s error, not an exception', () => {
  const r = gjk.distance({ points: [] }, { points: [[0, 0]] });
  assert.equal(r.status, 'invalid_input');
  assert.match(r.error, /shape a has no points/);
  assert.equal(gjk.distance({ points: [[0, 0]], radius: -1 }, { points: [[0, 0]] }).status, 'invalid_input');
});

test('section 1: closest_point_segment and segment_coordinates', () => {
  const A = [-2, -0.5], B = [2, 0.8];
  const c = gjk.segment_coordinates(A, B, [0, 3]);
  assert.ok(Math.abs(c.u - 5.14) < 1e-12 && Math.abs(c.v - 12.55) < 1e-12);
  const r = gjk.closest_point_segment(A, B, [0, 3]);
  assert.equal(r.region, 'AB');
  assert.ok(Math.abs(r.u - 5.14 / 17.69) < 1e-12 && Math.abs(r.u + r.v - 1) < 1e-15);
  assert.deepEqual(gjk.closest_point_segment(A, B, [-4, 0]), { point: A, u: 1, v: 0, region: 'A' });
  assert.deepEqual(gjk.closest_point_segment(A, B, [5, 0]), { point: B, u: 0, v: 1, region: 'B' });
  // A zero-length segment falls into a vertex region.
  assert.equal(gjk.closest_point_segment([1, 1], [1, 1], [3, 2]).region, 'B');
});

test('section 2: triangle_coordinates, closest_point_triangle and the region map', () => {
  const A = [0, 0], B = [3, 0], C = [0, 3];
  const k = gjk.triangle_coordinates(A, B, C, [1, 1]);
  assert.deepEqual(k, { uAB: 6, vAB: 3, uBC: 9, vBC: 9, uCA: 3, vCA: 6, uABC: 3, vABC: 3, wABC: 3 });
  const r = gjk.closest_point_triangle(A, B, C, [1, 1]);
  assert.equal(r.region, 'ABC');
  assert.deepEqual([r.u, r.v, r.w].map((x) => +x.toFixed(12)), [1 / 3, 1 / 3, 1 / 3].map((x) => +x.toFixed(12)));
  assert.equal(gjk.closest_point_triangle(A, B, C, [4, 4]).region, 'BC');
  assert.equal(gjk.closest_point_triangle([0, 0], [2, 1], [4, 2], [2, 1]).region !== 'ABC', true, 'zero area: never the interior');
  // One sample per grid point: (-1, -1), (0, -1), ... (3 by 3, step 2).
  const map = gjk.triangle_region_map(A, B, C, [-1, -1], [2, 0], [0, 2], 3, 3);
  assert.ok(map instanceof Uint8Array);
  assert.deepEqual([...map], [1, 3, 2, 5, 7, 6, 4, 6, 6]);
  const seg = gjk.segment_region_map([0, 0], [2, 0], [-1, 0], [1, 0], [0, 1], 5, 1);
  assert.deepEqual([...seg], [1, 1, 3, 2, 2]);
});

test('convex_hull and minkowski_difference', () => {
  assert.deepEqual(gjk.convex_hull([[0, 0], [1, 1], [2, 0], [1, 0.2], [0, 2], [2, 2]]), [[0, 0], [2, 0], [2, 2], [0, 2]]);
  const z = gjk.minkowski_difference({ points: [[0, 0], [1, 0]] }, { points: [[0, 0], [0, 1]], position: [3, 0] });
  assert.deepEqual(z, [[2, 0], [3, 0], [3, 1], [2, 1]]);
});

/** Equal to within 1e-12 of the magnitude: WebAssembly and the native build may round a
 * libm sine or a fused multiply-add differently, a few ulps apart. */
function near(mine, theirs, what) {
  const a = [mine].flat(), b = [theirs].flat();
  assert.equal(a.length, b.length, what);
  a.forEach((x, k) => assert.ok(Math.abs(x - b[k]) <= 1e-12 * Math.max(1, Math.abs(b[k])), `${what}: ${a} vs ${b}`));
}

test('penetration() gives the tool\'s "penetration" and normal on 300 random pairs', () => {
  const rand = random(20240607);
  // Shapes near each other, so that most pairs overlap.
  const queries = Array.from({ length: 300 }, () => {
    const a = randomShape(rand), b = randomShape(rand);
    b.position = [a.position[0] + rand() - 0.5, a.position[1] + rand() - 0.5];
    return { a, b };
  });
  const answers = native(queries);
  let overlapping = 0;
  queries.forEach((q, i) => {
    const mine = gjk.penetration(q.a, q.b);
    const theirs = answers[i];
    assert.equal(mine.error, '', `pair ${i}`);
    assert.ok(mine.depth >= 0, `pair ${i}: depth ${mine.depth}`);
    if (theirs.overlap) {
      overlapping += 1;
      near(mine.depth, theirs.penetration, `pair ${i}: depth`);
      near(mine.normal, theirs.normal, `pair ${i}: normal`);
      near(mine.signed_distance, -mine.depth, `pair ${i}: signed distance`);
    } else {
      assert.equal(theirs.penetration, undefined, `pair ${i}: no penetration when apart`);
      assert.ok(Math.abs(mine.signed_distance - theirs.distance) <= 1e-12 * Math.max(1, theirs.distance), `pair ${i}`);
    }
  });
  assert.ok(overlapping >= 100, `${overlapping} overlapping pairs`);
});

// The page's distance answer is the tool's (contract/distance_answer.hpp): on touching and
// overlapping pairs its normal is penetration()'s and "penetration" its depth, where GJK alone
// has no depth and, inside an overlap, no normal. The page once gave GJK's answer here (a zero
// normal and no depth on overlapping pairs) while calling it the tool's.
test('distance() is `gjk distance`\'s answer, field for field, on 300 mostly overlapping pairs', () => {
  const rand = random(20240612);
  const queries = Array.from({ length: 300 }, () => {
    const a = randomShape(rand), b = randomShape(rand);
    b.position = [a.position[0] + rand() - 0.5, a.position[1] + rand() - 0.5];
    return { a, b };
  });
  const answers = native(queries);
  let overlapping = 0;
  queries.forEach((q, i) => {
    const mine = gjk.distance(q.a, q.b);
    const theirs = answers[i];
    assert.equal(mine.error, '', `pair ${i}`);
    for (const k of ['overlap', 'iterations', 'status']) {
      assert.equal(mine[k], theirs[k], `pair ${i}: ${k}`);
    }
    for (const k of ['distance', 'point_a', 'point_b', 'normal']) {
      near(mine[k], theirs[k], `pair ${i}: ${k}`);
    }
    assert.equal('penetration' in mine, 'penetration' in theirs, `pair ${i}: a depth on contact only`);
    if (theirs.overlap) {
      overlapping += 1;
      near(mine.penetration, theirs.penetration, `pair ${i}: penetration`);
      assert.ok(Math.hypot(...theirs.normal) > 0.5, `pair ${i}: the tool's normal is a direction`);
    }
  });
  assert.ok(overlapping >= 100, `${overlapping} overlapping pairs`);
});

test('cast() equals `gjk cast` on 300 random casts', () => {
  const rand = random(20240608);
  const queries = Array.from({ length: 300 }, () => {
    const a = randomShape(rand), b = randomShape(rand);
    const q = { a, b, translation_b: [8 * rand() - 4, 8 * rand() - 4] };
    if (rand() < 0.3) q.translation_a = [2 * rand() - 1, 2 * rand() - 1];
    return q;
  });
  const answers = nativeCast(queries);
  const statuses = {};
  queries.forEach((q, i) => {
    const mine = gjk.cast(q.a, q.b, q.translation_a, q.translation_b);
    const theirs = answers[i];
    assert.equal(mine.error, '', `cast ${i}`);
    for (const k of ['hit', 'iterations', 'status']) {
      assert.equal(mine[k], theirs[k], `cast ${i}: ${k}`);
    }
    near(mine.fraction, theirs.fraction, `cast ${i}: fraction`);
    near(mine.point, theirs.point, `cast ${i}: point`);
    near(mine.normal, theirs.normal, `cast ${i}: normal`);
    statuses[mine.status] = (statuses[mine.status] || 0) + 1;
  });
  for (const s of ['hit', 'separated', 'initially_overlapping']) {
    assert.ok(statuses[s] >= 10, `${s}: ${statuses[s]}`);
  }
});

// --- In space ------------------------------------------------------------------------------

/** A random unit quaternion [qx, qy, qz, qw] (four normal deviates, normalized). */
function randomQuaternion(rand) {
  const gauss = () => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
  const q = [gauss(), gauss(), gauss(), gauss()];
  const n = Math.hypot(...q);
  return q.map((x) => x / n);
}

/** A random shape in space: 1..10 points (any order, duplicates possible), sometimes a radius. */
function randomShape3(rand) {
  const n = 1 + Math.floor(rand() * 10);
  const scale = 0.2 + 2 * rand();
  const points = Array.from({ length: n }, () => [0, 1, 2].map(() => scale * (2 * rand() - 1)));
  return {
    points,
    radius: rand() < 0.3 ? rand() * 0.5 : 0,
    position: [0, 1, 2].map(() => 4 * rand() - 2),
    quaternion: randomQuaternion(rand),
  };
}

/** v rotated by the quaternion q, normalized first as the query does (v + w t + u x t). */
function rotate(q, v) {
  const n = Math.hypot(...q);
  const [x, y, z, w] = q.map((c) => c / n);
  const cross = (a, b) => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
  const t = cross([x, y, z], v).map((c) => 2 * c);
  const ut = cross([x, y, z], t);
  return [0, 1, 2].map((k) => v[k] + w * t[k] + ut[k]);
}

/** Pairs in space, half of them with B moved near A so that many overlap. */
function pairs3(seed, count) {
  const rand = random(seed);
  return Array.from({ length: count }, (_, i) => {
    const a = randomShape3(rand), b = randomShape3(rand);
    if (i % 2 === 1) b.position = a.position.map((x) => x + rand() - 0.5);
    return { a, b };
  });
}

// The page's 3D answer is the tool's on a 3D line (contract/distance_answer.hpp in space): the
// same fields, the penetration on contact, and with --trace the same simplices, in the world
// frame: each vertex's points are the shapes' points moved by their poses. The page's own
// `trace` draws those simplices as they are, one per iteration; a loop that ended by containment
// ends with the tetrahedron that contains the origin.
test('distance3() is `gjk distance --trace`\'s 3D answer, field for field, on 300 random pairs', () => {
  const queries = pairs3(20261126, 300);
  const answers = native(queries, ['--trace']);
  const seen = { separated: 0, overlapping: 0, containment: 0 };
  queries.forEach((q, i) => {
    const mine = gjk.distance3(q.a, q.b);
    const theirs = answers[i];
    const moved = (s, p) => rotate(s.quaternion, p).map((x, c) => x + s.position[c]);
    assert.equal(mine.error, '', `pair ${i}`);
    assert.deepEqual(Object.keys(mine).slice(0, Object.keys(theirs).length), Object.keys(theirs), `pair ${i}: the tool's fields, in its order`);
    for (const k of ['overlap', 'iterations', 'status']) assert.equal(mine[k], theirs[k], `pair ${i}: ${k}`);
    for (const k of ['distance', 'point_a', 'point_b', 'normal']) near(mine[k], theirs[k], `pair ${i}: ${k}`);
    assert.equal('penetration' in mine, 'penetration' in theirs, `pair ${i}: a depth on contact only`);
    if (theirs.overlap) near(mine.penetration, theirs.penetration, `pair ${i}: penetration`);
    assert.equal(mine.simplices.length, theirs.simplices.length, `pair ${i}: traced simplices`);
    theirs.simplices.forEach((simplex, k) => {
      assert.equal(mine.simplices[k].length, simplex.length, `pair ${i} step ${k}: vertices`);
      simplex.forEach((v, j) => {
        const m = mine.simplices[k][j], what = `pair ${i} step ${k} vertex ${j}`;
        assert.equal(m.index_a, v.index_a, `${what}: index_a`);
        assert.equal(m.index_b, v.index_b, `${what}: index_b`);
        for (const f of ['point_a', 'point_b', 'minkowski', 'weight']) near(m[f], v[f], `${what}: ${f}`);
        // The drawn trace: the same vertex, in the world frame as the tool's.
        const world = mine.trace[k].simplex[j];
        near(world.a, v.point_a, `${what}: a in the world`);
        near(world.b, v.point_b, `${what}: b in the world`);
        near(world.w, v.minkowski, `${what}: w in the world`);
        // ...where the shapes are: A's point index_a and B's index_b, each moved by its pose.
        near(v.point_a, moved(q.a, q.a.points[v.index_a]), `${what}: A's point`);
        near(v.point_b, moved(q.b, q.b.points[v.index_b]), `${what}: B's point`);
        assert.equal(world.weight, m.weight, `${what}: weight`);
      });
    });
    // Every step's search direction and support, as the plane's trace has them: each step but
    // the last found a support, Z's furthest point along its direction (every pair of the shapes'
    // points, in the world, by brute force); the last step's ending is the answer's.
    const dot = (u, v) => u[0] * v[0] + u[1] * v[1] + u[2] * v[2];
    const worldA = q.a.points.map((p) => moved(q.a, p)), worldB = q.b.points.map((p) => moved(q.b, p));
    const size = Math.max(...[...worldA, ...worldB].flat().map(Math.abs), 1);
    mine.trace.forEach((step, k) => {
      if (k < mine.trace.length - 1) assert.ok(step.has_support, `pair ${i} step ${k}: a support`);
      if (!step.has_support) return;
      const d = step.direction;
      const furthest = Math.max(...worldB.map((b) => dot(b, d))) - Math.min(...worldA.map((a) => dot(a, d)));
      assert.ok(Math.abs(dot(step.support.w, d) - furthest) <= 1e-9 * Math.hypot(...d) * size,
        `pair ${i} step ${k}: the support is Z's furthest point along the direction`);
    });
    assert.equal(mine.trace.at(-1).termination, mine.termination, `pair ${i}: the last step ends the loop`);
    const containment = mine.termination === 'containment';
    assert.equal(mine.trace.length, theirs.simplices.length, `pair ${i}: the trace`);
    assert.equal(mine.trace.length, theirs.iterations, `pair ${i}: a step per iteration`);
    if (containment) {
      // The origin is inside the last tetrahedron: four positive weights summing to 1, and
      // P = sum of weight * w is the origin (within round-off of the vertices).
      const last = mine.trace.at(-1).simplex;
      assert.equal(last.length, 4, `pair ${i}: a tetrahedron`);
      assert.ok(last.every((v) => v.weight > 0), `pair ${i}: positive weights`);
      near(last.reduce((s, v) => s + v.weight, 0), 1, `pair ${i}: the weights sum to 1`);
      const size = Math.max(...last.map((v) => Math.hypot(...v.w)));
      const P = [0, 1, 2].map((c) => last.reduce((s, v) => s + v.weight * v.w[c], 0));
      assert.ok(Math.hypot(...P) <= 1e-12 * size, `pair ${i}: P at the origin (${P})`);
      seen.containment += 1;
    }
    seen[theirs.status] = (seen[theirs.status] || 0) + 1;
  });
  assert.ok(seen.separated >= 50 && seen.overlapping >= 50 && seen.containment >= 20, `a mix of endings: ${JSON.stringify(seen)}`);
});

test('penetration3() gives the tool\'s depth and normal on overlapping 3D pairs', () => {
  const queries = pairs3(20261127, 200).filter((_, i) => i % 2 === 1);
  const answers = native(queries);
  let overlapping = 0;
  queries.forEach((q, i) => {
    const mine = gjk.penetration3(q.a, q.b), theirs = answers[i];
    assert.equal(mine.error, '', `pair ${i}`);
    if (!theirs.overlap) return;
    overlapping += 1;
    near(mine.depth, theirs.penetration, `pair ${i}: depth`);
    near(mine.normal, theirs.normal, `pair ${i}: normal`);
    // B moved by depth along the normal touches A: its deepest point reaches A's.
    near(mine.point_b.map((x, c) => x + mine.depth * mine.normal[c]), mine.point_a, `pair ${i}: the witnesses`);
  });
  assert.ok(overlapping >= 40, `${overlapping} overlapping pairs`);
});

test('an invalid 3D shape gets the library\'s error, not an exception', () => {
  const point = { points: [[0, 0, 0]] };
  const empty = gjk.distance3({ points: [] }, point);
  assert.equal(empty.status, 'invalid_input');
  assert.match(empty.error, /shape a has no points/);
  assert.deepEqual(empty.trace, []);
  const turned = gjk.distance3(point, { points: [[0, 0, 0]], quaternion: [0, 0, 0, 2] });
  assert.equal(turned.status, 'invalid_input', 'a quaternion of norm 2 is no rotation');
  assert.match(turned.error, /shape b's transform/);
  assert.equal(gjk.distance3({ points: [[0, NaN, 0]] }, point).status, 'invalid_input');
  assert.equal(gjk.distance3({ points: [[0, 0, 0]], radius: -1 }, point).status, 'invalid_input');
  assert.equal(gjk.penetration3({ points: [] }, point).status, 'invalid_input');
  assert.deepEqual(gjk.hull3({ points: [] }), { dimension: -1, vertices: [], faces: [] });
  assert.deepEqual(gjk.hull3({ points: [[0, Infinity, 0]] }), { dimension: -1, vertices: [], faces: [] });
});

test('hull3 and minkowski_difference3: the world hulls the view draws', () => {
  const cube = [];
  for (const x of [-1, 1]) for (const y of [-1, 1]) for (const z of [-1, 1]) cube.push([x, y, z]);
  // A quarter turn about z and a move: the corners stay the cube's, moved by (5, 0, 0).
  const q = [0, 0, Math.SQRT1_2, Math.SQRT1_2];
  const hull = gjk.hull3({ points: [...cube, [0.2, 0.1, 0]], position: [5, 0, 0], quaternion: q });
  assert.equal(hull.dimension, 3);
  assert.equal(hull.vertices.length, 8, 'the inner point is no corner');
  assert.equal(hull.faces.length, 12, 'six square facets, two triangles each');
  for (const v of hull.vertices) near([Math.abs(v[0] - 5), Math.abs(v[1]), Math.abs(v[2])], [1, 1, 1], 'a corner');
  // Every face is counter-clockwise seen from outside: its normal points away from the centre.
  for (const f of hull.faces) {
    const [p, r, s] = f.map((i) => hull.vertices[i]);
    const e1 = [0, 1, 2].map((c) => r[c] - p[c]), e2 = [0, 1, 2].map((c) => s[c] - p[c]);
    const n = [e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]];
    assert.ok(n[0] * (p[0] - 5) + n[1] * p[1] + n[2] * p[2] > 0, 'outward');
  }
  assert.equal(gjk.hull3({ points: [[0, 0, 0], [1, 1, 1], [2, 2, 2]] }).dimension, 1);
  assert.equal(gjk.hull3({ points: [[0, 0, 0], [1, 0, 0], [0, 1, 0], [1, 1, 0]] }).dimension, 2);
  // Z = B - A for a point A at (1, 2, 3): B moved by (-1, -2, -3).
  const z = gjk.minkowski_difference3({ points: [[0, 0, 0]], position: [1, 2, 3] }, { points: cube });
  assert.equal(z.vertices.length, 8);
  for (const v of z.vertices) near([Math.abs(v[0] + 1), Math.abs(v[1] + 2), Math.abs(v[2] + 3)], [1, 1, 1], 'a corner of Z');
});
