"""Shapes in space prepared once (gjk.Shape of (n, 3) points: gjk::PreparedShape3, its exact hull
and a climb over the hull's edges) and gjk.convex_hull of (n, 3) points.

The oracles are independent of the preparation:
- A distance is certified by the raw points in numpy. Along any unit direction u the gap
  min_B b.u - max_A a.u is at most the distance of the hulls (weak duality), and any point of
  hull(A) and any point of hull(B) are at least the distance apart. The answer's normal gives the
  lower bound over all 100,000 points as given; its last simplex, read from the trace (each
  vertex's input indices and weight), gives a point of each hull built from the points as given,
  hence the upper bound. Both within 1e-12 of the scale (1e-6 in float) of the answer pin it.
- The unprepared path: a ShapeArray's rows in space are read as points (a scan of all of them),
  so gjk.distance_batch on a one-row ShapeArray is the library on the raw cloud.
- A hull in space is checked exactly on integer points (int64 arithmetic, no rounding): each
  corner is an input point; no input point lies outside any plane through three corners that has
  every corner on one side (those planes bound the hull of the corners); each corner lies outside
  the hull of the other input points (a plane through three of them with all of them behind).
"""

import itertools
import pickle

import numpy as np
import pytest

import gjk

#: The library's stated accuracy in space, as a fraction of the scale (docs/gjk-in-3d.md).
BOUND = {"double": 1e-12, "float": 1e-6}
CLOUD_POINTS = 100_000


def rotate(q, v):
    """v (n, 3) rotated by the quaternion q = (x, y, z, w), normalized first."""
    q = np.asarray(q, dtype=float)
    q = q / np.linalg.norm(q)
    u, w = q[:3], q[3]
    t = 2 * np.cross(u, v)
    return v + w * t + np.cross(u, t)


def box(h):
    return np.array([[sx * h[0], sy * h[1], sz * h[2]] for sx in (-1, 1) for sy in (-1, 1)
                     for sz in (-1, 1)], dtype=float)


def as_precision(values, precision):
    """What the kernel reads: values rounded to float32 in float (kept as float64)."""
    return values.astype(np.float32).astype(float) if precision == "float" else values


@pytest.fixture(scope="module")
def cloud():
    """100,000 points in the unit ball, uniform (most inside the hull: about 1,400 corners) with
    a thousand on the sphere, shuffled: corner indices are not input indices."""
    rng = np.random.default_rng(44)
    p = rng.normal(size=(CLOUD_POINTS, 3))
    p /= np.linalg.norm(p, axis=1)[:, None]
    p[1000:] *= rng.uniform(0, 1, (CLOUD_POINTS - 1000, 1)) ** (1 / 3)
    return p[rng.permutation(CLOUD_POINTS)]


@pytest.fixture(scope="module")
def prepared_cloud(cloud):
    return gjk.Shape(cloud)


def box_poses(rng, count, reach=(1.5, 2.5)):
    """Poses of a box (half-extents up to 0.37 from its centre) around the unit ball, apart."""
    poses = []
    for _ in range(count):
        d = rng.normal(size=3)
        q = rng.normal(size=4)
        poses.append((*(d / np.linalg.norm(d) * rng.uniform(*reach)), *(q / np.linalg.norm(q))))
    return np.array(poses)


# --- the prepared shape against its points ----------------------------------------------------

def test_a_cloud_is_prepared_to_the_corners_of_its_hull(cloud, prepared_cloud):
    s = prepared_cloud
    assert s.dim == 3 and s.given_points.shape == (CLOUD_POINTS, 3)
    np.testing.assert_array_equal(s.given_points, cloud)
    corners = s.points
    assert 1000 <= len(corners) < 2000 and corners.dtype == np.float64
    assert f"{CLOUD_POINTS} points in 3D, hull of {len(corners)}" in repr(s)
    np.testing.assert_array_equal(corners, gjk.convex_hull(cloud))
    # Each corner is a point as given, and every point of the sphere's thousand is a corner.
    rows = {tuple(p) for p in cloud}
    assert all(tuple(c) in rows for c in corners)
    on_sphere = np.abs(np.linalg.norm(cloud, axis=1) - 1) < 1e-15
    assert {tuple(p) for p in cloud[on_sphere]} <= {tuple(c) for c in corners}
    again = pickle.loads(pickle.dumps(s))
    np.testing.assert_array_equal(again.given_points, cloud)
    np.testing.assert_array_equal(again.points, corners)


@pytest.mark.parametrize("precision", ["double", "float"])
def test_the_distance_from_a_cloud_is_certified_by_its_points(cloud, prepared_cloud, precision):
    """Against a box at 60 poses: the gap along the answer's normal over all the points (a lower
    bound) and the distance of the last simplex's points rebuilt from the points as given (an
    upper bound) are the answer within the bound; the trace names the points as given."""
    rng = np.random.default_rng(45)
    half = [0.37, 0.2, 0.1]
    a_points = as_precision(cloud, precision)
    b_shape = gjk.Shape(box(half))
    tol = BOUND[precision] * 4  # the scale: coordinates and positions up to about 3
    for pose in box_poses(rng, 60):
        pose = as_precision(pose, precision)
        r = gjk.distance(prepared_cloud, b_shape, pose_b=pose, precision=precision, trace=True)
        assert r.status == "separated"
        b_points = rotate(pose[3:], as_precision(box(half), precision)) + pose[:3]
        n = r.normal / np.linalg.norm(r.normal)
        lower = (b_points @ n).min() - (a_points @ n).max()
        last = r.simplices[-1]
        w = np.array([v["weight"] for v in last])
        assert (w >= 0).all() and abs(w.sum() - 1) <= 1e-6
        w = w / w.sum()
        on_a = w @ a_points[[v["index_a"] for v in last]]
        on_b = w @ b_points[[v["index_b"] for v in last]]
        upper = np.linalg.norm(on_b - on_a)
        assert lower <= upper + tol
        assert abs(r.distance - lower) <= tol and abs(r.distance - upper) <= tol
        np.testing.assert_allclose(on_a, r.point_a, rtol=0, atol=tol)
        np.testing.assert_allclose(on_b, r.point_b, rtol=0, atol=tol)


@pytest.mark.parametrize("precision", ["double", "float"])
def test_the_prepared_cloud_answers_as_its_points_do(cloud, prepared_cloud, precision):
    """gjk.distance on the prepared cloud and distance_batch on the cloud as a one-row ShapeArray
    (read as points, every point scanned): the same verdicts, distances within the bound (1e-12
    relative in double), at poses apart and overlapping."""
    rng = np.random.default_rng(46)
    plain = gjk.ShapeArray(cloud, [0, CLOUD_POINTS])
    b_shape = gjk.Shape(box([0.3, 0.2, 0.1]), radius=0.05)
    poses = box_poses(rng, 40, reach=(0.8, 2.0))  # about a quarter overlapping
    scanned = gjk.distance_batch(plain, b_shape, pose_b=poses, precision=precision, threads=1)
    overlapping = 0
    for i, pose in enumerate(poses):
        r = gjk.distance(prepared_cloud, b_shape, pose_b=pose, precision=precision)
        assert r.status == gjk.Status(scanned["status"][i]).name
        scale = max(1.0, r.distance)
        assert abs(r.distance - scanned["distance"][i]) <= BOUND[precision] * scale * 4
        assert abs(r.penetration - scanned["penetration"][i]) <= BOUND[precision] * 4
        overlapping += r.overlap
    assert 4 <= overlapping <= 30


@pytest.mark.parametrize("precision", ["double", "float"])
def test_a_batch_against_the_cloud_is_its_single_queries_to_the_bit(prepared_cloud, precision):
    rng = np.random.default_rng(47)
    b_shape = gjk.Shape(box([0.3, 0.2, 0.1]))
    poses = box_poses(rng, 1000, reach=(0.9, 2.0))
    batch = gjk.distance_batch(prepared_cloud, b_shape, pose_b=poses, precision=precision,
                               threads=2)
    assert set(np.unique(batch["status"])) <= {gjk.Status.separated, gjk.Status.overlapping}
    for i in range(0, 1000, 37):
        r = gjk.distance(prepared_cloud, b_shape, pose_b=poses[i], precision=precision)
        assert batch["distance"][i] == r.distance and batch["penetration"][i] == r.penetration
        np.testing.assert_array_equal(batch["point_a"][i], r.point_a)
        np.testing.assert_array_equal(batch["normal"][i], r.normal)


def test_trace_indices_name_the_points_as_given():
    """Interior points first: the hull's corner i is not input point i. Each traced vertex's
    point is its index's point as given, moved by the pose."""
    points = np.array([[0.1, 0.1, 0.1], [0.2, 0.1, 0.1], [0, 0, 0], [1, 0, 0], [0, 1, 0],
                       [0, 0, 1], [0.3, 0.3, 0.3]])
    shape = gjk.Shape(points)
    assert len(shape.points) == 4
    pose_b = (3, 2, 1, 0, 0, 0, 1)
    ball = gjk.Shape([[0, 0, 0], [0.5, 0, 0]], 0.25)
    r = gjk.distance(shape, ball, pose_b=pose_b, trace=True)
    for simplex in r.simplices:
        for v in simplex:
            np.testing.assert_array_equal(v["point_a"], points[v["index_a"]])
            np.testing.assert_allclose(v["point_b"], ball.given_points[v["index_b"]] + [3, 2, 1],
                                       atol=1e-15)


# --- bad input -------------------------------------------------------------------------------

@pytest.mark.parametrize("points, radius, words", [
    ([[0, 0, np.nan]], 0.0, "points[0][2] is nan: not a finite number"),
    ([[0, 0, 0], [np.inf, 0, 0]], 0.0, "points[1][0] is inf: not a finite number"),
    (np.zeros((0, 3)), 0.0, "points is empty: a shape needs at least one point"),
    ([[0, 0, 1e200]], 0.0, "points[0][2] = 1e+200 is beyond the kernel's range in double"),
    ([[0, 0, 0]], -1.0, "radius is -1.0: it must be a finite number >= 0"),
    ([[0, 0, 0]], np.nan, "radius is nan"),
    ([[0, 0, 0, 0]], 0.0, "points must have shape (n, 2) or (n, 3), got (1, 4)"),
])
def test_bad_points_in_space_raise_naming_the_problem(points, radius, words):
    with pytest.raises(ValueError) as info:
        gjk.Shape(points, radius)
    assert words in str(info.value)


def test_a_shape_beyond_floats_range_is_refused_in_float_only():
    """Valid in double, beyond float's kernel range (1.15e18): the float queries raise with the
    plane's words, naming the argument, and a float batch's row is invalid_input."""
    far = gjk.Shape([[1e30, 0, 0], [0, 1, 0], [0, 0, 1]])
    wide = gjk.Shape([[0, 0, 0]], radius=1e30)
    huge = gjk.Shape([[1e39, 0, 0], [0, 1, 0]])  # beyond float itself: infinite in float
    ball = gjk.Shape([[5, 5, 5]], 0.5)
    gjk.distance(far, ball), gjk.distance(wide, ball)  # double holds them: no error
    for call, words in [
        (lambda: gjk.distance(far, ball, precision="float"),
         "a has a coordinate beyond the kernel's range in float (|value| <= 1.15292e+18)"),
        (lambda: gjk.distance(ball, far, precision="float"), "b has a coordinate beyond"),
        (lambda: gjk.penetration(far, ball, precision="float"), "a has a coordinate beyond"),
        (lambda: gjk.overlap(ball, far, precision="float"), "b has a coordinate beyond"),
        (lambda: gjk.distance(wide, ball, precision="float"),
         "a has a radius that is negative, not finite or beyond the kernel's range in float"),
        (lambda: gjk.distance(huge, ball, precision="float"),
         "a has a point that is not finite in float"),
    ]:
        with pytest.raises(ValueError) as info:
            call()
        assert words in str(info.value)
    batch = gjk.distance_batch([far, ball, wide], ball, precision="float")
    np.testing.assert_array_equal(batch["status"][[0, 2]], gjk.Status.invalid_input)
    assert batch["status"][1] == gjk.Status.overlapping
    assert (gjk.distance_batch([far, wide], ball)["status"] != gjk.Status.invalid_input).all()


# --- gjk.convex_hull in space ----------------------------------------------------------------

def supporting_planes(points):
    """Every plane through three of `points` (int64, exact) that has all of them on one side:
    (normal, offset) with normal . p <= offset for each point. For points of full dimension
    these planes bound their hull (its facets are among them)."""
    triples = np.array(list(itertools.combinations(range(len(points)), 3))).reshape(-1, 3)
    i, j, k = points[triples[:, 0]], points[triples[:, 1]], points[triples[:, 2]]
    n = np.cross(j - i, k - i)
    n = n[n.any(axis=1)], i[n.any(axis=1)]
    n, through = n
    offset = np.einsum("ij,ij->i", n, through)
    side = points @ n.T - offset  # (points, planes), exact in int64
    behind, ahead = (side <= 0).all(axis=0), (side >= 0).all(axis=0)  # both: a flat set's plane
    return (np.concatenate([n[behind], -n[ahead]]),
            np.concatenate([offset[behind], -offset[ahead]]))


def check_exact_hull(points, hull):
    """points (n, 3) of small integers; hull what gjk.convex_hull returned for them."""
    p = points.astype(np.int64)
    h = hull.astype(np.int64)
    assert (h == hull).all() and hull.shape[1] == 3
    given = {tuple(x) for x in p}
    assert all(tuple(x) in given for x in h)  # each corner an input point
    assert len({tuple(x) for x in h}) == len(h)  # each once
    normals, offsets = supporting_planes(h)
    assert len(normals) >= 4  # of full dimension
    assert (p @ normals.T <= offsets).all()  # no input point outside the corners' hull
    for corner in h:  # each corner outside the hull of the other input points
        others = np.array([x for x in given if x != tuple(corner)], dtype=np.int64)
        normals, offsets = supporting_planes(others)
        assert (corner @ normals.T > offsets).any()


def test_convex_hull_in_space_is_the_exact_hull_of_integer_points():
    """Random small integer points: repeats, points on edges and inside faces are common and
    must not be corners; a cube grid, whose corners are the eight only."""
    rng = np.random.default_rng(48)
    for _ in range(40):
        n = int(rng.integers(4, 40))
        points = rng.integers(-3, 4, (n, 3)).astype(float)
        if np.linalg.matrix_rank(points[1:] - points[0]) < 3:
            continue
        check_exact_hull(points, gjk.convex_hull(points))
    grid = np.array(list(itertools.product(range(3), repeat=3)), dtype=float)
    hull = gjk.convex_hull(grid[rng.permutation(len(grid))])
    assert {tuple(x) for x in hull} == set(itertools.product((0, 2), repeat=3))
    check_exact_hull(grid, hull)


def test_convex_hull_in_space_keeps_a_polyhedrons_corners_in_input_order():
    points = np.array([[0, 0, 0], [0.1, 0.1, 0.1], [1, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]])
    np.testing.assert_array_equal(gjk.convex_hull(points), points[[0, 2, 4, 5]])
    hull = gjk.convex_hull(points.tolist())  # any array-like
    assert hull.dtype == np.float64 and hull.shape == (4, 3)


def test_convex_hull_of_degenerate_points_in_space():
    """One distinct point, collinear points (the two extremes, least first in (x, y, z)),
    coplanar points (the polygon's corners in order around it, in its tilted plane)."""
    np.testing.assert_array_equal(gjk.convex_hull([[1, 2, 3]] * 4), [[1, 2, 3]])
    line = np.array([[2, 2, 2], [0, 0, 0], [3, 3, 3], [1, 1, 1], [3, 3, 3]], dtype=float)
    np.testing.assert_array_equal(gjk.convex_hull(line), [[0, 0, 0], [3, 3, 3]])
    # A square in the plane x + y + z = 1 (s, t -> base + s u + t v), with points on its
    # edges, inside it and repeated.
    base, u, v = np.array([1, 0, 0]), np.array([-1, 1, 0]), np.array([-1, 0, 1])
    st = [(0, 0), (2, 0), (2, 2), (0, 2), (1, 0), (1, 1), (0, 1), (2, 2), (1, 2)]
    square = np.array([base + s * u + t * v for s, t in st], dtype=float)
    hull = gjk.convex_hull(square)
    corners = [tuple(square[i]) for i in range(4)]
    assert len(hull) == 4 and {tuple(x) for x in hull} == set(corners)
    # In order around: consecutive corners are the square's sides, never its diagonal.
    at = [corners.index(tuple(x)) for x in hull]
    assert all((at[(k + 1) % 4] - at[k]) % 4 in (1, 3) for k in range(4))
    triangle = np.array([[0, 0, 5], [4, 0, 5], [0, 4, 5], [1, 1, 5], [2, 2, 5]], dtype=float)
    assert {tuple(x) for x in gjk.convex_hull(triangle)} == {(0, 0, 5), (4, 0, 5), (0, 4, 5)}


def test_convex_hull_of_bad_points_raises_naming_the_element():
    for points, words in [([[0, 0, np.nan]], "points[0][2] is nan"),
                          (np.zeros((0, 3)), "points is empty"),
                          (np.zeros((3, 4)), "points must have shape (n, 2) or (n, 3)")]:
        with pytest.raises(ValueError) as info:
            gjk.convex_hull(points)
        assert words in str(info.value)
