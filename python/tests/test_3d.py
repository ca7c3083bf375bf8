"""The Python API in space: gjk.Shape of (n, 3) points, poses (x, y, z, qx, qy, qz, qw), and
gjk.distance, gjk.distance_batch, gjk.overlap and gjk.penetration on them.

The oracle is independent of the library: distances known in closed form (sphere to sphere,
point to box, sphere to capsule, boxes apart along the axes), computed in numpy with the
quaternion rotation written again here, at random poses. The `gjk distance` tool is compared
only as a consistency check: both front ends must give the contract's one answer
(contract/distance_answer.hpp), not a second oracle.
"""

import json
import pickle
import subprocess

import numpy as np
import pytest

import gjk

IDENTITY = (0, 0, 0, 0, 0, 0, 1)


def rotate(q, v):
    """v rotated by the quaternion q = (x, y, z, w), normalized first (the library's rule)."""
    q = np.asarray(q, dtype=float)
    q = q / np.linalg.norm(q)
    u, w = q[:3], q[3]
    t = 2 * np.cross(u, v)
    return np.asarray(v, dtype=float) + w * t + np.cross(u, t)


def random_quaternion(rng):
    q = rng.normal(size=4)
    return q / np.linalg.norm(q)


def pose(position, q):
    return tuple(float(x) for x in (*position, *q))


def box(h):
    """The 8 corners of a box of half-extents h."""
    return [[sx * h[0], sy * h[1], sz * h[2]] for sx in (-1, 1) for sy in (-1, 1)
            for sz in (-1, 1)]


def point_box_distance(local, h):
    """The distance from a point to a box of half-extents h centred at the origin (0 inside)."""
    return float(np.linalg.norm(local - np.clip(local, -np.asarray(h), np.asarray(h))))


def point_segment_distance(p, a, b):
    ab = b - a
    t = np.clip(np.dot(p - a, ab) / np.dot(ab, ab), 0, 1)
    return float(np.linalg.norm(p - (a + t * ab)))


# Shapes and their dimension


def test_shapes_know_their_dimension():
    ball = gjk.Shape([[0, 0, 0]], 0.5)
    assert ball.dim == 3 and ball.radius == 0.5
    assert gjk.Shape([[0, 0], [1, 0]]).dim == 2
    cube = gjk.Shape(box([1, 1, 1]))
    assert cube.points.shape == (8, 3) and cube.given_points.shape == (8, 3)
    assert "3D" in repr(cube)
    again = pickle.loads(pickle.dumps(cube))
    assert again.dim == 3
    np.testing.assert_array_equal(again.given_points, cube.given_points)


def test_shape_arrays_know_their_dimension():
    points = np.array([[0, 0, 0], [1, 0, 0], [0, 1, 0], [5, 5, 5]], dtype=float)
    array = gjk.ShapeArray(points, [0, 3, 4], radii=[0.0, 0.5])
    assert array.dim == 3 and len(array) == 2
    assert array[1].dim == 3 and array[1].radius == 0.5
    np.testing.assert_array_equal(array[0].given_points, points[:3])
    assert gjk.ShapeArray([[0, 0], [1, 1]], [0, 2]).dim == 2
    with pytest.raises(ValueError, match=r"points must have shape \(P, 2\) or \(P, 3\)"):
        gjk.ShapeArray(np.zeros((4, 4)), [0, 4])


# Distances against closed forms, at random poses


def test_sphere_to_sphere_at_random_poses():
    rng = np.random.default_rng(31)
    for _ in range(200):
        oa, ob = rng.uniform(-1, 1, 3), rng.uniform(-1, 1, 3)  # centres off the shapes' origins
        ra, rb = rng.uniform(0, 1, 2)
        qa, qb = random_quaternion(rng), random_quaternion(rng)
        pa, pb = rng.uniform(-3, 3, 3), rng.uniform(-3, 3, 3)
        ca, cb = rotate(qa, oa) + pa, rotate(qb, ob) + pb
        gap = np.linalg.norm(cb - ca) - ra - rb
        r = gjk.distance(gjk.Shape([oa], ra), gjk.Shape([ob], rb), pose(pa, qa), pose(pb, qb))
        assert r.point_a.shape == (3,) and r.normal.shape == (3,)
        if gap > 1e-9:
            n = (cb - ca) / np.linalg.norm(cb - ca)
            assert r.status == "separated" and not r.overlap
            assert r.distance == pytest.approx(gap, abs=1e-12)
            np.testing.assert_allclose(r.normal, n, atol=1e-12)
            np.testing.assert_allclose(r.point_a, ca + ra * n, atol=1e-12)
            np.testing.assert_allclose(r.point_b, cb - rb * n, atol=1e-12)
        elif gap < -1e-9:
            assert r.status == "overlapping" and r.overlap and r.distance == 0
            assert r.penetration == pytest.approx(-gap, abs=1e-12)


def test_point_to_box_at_random_poses():
    rng = np.random.default_rng(32)
    for _ in range(300):
        h = rng.uniform(0.2, 2, 3)
        q, p = random_quaternion(rng), rng.uniform(-3, 3, 3)
        world = rng.uniform(-5, 5, 3)
        local = rotate([-q[0], -q[1], -q[2], q[3]], world - p)  # into the box's frame
        expected = point_box_distance(local, h)
        r = gjk.distance(gjk.Shape(box(h)), gjk.Shape([[0, 0, 0]]), pose(p, q),
                         pose(world, IDENTITY[3:]))
        if expected > 1e-9:
            assert r.distance == pytest.approx(expected, rel=1e-12, abs=1e-12)
            np.testing.assert_allclose(r.point_b, world, atol=1e-12)
        else:
            assert r.overlap


def test_sphere_to_capsule_at_random_poses():
    rng = np.random.default_rng(33)
    for _ in range(300):
        a_end, b_end = rng.uniform(-2, 2, 3), rng.uniform(-2, 2, 3)
        rc, rs = rng.uniform(0, 0.5, 2)
        q, p = random_quaternion(rng), rng.uniform(-2, 2, 3)
        centre = rng.uniform(-4, 4, 3)
        a_world, b_world = rotate(q, a_end) + p, rotate(q, b_end) + p
        expected = point_segment_distance(centre, a_world, b_world) - rc - rs
        r = gjk.distance(gjk.Shape([a_end, b_end], rc), gjk.Shape([[0, 0, 0]], rs), pose(p, q),
                         pose(centre, IDENTITY[3:]))
        if expected > 1e-9:
            assert r.distance == pytest.approx(expected, rel=1e-11, abs=1e-12)
        elif expected < -1e-9:
            assert r.overlap


def test_boxes_apart_along_the_axes_turned_together():
    """Two boxes whose faces are parallel: the gap is the norm of the per-axis gaps. Both are
    then moved by one random rigid motion, which keeps the distance."""
    rng = np.random.default_rng(34)
    for _ in range(200):
        ha, hb = rng.uniform(0.2, 1.5, 3), rng.uniform(0.2, 1.5, 3)
        ca, cb = rng.uniform(-3, 3, 3), rng.uniform(-3, 3, 3)
        gaps = np.maximum(0, np.abs(cb - ca) - ha - hb)
        expected = float(np.linalg.norm(gaps))
        q, t = random_quaternion(rng), rng.uniform(-5, 5, 3)
        r = gjk.distance(gjk.Shape(box(ha)), gjk.Shape(box(hb)), pose(rotate(q, ca) + t, q),
                         pose(rotate(q, cb) + t, q))
        if expected > 1e-6:
            assert r.status == "separated"
            assert r.distance == pytest.approx(expected, rel=1e-10, abs=1e-12)
            assert np.linalg.norm(r.point_b - r.point_a) == pytest.approx(r.distance, abs=1e-12)
        elif (np.abs(cb - ca) < ha + hb - 1e-6).all():
            assert r.status == "overlapping"
            depth = float(np.min(ha + hb - np.abs(cb - ca)))
            assert r.penetration == pytest.approx(depth, rel=1e-9, abs=1e-12)


def test_boxes_overlapping_half_along_x_penetrate_half_along_x():
    cube = gjk.Shape(box([1, 1, 1]))
    p = gjk.penetration(cube, cube, IDENTITY, (1.5, 0, 0, 0, 0, 0, 1))
    assert p.status == "overlapping"
    assert p.depth == pytest.approx(0.5, abs=1e-12)
    assert p.signed_distance == pytest.approx(-0.5, abs=1e-12)
    np.testing.assert_allclose(p.normal, [1, 0, 0], atol=1e-12)
    assert p.point_a.shape == (3,) and p.point_b.shape == (3,)
    r = gjk.distance(cube, cube, pose_b=(1.5, 0, 0, 0, 0, 0, 1))
    assert r.overlap and r.status == "overlapping" and r.distance == 0
    assert r.penetration == pytest.approx(0.5, abs=1e-12)
    np.testing.assert_allclose(r.normal, [1, 0, 0], atol=1e-12)


def test_overlap_is_distances_verdict():
    cube = gjk.Shape(box([1, 1, 1]))
    inside = gjk.overlap(cube, cube, pose_b=(1.5, 0, 0, 0, 0, 0, 1))
    apart = gjk.overlap(cube, cube, pose_b=(2.5, 0, 0, 0, 0, 0, 1))
    assert inside.overlap and inside.status == "overlapping"
    assert not apart.overlap and apart.status == "separated"
    assert set(inside.keys()) == {"overlap", "iterations", "status", "termination"}
    assert gjk.overlap(cube, cube).overlap  # the default poses: the identity


def test_trace_and_float_precision():
    ball = gjk.Shape([[0, 0, 0]], 0.5)
    cube = gjk.Shape(box([1, 1, 1]))
    r = gjk.distance(cube, ball, pose_b=(3, 0.5, 0.25, 0, 0, 0, 1), trace=True)
    assert r.simplices and all(v["minkowski"].shape == (3,) for s in r.simplices for v in s)
    f = gjk.distance(cube, ball, pose_b=(3, 0.5, 0.25, 0, 0, 0, 1), precision="float")
    assert f.distance == pytest.approx(r.distance, rel=1e-6)
    assert f.distance == pytest.approx(1.5, abs=1e-6)


# Poses and the errors that name their argument


def test_poses_may_be_tuples_lists_and_arrays():
    ball = gjk.Shape([[0, 0, 0]], 0.5)
    half_turn = (0, 0, 1, 0)  # 180 degrees about z: B's local (1, 0, 0) goes to (-1, 0, 0)
    offset = gjk.Shape([[1, 0, 0]], 0.5)
    for pb in [(4, 0, 0, *half_turn), [4, 0, 0, *half_turn], np.array([4, 0, 0, *half_turn]),
               np.array([[4, 0, 0, *half_turn]])]:
        r = gjk.distance(ball, offset, IDENTITY, pb)
        assert r.distance == pytest.approx(2.0, abs=1e-12)


@pytest.mark.parametrize("call, words", [
    (lambda s, t: gjk.distance(s, s, pose_a=(0, 0, 0, 0, 0, 0, 1.01)),
     "pose_a: its quaternion's norm 1.01 is not within 1e-3 of 1"),
    (lambda s, t: gjk.distance(s, s, pose_b=(0, 0, 0, 0, 0, 0, 0)), "pose_b: its quaternion"),
    (lambda s, t: gjk.penetration(s, s, (0, 0, 0, 0.5, 0.5, 0.5, 0.4)), "pose_a: its quaternion"),
    (lambda s, t: gjk.distance(s, s, pose_b=(1, 0, 0)), "pose_b must have shape (7,)"),
    (lambda s, t: gjk.distance(s, s, (1, 0, 0), IDENTITY), "pose_a must have shape (7,)"),
    (lambda s, t: gjk.overlap(s, s, pose_b=(1, 0, 0.5)), "pose_b must have shape (7,)"),
    (lambda s, t: gjk.distance(t, t, pose_a=IDENTITY), "pose_a must have shape (3,)"),
    (lambda s, t: gjk.distance(s, t), "b is a 2D shape, unlike the query's 3D shapes"),
    (lambda s, t: gjk.distance(t, s), "b is a 3D shape, unlike the query's 2D shapes"),
    (lambda s, t: gjk.penetration(s, t), "b is a 2D shape"),
    (lambda s, t: gjk.overlap(t, s), "b is a 3D shape"),
    (lambda s, t: gjk.distance_batch(s, t), "b is a 2D shape"),
    (lambda s, t: gjk.distance_batch([s, t], s), "a[1] is a 2D shape"),
    (lambda s, t: gjk.distance_batch(s, s, pose_b=np.zeros((4, 3))),
     "pose_b must have shape (7,) or (N, 7)"),
    (lambda s, t: gjk.distance(s, s, pose_a=(np.nan, 0, 0, 0, 0, 0, 1)),
     "pose_a must be 7 finite numbers"),
    (lambda s, t: gjk.manifold(s, s), "a is a 3D shape: gjk.manifold answers 2D shapes only"),
    (lambda s, t: gjk.cast(t, s), "b is a 3D shape: gjk.cast"),
    (lambda s, t: gjk.ray_cast(s, (0, 0), (1, 0)), "shape is a 3D shape: gjk.ray_cast"),
    (lambda s, t: gjk.ray_cast_batch(s, (0, 0), (1, 0)), "shape is a 3D shape"),
    (lambda s, t: gjk.minkowski_difference(s, s), "a is a 3D shape"),
])
def test_bad_3d_queries_raise_naming_the_argument(call, words):
    sphere, disc = gjk.Shape([[0, 0, 0]], 0.5), gjk.Shape([[0, 0]], 0.5)
    with pytest.raises(ValueError) as info:
        call(sphere, disc)
    assert words in str(info.value)


def test_a_quaternion_near_unit_norm_is_normalized():
    ball = gjk.Shape([[1, 0, 0]])
    q = np.array([0, 0, 1, 0]) * (1 + 4e-4)  # within the library's tolerance
    r = gjk.distance(gjk.Shape([[0, 0, 0]]), ball, IDENTITY, (5, 0, 0, *q))
    assert r.distance == pytest.approx(4.0, abs=1e-12)


# Derivatives


def test_the_sphere_pairs_gradient_is_the_normal():
    rng = np.random.default_rng(35)
    for _ in range(50):
        pa, pb = rng.uniform(-3, 3, 3), rng.uniform(-3, 3, 3)
        if np.linalg.norm(pb - pa) < 1.2:
            continue
        qa, qb = random_quaternion(rng), random_quaternion(rng)
        a, b = gjk.Shape([[0, 0, 0]], 0.25), gjk.Shape([[0, 0, 0]], 0.3)
        r = gjk.distance(a, b, pose(pa, qa), pose(pb, qb))
        n = (pb - pa) / np.linalg.norm(pb - pa)
        g = r.gradient
        assert g["a"].shape == (6,) and g["b"].shape == (6,)
        np.testing.assert_allclose(g["b"][:3], n, atol=1e-12)
        np.testing.assert_allclose(g["a"][:3], -n, atol=1e-12)
        np.testing.assert_allclose(g["b"][3:], 0, atol=1e-12)  # a sphere about its centre
        assert r.differentiable


def small_turn(w, q):
    """q turned further by the small world-frame rotation vector w (axis times angle)."""
    angle = np.linalg.norm(w)
    if angle == 0:
        return np.asarray(q, dtype=float)
    s = np.sin(angle / 2) * np.asarray(w) / angle
    x1, y1, z1, w1 = (*s, np.cos(angle / 2))
    x2, y2, z2, w2 = q
    return np.array([w1 * x2 + x1 * w2 + y1 * z2 - z1 * y2, w1 * y2 - x1 * z2 + y1 * w2 + z1 * x2,
                     w1 * z2 + x1 * y2 - y1 * x2 + z1 * w2, w1 * w2 - x1 * x2 - y1 * y2 - z1 * z2])


def test_the_gradient_is_the_distances_central_difference():
    """A box and a sphere apart (a vertex, an edge or a face of the box closest: the distance
    is smooth there): each of the twelve numbers against a central difference."""
    rng = np.random.default_rng(36)
    cube, ball = gjk.Shape(box([1, 0.7, 0.4])), gjk.Shape([[0.2, 0, 0]], 0.3)
    checked = 0
    while checked < 20:
        qa, qb = random_quaternion(rng), random_quaternion(rng)
        pa, pb = rng.uniform(-1, 1, 3), rng.uniform(-4, 4, 3)
        r = gjk.distance(cube, ball, pose(pa, qa), pose(pb, qb))
        if r.status != "separated" or not r.differentiable:
            continue
        checked += 1
        h = 1e-6
        for side, (p, q) in (("a", (pa, qa)), ("b", (pb, qb))):
            for k in range(6):
                e = np.zeros(3)
                e[k % 3] = h
                if k < 3:
                    plus, minus = pose(p + e, q), pose(p - e, q)
                else:
                    plus, minus = pose(p, small_turn(e, q)), pose(p, small_turn(-e, q))
                if side == "a":
                    d = (gjk.distance(cube, ball, plus, pose(pb, qb)).distance
                         - gjk.distance(cube, ball, minus, pose(pb, qb)).distance) / (2 * h)
                else:
                    d = (gjk.distance(cube, ball, pose(pa, qa), plus).distance
                         - gjk.distance(cube, ball, pose(pa, qa), minus).distance) / (2 * h)
                assert r.gradient[side][k] == pytest.approx(d, abs=1e-6), (side, k)


# Batches


def random_batch(rng, n):
    points = rng.uniform(-1, 1, (4 * n, 3))
    offsets = np.arange(0, 4 * n + 1, 4)
    shapes = gjk.ShapeArray(points, offsets, radii=rng.uniform(0, 0.2, n))
    poses_a = np.column_stack([rng.uniform(-1, 1, (n, 3)), [random_quaternion(rng)
                                                           for _ in range(n)]])
    poses_b = np.column_stack([rng.uniform(-1, 1, (n, 3)), [random_quaternion(rng)
                                                           for _ in range(n)]])
    return shapes, poses_a, poses_b


@pytest.mark.parametrize("precision", ["double", "float"])
def test_batch_row_i_is_distance_on_row_i(precision):
    """Rows of prepared Shapes (a sequence of them) are gjk.distance on each row, to the bit."""
    rng = np.random.default_rng(37)
    n = 300
    array, poses_a, poses_b = random_batch(rng, n)
    shapes = [array[i] for i in range(n)]  # gjk.Shapes: prepared, as gjk.distance takes them
    cube = gjk.Shape(box([0.5, 0.5, 0.5]))
    batch = gjk.distance_batch(shapes, cube, poses_a, poses_b, precision=precision, threads=2,
                               derivatives=True)
    assert batch["point_a"].shape == (n, 3) and batch["normal"].shape == (n, 3)
    assert batch["gradient_a"].shape == (n, 6) and batch["gradient_b"].shape == (n, 6)
    assert batch["differentiable"].shape == (n,)
    assert set(np.unique(batch["status"])) <= {gjk.Status.separated, gjk.Status.overlapping}
    assert (batch["status"] == gjk.Status.overlapping).sum() > 20
    assert (batch["status"] == gjk.Status.separated).sum() > 20
    for i in range(n):
        r = gjk.distance(shapes[i], cube, poses_a[i], poses_b[i], precision=precision)
        assert batch["distance"][i] == r.distance
        np.testing.assert_array_equal(batch["point_a"][i], r.point_a)
        np.testing.assert_array_equal(batch["point_b"][i], r.point_b)
        np.testing.assert_array_equal(batch["normal"][i], r.normal)
        assert batch["overlap"][i] == r.overlap
        assert batch["penetration"][i] == r.penetration
        assert batch["iterations"][i] == r.iterations
        assert gjk.Status(batch["status"][i]).name == r.status
        np.testing.assert_array_equal(batch["gradient_a"][i], r.gradient["a"])
        np.testing.assert_array_equal(batch["gradient_b"][i], r.gradient["b"])
        assert batch["differentiable"][i] == r.differentiable


@pytest.mark.parametrize("precision", ["double", "float"])
def test_shape_array_rows_are_read_as_points_and_agree_within_the_bound(precision):
    """A ShapeArray's rows in space are not prepared (a batch reads their points as given):
    their answers are the prepared shapes' within the library's bound (1e-12 of the scale in
    double, 1e-6 in float; the scale here is about 3), not to the bit (preparing drops points
    inside the hull, and penetration() measures small prepared polyhedra by the separating axis
    test, not EPA)."""
    rng = np.random.default_rng(37)
    n = 300
    array, poses_a, poses_b = random_batch(rng, n)
    cube = gjk.Shape(box([0.5, 0.5, 0.5]))
    tol = (1e-12 if precision == "double" else 1e-6) * 4
    plain = gjk.distance_batch(array, cube, poses_a, poses_b, precision=precision, threads=2)
    prepared = gjk.distance_batch([array[i] for i in range(n)], cube, poses_a, poses_b,
                                  precision=precision, threads=2)
    np.testing.assert_array_equal(plain["status"], prepared["status"])
    np.testing.assert_allclose(plain["distance"], prepared["distance"], rtol=0, atol=tol)
    np.testing.assert_allclose(plain["penetration"], prepared["penetration"], rtol=0, atol=tol)
    apart = plain["distance"] > 0.01  # a normal well defined by the gap
    np.testing.assert_allclose(plain["normal"][apart], prepared["normal"][apart], rtol=0,
                               atol=1e3 * tol)


def test_batch_broadcasts_one_pose_and_skips_epa_when_asked():
    ball = gjk.Shape([[0, 0, 0]], 0.5)
    poses = np.column_stack([np.linspace(0, 3, 7), np.zeros((7, 2)), np.zeros((7, 3)),
                             np.ones(7)])
    batch = gjk.distance_batch(ball, ball, IDENTITY, poses)
    np.testing.assert_allclose(batch["distance"], np.maximum(0, np.linspace(0, 3, 7) - 1),
                               atol=1e-12)
    default = gjk.distance_batch(ball, ball, pose_b=poses)  # the default pose_a: the identity
    np.testing.assert_array_equal(default["distance"], batch["distance"])
    verdicts = gjk.distance_batch(ball, ball, IDENTITY, poses, penetration=False)
    assert "penetration" not in verdicts and "gradient_a" not in verdicts
    np.testing.assert_array_equal(verdicts["distance"], batch["distance"])


def test_a_bad_row_keeps_the_others():
    rng = np.random.default_rng(38)
    shapes, poses_a, poses_b = random_batch(rng, 8)
    poses_b[2, 0] = np.nan
    poses_b[5, 3:] = [0, 0, 0, 2]  # a quaternion of norm 2
    points = shapes.points.copy()
    points[4 * 6] = [np.inf, 0, 0]  # a bad shape
    shapes = gjk.ShapeArray(points, shapes.offsets, shapes.radii)
    ball = gjk.Shape([[0, 0, 0]], 0.25)
    batch = gjk.distance_batch(shapes, ball, poses_a, poses_b, derivatives=True)
    bad = [2, 5, 6]
    assert (batch["status"][bad] == gjk.Status.invalid_input).all()
    assert (batch["distance"][bad] == 0).all() and (batch["point_a"][bad] == 0).all()
    assert (batch["gradient_b"][bad] == 0).all()
    for i in sorted(set(range(8)) - set(bad)):
        r = gjk.distance(shapes[i], ball, poses_a[i], poses_b[i])  # prepared: within the bound
        assert batch["distance"][i] == pytest.approx(r.distance, abs=1e-12)
        assert batch["status"][i] != 4


# The tool's answer (a consistency check: the same contract, not an oracle)


def shape_json(points, radius, p):
    return {"points": [list(map(float, x)) for x in points], "radius": radius,
            "position": list(p[:3]), "quaternion": list(p[3:])}


def test_the_tool_and_the_package_answer_alike(tool):
    rng = np.random.default_rng(39)
    queries, lines = [], []
    for _ in range(60):
        a, b = rng.uniform(-1, 1, (6, 3)), rng.uniform(-1, 1, (5, 3))
        ra, rb = float(rng.uniform(0, 0.3)), float(rng.uniform(0, 0.3))
        pa = pose(rng.uniform(-1, 1, 3), random_quaternion(rng))
        pb = pose(rng.uniform(-2, 2, 3), random_quaternion(rng))
        queries.append((gjk.Shape(a, ra), gjk.Shape(b, rb), pa, pb))
        lines.append(json.dumps({"a": shape_json(a, ra, pa), "b": shape_json(b, rb, pb)}))
    run = subprocess.run([tool, "distance", "--derivatives"], input="\n".join(lines) + "\n",
                         text=True, capture_output=True, check=True)
    answers = [json.loads(line) for line in run.stdout.splitlines()]
    assert len(answers) == len(queries)
    in_process = [json.loads(line) for line in gjk.answer_lines(lines)]
    for (a, b, pa, pb), answer, same in zip(queries, answers, in_process):
        r = gjk.distance(a, b, pa, pb)
        assert r.status == answer["status"] and r.overlap == answer["overlap"]
        assert r.iterations == answer["iterations"]
        assert r.distance == pytest.approx(answer["distance"], rel=1e-15, abs=1e-15)
        for name in ("point_a", "point_b", "normal"):
            np.testing.assert_allclose(getattr(r, name), answer[name], rtol=1e-15, atol=1e-15)
        assert r.penetration == pytest.approx(answer.get("penetration", 0.0), rel=1e-15)
        for side in ("a", "b"):
            np.testing.assert_allclose(r.gradient[side], answer["gradient"][side], rtol=1e-15,
                                       atol=1e-15)
        assert r.differentiable == answer["differentiable"]
        assert "gradient" not in same and same["distance"] == answer["distance"]
