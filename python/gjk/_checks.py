"""Argument checks: every bad argument becomes a ValueError or TypeError naming it.

The extension calls these before it prepares a shape, so its C++ side only ever sees
C-contiguous float64 arrays of the right shape. A check that fails says which argument, which
element and what is wrong with it ("points[3][1] is nan"), never a numpy broadcasting error.
"""

import numbers

import numpy as np

# The largest |value| the double and the float kernels compute with (docs/robustness.md), as
# the compiled module states them (contract/limits.hpp): read, not derived again here.
from ._gjk import DOUBLE_RANGE, FLOAT_RANGE


def _real_array(value, name):
    """value as a numpy array of real numbers (bool, integer or floating point)."""
    try:
        array = np.asarray(value)
    except (ValueError, TypeError) as error:  # ragged nested lists
        raise ValueError(f"{name} is not a rectangular array of numbers: {error}") from None
    if array.dtype.kind not in "biuf":
        raise TypeError(f"{name} must hold real numbers, got dtype {array.dtype}")
    return array


def _first_bad(array, good):
    """The index (a tuple) of the first element where `good` is False."""
    return tuple(int(i) for i in np.argwhere(~good)[0])


def _index_text(index):
    return "".join(f"[{i}]" for i in index)


def finite_within(array, name, limit=DOUBLE_RANGE):
    """Raises ValueError naming the first element of `array` that is NaN, infinite or beyond
    `limit` in magnitude."""
    finite = np.isfinite(array)
    if not finite.all():
        index = _first_bad(array, finite)
        raise ValueError(f"{name}{_index_text(index)} is {array[index]!r}: not a finite number")
    inside = np.abs(array) <= limit
    if not inside.all():
        index = _first_bad(array, inside)
        raise ValueError(f"{name}{_index_text(index)} = {array[index]:g} is beyond the kernel's "
                         f"range in double (|value| <= {limit:g})")


def _shape_text(dims, rows="n"):
    return " or ".join(f"({rows}, {d})" for d in dims)


def as_points(points, name="points", dims=(2,)):
    """points as a C-contiguous float64 (n, d) array, d one of `dims` (2: the plane, 3: space),
    n >= 1, every value finite and within the double kernel's range."""
    array = _real_array(points, name)
    if array.ndim != 2 or array.shape[1] not in dims:
        raise ValueError(f"{name} must have shape {_shape_text(dims)}, got {array.shape}")
    if array.shape[0] == 0:
        raise ValueError(f"{name} is empty: a shape needs at least one point")
    array = np.ascontiguousarray(array, dtype=np.float64)
    finite_within(array, name)
    return array


def as_radius(radius, name="radius"):
    """radius as a float >= 0, finite and within the kernel's range."""
    if isinstance(radius, (str, bytes)) or not isinstance(radius, (numbers.Real, np.generic)):
        array = np.asarray(radius)
        if array.ndim != 0 or array.dtype.kind not in "biuf":
            raise TypeError(f"{name} must be a real number, got {type(radius).__name__}")
    value = float(radius)
    if not np.isfinite(value) or value < 0:
        raise ValueError(f"{name} is {value!r}: it must be a finite number >= 0")
    if value > DOUBLE_RANGE:
        raise ValueError(f"{name} = {value:g} is beyond the kernel's range in double "
                         f"(|value| <= {DOUBLE_RANGE:g})")
    return value


def as_shape_array(points, offsets, radii):
    """The ragged arrays of a ShapeArray: points (P, 2) float64 ((P, 3) for shapes in space),
    offsets (N + 1,) int64, radii (N,) float64 (zeros when None). Only the structure is checked
    here: a shape that is empty, holds NaN or has a negative radius is a bad row of the batches
    that use it."""
    points = _real_array(points, "points")
    if points.ndim != 2 or points.shape[1] not in (2, 3):
        raise ValueError(f"points must have shape (P, 2) or (P, 3), got {points.shape}")
    points = np.ascontiguousarray(points, dtype=np.float64)
    offsets = _real_array(offsets, "offsets")
    if offsets.ndim != 1 or offsets.shape[0] < 1:
        raise ValueError(f"offsets must have shape (N + 1,) with N >= 0, got {offsets.shape}")
    if offsets.dtype.kind not in "iu":
        raise TypeError(f"offsets must hold integers, got dtype {offsets.dtype}")
    offsets = np.ascontiguousarray(offsets, dtype=np.int64)
    if offsets[0] < 0:
        raise ValueError(f"offsets[0] is {offsets[0]}: offsets must be >= 0")
    steps = np.diff(offsets)
    if (steps < 0).any():
        i = int(np.argmax(steps < 0))
        raise ValueError(f"offsets are out of order: offsets[{i + 1}] = {offsets[i + 1]} < "
                         f"offsets[{i}] = {offsets[i]}")
    if offsets[-1] > points.shape[0]:
        raise ValueError(f"offsets[-1] = {offsets[-1]} is beyond the {points.shape[0]} points")
    count = offsets.shape[0] - 1
    if radii is None:
        radii = np.zeros(count)
    else:
        radii = _real_array(radii, "radii")
        if radii.shape != (count,):
            raise ValueError(f"radii must have shape ({count},) (one per shape), "
                             f"got {radii.shape}")
        radii = np.ascontiguousarray(radii, dtype=np.float64)
    return points, offsets, radii


def as_vector(value, name, size=2):
    """A point or translation as a tuple of `size` finite floats."""
    array = _real_array(value, name)
    if array.shape != (size,):
        raise ValueError(f"{name} must have shape ({size},), got {array.shape}")
    array = array.astype(np.float64)
    finite_within(array, name)
    return tuple(float(x) for x in array)


def precision_is_float(precision):
    """True for "float", False for "double"; anything else is a ValueError."""
    if precision == "double":
        return False
    if precision == "float":
        return True
    raise ValueError(f"precision must be 'double' or 'float', got {precision!r}")


def as_sweep(sweep, name):
    """A sweep {"center": [x, y], "from": [x, y, angle], "to": [x, y, angle]} (or the tuple
    (center, from, to)) as 8 floats: the shape's local rotation centre, its pose at t = 0 and
    its pose at t = 1."""
    if isinstance(sweep, dict):
        unknown = set(sweep) - {"center", "from", "to"}
        if unknown:
            raise ValueError(f"{name} has unknown keys {sorted(unknown)}: "
                             "expected 'center', 'from' and 'to'")
        missing = {"center", "from", "to"} - set(sweep)
        if missing:
            raise ValueError(f"{name} lacks {sorted(missing)}")
        parts = (sweep["center"], sweep["from"], sweep["to"])
    else:
        try:
            parts = tuple(sweep)
        except TypeError:
            raise TypeError(f"{name} must be a dict with 'center', 'from' and 'to'") from None
        if len(parts) != 3:
            raise ValueError(f"{name} must be (center, from, to), got {len(parts)} items")
    center = as_vector(parts[0], f"{name}['center']", 2)
    start = as_vector(parts[1], f"{name}['from']", 3)
    end = as_vector(parts[2], f"{name}['to']", 3)
    return center + start + end
