"""gjk against shapely (GEOS) as an independent oracle for polygon distances.

Shapely never sees gjk's output: each pair's world polygons are built here in numpy, in
double, by the pose rule of the interface (rotate by the angle about the shape's origin, then
translate), and GEOS takes their convex hull (`MultiPoint.convex_hull`: a Polygon, or a
LineString or Point for degenerate sets) and their distance on those exact coordinates, with a
round-off of about 1e-16 of their size. gjk gets the local points and the poses.

The bounds are the library's stated ones (docs/robustness.md): |distance - true distance|
<= 1e-12 * scale in double and 4e-7 * scale in float, where scale = max(1, the largest
|world coordinate|, the largest |local coordinate| + the largest |translation|) + the radii.
The middle term is the size of the terms a world coordinate is summed from; it matters for the
family whose local points sit 1e4 away from their origin and whose translations bring them
back near the world origin, where the world coordinates are small but round off relative to
1e4. For float the inputs (points, radii, poses) are first rounded to float32 and shapely is
given those values, so the bound covers the kernel's arithmetic, not the rounding of its input.

Pairs within the bound of touching may be answered either way (overlap, or a distance within
the bound); every other pair must get the oracle's verdict. Shapely gives no depth for
overlapping hulls (their distance is 0), so they count as overlapping beyond the bound when
their intersection holds a disk of the bound's radius.

Run with `pytest -s` to see the largest errors of each family.
"""

import dataclasses

import numpy as np
import pytest
from shapely.geometry import MultiPoint, Point
from shapely.ops import nearest_points

import gjk

#: The library's stated accuracy, as a fraction of the pair's scale (docs/robustness.md).
BOUND = {"double": 1e-12, "float": 4e-7}


@dataclasses.dataclass(frozen=True)
class Family:
    """Where a family's pairs live: polygons of size `size`, their local points centred
    `local_offset` away from their own origin, their world centres near `world_offset`."""

    name: str
    size: float
    local_offset: float = 0.0
    world_offset: float = 0.0


FAMILIES = [
    Family("scale_1e-3", 1e-3),
    Family("scale_1", 1.0),
    Family("scale_1e3", 1e3),
    Family("far_from_world_origin_1e4", 1.0, world_offset=1e4),
    Family("far_from_local_origin_1e4", 1.0, local_offset=1e4),
]


@dataclasses.dataclass
class Pair:
    a: np.ndarray  # (n, 2) local points
    b: np.ndarray
    radius_a: float
    radius_b: float
    pose_a: tuple  # (x, y, angle)
    pose_b: tuple


def world(points, pose):
    """The points after the pose: rotate by the angle about the origin, then translate."""
    x, y, angle = pose
    c, s = np.cos(angle), np.sin(angle)
    return np.column_stack((c * points[:, 0] - s * points[:, 1] + x,
                            s * points[:, 0] + c * points[:, 1] + y))


def hull(points, pose):
    """The oracle's shape: GEOS's convex hull of the world points."""
    return MultiPoint([tuple(p) for p in world(points, pose)]).convex_hull


def scale_of(pair):
    """The scale the bound is relative to (module docstring)."""
    local = max(np.abs(pair.a).max(), np.abs(pair.b).max())
    translation = max(np.abs(pair.pose_a[:2]).max(), np.abs(pair.pose_b[:2]).max())
    world_max = max(np.abs(world(pair.a, pair.pose_a)).max(),
                    np.abs(world(pair.b, pair.pose_b)).max())
    return max(1.0, world_max, local + translation) + pair.radius_a + pair.radius_b


def convex_polygon(rng, n, size):
    """n points at sorted random angles on an ellipse of random aspect (0.4..1) and random
    orientation: a convex polygon, counter-clockwise (bench/workloads.cpp's `convex`)."""
    angles = np.sort(rng.uniform(0, 2 * np.pi, n))
    aspect = rng.uniform(0.4, 1)
    points = np.column_stack((size * np.cos(angles), size * aspect * np.sin(angles)))
    return world(points, (0.0, 0.0, rng.uniform(-np.pi, np.pi)))


def point_set(rng, size):
    """1..12 points whose hull is the shape: scattered, or with duplicated points, or all on
    one line (a segment), or a single point."""
    n = int(rng.integers(1, 13))
    kind = rng.integers(0, 3)
    if kind == 0:
        return rng.uniform(-size, size, (n, 2))
    if kind == 1:
        distinct = rng.uniform(-size, size, (max(1, n // 2), 2))
        return distinct[rng.integers(0, len(distinct), n)]
    direction = rng.normal(size=2)
    direction /= np.linalg.norm(direction)
    return rng.uniform(-size, size, (n, 1)) * direction + rng.uniform(-size / 4, size / 4, 2)


def placed(rng, local, centre):
    """A random pose that puts the local points' centroid at `centre` in the world."""
    angle = rng.uniform(-np.pi, np.pi)
    middle = world(local.mean(axis=0, keepdims=True), (0.0, 0.0, angle))[0]
    return (float(centre[0] - middle[0]), float(centre[1] - middle[1]), float(angle))


def make_pairs(family, kind, count, seed):
    """`count` pairs of the family: A's centre uniform in a square of side 20 sizes, B's at a
    uniform distance (0..2.6 sizes, more with radii) in a random direction, so that about half
    overlap; then a third of the pairs, those apart, are pulled to a gap of +-1e-12..1e-4
    sizes (slightly apart or slightly into each other): the pairs near contact."""
    rng = np.random.default_rng(seed)
    s = family.size
    pairs = []
    for _ in range(count):
        if kind == "point_sets":
            a, b = point_set(rng, s), point_set(rng, s)
        else:
            a = convex_polygon(rng, int(rng.integers(3, 13)), s)
            b = convex_polygon(rng, int(rng.integers(3, 13)), s)
        for points in (a, b):
            direction = rng.normal(size=2)
            points += family.local_offset * direction / np.linalg.norm(direction)
        radius_a = radius_b = 0.0
        reach = 2.6 * s
        if kind == "rounded":
            radius_a, radius_b = rng.uniform(0, 0.5 * s, 2) * (rng.uniform(size=2) < 0.8)
            reach += radius_a + radius_b
        centre_a = family.world_offset + rng.uniform(-10 * s, 10 * s, 2)
        turn = rng.uniform(-np.pi, np.pi)
        centre_b = centre_a + rng.uniform(0, reach) * np.array([np.cos(turn), np.sin(turn)])
        pair = Pair(a, b, float(radius_a), float(radius_b), placed(rng, a, centre_a),
                    placed(rng, b, centre_b))
        if rng.uniform() < 0.35:
            pull_to_contact(rng, pair, s)
        pairs.append(pair)
    return pairs


def pull_to_contact(rng, pair, size):
    """Moves B along the oracle's separation direction until the rounded shapes are a gap of
    +-1e-12..1e-4 of `size` apart (nothing when the hulls already meet)."""
    shape_a, shape_b = hull(pair.a, pair.pose_a), hull(pair.b, pair.pose_b)
    gap = shape_a.distance(shape_b)
    if gap == 0:
        return
    on_a, on_b = nearest_points(shape_a, shape_b)
    direction = (np.array(on_b.coords[0]) - np.array(on_a.coords[0])) / gap
    target = (pair.radius_a + pair.radius_b
              + rng.choice([-1, 1]) * size * 10 ** rng.uniform(-12, -4))
    x, y, angle = pair.pose_b
    shift = (target - gap) * direction
    pair.pose_b = (float(x + shift[0]), float(y + shift[1]), angle)


def rounded_to_float(pair):
    """The pair with every input value rounded to float32 (kept as float64)."""
    f32 = np.float32
    return Pair(pair.a.astype(f32).astype(float), pair.b.astype(f32).astype(float),
                float(f32(pair.radius_a)), float(f32(pair.radius_b)),
                tuple(float(f32(v)) for v in pair.pose_a),
                tuple(float(f32(v)) for v in pair.pose_b))


def shape_array(points_list, radii):
    """A gjk.ShapeArray of the point arrays (ragged: points and offsets)."""
    offsets = np.concatenate(([0], np.cumsum([len(p) for p in points_list])))
    return gjk.ShapeArray(np.concatenate(points_list), offsets, np.array(radii))


class Errors:
    """The largest error seen of each kind, as a fraction of the pair's scale."""

    def __init__(self):
        self.worst = {}

    def add(self, kind, value):
        self.worst[kind] = max(self.worst.get(kind, 0.0), value)

    def text(self, precision):
        worst = {k.split(" ", 1)[1]: v for k, v in self.worst.items() if k.startswith(precision)}
        return ", ".join(f"{kind} {value:.2g}" for kind, value in sorted(worst.items()))


def check_against_shapely(pairs, precision, size, errors):
    """Runs every pair through gjk.distance and one gjk.distance_batch call and checks them
    against shapely. Returns counts of the oracle's verdicts: overlapping, near contact (a gap
    within 1e-4 of the shapes' size) and separated."""
    bound = BOUND[precision]
    if precision == "float":
        pairs = [rounded_to_float(p) for p in pairs]
    batch = gjk.distance_batch(
        shape_array([p.a for p in pairs], [p.radius_a for p in pairs]),
        shape_array([p.b for p in pairs], [p.radius_b for p in pairs]),
        np.array([p.pose_a for p in pairs]), np.array([p.pose_b for p in pairs]),
        precision=precision, threads=1)
    verdicts = {"overlapping": 0, "near_contact": 0, "separated": 0}
    for i, pair in enumerate(pairs):
        shape_a, shape_b = hull(pair.a, pair.pose_a), hull(pair.b, pair.pose_b)
        hull_distance = shape_a.distance(shape_b)
        gap = hull_distance - pair.radius_a - pair.radius_b
        expected = max(0.0, gap)
        scale = scale_of(pair)
        tolerance = bound * scale
        # Shapely's distance is 0 however deep the hulls overlap. They overlap by more than the
        # tolerance when their intersection holds a disk of that radius: B must then move that
        # far to come apart.
        clear_overlap = gap < -tolerance or (
            hull_distance == 0 and not shape_a.intersection(shape_b).buffer(-tolerance).is_empty)
        single = gjk.distance(gjk.Shape(pair.a, pair.radius_a), gjk.Shape(pair.b, pair.radius_b),
                              pair.pose_a, pair.pose_b, precision=precision)
        where = f"{precision} pair {i}: {pair}, shapely gap {gap!r}, scale {scale:g}"
        answers = {"single": (single.distance, single.overlap, single.point_a, single.point_b),
                   "batch": (batch["distance"][i], bool(batch["overlap"][i]),
                             batch["point_a"][i], batch["point_b"][i])}
        for api, (distance, overlap, point_a, point_b) in answers.items():
            error = abs(distance - expected) / scale
            errors.add(f"{precision} {api} distance", error)
            assert error <= bound, f"{api} distance {distance!r} vs {expected!r}; {where}"
            if clear_overlap:
                assert overlap, f"{api} says apart, shapely says overlap; {where}"
            elif gap > tolerance:
                assert not overlap, f"{api} says overlap, shapely says apart; {where}"
            # Each witness point lies in its rounded shape (within its radius of the hull);
            # when separated, on its surface (exactly its radius away).
            for point, shape, radius in ((point_a, shape_a, pair.radius_a),
                                         (point_b, shape_b, pair.radius_b)):
                offset = (shape.distance(Point(point)) - radius) / scale
                offset = max(0.0, offset) if overlap else abs(offset)
                errors.add(f"{precision} {api} witness", offset)
                assert offset <= bound, f"{api} witness {point} off its shape; {where}"
        if clear_overlap:
            verdicts["overlapping"] += 1
        elif gap <= 1e-4 * size:
            verdicts["near_contact"] += 1
        else:
            verdicts["separated"] += 1
    return verdicts


KINDS = ["polygons", "point_sets", "rounded"]
PAIRS_PER_TEST = {"polygons": 300, "point_sets": 200, "rounded": 200}


@pytest.mark.parametrize("family", FAMILIES, ids=[f.name for f in FAMILIES])
@pytest.mark.parametrize("kind", KINDS)
def test_distance_and_overlap_match_shapely_within_the_stated_bound(family, kind):
    """Convex polygons (3..12 vertices), hulls of point sets (1..12 points: scattered,
    duplicated, collinear, single), and rounded polygons (radii up to half the size; their
    distance is max(0, shapely's polygon distance - ra - rb)): the distance of gjk.distance
    and gjk.distance_batch within the bound, the overlap verdict the oracle's (but within the
    bound of touching), witness points in their shapes (on their surfaces when separated). The sample holds overlapping,
    separated and near-contact pairs."""
    seed = 1000 * FAMILIES.index(family) + KINDS.index(kind)
    pairs = make_pairs(family, kind, PAIRS_PER_TEST[kind], seed)
    errors = Errors()
    verdicts = {}
    for precision in ("double", "float"):
        verdicts[precision] = check_against_shapely(pairs, precision, family.size, errors)
        share = len(pairs) // 20
        assert min(verdicts[precision].values()) >= share, f"unrepresentative: {verdicts}"
    print(f"\n{family.name}, {kind}: {len(pairs)} pairs, {verdicts['double']}; "
          "max error / scale:")
    for precision in ("double", "float"):
        print(f"  {precision:6} {errors.text(precision)}")
