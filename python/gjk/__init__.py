"""gjk: distance, closest points, overlap, penetration and casts of 2D convex shapes (GJK);
distance, overlap and penetration of 3D ones.

    import gjk
    box = gjk.Shape([[-1, -1], [1, -1], [1, 1], [-1, 1]])
    capsule = gjk.Shape([[-1, 0], [1, 0]], radius=0.25)
    r = gjk.distance(box, capsule, pose_b=(3, 0.5, 0.3))   # (x, y, angle): rotate, then move
    r.distance, r.point_a, r.point_b, r.normal, r.status

    poses = np.column_stack([np.linspace(0, 5, 1000), np.zeros(1000), np.zeros(1000)])
    batch = gjk.distance_batch(box, capsule, (0, 0, 0), poses)   # dict of numpy arrays

    m = gjk.manifold(box, box, pose_b=(1.9, 0.5, 0))      # contact points for a solver
    m.normal, [(p.point, p.separation, p.id) for p in m.points]
    angles = np.linspace(0, 2 * np.pi, 1080, endpoint=False)
    scan = gjk.ray_cast_batch(box, (4, 0), 10 * np.column_stack([np.cos(angles),
                                                                 np.sin(angles)]))

In 3D a shape has (n, 3) points and a pose is (x, y, z, qx, qy, qz, qw) (scalar-last quaternion):

    ball = gjk.Shape([[0, 0, 0]], radius=0.5)
    cube = gjk.Shape([[x, y, z] for x in (-1, 1) for y in (-1, 1) for z in (-1, 1)])
    r = gjk.distance(cube, ball, pose_b=(3, 0, 0, 0, 0, 0, 1))   # r.point_a: (3,)

Shapes are prepared once (hull, validation, O(log n) support); a ShapeArray holds many as
ragged arrays. Every answer is the C++ library's (https://: see the README), in double or,
with precision="float", in float. `gjk.dask` answers batches on a Dask cluster.
"""

import enum as _enum

from . import _checks
from ._gjk import (
    DOUBLE_RANGE,
    FLOAT_RANGE,
    DistanceResult,
    Shape,
    ShapeArray,
    answer_lines,
    convex_hull,
    distance,
    distance_batch,
    minkowski_difference,
    ray_cast_batch,
)
from . import _gjk

__all__ = [
    "Shape", "ShapeArray", "Status", "CastStatus", "Result", "DistanceResult", "distance",
    "distance_batch", "overlap", "penetration", "manifold", "cast", "time_of_impact", "ray_cast",
    "ray_cast_batch", "convex_hull", "minkowski_difference", "closest_point_segment",
    "closest_point_triangle", "answer_lines", "DOUBLE_RANGE", "FLOAT_RANGE",
]


class Status(_enum.IntEnum):
    """The status codes of distance_batch's "status" array: the `gjk distance` tool's status
    words, plus invalid_input for a row that could not be answered. The values are the C++
    library's gjk::Status."""

    separated = 0
    touching = 1
    overlapping = 2
    max_iterations = 3
    invalid_input = 4


class CastStatus(_enum.IntEnum):
    """The status codes of ray_cast_batch's "status" array: the `gjk cast` and `gjk raycast`
    status words (ray_cast's `status`), plus invalid_input for a row that could not be
    answered. The values are the C++ library's gjk::CastStatus."""

    hit = 0
    separated = 1
    initially_overlapping = 2
    max_iterations = 3
    invalid_input = 4


class Result:
    """An answer: its fields as attributes (the `gjk` tool's names where it has them), also
    read by name as the tool's JSON keys: r["normal"] is r.normal."""

    def __init__(self, kind, fields):
        self._kind = kind
        self.__dict__.update(fields)

    def keys(self):
        return [k for k in self.__dict__ if k != "_kind"]

    def __getitem__(self, name):
        if name == "_kind" or name not in self.__dict__:
            raise KeyError(name)
        return self.__dict__[name]

    def __contains__(self, name):
        return name != "_kind" and name in self.__dict__

    def __repr__(self):
        shown = ", ".join(f"{k}={self[k]!r}" for k in self.keys())
        return f"gjk.{self._kind}({shown})"


# The default pose of overlap and penetration: the identity in either dimension. A pose left out
# is left out of the call to the compiled module too, whose own default is read as the identity
# for 2D and 3D shapes alike; a pose given is checked against the shapes' dimension.
_ORIGIN = (0, 0, 0)


def _given_poses(pose_a, pose_b):
    return {name: pose for name, pose in (("pose_a", pose_a), ("pose_b", pose_b))
            if pose is not _ORIGIN}


def overlap(a, b, pose_a=_ORIGIN, pose_b=_ORIGIN, *, precision="double"):
    """The boolean GJK: whether a and b (at their poses) share a point. Attributes: overlap,
    iterations, status, termination. In 3D (shapes of (n, 3) points, poses (x, y, z, qx, qy,
    qz, qw)) there is no boolean GJK yet: the answer is read from gjk.distance's status
    (overlap when touching or overlapping), with its iterations and termination."""
    return Result("OverlapResult", _gjk.overlap(a, b, **_given_poses(pose_a, pose_b),
                                                precision=precision))


def penetration(a, b, pose_a=_ORIGIN, pose_b=_ORIGIN, *, precision="double"):
    """Signed distance and, when overlapping, the penetration depth and minimum translation
    (EPA). Attributes: signed_distance, depth, normal (from A to B; moving B by depth * normal
    separates them), point_a, point_b, iterations, epa_iterations, status. In 3D (shapes of
    (n, 3) points, poses (x, y, z, qx, qy, qz, qw)) the points and normal are 3-vectors."""
    return Result("PenetrationResult",
                  _gjk.penetration(a, b, **_given_poses(pose_a, pose_b), precision=precision))


def manifold(a, b, pose_a=(0, 0, 0), pose_b=(0, 0, 0), *, margin=0.0, precision="double"):
    """The contact manifold of a and b (at their poses) when they overlap or are at most `margin`
    apart, radii included. Attributes (the `gjk manifold` fields): normal (unit, from A to B:
    the reference face's normal; zero without points) and points, 0 to 2 ContactPoints, each
    with point (midway between the two surfaces), separation (the signed gap along the normal,
    radii included: negative when penetrating) and id (the pair of features that made it, the
    same while the contact slides); then status (penetration's: separated, touching,
    overlapping, max_iterations; separated with no points beyond the margin), reference_is_b,
    reference_edge and incident_edge (hull edge indices, -1 when no face was clipped: a point
    shape, or the single point of two vertices)."""
    fields = _gjk.manifold(a, b, pose_a, pose_b, margin=margin, precision=precision)
    fields["points"] = [Result("ContactPoint", point) for point in fields["points"]]
    return Result("ManifoldResult", fields)


def cast(a, b, pose_a=(0, 0, 0), pose_b=(0, 0, 0), translation_a=(0, 0), translation_b=(0, 0),
         *, precision="double", target_separation=0.0):
    """Shape cast: the first t in [0, 1] at which B, moved by t * translation_b, touches A,
    moved by t * translation_a. Attributes (the `gjk cast` fields): hit, fraction, point (on A),
    normal (A to B), iterations, status (hit, separated, initially_overlapping,
    max_iterations)."""
    return Result("CastResult", _gjk.cast(a, b, pose_a, pose_b, translation_a, translation_b,
                                          precision=precision,
                                          target_separation=target_separation))


def time_of_impact(a, b, sweep_a, sweep_b, *, precision="double", target_separation=0.0):
    """Time of impact with rotation. A sweep is {"center": [x, y], "from": [x, y, angle],
    "to": [x, y, angle]}: the shape's local rotation centre and its poses at t = 0 and t = 1
    (the centre moves and the angle turns linearly). Attributes as cast()."""
    return Result("CastResult", _gjk.time_of_impact(a, b, sweep_a, sweep_b, precision=precision,
                                                    target_separation=target_separation))


def ray_cast(shape, origin, translation, pose=(0, 0, 0), max_fraction=1.0, *,
             precision="double"):
    """The first point of the ray origin + t * translation, t in [0, max_fraction], on `shape`
    at `pose` (its hull rounded by its radius). Attributes (the `gjk raycast` fields): hit,
    fraction, point, normal (outward; zero from inside, where the hit is at fraction 0), and
    iterations, status (hit, separated for a miss, initially_overlapping, max_iterations)."""
    return Result("RayCastResult", _gjk.ray_cast(shape, origin, translation, pose, max_fraction,
                                                 precision=precision))


def closest_point_segment(a, b, q):
    """The talk's section 1: the point of segment ab closest to q, its barycentric weights
    (point = u a + v b) and the Voronoi region of q ("A", "B" or "AB")."""
    return Result("SegmentClosest", _gjk.closest_point_segment(a, b, q))


def closest_point_triangle(a, b, c, q):
    """The talk's section 2: the point of triangle abc closest to q, its barycentric weights
    (point = u a + v b + w c) and the Voronoi region of q ("A", "B", "C", "AB", "BC", "CA" or
    "ABC")."""
    return Result("TriangleClosest", _gjk.closest_point_triangle(a, b, c, q))
