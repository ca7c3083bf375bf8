"""gjk.manifold: the contact manifold, checked against independent oracles.

The oracle is shapely (GEOS) on the world polygons, built here in numpy from the local points
and the poses (rotate by the angle about the shape's origin, then translate), never from gjk's
hulls or answers. A contact point is midway between the two surfaces along the normal, its
separation the signed gap between them: so for polygons without radius, the points
point -/+ separation / 2 * normal lie on A's and on B's boundary. And the smallest separation
is the shapes' distance when they are apart, and their depth along the normal when they
overlap: moving B back by it along the normal leaves them touching, and moving it back by less
leaves them overlapping. The resting cases (box on box: two points; circle: one; capsules end
to end: one; apart beyond the margin: none) are checked against their exact answers.

Tolerances, as fractions of the scale (the largest world coordinate, at least 1): 1e-12 in
double, the library's distance bound (docs/robustness.md); 1e-5 in float, where the face
normal is a difference of two float vertices, normalized, and each point is moved along it by
half its separation, a few tens of eps of the scale. In float the oracle gets the inputs
rounded to float32, so the bound covers the kernel's arithmetic, not the rounding of its input.
"""

import json
import subprocess

import numpy as np
import pytest
import shapely.affinity
import shapely.geometry

import gjk

BOX = np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]], float)
SLAB = np.array([[-3, -1], [3, -1], [3, 0], [-3, 0]], float)  # its top face is y = 0
TOLERANCE = {"double": 1e-12, "float": 1e-5}


def world(points, pose):
    """The points after the pose: rotate by the angle about the origin, then translate."""
    x, y, angle = pose
    c, s = np.cos(angle), np.sin(angle)
    points = np.asarray(points, float)
    return np.column_stack((c * points[:, 0] - s * points[:, 1] + x,
                            s * points[:, 0] + c * points[:, 1] + y))


def polygon(points, pose):
    """The oracle's shape: GEOS's convex hull of the world points."""
    return shapely.geometry.MultiPoint([tuple(p) for p in world(points, pose)]).convex_hull


def turned(pose, angle):
    """The pose of a scene turned by `angle` about the world origin."""
    x, y = world([pose[:2]], (0, 0, angle))[0]
    return (x, y, pose[2] + angle)


def convex_polygon(rng, n, size):
    """n points at sorted random angles on an ellipse of random aspect: a convex polygon."""
    angles = np.sort(rng.uniform(0, 2 * np.pi, n))
    aspect = rng.uniform(0.4, 1)
    return np.column_stack((size * np.cos(angles), size * aspect * np.sin(angles)))


def as_float32(values):
    return np.asarray(values, float).astype(np.float32).astype(np.float64)


# --- names -------------------------------------------------------------------------------------

def test_manifold_has_the_tools_names_and_types(tool):
    r = gjk.manifold(gjk.Shape(SLAB), gjk.Shape(BOX), (0, 0, 0), (0.5, 0.99, 0))
    line = json.dumps({"a": {"points": SLAB.tolist()},
                       "b": {"points": BOX.tolist(), "position": [0.5, 0.99]}})
    answer = json.loads(subprocess.run([tool, "manifold"], input=line + "\n", text=True,
                                       capture_output=True, check=True).stdout)
    assert set(answer) <= set(r.keys())
    assert isinstance(r.normal, np.ndarray) and r.normal.shape == (2,)
    assert r.normal.dtype == np.float64 and r.normal.tolist() == answer["normal"]
    assert len(r.points) == len(answer["points"]) == 2
    for mine, theirs in zip(r.points, answer["points"]):
        assert set(mine.keys()) == set(theirs) == {"point", "separation", "id"}
        assert mine.point.shape == (2,) and isinstance(mine.separation, float)
        assert isinstance(mine.id, int) and mine.id == theirs["id"]
        np.testing.assert_allclose(mine.point, theirs["point"], rtol=0, atol=1e-15)
        assert mine.separation == pytest.approx(theirs["separation"], abs=1e-15)
    assert r.status == "overlapping" and r.reference_is_b is False
    assert isinstance(r.reference_edge, int) and isinstance(r.incident_edge, int)
    # Read by name too, as the tool's JSON.
    assert r["normal"] is r.normal and r["points"][1]["id"] == r.points[1].id
    assert "points" in r and "_kind" not in r


# --- the resting cases -------------------------------------------------------------------------

@pytest.mark.parametrize("precision", ["double", "float"])
@pytest.mark.parametrize("scene_angle", [0.0, 0.7, -2.1])
def test_a_box_resting_on_a_box_has_two_points_at_the_ends_of_their_overlap(precision,
                                                                           scene_angle):
    # B sinks 0.01 into A's top face and hangs over its right end by nothing: the overlap is
    # x in [-0.5, 1.5], y in [-0.01, 0], and the two points are its ends, halfway down.
    pose_a, pose_b = turned((0, 0, 0), scene_angle), turned((0.5, 0.99, 0), scene_angle)
    r = gjk.manifold(SLAB, BOX, pose_a, pose_b, precision=precision)
    tolerance = 10 * TOLERANCE[precision]
    assert r.status == "overlapping" and len(r.points) == 2
    np.testing.assert_allclose(r.normal, world([[0, 1]], (0, 0, scene_angle))[0], atol=tolerance)
    overlap = polygon(SLAB, pose_a).intersection(polygon(BOX, pose_b))
    unturned = shapely.affinity.rotate(overlap, -scene_angle, origin=(0, 0), use_radians=True)
    x0, y0, x1, y1 = unturned.bounds
    expected = world([[x0, (y0 + y1) / 2], [x1, (y0 + y1) / 2]], (0, 0, scene_angle))
    got = sorted(r.points, key=lambda p: world([p.point], (0, 0, -scene_angle))[0][0])
    for point, where in zip(got, expected):
        np.testing.assert_allclose(point.point, where, atol=tolerance)
        assert point.separation == pytest.approx(-(y1 - y0), abs=tolerance)
    assert got[0].id != got[1].id


def test_boxes_exactly_touching_have_two_points_of_separation_zero():
    r = gjk.manifold(SLAB, BOX, (0, 0, 0), (0.5, 1, 0))
    assert r.status == "touching" and len(r.points) == 2
    assert [p.separation for p in r.points] == [0.0, 0.0]
    assert sorted(p.point[0] for p in r.points) == [-0.5, 1.5]


@pytest.mark.parametrize("precision", ["double", "float"])
def test_a_circle_has_one_point(precision):
    circle = gjk.Shape([[0, 0]], radius=0.5)
    r = gjk.manifold(SLAB, circle, (0, 0, 0), (0.3, 0.45, 0), precision=precision)
    assert len(r.points) == 1 and r.points[0].id == 0
    np.testing.assert_allclose(r.normal, [0, 1], atol=1e-6)
    np.testing.assert_allclose(r.points[0].point, [0.3, -0.025], atol=1e-6)
    assert r.points[0].separation == pytest.approx(-0.05, abs=1e-6)
    # Apart, within the margin: one speculative point at the gap.
    r = gjk.manifold(SLAB, circle, (0, 0, 0), (0.3, 0.7, 0), margin=0.5, precision=precision)
    assert r.status == "separated" and len(r.points) == 1
    assert r.points[0].separation == pytest.approx(0.2, abs=1e-6)
    np.testing.assert_allclose(r.points[0].point, [0.3, 0.1], atol=1e-6)


def test_capsules_end_to_end_have_one_point():
    # Their faces are their sides, perpendicular to the gap: no face stands for the contact,
    # and the one point is the pair of end vertices.
    capsule = gjk.Shape([[-1, 0], [1, 0]], radius=0.25)
    r = gjk.manifold(capsule, capsule, (0, 0, 0), (2.7, 0, 0), margin=0.5)
    assert len(r.points) == 1 and r.reference_edge == -1
    np.testing.assert_allclose(r.normal, [1, 0], atol=1e-15)
    assert r.points[0].separation == pytest.approx(0.2, abs=1e-15)
    np.testing.assert_allclose(r.points[0].point, [1.35, 0], atol=1e-15)


def test_rounded_boxes_measure_their_separation_between_the_rounded_faces():
    # Cores 0.1 apart, radii 0.05 and 0.1: A's surface at y = 0.05, B's at y = 0; each point
    # is halfway, at y = 0.025, at B's ends (A's face is wider).
    r = gjk.manifold(gjk.Shape(SLAB, 0.05), gjk.Shape(BOX, 0.1), (0, 0, 0), (0.5, 1.1, 0))
    assert r.status == "overlapping" and len(r.points) == 2
    np.testing.assert_allclose(r.normal, [0, 1], atol=1e-15)
    for point in r.points:
        assert point.separation == pytest.approx(-0.05, abs=1e-12)
    np.testing.assert_allclose(sorted(p.point.tolist() for p in r.points),
                               [[-0.5, 0.025], [1.5, 0.025]], atol=1e-12)


@pytest.mark.parametrize("precision", ["double", "float"])
def test_shapes_apart_beyond_the_margin_have_no_points(precision):
    r = gjk.manifold(SLAB, BOX, (0, 0, 0), (0.5, 1.3, 0), margin=0.25, precision=precision)
    assert r.status == "separated" and r.points == [] and not r.normal.any()
    # Within the margin, both ends of B's face are speculative points at the gap.
    r = gjk.manifold(SLAB, BOX, (0, 0, 0), (0.5, 1.3, 0), margin=0.35, precision=precision)
    assert len(r.points) == 2
    for point in r.points:
        assert point.separation == pytest.approx(0.3, abs=1e-6)


def test_ids_stay_the_same_while_a_box_slides_along_another():
    ids = set()
    for x in np.linspace(-1.5, 1.5, 31):
        r = gjk.manifold(SLAB, BOX, (0, 0, 0), (x, 0.98, 0))
        assert len(r.points) == 2
        ids.add(tuple(sorted(p.id for p in r.points)))
    assert len(ids) == 1


@pytest.mark.parametrize("past", [1e-9, 1e-4])
def test_a_corner_just_past_a_corner_within_the_margin_has_a_point(past):
    """Regression, found by test_properties.py's manifold property on two segments. B's
    bottom-left corner is 0.5 above A's top-right corner and `past` to its right, so the shapes
    are 0.5 apart, within the margin of 1. GJK's normal is within kReferenceTolerance (1e-3 rad)
    of A's top face normal, so that face was the reference and the vertex-against-vertex case
    was not taken; all of B's bottom face lies beyond the face's side plane x = 1, the clip left
    nothing, and the manifold had no points: a body falling past another's corner got no
    speculative contact. The kernel now keeps the witnesses (gjk/manifold.hpp; C++
    TEST(Manifold, CornerJustPastACornerWithinTheMarginHasAPoint)): one point at the
    distance."""
    box = gjk.Shape(BOX)
    r = gjk.manifold(box, box, (0, 0, 0), (2 + past, 2.5, 0), margin=1.0)
    distance = np.hypot(past, 0.5)
    assert len(r.points) == 1
    assert r.points[0].separation == pytest.approx(distance, abs=1e-12)


# --- random polygons against shapely -----------------------------------------------------------

@pytest.mark.parametrize("precision", ["double", "float"])
def test_each_points_separation_is_the_gap_between_the_surfaces_along_the_normal(precision):
    rng = np.random.default_rng(41)
    counts = {0: 0, 1: 0, 2: 0}
    overlapping = 0
    for _ in range(1000):
        a = convex_polygon(rng, int(rng.integers(3, 9)), 1.0)
        b = convex_polygon(rng, int(rng.integers(3, 9)), 1.0)
        pose_a = (*rng.uniform(-1, 1, 2), rng.uniform(-np.pi, np.pi))
        turn, gap = rng.uniform(-np.pi, np.pi), rng.uniform(0.5, 2.2)
        pose_b = (pose_a[0] + gap * np.cos(turn), pose_a[1] + gap * np.sin(turn),
                  rng.uniform(-np.pi, np.pi))
        if precision == "float":
            a, b = as_float32(a), as_float32(b)
            pose_a, pose_b = tuple(as_float32(pose_a)), tuple(as_float32(pose_b))
        A, B = polygon(a, pose_a), polygon(b, pose_b)
        scale = max(1.0, np.abs(world(a, pose_a)).max(), np.abs(world(b, pose_b)).max())
        bound = TOLERANCE[precision] * scale
        r = gjk.manifold(a, b, pose_a, pose_b, margin=0.3, precision=precision)
        counts[len(r.points)] += 1
        if not r.points:
            assert A.distance(B) > 0.3 - bound
            continue
        assert np.hypot(*r.normal) == pytest.approx(1, abs=bound)
        for p in r.points:
            on_a = shapely.geometry.Point(p.point - 0.5 * p.separation * r.normal)
            on_b = shapely.geometry.Point(p.point + 0.5 * p.separation * r.normal)
            assert A.exterior.distance(on_a) <= bound and B.exterior.distance(on_b) <= bound
        deepest = min(p.separation for p in r.points)
        if A.distance(B) > 0:
            assert deepest == pytest.approx(A.distance(B), abs=bound)
        else:
            overlapping += 1
            back = shapely.affinity.translate(B, *(-deepest * r.normal))
            assert A.distance(back) <= bound and A.intersection(back).area <= bound * scale
            short = shapely.affinity.translate(B, *(-0.9 * deepest * r.normal))
            assert A.intersection(short).area > 0
    assert min(counts.values()) > 100 and overlapping > 300


# --- bad input ---------------------------------------------------------------------------------

@pytest.mark.parametrize("kwargs, error, words", [
    ({"margin": -1.0}, ValueError, "margin is -1.0: it must be a finite number >= 0"),
    ({"margin": float("nan")}, ValueError, "margin is nan"),
    ({"margin": float("inf")}, ValueError, "margin is inf"),
    ({"margin": "1"}, TypeError, "margin must be a real number"),
    ({"margin": 1e30, "precision": "float"}, ValueError,
     "margin = 1e+30 is beyond the kernel's range in float"),
    ({"precision": "half"}, ValueError, "precision must be 'double' or 'float'"),
    ({"a": [[np.nan, 0]]}, ValueError, "a[0][0]"),
    ({"b": [[0, 0], [1]]}, ValueError, "b is not a rectangular array"),
    ({"pose_b": (0, np.nan, 0)}, ValueError, "pose_b must be 3 finite numbers"),
    ({"pose_a": (0, 0)}, ValueError, "pose_a must have shape (3,)"),
])
def test_bad_arguments_raise_naming_them(kwargs, error, words):
    args = {"a": gjk.Shape(SLAB), "b": gjk.Shape(BOX), "pose_a": (0, 0, 0),
            "pose_b": (0, 0.9, 0), "margin": 0.0, "precision": "double"}
    args.update(kwargs)
    with pytest.raises(error) as info:
        gjk.manifold(args["a"], args["b"], args["pose_a"], args["pose_b"],
                     margin=args["margin"], precision=args["precision"])
    assert words in str(info.value)


def test_a_shape_beyond_floats_range_is_refused_in_float_only():
    far = gjk.Shape([[1e20, 0], [1e20, 1]])
    assert gjk.manifold(far, gjk.Shape([[0, 0]])).points == []
    with pytest.raises(ValueError) as info:
        gjk.manifold(far, gjk.Shape([[0, 0]]), precision="float")
    assert "a has a coordinate beyond the kernel's range in float" in str(info.value)
