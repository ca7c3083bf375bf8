"""gjk.ray_cast_batch: each row is gjk.ray_cast on that row, to the bit; a lidar scan of a room
checked against shapely (GEOS); bad rows, broadcasting, and the arguments' errors.

The lidar oracle: each beam is the segment from the sensor to sensor + translation, shapely
intersects it with the union of the room's polygons (given the same coordinates gjk gets, in
float the inputs rounded to float32 first), and the nearest hit is the sensor's distance to
that intersection. The bounds are the ray cast's stated accuracy (docs/cli.md, `gjk raycast`):
double within 4.9e-16 of the scale, float within its tolerance of 64 eps (7.6e-6) of the
scale, where the scale is the largest coordinate the ray or the shape reaches (a beam's far
end); the tests allow 1e-12 and 1e-5 of it.
"""

import numpy as np
import pytest
import shapely.geometry
import shapely.ops

import gjk

BOX = [[-1, -1], [1, -1], [1, 1], [-1, 1]]
FIELDS = {"hit": ((), np.bool_), "fraction": ((), np.float64), "point": ((2,), np.float64),
          "normal": ((2,), np.float64), "iterations": ((), np.int32), "status": ((), np.int8)}


def assert_row_is_ray_cast(out, i, shape, origin, translation, pose, max_fraction, precision):
    """Row i of a batch equals gjk.ray_cast on the same inputs, every field to the bit (the
    bytes, so that -0.0 is not 0.0)."""
    single = gjk.ray_cast(shape, origin, translation, pose, max_fraction, precision=precision)
    assert gjk.CastStatus(out["status"][i]).name == single.status, i
    for key in ("hit", "fraction", "point", "normal", "iterations"):
        expected = np.asarray(getattr(single, key), dtype=out[key].dtype)
        assert out[key][i].tobytes() == expected.tobytes(), (key, i, out[key][i], expected)


def random_rays(rng, n):
    """n rays of length 1..8 from points around the unit square, aimed near the origin: hits,
    misses, grazes and starts inside."""
    origins = rng.uniform(-4, 4, (n, 2))
    targets = rng.uniform(-1.5, 1.5, (n, 2))
    translations = (targets - origins) * rng.uniform(0.3, 2.0, (n, 1))
    return origins, translations


def random_shape_array(rng, n):
    """n shapes of 1..10 points (points, segments, polygons), a third of them rounded."""
    counts = rng.integers(1, 11, n)
    offsets = np.concatenate([[0], np.cumsum(counts)])
    points = rng.uniform(-1, 1, (offsets[-1], 2))
    radii = rng.uniform(0, 0.4, n) * (rng.uniform(size=n) < 0.33)
    return gjk.ShapeArray(points, offsets, radii)


# --- rows equal single calls ------------------------------------------------------------------

@pytest.mark.parametrize("precision", ["double", "float"])
def test_each_row_is_ray_cast_on_that_row_to_the_bit(precision):
    rng = np.random.default_rng(31)
    n = 600
    shapes = random_shape_array(rng, n)
    origins, translations = random_rays(rng, n)
    poses = np.column_stack([rng.uniform(-0.5, 0.5, (n, 2)), rng.uniform(-np.pi, np.pi, n)])
    out = gjk.ray_cast_batch(shapes, origins, translations, poses, max_fraction=0.9,
                             precision=precision)
    seen = set()
    for i in range(n):
        assert_row_is_ray_cast(out, i, shapes[i], origins[i], translations[i], poses[i], 0.9,
                               precision)
        seen.add(gjk.CastStatus(out["status"][i]))
    assert seen == {gjk.CastStatus.hit, gjk.CastStatus.separated,
                    gjk.CastStatus.initially_overlapping}
    # The same rows through a sequence of Shapes, and on one thread or two.
    sequence = [shapes[i] for i in range(n)]
    for threads in (1, 2):
        again = gjk.ray_cast_batch(sequence, origins, translations, poses, max_fraction=0.9,
                                   precision=precision, threads=threads)
        for key in FIELDS:
            np.testing.assert_array_equal(again[key], out[key], key)


@pytest.mark.parametrize("precision", ["double", "float"])
def test_one_shape_against_many_rays_is_ray_cast_row_by_row(precision):
    rng = np.random.default_rng(32)
    octagon = gjk.Shape(np.column_stack([np.cos(np.arange(8) * np.pi / 4),
                                         np.sin(np.arange(8) * np.pi / 4)]), radius=0.1)
    origins, translations = random_rays(rng, 500)
    pose = (0.2, -0.1, 0.4)
    out = gjk.ray_cast_batch(octagon, origins, translations, pose, precision=precision)
    for i in range(500):
        assert_row_is_ray_cast(out, i, octagon, origins[i], translations[i], pose, 1.0,
                               precision)
    assert 100 < out["hit"].sum() < 500


def test_a_shape_array_too_large_to_keep_is_prepared_block_by_block_with_the_same_answers():
    # Beyond 65,536 shapes a ShapeArray keeps nothing: each batch prepares its rows' shapes in
    # blocks of 1,024 within each thread's range.
    rng = np.random.default_rng(33)
    n = (1 << 16) + 1500
    shapes = random_shape_array(rng, n)
    origins, translations = random_rays(rng, n)
    out = gjk.ray_cast_batch(shapes, origins, translations, threads=2)
    for i in [*range(0, n, 997), n - 1]:
        assert_row_is_ray_cast(out, i, shapes[i], origins[i], translations[i], (0, 0, 0), 1.0,
                               "double")


# --- a lidar scan against shapely --------------------------------------------------------------

def octagon(rng, centre, size):
    """An irregular convex 8-gon around `centre`: 8 sorted angles on an ellipse."""
    angles = np.sort(rng.uniform(0, 2 * np.pi, 8))
    aspect = rng.uniform(0.5, 1)
    turn = rng.uniform(-np.pi, np.pi)
    c, s = np.cos(turn), np.sin(turn)
    local = np.column_stack([size * np.cos(angles), size * aspect * np.sin(angles)])
    return local @ np.array([[c, s], [-s, c]]) + centre


def room_of_polygons(rng, sensor):
    """A 20 x 14 room: four walls 0.3 thick, and eight 8-gon pillars none of which holds the
    sensor."""
    walls = [[[-10, -7], [10, -7], [10, -6.7], [-10, -6.7]],
             [[-10, 6.7], [10, 6.7], [10, 7], [-10, 7]],
             [[-10, -7], [-9.7, -7], [-9.7, 7], [-10, 7]],
             [[9.7, -7], [10, -7], [10, 7], [9.7, 7]]]
    polygons = [np.array(w, float) for w in walls]
    while len(polygons) < 12:
        centre = rng.uniform([-8, -5], [8, 5])
        size = rng.uniform(0.4, 1.2)
        if np.hypot(*(centre - sensor)) > size + 0.5:
            polygons.append(octagon(rng, centre, size))
    return polygons


@pytest.mark.parametrize("precision", ["double", "float"])
def test_a_lidar_scan_of_1080_beams_in_a_room_of_polygons_matches_shapely(precision):
    rng = np.random.default_rng(34)
    sensor = np.array([0.3, -0.2])
    polygons = room_of_polygons(rng, sensor)
    reach = 30.0  # beyond the room's diagonal: every beam ends on a wall or a pillar
    angles = np.linspace(0, 2 * np.pi, 1080, endpoint=False)
    beams = reach * np.column_stack([np.cos(angles), np.sin(angles)])
    if precision == "float":  # the oracle gets the values the float kernel computes with
        polygons = [p.astype(np.float32).astype(np.float64) for p in polygons]
        sensor = sensor.astype(np.float32).astype(np.float64)
        beams = beams.astype(np.float32).astype(np.float64)
    room = [gjk.Shape(p) for p in polygons]
    scans = [gjk.ray_cast_batch(shape, sensor, beams, precision=precision) for shape in room]
    fractions = np.stack([s["fraction"] for s in scans])  # a miss has fraction max_fraction
    nearest = fractions.argmin(axis=0)
    ranges = fractions.min(axis=0) * np.hypot(beams[:, 0], beams[:, 1])

    obstacles = shapely.ops.unary_union([shapely.geometry.Polygon(p) for p in polygons])
    origin = shapely.geometry.Point(sensor)
    # The ray cast's scale: the largest coordinate the ray reaches (its far end, 30 away).
    scale = np.abs(sensor).max() + reach
    bound = (1e-12 if precision == "double" else 1e-5) * scale
    hits_per_polygon = np.bincount(nearest, minlength=len(room))
    for k in range(1080):
        beam = shapely.geometry.LineString([tuple(sensor), tuple(sensor + beams[k])])
        expected = origin.distance(obstacles.intersection(beam))
        assert abs(ranges[k] - expected) <= bound, (k, ranges[k], expected)
        hit = scans[nearest[k]]
        assert hit["hit"][k] and gjk.CastStatus(hit["status"][k]) is gjk.CastStatus.hit
        # The point is on the hit polygon's boundary and the normal faces the beam.
        point = hit["point"][k]
        boundary = shapely.geometry.Polygon(polygons[nearest[k]]).exterior
        assert boundary.distance(shapely.geometry.Point(point)) <= bound
        assert np.hypot(*hit["normal"][k]) == pytest.approx(1.0, abs=1e-6)
        assert np.dot(hit["normal"][k], beams[k]) < 0
    assert (hits_per_polygon > 0).sum() >= 10  # the walls and most pillars are seen


# --- bad rows, broadcasting, arguments --------------------------------------------------------

def test_batch_arrays_have_the_stated_shapes_and_dtypes():
    out = gjk.ray_cast_batch(gjk.Shape(BOX), np.zeros((7, 2)) + [5, 0], (-10, 0))
    assert set(out) == set(FIELDS)
    for key, (tail, dtype) in FIELDS.items():
        assert out[key].shape == (7, *tail) and out[key].dtype == dtype, key
    assert (out["fraction"] == 0.4).all() and (out["normal"] == [1, 0]).all()
    assert gjk.CastStatus(out["status"][0]) is gjk.CastStatus.hit


@pytest.mark.parametrize("precision", ["double", "float"])
def test_bad_rows_are_invalid_input_and_the_others_are_answered(precision):
    rng = np.random.default_rng(35)
    n = 40
    counts = rng.integers(1, 8, n)
    counts[5] = 0  # an empty shape
    offsets = np.concatenate([[0], np.cumsum(counts)])
    points = rng.uniform(-1, 1, (offsets[-1], 2))
    radii = rng.uniform(0, 0.2, n)
    points[offsets[9]] = np.nan  # a NaN point
    radii[13] = -1  # a negative radius
    points[offsets[17]] = 1e30 if precision == "float" else 1e200  # beyond the kernel's range
    origins, translations = random_rays(rng, n)
    poses = np.column_stack([rng.uniform(-0.5, 0.5, (n, 2)), rng.uniform(-3, 3, n)])
    origins[21, 1] = np.nan  # a NaN origin
    translations[25, 0] = np.inf  # an infinite translation
    poses[29, 2] = np.nan  # a NaN pose
    origins[33, 0] = 1e30 if precision == "float" else 1e200  # an origin beyond the range
    bad = {5, 9, 13, 17, 21, 25, 29, 33}
    shapes = gjk.ShapeArray(points, offsets, radii)
    out = gjk.ray_cast_batch(shapes, origins, translations, poses, precision=precision)
    for i in range(n):
        if i in bad:
            assert gjk.CastStatus(out["status"][i]) is gjk.CastStatus.invalid_input, i
            assert not out["hit"][i] and out["fraction"][i] == 0 and out["iterations"][i] == 0
            assert not out["point"][i].any() and not out["normal"][i].any()
            continue
        assert_row_is_ray_cast(out, i, shapes[i], origins[i], translations[i], poses[i], 1.0,
                               precision)


def test_a_shape_beyond_floats_range_makes_invalid_rows_in_float_only():
    far = gjk.Shape([[1e20, 0], [1e20, 1]])
    double = gjk.ray_cast_batch(far, (0, 0.5), [(2e20, 0), (-2e20, 0)])
    assert list(double["status"]) == [gjk.CastStatus.hit, gjk.CastStatus.separated]
    single = gjk.ray_cast_batch(far, (0, 0.5), [(2e20, 0), (-2e20, 0)], precision="float")
    assert (single["status"] == gjk.CastStatus.invalid_input).all()


def test_columns_broadcast_as_numpy_does():
    box = gjk.Shape(BOX)
    # One origin, many translations: a scan.
    scan = gjk.ray_cast_batch(box, (5, 0), [(-10, 0), (0, 10), (-10, 1)])
    assert list(scan["hit"]) == [True, False, True]
    # Many origins, one translation; one pose row or one per row.
    sweep = gjk.ray_cast_batch(box, [(5, 0), (5, 3)], (-10, 0), [(0, 0, 0), (0, 3, 0)])
    assert list(sweep["hit"]) == [True, True] and (sweep["fraction"] == 0.4).all()
    # A sequence of shapes, one ray for all of them.
    shapes = [box, gjk.Shape([[0, 0]], 2.0), gjk.Shape([[0, -1], [0, 1]])]
    each = gjk.ray_cast_batch(shapes, (5, 0), (-10, 0))
    np.testing.assert_allclose(each["fraction"], [0.4, 0.3, 0.5])
    # Rows of one are repeated; other counts must agree.
    with pytest.raises(ValueError) as info:
        gjk.ray_cast_batch(shapes, np.zeros((2, 2)), (1, 0))
    assert "shape has 3 rows but origins has 2" in str(info.value)
    with pytest.raises(ValueError) as info:
        gjk.ray_cast_batch(box, np.zeros((4, 2)), np.ones((5, 2)))
    assert "origins has 4 rows but translations has 5" in str(info.value)
    with pytest.raises(ValueError) as info:
        gjk.ray_cast_batch(box, np.zeros((4, 2)), (1, 0), np.zeros((3, 3)))
    assert "origins has 4 rows but pose has 3" in str(info.value)
    empty = gjk.ray_cast_batch(box, np.zeros((0, 2)), (1, 0))
    assert all(empty[key].shape[0] == 0 for key in FIELDS)


@pytest.mark.parametrize("kwargs, error, words", [
    ({"origins": np.zeros((3, 3))}, ValueError, "origins must have shape (2,) or (N, 2)"),
    ({"translations": [1, 2, 3]}, ValueError, "translations must have shape (2,) or (N, 2)"),
    ({"translations": [["a", "b"]]}, TypeError, "translations must hold real numbers"),
    ({"pose": (0, 0)}, ValueError, "pose must have shape (3,) or (N, 3)"),
    ({"shape": [gjk.Shape(BOX), "box"]}, TypeError, "shape[1] is str, not a gjk.Shape"),
    ({"shape": 3}, TypeError, "shape must be a gjk.Shape"),
    ({"max_fraction": -1.0}, ValueError, "max_fraction must be a finite number >= 0"),
    ({"max_fraction": float("nan")}, ValueError, "max_fraction must be a finite number >= 0"),
    ({"max_fraction": 1e30, "precision": "float"}, ValueError,
     "max_fraction = 1e+30 is beyond the kernel's range in float"),
    ({"precision": "half"}, ValueError, "precision must be 'double' or 'float'"),
    ({"threads": -1}, ValueError, "threads must be >= 0"),
])
def test_bad_arguments_raise_naming_them(kwargs, error, words):
    args = {"shape": gjk.Shape(BOX), "origins": np.zeros((3, 2)), "translations": (1, 0),
            "pose": (0, 0, 0)}
    options = {k: v for k, v in kwargs.items() if k in ("max_fraction", "precision", "threads")}
    args.update({k: v for k, v in kwargs.items() if k not in options})
    with pytest.raises(error) as info:
        gjk.ray_cast_batch(args["shape"], args["origins"], args["translations"], args["pose"],
                           **options)
    assert words in str(info.value)
