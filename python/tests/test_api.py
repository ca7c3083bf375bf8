"""The package's names and conventions, its answers to bad input, and the companions of
distance checked against independent oracles (numpy brute force, shapely)."""

import json
import pickle
import subprocess

import numpy as np
import pytest
import shapely.affinity
import shapely.geometry

import gjk

BOX = [[-1, -1], [1, -1], [1, 1], [-1, 1]]


def world_polygon(points, pose):
    """shapely geometry of points at pose (rotate by angle about the origin, then move)."""
    x, y, angle = pose
    c, s = np.cos(angle), np.sin(angle)
    p = np.asarray(points, float) @ np.array([[c, s], [-s, c]]) + [x, y]
    return shapely.geometry.MultiPoint([tuple(q) for q in p]).convex_hull


# --- Shapes -----------------------------------------------------------------------------

def test_shape_is_the_counter_clockwise_hull_of_its_points():
    points = [[1, 1], [0, 0], [1, 0], [0.5, 0.5], [0, 1], [1, 0]]  # interior and repeated
    shape = gjk.Shape(points, radius=0.5)
    hull = shape.points
    assert hull.shape == (4, 2) and hull.dtype == np.float64
    area = 0.5 * np.sum(hull[:, 0] * np.roll(hull[:, 1], -1) - np.roll(hull[:, 0], -1) * hull[:, 1])
    assert area == pytest.approx(1.0)  # positive: counter-clockwise
    assert shape.radius == 0.5
    with pytest.raises(AttributeError):
        shape.radius = 1


def test_shapes_pickle_with_their_points_as_given():
    shape = gjk.Shape([[3, 0], [0, 0], [1, 2], [1, 1]], 0.25)
    copy = pickle.loads(pickle.dumps(shape))
    np.testing.assert_array_equal(copy.points, shape.points)
    np.testing.assert_array_equal(copy.given_points, shape.given_points)
    assert copy.radius == 0.25
    array = gjk.ShapeArray([[0, 0], [1, 0], [5, 5]], [0, 2, 3], [0.1, 0.2])
    back = pickle.loads(pickle.dumps(array))
    assert len(back) == 2 and back[1].radius == 0.2


def test_shape_array_indexing_gives_each_shape():
    points = np.arange(20, dtype=float).reshape(10, 2)
    array = gjk.ShapeArray(points, [0, 1, 3, 10], [0.0, 1.0, 2.0])
    assert len(array) == 3
    np.testing.assert_array_equal(array[0].points, [[0, 1]])
    assert array[-1].radius == 2.0 and array[1].radius == 1.0
    with pytest.raises(IndexError):
        array[3]


@pytest.mark.parametrize("points, error, words", [
    ([1, 2], ValueError, "points must have shape (n, 2)"),
    ([[1, 2, 3, 4]], ValueError, "points must have shape (n, 2) or (n, 3)"),
    (np.zeros((0, 2)), ValueError, "points is empty"),
    ([[0, 0], [np.nan, 1]], ValueError, "points[1][0]"),
    ([[0, 0], [1, np.inf]], ValueError, "points[1][1]"),
    ([[0, 1e200]], ValueError, "beyond the kernel's range"),
    ([["a", "b"]], TypeError, "points must hold real numbers"),
    ([[0, 0], [1]], ValueError, "points is not a rectangular array"),
])
def test_bad_points_raise_naming_them(points, error, words):
    with pytest.raises(error) as info:
        gjk.Shape(points)
    assert words in str(info.value)


@pytest.mark.parametrize("radius, error, words", [
    (-1, ValueError, "radius is -1.0"),
    (float("nan"), ValueError, "radius is nan"),
    (float("inf"), ValueError, "radius is inf"),
    (1e300, ValueError, "radius = 1e+300 is beyond"),
    ("1", TypeError, "radius must be a real number"),
    ([1, 2], TypeError, "radius must be a real number"),
])
def test_bad_radius_raises_naming_it(radius, error, words):
    with pytest.raises(error) as info:
        gjk.Shape([[0, 0]], radius)
    assert words in str(info.value)


@pytest.mark.parametrize("offsets, radii, error, words", [
    ([0, 2, 1], None, ValueError, "offsets are out of order"),
    ([0, 2, 9], None, ValueError, "beyond the 3 points"),
    ([-1, 2], None, ValueError, "offsets[0] is -1"),
    ([[0, 1]], None, ValueError, "offsets must have shape"),
    ([], None, ValueError, "offsets must have shape"),
    ([0.0, 1.0], None, TypeError, "offsets must hold integers"),
    ([0, 1, 3], [1.0], ValueError, "radii must have shape (2,)"),
])
def test_bad_shape_arrays_raise_naming_the_argument(offsets, radii, error, words):
    with pytest.raises(error) as info:
        gjk.ShapeArray([[0, 0], [1, 0], [2, 2]], offsets, radii)
    assert words in str(info.value)


# --- distance ------------------------------------------------------------------------------

def test_distance_has_the_tools_names_and_types():
    r = gjk.distance(gjk.Shape(BOX), gjk.Shape([[0, 0]], 0.5), (0, 0, 0), (4, 0, 0))
    assert r.distance == pytest.approx(2.5)
    for name in ("point_a", "point_b", "normal"):
        value = getattr(r, name)
        assert isinstance(value, np.ndarray) and value.shape == (2,) and value.dtype == np.float64
    np.testing.assert_allclose(r.point_a, [1, 0])
    np.testing.assert_allclose(r.point_b, [3.5, 0])
    np.testing.assert_allclose(r.normal, [1, 0])
    assert r.overlap is False and r.penetration == 0.0 and r.status == "separated"
    assert isinstance(r.iterations, int) and r.simplices is None


def test_a_pose_rotates_then_translates():
    # A segment along x, turned a quarter about its origin, then moved to (10, 0): it spans
    # (10, 0)..(10, 2). The point (10, 3) is 1 from its top end.
    seg = gjk.Shape([[0, 0], [2, 0]])
    r = gjk.distance(seg, gjk.Shape([[10, 3]]), (10, 0, np.pi / 2))
    assert r.distance == pytest.approx(1.0)
    np.testing.assert_allclose(r.point_a, [10, 2], atol=1e-12)


def test_overlapping_distance_reports_the_penetration_as_the_tool(tool):
    box = gjk.Shape(BOX)
    r = gjk.distance(box, box, (0, 0, 0), (1.5, 0.2, 0))
    assert r.overlap and r.status == "overlapping" and r.distance == 0.0
    assert r.penetration == pytest.approx(0.5)
    np.testing.assert_allclose(r.normal, [1, 0])
    line = json.dumps({"a": {"points": BOX}, "b": {"points": BOX, "position": [1.5, 0.2]}})
    answer = json.loads(subprocess.run([tool, "distance"], input=line + "\n", text=True,
                                       capture_output=True).stdout)
    assert answer["penetration"] == r.penetration and answer["normal"] == list(r.normal)


def test_trace_gives_every_iterations_simplex_with_the_tools_keys():
    # A long triangle beside a small one: GJK walks along A's long edge (3 iterations).
    a, b = [[0, 0], [10, 0], [5, 1], [1, 0.5]], [[0, 0], [1, 0], [0, 1]]
    r = gjk.distance(a, b, pose_b=(8, 3, 0.3), trace=True)
    assert len(r.simplices) == r.iterations >= 2
    c, s = np.cos(0.3), np.sin(0.3)
    world_b = np.asarray(b, float) @ np.array([[c, s], [-s, c]]) + [8, 3]
    for simplex in r.simplices:
        assert 1 <= len(simplex) <= 3
        for v in simplex:
            assert set(v) == {"index_a", "index_b", "point_a", "point_b", "minkowski", "weight"}
            # The indices name the points as given, and the Minkowski point is b - a.
            np.testing.assert_allclose(v["point_a"], a[v["index_a"]], atol=1e-12)
            np.testing.assert_allclose(v["point_b"], world_b[v["index_b"]], atol=1e-12)
            np.testing.assert_allclose(v["minkowski"], v["point_b"] - v["point_a"], atol=1e-12)
    # The last simplex's weights give the witness points.
    last = r.simplices[-1]
    assert sum(v["weight"] for v in last) == pytest.approx(1)
    np.testing.assert_allclose(sum(v["weight"] * v["point_a"] for v in last), r.point_a)
    np.testing.assert_allclose(sum(v["weight"] * v["point_b"] for v in last), r.point_b)


@pytest.mark.parametrize("kwargs, error, words", [
    ({"a": [[np.nan, 0]]}, ValueError, "a[0][0]"),
    ({"b": "box"}, TypeError, "b must hold real numbers"),
    ({"pose_a": (0, 0)}, ValueError, "pose_a must have shape (3,)"),
    ({"pose_b": (0, np.nan, 0)}, ValueError, "pose_b must be 3 finite numbers"),
    ({"pose_b": (0, "x", 0)}, TypeError, "pose_b must hold 3 real numbers"),
    ({"pose_b": (1e300, 0, 0)}, ValueError, "shape b's transform"),
    ({"precision": "half"}, ValueError, "precision must be 'double' or 'float'"),
])
def test_bad_arguments_to_distance_raise_naming_them(kwargs, error, words):
    args = {"a": gjk.Shape(BOX), "b": gjk.Shape([[3, 0]]), "pose_a": (0, 0, 0),
            "pose_b": (0, 0, 0)}
    args.update(kwargs)
    precision = args.pop("precision", "double")
    with pytest.raises(error) as info:
        gjk.distance(args["a"], args["b"], args["pose_a"], args["pose_b"], precision=precision)
    assert words in str(info.value)


def test_a_shape_beyond_floats_range_is_refused_in_float_only():
    far = gjk.Shape([[1e20, 0], [1e20, 1]])
    assert gjk.distance(far, gjk.Shape([[0, 0]])).distance == pytest.approx(1e20)
    with pytest.raises(ValueError) as info:
        gjk.distance(far, gjk.Shape([[0, 0]]), precision="float")
    assert "a has a coordinate beyond the kernel's range in float" in str(info.value)


# --- distance_batch -------------------------------------------------------------------------

KEYS = {"distance": ((), np.float64), "point_a": ((2,), np.float64),
        "point_b": ((2,), np.float64), "normal": ((2,), np.float64), "overlap": ((), np.bool_),
        "penetration": ((), np.float64), "iterations": ((), np.int32), "status": ((), np.int8)}


def test_batch_arrays_have_the_stated_shapes_and_dtypes():
    poses = np.column_stack([np.linspace(-3, 3, 7), np.zeros(7), np.zeros(7)])
    out = gjk.distance_batch(gjk.Shape(BOX), gjk.Shape([[0, 0]], 1.0), (0, 0, 0), poses)
    assert set(out) == set(KEYS)
    for key, (tail, dtype) in KEYS.items():
        assert out[key].shape == (7, *tail) and out[key].dtype == dtype, key
    assert list(out["status"]) == [0, 1, 2, 2, 2, 1, 0]  # apart, touching, inside...
    assert gjk.Status(out["status"][1]) is gjk.Status.touching


def test_batch_poses_broadcast_as_numpy_does():
    shapes = [gjk.Shape(BOX), gjk.Shape([[0, 0]], 1.0), gjk.Shape([[0, 0], [1, 1]])]
    one = gjk.distance_batch(shapes, gjk.Shape(BOX), (0, 0, 0), np.array([[5.0, 0, 0]]))
    assert one["distance"].shape == (3,)
    np.testing.assert_allclose(one["distance"], [3, 3, 3], atol=1e-12)
    with pytest.raises(ValueError) as info:
        gjk.distance_batch(shapes, gjk.Shape(BOX), np.zeros((2, 3)))
    assert "a has 3 rows but pose_a has 2" in str(info.value)
    with pytest.raises(ValueError) as info:
        gjk.distance_batch(shapes, gjk.Shape(BOX), (0, 0, 0), np.zeros((3, 2)))
    assert "pose_b must have shape (3,) or (N, 3)" in str(info.value)
    with pytest.raises(TypeError) as info:
        gjk.distance_batch([gjk.Shape(BOX), "box"], gjk.Shape(BOX))
    assert "a[1] is str, not a gjk.Shape" in str(info.value)
    with pytest.raises(ValueError) as info:
        gjk.distance_batch(shapes, gjk.Shape(BOX), threads=-1)
    assert "threads must be >= 0" in str(info.value)
    assert gjk.distance_batch(gjk.ShapeArray(np.zeros((0, 2)), [0]), gjk.Shape(BOX))[
        "distance"].shape == (0,)


@pytest.mark.parametrize("precision", ["double", "float"])
def test_bad_rows_are_invalid_input_and_the_others_are_answered(precision):
    rng = np.random.default_rng(3)
    n = 40
    counts = rng.integers(1, 8, n)
    counts[5] = 0  # an empty shape
    offsets = np.concatenate([[0], np.cumsum(counts)])
    points = rng.uniform(-1, 1, (offsets[-1], 2))
    radii = rng.uniform(0, 0.2, n)
    points[offsets[9]] = np.nan  # a NaN point
    radii[13] = -1  # a negative radius
    points[offsets[17]] = 1e30 if precision == "float" else 1e200  # beyond the range
    poses = np.column_stack([rng.uniform(-2, 2, (n, 2)), rng.uniform(-3, 3, n)])
    poses[21, 2] = np.nan  # a NaN pose
    poses[25, 0] = np.inf
    bad = {5, 9, 13, 17, 21, 25}
    array = gjk.ShapeArray(points, offsets, radii)
    box = gjk.Shape(BOX)
    out = gjk.distance_batch(array, box, poses, (0.5, 0, 0), precision=precision)
    for i in range(n):
        if i in bad:
            assert out["status"][i] == gjk.Status.invalid_input, i
            assert out["distance"][i] == 0 and not out["overlap"][i]
            assert not out["point_a"][i].any() and not out["normal"][i].any()
            continue
        single = gjk.distance(array[i], box, poses[i], (0.5, 0, 0), precision=precision)
        assert out["distance"][i] == single.distance, i
        assert (out["point_a"][i] == single.point_a).all()
        assert (out["normal"][i] == single.normal).all()
        assert out["penetration"][i] == single.penetration
        assert gjk.Status(out["status"][i]).name == single.status


# --- the companions of distance -------------------------------------------------------------

def test_closest_point_segment_matches_the_projection_and_names_the_region():
    rng = np.random.default_rng(5)
    for _ in range(300):
        a, b, q = rng.uniform(-2, 2, (3, 2))
        t = np.clip(np.dot(q - a, b - a) / np.dot(b - a, b - a), 0, 1)
        r = gjk.closest_point_segment(a, b, q)
        np.testing.assert_allclose(r.point, a + t * (b - a), atol=1e-12)
        assert r.u + r.v == pytest.approx(1)
        assert r.region == ("A" if t == 0 else "B" if t == 1 else "AB")


def test_closest_point_triangle_matches_shapely_and_names_the_region():
    rng = np.random.default_rng(6)
    seen = set()
    for _ in range(400):
        a, b, c, q = rng.uniform(-2, 2, (4, 2))
        r = gjk.closest_point_triangle(a, b, c, q)
        triangle = shapely.geometry.Polygon([a, b, c])
        assert np.hypot(*(r.point - q)) == pytest.approx(
            triangle.distance(shapely.geometry.Point(q)), abs=1e-12)
        np.testing.assert_allclose(r.u * a + r.v * b + r.w * c, r.point, atol=1e-12)
        weights = {"A": r.u, "B": r.v, "C": r.w}
        assert all((weights[k] > 0) == (k in r.region) for k in weights)
        seen.add(r.region)
    assert seen == {"A", "B", "C", "AB", "BC", "CA", "ABC"}


def test_convex_hull_and_minkowski_difference_match_shapely():
    rng = np.random.default_rng(7)
    for _ in range(50):
        p = rng.uniform(-1, 1, (int(rng.integers(3, 30)), 2))
        hull = gjk.convex_hull(p)
        expected = shapely.geometry.MultiPoint([tuple(x) for x in p]).convex_hull
        assert shapely.geometry.Polygon(hull).symmetric_difference(expected).area < 1e-12
        q = rng.uniform(-1, 1, (5, 2))
        pose_b = (1.0, 2.0, 0.5)
        z = gjk.minkowski_difference(p, q, (0, 0, 0), pose_b)
        qw = np.asarray(world_polygon(q, pose_b).exterior.coords)
        cloud = (qw[:, None, :] - p[None, :, :]).reshape(-1, 2)
        expected = shapely.geometry.MultiPoint([tuple(x) for x in cloud]).convex_hull
        assert shapely.geometry.Polygon(z).symmetric_difference(expected).area < 1e-9


def test_overlap_and_penetration_agree_with_shapely():
    rng = np.random.default_rng(8)
    for _ in range(200):
        a, b = rng.uniform(-1, 1, (6, 2)), rng.uniform(-1, 1, (6, 2))
        pose_b = (*rng.uniform(-1.5, 1.5, 2), rng.uniform(-3, 3))
        A, B = world_polygon(a, (0, 0, 0)), world_polygon(b, pose_b)
        gap = A.distance(B)
        o = gjk.overlap(a, b, (0, 0, 0), pose_b)
        if gap > 1e-9 or A.intersection(B).area > 1e-9:
            assert o.overlap == (gap == 0)
        p = gjk.penetration(a, b, (0, 0, 0), pose_b)
        if p.status == "overlapping":
            # B moved by depth along the normal touches A, and no shorter move along it would.
            moved = shapely.affinity.translate(B, *(p.depth * p.normal))
            assert A.distance(moved) < 1e-9 and A.intersection(moved).area < 1e-9
        else:
            assert p.signed_distance == pytest.approx(gap, abs=1e-12)


def test_cast_is_the_tools_cast(tool):
    rng = np.random.default_rng(9)
    lines, answers = [], []
    for _ in range(100):
        a, b = rng.uniform(-1, 1, (5, 2)), rng.uniform(-1, 1, (4, 2))
        pose_b = (*rng.uniform(3, 5, 2), rng.uniform(-3, 3))
        translation = tuple(-rng.uniform(2, 8, 2))
        r = gjk.cast(a, b, (0, 0, 0), pose_b, (0, 0), translation)
        answers.append(r)
        lines.append(json.dumps({"a": {"points": a.tolist()},
                                 "b": {"points": b.tolist(), "position": list(pose_b[:2]),
                                       "angle": pose_b[2]},
                                 "translation_b": list(translation)}))
    run = subprocess.run([tool, "cast"], input="\n".join(lines) + "\n", text=True,
                         capture_output=True)
    hits = 0
    for r, line in zip(answers, run.stdout.splitlines()):
        t = json.loads(line)
        assert (r.hit, r.status) == (t["hit"], t["status"])
        assert r.fraction == pytest.approx(t["fraction"], abs=1e-12)
        hits += r.hit
    assert 0 < hits < 100


def test_time_of_impact_reports_the_first_contact_of_a_turning_sweep():
    bar = gjk.Shape([[-2, -0.1], [2, -0.1], [2, 0.1], [-2, 0.1]])
    post = gjk.Shape([[0, 0]], 0.2)
    sweep_a = {"center": [0, 0], "from": [0, 0, 0], "to": [0, 0, 1.5]}  # the bar turns
    sweep_b = {"center": [0, 0], "from": [1.0, 1.2, 0], "to": [1.0, 1.2, 0]}
    r = gjk.time_of_impact(bar, post, sweep_a, sweep_b)
    assert r.hit and r.status == "hit"
    # Against shapely at the reported time and before it.
    def gap(t):
        angle = 1.5 * t
        return world_polygon(bar.points, (0, 0, angle)).distance(
            shapely.geometry.Point(1.0, 1.2)) - 0.2
    assert abs(gap(r.fraction)) < 1e-6
    assert all(gap(t) > 0 for t in np.linspace(0, r.fraction, 50)[:-1])
    with pytest.raises(ValueError) as info:
        gjk.time_of_impact(bar, post, {"center": [0, 0], "from": [0, 0, 0]}, sweep_b)
    assert "sweep_a lacks ['to']" in str(info.value)


def test_batch_without_penetration_skips_epa_and_changes_nothing_else():
    rng = np.random.default_rng(11)
    n = 500
    counts = np.full(n, 6)
    offsets = np.concatenate([[0], np.cumsum(counts)])
    shapes = gjk.ShapeArray(rng.uniform(-1, 1, (offsets[-1], 2)), offsets)
    poses = np.column_stack([rng.uniform(-2, 2, (n, 2)), rng.uniform(-3, 3, n)])
    full = gjk.distance_batch(shapes, gjk.Shape(BOX), poses)
    quick = gjk.distance_batch(shapes, gjk.Shape(BOX), poses, penetration=False)
    assert "penetration" not in quick and set(quick) == set(full) - {"penetration"}
    overlapping = full["status"] == gjk.Status.overlapping
    assert 0 < overlapping.sum() < n
    for key in ("distance", "point_a", "point_b", "overlap", "iterations", "status"):
        np.testing.assert_array_equal(quick[key], full[key], key)
    # Apart, the normal is GJK's in both; overlapping, without EPA it is unknown (zero).
    apart = full["status"] == gjk.Status.separated
    np.testing.assert_array_equal(quick["normal"][apart], full["normal"][apart])
    assert not quick["normal"][overlapping].any()


def test_gradient_matches_central_differences_of_shapely():
    rng = np.random.default_rng(12)
    h = 1e-6
    checked = 0
    for _ in range(150):
        a, b = rng.uniform(-1, 1, (6, 2)), rng.uniform(-1, 1, (5, 2))
        pose_a = np.array([*rng.uniform(-1, 1, 2), rng.uniform(-3, 3)])
        pose_b = pose_a + np.array([*rng.uniform(2.5, 4, 2) * rng.choice([-1, 1], 2), 1.0])
        r = gjk.distance(a, b, pose_a, pose_b)
        if not r.differentiable or r.status != "separated":
            continue

        def gap(pa, pb):
            return world_polygon(a, pa).distance(world_polygon(b, pb))

        for k in range(3):
            step = np.zeros(3)
            step[k] = h
            d_a = (gap(pose_a + step, pose_b) - gap(pose_a - step, pose_b)) / (2 * h)
            d_b = (gap(pose_a, pose_b + step) - gap(pose_a, pose_b - step)) / (2 * h)
            assert r.gradient["a"][k] == pytest.approx(d_a, abs=1e-6)
            assert r.gradient["b"][k] == pytest.approx(d_b, abs=1e-6)
        checked += 1
    assert checked > 100


def test_batch_derivatives_are_the_single_calls_gradients():
    rng = np.random.default_rng(13)
    n = 300
    offsets = np.arange(n + 1) * 5
    shapes = gjk.ShapeArray(rng.uniform(-1, 1, (5 * n, 2)), offsets)
    poses = np.column_stack([rng.uniform(-2.5, 2.5, (n, 2)), rng.uniform(-3, 3, n)])
    poses[7, 0] = np.nan  # a bad row: zeros, not differentiable
    box = gjk.Shape(BOX)
    out = gjk.distance_batch(shapes, box, poses, (0, 0, 0), derivatives=True)
    assert out["gradient_a"].shape == (n, 3) and out["differentiable"].dtype == np.bool_
    for i in range(n):
        if i == 7:
            assert not out["gradient_a"][i].any() and not out["differentiable"][i]
            continue
        r = gjk.distance(shapes[i], box, poses[i], (0, 0, 0))
        np.testing.assert_array_equal(out["gradient_a"][i], r.gradient["a"])
        np.testing.assert_array_equal(out["gradient_b"][i], r.gradient["b"])
        assert out["differentiable"][i] == r.differentiable
    assert "gradient_a" not in gjk.distance_batch(shapes, box, poses)


def test_ray_cast_matches_shapely_intersection():
    rng = np.random.default_rng(14)
    hits = 0
    for _ in range(200):
        pts = rng.uniform(-1, 1, (7, 2))
        pose = (*rng.uniform(-1, 1, 2), rng.uniform(-3, 3))
        origin = rng.uniform(-4, 4, 2)
        translation = 2.5 * (rng.uniform(-0.5, 0.5, 2) - origin)
        r = gjk.ray_cast(pts, origin, translation, pose)
        polygon = world_polygon(pts, pose)
        ray = shapely.geometry.LineString([tuple(origin), tuple(origin + translation)])
        crossing = polygon.intersection(ray)
        if polygon.contains(shapely.geometry.Point(origin)):
            assert r.status == "initially_overlapping" and r.fraction == 0.0
            continue
        if crossing.is_empty or crossing.length < 1e-9:
            assert not r.hit or crossing.length < 1e-9
            continue
        hits += 1
        assert r.hit and r.status == "hit"
        first = min(np.hypot(*(np.array(c) - origin)) for c in crossing.coords)
        assert r.fraction * np.hypot(*translation) == pytest.approx(first, abs=1e-9)
        assert np.hypot(*r.normal) == pytest.approx(1.0)
    assert hits > 50
    with pytest.raises(ValueError) as info:
        gjk.ray_cast(gjk.Shape(BOX), (0, 0), (1, 0), max_fraction=-1)
    assert "max_fraction" in str(info.value)
    with pytest.raises(ValueError) as info:
        gjk.ray_cast(gjk.Shape(BOX), (np.nan, 0), (1, 0))
    assert "origin" in str(info.value)
