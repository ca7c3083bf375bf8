"""Properties of gjk.distance and gjk.distance_batch in space that hold for every input, checked
by Hypothesis on small shapes: 1..8 points (scattered, with duplicates, in one plane or on one
line), a radius, a pose (x, y, z, qx, qy, qz, qw).

The oracle is independent of the library: the largest gap between the world points along a
finite set of directions that contains the closest features' direction. For two convex hulls
apart, the direction from A's closest point to B's is one of: a difference of two points
(vertex-vertex), the perpendicular from an edge's line to a point (vertex-edge, either way), a
cross product of two edges (edge-edge), or the normal of three points (vertex-face, either way).
Along any unit direction u the gap min_B b.u - max_A a.u is at most the distance, and along that
one it is the distance: the largest gap over the set is the distance of the hulls, and it is at
most 0 when they meet. The poses are applied by the quaternion rotation written again here.

Distances are compared within the library's stated bound in space (docs/gjk-in-3d.md): 1e-12 of
the scale in double, 1e-6 in float, scale = max(1, the largest |local coordinate| + the largest
|translation|) + the radii. Hypothesis runs derandomized and without its example database.
"""

import itertools
import math

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import gjk

#: The library's stated accuracy in space, as a fraction of the scale.
BOUND = {"double": 1e-12, "float": 1e-6}

QUICK = settings(max_examples=400, deadline=None, derandomize=True, database=None)
BATCHES = settings(max_examples=60, deadline=None, derandomize=True, database=None)

# --- strategies ------------------------------------------------------------------------------

coordinate = st.one_of(
    st.integers(-3, 3).map(float),
    st.floats(-4, 4, allow_nan=False, allow_infinity=False).map(
        lambda x: x if abs(x) > 1e-100 else 0.0))
point = st.tuples(coordinate, coordinate, coordinate)
scattered = st.lists(point, min_size=1, max_size=8)


@st.composite
def with_duplicates(draw):
    """1..8 points drawn from 1..4 distinct ones."""
    distinct = draw(st.lists(point, min_size=1, max_size=4))
    picks = draw(st.lists(st.integers(0, len(distinct) - 1), min_size=1, max_size=8))
    return [distinct[i] for i in picks]


@st.composite
def flat(draw):
    """1..8 points base + s u + t v with small integers: exactly in one plane (or a line)."""
    small = st.integers(-3, 3)
    base, u, v = (tuple(draw(small) for _ in range(3)) for _ in range(3))
    st_pairs = draw(st.lists(st.tuples(small, small), min_size=1, max_size=8))
    return [tuple(float(base[k] + s * u[k] + t * v[k]) for k in range(3)) for s, t in st_pairs]


@st.composite
def collinear(draw):
    """1..8 points base + t d with small integers: exactly on one line (or one point)."""
    small = st.integers(-3, 3)
    base, d = (tuple(draw(small) for _ in range(3)) for _ in range(2))
    ts = draw(st.lists(small, min_size=1, max_size=8))
    return [tuple(float(base[k] + t * d[k]) for k in range(3)) for t in ts]


points = st.one_of(scattered, with_duplicates(), flat(), collinear()).map(
    lambda p: np.array(p, dtype=np.float64))
radius = st.one_of(st.just(0.0), st.floats(0, 2, allow_nan=False))


@st.composite
def pose(draw):
    """A position in [-6, 6]^3 and a unit quaternion (x, y, z, w), normalized here."""
    position = [draw(st.floats(-6, 6, allow_nan=False)) for _ in range(3)]
    q = np.array([draw(st.floats(-1, 1, allow_nan=False)) for _ in range(4)])
    norm = np.linalg.norm(q)
    q = q / norm if norm > 0.1 else np.array([0.0, 0.0, 0.0, 1.0])
    return tuple(float(x) for x in (*position, *q))


precision = st.sampled_from(["double", "float"])


@st.composite
def queries(draw):
    """One query: (points_a, radius_a, pose_a, points_b, radius_b, pose_b)."""
    return (draw(points), draw(radius), draw(pose()), draw(points), draw(radius), draw(pose()))


def as_float32(query):
    """The query with every value rounded to float32 (kept as float64): what the float kernel
    reads, so that the oracle sees the same shapes."""
    f32 = np.float32
    a, ra, pa, b, rb, pb = query
    return (a.astype(f32).astype(float), float(f32(ra)), tuple(float(f32(v)) for v in pa),
            b.astype(f32).astype(float), float(f32(rb)), tuple(float(f32(v)) for v in pb))


def prepared(query, precision_):
    return as_float32(query) if precision_ == "float" else query


# --- the oracle ------------------------------------------------------------------------------

def world(local, pose_):
    """The points after the pose: rotated by the normalized quaternion, then translated."""
    q = np.asarray(pose_[3:], dtype=float)
    q = q / np.linalg.norm(q)
    u, w = q[:3], q[3]
    t = 2 * np.cross(u, local)
    return local + w * t + np.cross(u, t) + np.asarray(pose_[:3], dtype=float)


def candidate_directions(a, b):
    """Unit directions that contain, for hulls of a and b apart, the closest features' one."""
    pairs = lambda p: [(p[i], p[j]) for i, j in itertools.combinations(range(len(p)), 2)]
    edges_a, edges_b = pairs(a), pairs(b)
    found = [q - p for p in a for q in b]  # vertex-vertex
    for edges, others, sign in ((edges_a, b, 1.0), (edges_b, a, -1.0)):
        for p0, p1 in edges:
            e = p1 - p0
            ee = np.dot(e, e)
            if ee == 0:
                continue
            for q in others:  # vertex-edge: q's offset from the edge's line, across it
                r = q - p0
                found.append(sign * (r - (np.dot(r, e) / ee) * e))
    for p0, p1 in edges_a:
        for q0, q1 in edges_b:
            c = np.cross(p1 - p0, q1 - q0)
            found += [c, -c]  # edge-edge
    for p in (a, b):
        for i, j, k in itertools.combinations(range(len(p)), 3):
            n = np.cross(p[j] - p[i], p[k] - p[i])
            found += [n, -n]  # vertex-face
    d = np.array(found, dtype=float).reshape(-1, 3)
    norms = np.linalg.norm(d, axis=1)
    d = d[norms > 0]
    return d / np.linalg.norm(d, axis=1)[:, None]


def hull_distance(a, b):
    """The distance of the convex hulls of the point sets a and b (0 when they meet)."""
    u = candidate_directions(a, b)
    if len(u) == 0:  # every point of a and b the same one
        return 0.0
    gap = (b @ u.T).min(axis=0) - (a @ u.T).max(axis=0)
    return max(0.0, float(gap.max()))


def tolerance(query, precision_):
    a, ra, pa, b, rb, pb = query
    local = max(np.abs(a).max(), np.abs(b).max())
    translation = max(abs(v) for v in (*pa[:3], *pb[:3]))
    return BOUND[precision_] * (max(1.0, local + translation) + ra + rb)


def run(query, precision_):
    a, ra, pa, b, rb, pb = query
    return gjk.distance(gjk.Shape(a, ra), gjk.Shape(b, rb), pa, pb, precision=precision_)


# --- one query -------------------------------------------------------------------------------

@QUICK
@given(queries(), precision)
def test_the_distance_is_the_hulls_distance_less_the_radii(query, precision_):
    """The verdict and the distance agree with the oracle within the bound: apart by more than
    the bound is separated at that distance, meeting by more than it is overlapping."""
    q = prepared(query, precision_)
    a, ra, pa, b, rb, pb = q
    r = run(q, precision_)
    assert r.status in ("separated", "touching", "overlapping")
    exact = hull_distance(world(a, pa), world(b, pb)) - ra - rb
    tol = tolerance(q, precision_)
    if exact > tol:
        assert r.status == "separated" and not r.overlap
        assert abs(r.distance - exact) <= tol
    elif exact < -tol:
        assert r.status == "overlapping" and r.overlap and r.distance == 0
    else:
        assert r.distance <= 2 * tol


@QUICK
@given(queries(), precision)
def test_separated_answers_carry_their_proof(query, precision_):
    """A separated answer's points are the distance apart, along the normal, and the normal
    separates the shapes by the distance: no point of A (moved out by its radius) is beyond
    point_a along it, none of B before point_b."""
    q = prepared(query, precision_)
    a, ra, pa, b, rb, pb = q
    r = run(q, precision_)
    if r.status != "separated":
        return
    tol = tolerance(q, precision_)
    assert abs(np.linalg.norm(r.normal) - 1) <= 1e-6
    np.testing.assert_allclose(r.point_b - r.point_a, r.distance * r.normal, atol=2 * tol)
    reach_a = (world(a, pa) @ r.normal).max() + ra
    reach_b = (world(b, pb) @ r.normal).min() - rb
    assert reach_a <= r.point_a @ r.normal + 2 * tol
    assert reach_b >= r.point_b @ r.normal - 2 * tol


@QUICK
@given(queries(), precision)
def test_swapping_the_shapes_swaps_the_answer(query, precision_):
    q = prepared(query, precision_)
    a, ra, pa, b, rb, pb = q
    r = run(q, precision_)
    s = run((b, rb, pb, a, ra, pa), precision_)
    tol = tolerance(q, precision_)
    assert abs(r.distance - s.distance) <= 2 * tol
    if r.status == "separated" and s.status == "separated" and r.distance > 4 * tol:
        np.testing.assert_allclose(s.normal, -r.normal, atol=1e-6 if precision_ == "float"
                                   else 1e-9)


# --- batches ---------------------------------------------------------------------------------

@BATCHES
@given(st.lists(queries(), min_size=1, max_size=12), precision)
def test_batch_rows_are_the_single_queries_to_the_bit(batch, precision_):
    """distance_batch on sequences of Shapes (prepared, as gjk.distance takes them) answers row
    i as distance() on row i, to the bit; on shape arrays (whose rows in space are read as
    points, not prepared) it answers each row as the oracle does, within the bound."""
    batch = [prepared(q, precision_) for q in batch]

    def shape_array(points_of, radius_of):
        offsets = np.cumsum([0] + [len(q[points_of]) for q in batch])
        return gjk.ShapeArray(np.concatenate([q[points_of] for q in batch]), offsets,
                              radii=np.array([q[radius_of] for q in batch]))

    shapes_a = [gjk.Shape(q[0], q[1]) for q in batch]
    shapes_b = [gjk.Shape(q[3], q[4]) for q in batch]
    poses_a = np.array([q[2] for q in batch])
    poses_b = np.array([q[5] for q in batch])
    out = gjk.distance_batch(shapes_a, shapes_b, poses_a, poses_b, precision=precision_)
    for i, q in enumerate(batch):
        r = run(q, precision_)
        assert out["distance"][i] == r.distance
        assert (out["point_a"][i] == r.point_a).all() and (out["point_b"][i] == r.point_b).all()
        assert (out["normal"][i] == r.normal).all()
    plain = gjk.distance_batch(shape_array(0, 1), shape_array(3, 4), poses_a, poses_b,
                               precision=precision_)
    for i, q in enumerate(batch):
        a, ra, pa, b, rb, pb = q
        exact = hull_distance(world(a, pa), world(b, pb)) - ra - rb
        tol = tolerance(q, precision_)
        if exact > tol:
            assert plain["status"][i] == gjk.Status.separated
            assert abs(plain["distance"][i] - exact) <= tol
        elif exact < -tol:
            assert plain["status"][i] == gjk.Status.overlapping and plain["distance"][i] == 0
        else:
            assert plain["distance"][i] <= 2 * tol
