# The types of the package gjk (python/gjk/__init__.py), for type checkers and editors.
#
# The compiled module's names are re-exported from _gjk.pyi. The companions of distance return a
# Result whose fields are attributes; each kind of Result is a class here, marked
# @type_check_only (at run time they are all gjk.Result, and repr() names the kind).
# python/tests/test_stubs.py checks this file against the package: the same names, parameters,
# kinds and defaults, each Result's fields and types as the functions return them.

import enum
from collections.abc import Mapping, Sequence
from typing import Any, Literal, type_check_only

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._gjk import (
    DOUBLE_RANGE,
    FLOAT_RANGE,
    DistanceResult,
    Shape,
    ShapeArray,
    _Sweep,
    answer_lines,
    convex_hull,
    distance,
    distance_batch,
    minkowski_difference,
    ray_cast_batch,
)

__all__ = [
    "Shape", "ShapeArray", "Status", "CastStatus", "Result", "DistanceResult", "distance",
    "distance_batch", "overlap", "penetration", "manifold", "cast", "time_of_impact", "ray_cast",
    "ray_cast_batch", "convex_hull", "minkowski_difference", "closest_point_segment",
    "closest_point_triangle", "answer_lines", "DOUBLE_RANGE", "FLOAT_RANGE",
]

class Status(enum.IntEnum):
    separated = 0
    touching = 1
    overlapping = 2
    max_iterations = 3
    invalid_input = 4

class CastStatus(enum.IntEnum):
    hit = 0
    separated = 1
    initially_overlapping = 2
    max_iterations = 3
    invalid_input = 4

class Result:
    def __init__(self, kind: str, fields: Mapping[str, Any]) -> None: ...
    def keys(self) -> list[str]: ...
    def __getitem__(self, name: str) -> Any: ...
    def __contains__(self, name: object) -> bool: ...
    def __repr__(self) -> str: ...

@type_check_only
class OverlapResult(Result):
    overlap: bool
    iterations: int
    status: Literal["separated", "touching", "overlapping", "max_iterations"]
    termination: str

@type_check_only
class PenetrationResult(Result):
    signed_distance: float
    depth: float
    normal: NDArray[np.float64]
    point_a: NDArray[np.float64]
    point_b: NDArray[np.float64]
    iterations: int
    epa_iterations: int
    status: Literal["separated", "touching", "overlapping", "max_iterations"]

@type_check_only
class ContactPoint(Result):
    point: NDArray[np.float64]
    separation: float
    id: int

@type_check_only
class ManifoldResult(Result):
    normal: NDArray[np.float64]
    points: list[ContactPoint]
    status: Literal["separated", "touching", "overlapping", "max_iterations"]
    reference_is_b: bool
    reference_edge: int
    incident_edge: int

@type_check_only
class CastResult(Result):
    hit: bool
    fraction: float
    point: NDArray[np.float64]
    normal: NDArray[np.float64]
    iterations: int
    status: Literal["hit", "separated", "initially_overlapping", "max_iterations"]

@type_check_only
class RayCastResult(Result):
    hit: bool
    fraction: float
    point: NDArray[np.float64]
    normal: NDArray[np.float64]
    iterations: int
    status: Literal["hit", "separated", "initially_overlapping", "max_iterations"]

@type_check_only
class SegmentClosest(Result):
    point: NDArray[np.float64]
    u: float
    v: float
    region: Literal["A", "B", "AB"]

@type_check_only
class TriangleClosest(Result):
    point: NDArray[np.float64]
    u: float
    v: float
    w: float
    region: Literal["A", "B", "C", "AB", "BC", "CA", "ABC"]

def overlap(
    a: Shape | ArrayLike,
    b: Shape | ArrayLike,
    pose_a: ArrayLike = (0, 0, 0),
    pose_b: ArrayLike = (0, 0, 0),
    *,
    precision: Literal["double", "float"] = "double",
) -> OverlapResult: ...
def penetration(
    a: Shape | ArrayLike,
    b: Shape | ArrayLike,
    pose_a: ArrayLike = (0, 0, 0),
    pose_b: ArrayLike = (0, 0, 0),
    *,
    precision: Literal["double", "float"] = "double",
) -> PenetrationResult: ...
def manifold(
    a: Shape | ArrayLike,
    b: Shape | ArrayLike,
    pose_a: ArrayLike = (0, 0, 0),
    pose_b: ArrayLike = (0, 0, 0),
    *,
    margin: float = 0.0,
    precision: Literal["double", "float"] = "double",
) -> ManifoldResult: ...
def cast(
    a: Shape | ArrayLike,
    b: Shape | ArrayLike,
    pose_a: ArrayLike = (0, 0, 0),
    pose_b: ArrayLike = (0, 0, 0),
    translation_a: ArrayLike = (0, 0),
    translation_b: ArrayLike = (0, 0),
    *,
    precision: Literal["double", "float"] = "double",
    target_separation: float = 0.0,
) -> CastResult: ...
def time_of_impact(
    a: Shape | ArrayLike,
    b: Shape | ArrayLike,
    sweep_a: _Sweep | Sequence[ArrayLike],
    sweep_b: _Sweep | Sequence[ArrayLike],
    *,
    precision: Literal["double", "float"] = "double",
    target_separation: float = 0.0,
) -> CastResult: ...
def ray_cast(
    shape: Shape | ArrayLike,
    origin: ArrayLike,
    translation: ArrayLike,
    pose: ArrayLike = (0, 0, 0),
    max_fraction: float = 1.0,
    *,
    precision: Literal["double", "float"] = "double",
) -> RayCastResult: ...
def closest_point_segment(a: ArrayLike, b: ArrayLike, q: ArrayLike) -> SegmentClosest: ...
def closest_point_triangle(
    a: ArrayLike, b: ArrayLike, c: ArrayLike, q: ArrayLike
) -> TriangleClosest: ...
