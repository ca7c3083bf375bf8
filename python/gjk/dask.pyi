# The types of gjk.dask (python/gjk/dask.py), for type checkers and editors; it needs dask and
# distributed. python/tests/test_stubs.py checks this file against the module: the same names,
# parameters, kinds and defaults.

import os
from collections.abc import Sequence
from typing import Literal

import distributed
from dask.array.core import Array
from numpy.typing import ArrayLike

from ._gjk import Shape

__all__ = ["distance_jsonl", "distance_poses"]

DEFAULT_BLOCKSIZE: int

def distance_jsonl(
    input_paths: str | bytes | os.PathLike[str] | Sequence[str | bytes | os.PathLike[str]],
    output_dir: str | bytes | os.PathLike[str],
    *,
    client: distributed.Client | None = None,
    precision: Literal["double", "float"] = "double",
    blocksize: int | str = 67108864,
) -> list[str]: ...
def distance_poses(
    a: Shape | ArrayLike,
    b: Shape | ArrayLike,
    poses_b: Array | ArrayLike,
    pose_a: ArrayLike = (0, 0, 0),
    *,
    precision: Literal["double", "float"] = "double",
) -> dict[str, Array]: ...
