# The types of the compiled module gjk._gjk (python/src/), for type checkers and editors.
#
# Each signature is the one pybind11 writes at the top of the function's __doc__ (the argument
# types of python/src/hints.hpp), with numpy.ndarray[numpy.float64] written as
# NDArray[np.float64] and a bare dict, list, tuple or str made precise: the keys of a returned
# dict (a TypedDict), the items of a list or tuple, the precision's and the statuses' words.
# python/tests/test_stubs.py checks this file against the module: the same names, parameters,
# kinds, defaults and types.
#
# The classes marked @type_check_only, and _Sweep, exist only here: they name dicts.

from collections.abc import Iterable, Sequence
from typing import Any, Literal, TypedDict, type_check_only

import numpy as np
from numpy.typing import ArrayLike, NDArray

DOUBLE_RANGE: float
FLOAT_RANGE: float

class Shape:
    def __init__(self, points: ArrayLike, radius: float = 0.0) -> None: ...
    # The hull's vertices: (h, 2) counter-clockwise, or in space its corners, (h, 3), as
    # convex_hull gives them; given_points are the points as given.
    @property
    def points(self) -> NDArray[np.float64]: ...
    @property
    def radius(self) -> float: ...
    @property
    def dim(self) -> int: ...
    @property
    def given_points(self) -> NDArray[np.float64]: ...
    def __repr__(self) -> str: ...
    def __getstate__(self) -> tuple[NDArray[np.float64], float]: ...
    def __setstate__(self, arg0: tuple[ArrayLike, float], /) -> None: ...

class ShapeArray:
    def __init__(
        self, points: ArrayLike, offsets: ArrayLike, radii: ArrayLike | None = None
    ) -> None: ...
    def __len__(self) -> int: ...
    def __getitem__(self, arg0: int, /) -> Shape: ...
    @property
    def points(self) -> NDArray[np.float64]: ...
    @property
    def dim(self) -> int: ...
    @property
    def offsets(self) -> NDArray[np.int64]: ...
    @property
    def radii(self) -> NDArray[np.float64]: ...
    def __repr__(self) -> str: ...
    def __getstate__(
        self,
    ) -> tuple[NDArray[np.float64], NDArray[np.int64], NDArray[np.float64]]: ...
    def __setstate__(self, arg0: tuple[ArrayLike, ArrayLike, ArrayLike], /) -> None: ...

@type_check_only
class SimplexVertex(TypedDict):
    """One vertex of a traced simplex (`gjk distance --trace`)."""

    index_a: int
    index_b: int
    point_a: NDArray[np.float64]
    point_b: NDArray[np.float64]
    minkowski: NDArray[np.float64]
    weight: float

@type_check_only
class Gradient(TypedDict):
    """The signed distance's derivative with respect to each pose: (3,) for (x, y, angle) in
    2D, (6,) in 3D (d/dposition, then d/drotation)."""

    a: NDArray[np.float64]
    b: NDArray[np.float64]

class DistanceResult:
    @property
    def distance(self) -> float: ...
    @property
    def point_a(self) -> NDArray[np.float64]: ...
    @property
    def point_b(self) -> NDArray[np.float64]: ...
    @property
    def normal(self) -> NDArray[np.float64]: ...
    @property
    def overlap(self) -> bool: ...
    @property
    def penetration(self) -> float: ...
    @property
    def iterations(self) -> int: ...
    @property
    def status(self) -> Literal["separated", "touching", "overlapping", "max_iterations"]: ...
    @property
    def termination(self) -> str: ...
    @property
    def simplices(self) -> list[list[SimplexVertex]] | None: ...
    @property
    def gradient(self) -> Gradient: ...
    @property
    def differentiable(self) -> bool: ...
    def __repr__(self) -> str: ...

@type_check_only
class _DistanceBatchRows(TypedDict):
    distance: NDArray[np.float64]
    point_a: NDArray[np.float64]
    point_b: NDArray[np.float64]
    normal: NDArray[np.float64]
    overlap: NDArray[np.bool_]
    iterations: NDArray[np.int32]
    status: NDArray[np.int8]

@type_check_only
class DistanceBatch(_DistanceBatchRows, total=False):
    """distance_batch's arrays: penetration unless penetration=False, the gradients with
    derivatives=True ((N, 3) in 2D, (N, 6) in 3D; points and normals (N, 2) or (N, 3))."""

    penetration: NDArray[np.float64]
    gradient_a: NDArray[np.float64]
    gradient_b: NDArray[np.float64]
    differentiable: NDArray[np.bool_]

@type_check_only
class RayCastBatch(TypedDict):
    hit: NDArray[np.bool_]
    fraction: NDArray[np.float64]
    point: NDArray[np.float64]
    normal: NDArray[np.float64]
    iterations: NDArray[np.int32]
    status: NDArray[np.int8]

# A sweep: the shape's local rotation centre [x, y] and its poses [x, y, angle] at t = 0 and 1
# ("from" is a keyword: only the functional syntax can name it).
_Sweep = TypedDict("_Sweep", {"center": ArrayLike, "from": ArrayLike, "to": ArrayLike})

def answer_lines(
    lines: Iterable[str | bytes],
    *,
    precision: Literal["double", "float"] = "double",
    threads: int = 1,
) -> list[str]: ...
def cast(
    a: Shape | ArrayLike,
    b: Shape | ArrayLike,
    pose_a: ArrayLike = (0.0, 0.0, 0.0),
    pose_b: ArrayLike = (0.0, 0.0, 0.0),
    translation_a: ArrayLike = (0.0, 0.0),
    translation_b: ArrayLike = (0.0, 0.0),
    *,
    precision: Literal["double", "float"] = "double",
    target_separation: float = 0.0,
) -> dict[str, Any]: ...
def closest_point_segment(
    a: ArrayLike, b: ArrayLike, q: ArrayLike
) -> dict[str, Any]: ...
def closest_point_triangle(
    a: ArrayLike,
    b: ArrayLike,
    c: ArrayLike,
    q: ArrayLike,
) -> dict[str, Any]: ...
# The corners of the convex hull of (n, 2) points (counter-clockwise, (m, 2)) or of (n, 3) points
# (the exact hull's corners, (m, 3): one point; a segment's two ends, the least first in (x, y, z)
# order; a flat polygon's corners in order around it; a polyhedron's in input order).
def convex_hull(points: ArrayLike) -> NDArray[np.float64]: ...
def distance(
    a: Shape | ArrayLike,
    b: Shape | ArrayLike,
    pose_a: ArrayLike = (0.0, 0.0, 0.0),
    pose_b: ArrayLike = (0.0, 0.0, 0.0),
    *,
    precision: Literal["double", "float"] = "double",
    trace: bool = False,
) -> DistanceResult: ...
def distance_batch(
    a: Shape | ShapeArray | Sequence[Shape] | NDArray[Any],
    b: Shape | ShapeArray | Sequence[Shape] | NDArray[Any],
    pose_a: ArrayLike = (0.0, 0.0, 0.0),
    pose_b: ArrayLike = (0.0, 0.0, 0.0),
    *,
    precision: Literal["double", "float"] = "double",
    threads: int = 0,
    penetration: bool = True,
    derivatives: bool = False,
) -> DistanceBatch: ...
def manifold(
    a: Shape | ArrayLike,
    b: Shape | ArrayLike,
    pose_a: ArrayLike = (0.0, 0.0, 0.0),
    pose_b: ArrayLike = (0.0, 0.0, 0.0),
    *,
    margin: float = 0.0,
    precision: Literal["double", "float"] = "double",
) -> dict[str, Any]: ...
def minkowski_difference(
    a: Shape | ArrayLike,
    b: Shape | ArrayLike,
    pose_a: ArrayLike = (0.0, 0.0, 0.0),
    pose_b: ArrayLike = (0.0, 0.0, 0.0),
) -> NDArray[np.float64]: ...
def overlap(
    a: Shape | ArrayLike,
    b: Shape | ArrayLike,
    pose_a: ArrayLike = (0.0, 0.0, 0.0),
    pose_b: ArrayLike = (0.0, 0.0, 0.0),
    *,
    precision: Literal["double", "float"] = "double",
) -> dict[str, Any]: ...
def penetration(
    a: Shape | ArrayLike,
    b: Shape | ArrayLike,
    pose_a: ArrayLike = (0.0, 0.0, 0.0),
    pose_b: ArrayLike = (0.0, 0.0, 0.0),
    *,
    precision: Literal["double", "float"] = "double",
) -> dict[str, Any]: ...
def ray_cast(
    shape: Shape | ArrayLike,
    origin: ArrayLike,
    translation: ArrayLike,
    pose: ArrayLike = (0.0, 0.0, 0.0),
    max_fraction: float = 1.0,
    *,
    precision: Literal["double", "float"] = "double",
) -> dict[str, Any]: ...
def ray_cast_batch(
    shape: Shape | ShapeArray | Sequence[Shape] | NDArray[Any],
    origins: ArrayLike,
    translations: ArrayLike,
    pose: ArrayLike = (0.0, 0.0, 0.0),
    *,
    max_fraction: float = 1.0,
    precision: Literal["double", "float"] = "double",
    threads: int = 0,
) -> RayCastBatch: ...
def time_of_impact(
    a: Shape | ArrayLike,
    b: Shape | ArrayLike,
    sweep_a: _Sweep | Sequence[ArrayLike],
    sweep_b: _Sweep | Sequence[ArrayLike],
    *,
    precision: Literal["double", "float"] = "double",
    target_separation: float = 0.0,
) -> dict[str, Any]: ...
