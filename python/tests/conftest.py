"""Shared pieces of the Python tests: random queries, and the paths of the built programs
(ctest passes them as GJK_TOOL and GJK_REFERENCE)."""

import json
import os
import pathlib
import subprocess

import numpy as np
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def program(variable, default):
    path = os.environ.get(variable) or str(ROOT / "build" / "bin" / default)
    if not os.path.exists(path):
        pytest.skip(f"{default} is not built ({variable} unset and {path} missing)")
    return path


@pytest.fixture(scope="session")
def tool():
    """The `gjk` tool."""
    return program("GJK_TOOL", "gjk")


@pytest.fixture(scope="session")
def reference():
    """python/tests/reference.cpp: the C++ library called directly."""
    return program("GJK_REFERENCE", "gjk_python_reference")


def random_points(rng, scale):
    """1 to 12 points: a point, a segment, a polygon, with repeats and collinear points now
    and then; the shape is their hull."""
    n = int(rng.integers(1, 13))
    points = rng.uniform(-1, 1, size=(n, 2)) * scale
    if n >= 3 and rng.random() < 0.2:
        points[2] = points[0]  # a repeated point
    if n >= 4 and rng.random() < 0.2:
        points[3] = 0.5 * (points[0] + points[1])  # a collinear one
    return points


def random_queries(count, seed):
    """Queries at scales 1e-3 to 1e3, about half of them overlapping, some rounded."""
    rng = np.random.default_rng(seed)
    queries = []
    for _ in range(count):
        scale = 10.0 ** rng.uniform(-3, 3)
        a, b = random_points(rng, scale), random_points(rng, scale)
        ra = scale * rng.uniform(0, 0.3) if rng.random() < 0.3 else 0.0
        rb = scale * rng.uniform(0, 0.3) if rng.random() < 0.3 else 0.0
        centre = rng.uniform(-10, 10, size=2) * scale
        gap = rng.uniform(0, 3) * scale
        turn = rng.uniform(-np.pi, np.pi)
        pose_a = (centre[0], centre[1], rng.uniform(-np.pi, np.pi))
        pose_b = (centre[0] + gap * np.cos(turn), centre[1] + gap * np.sin(turn),
                  rng.uniform(-np.pi, np.pi))
        queries.append((a, ra, b, rb, pose_a, pose_b))
    return queries


def reference_answers(reference, queries, precision):
    """What the C++ library answers for each query (reference.cpp), as a list of tuples of
    floats and ints, exactly."""
    lines = []
    for a, ra, b, rb, pa, pb in queries:
        numbers = [ra, rb, *pa, *pb, *a.ravel(), *b.ravel()]
        lines.append(" ".join([precision[0], str(len(a)), str(len(b))]
                              + [float(x).hex() for x in numbers]))
    run = subprocess.run([reference], input="\n".join(lines) + "\n", capture_output=True,
                         text=True, check=True)
    answers = []
    for line in run.stdout.splitlines():
        f = line.split()
        answers.append({
            "distance": float.fromhex(f[0]),
            "point_a": (float.fromhex(f[1]), float.fromhex(f[2])),
            "point_b": (float.fromhex(f[3]), float.fromhex(f[4])),
            "normal": (float.fromhex(f[5]), float.fromhex(f[6])),
            "overlap": f[7] == "1",
            "penetration": float.fromhex(f[8]),
            "iterations": int(f[9]),
            "status": int(f[10]),
        })
    assert len(answers) == len(queries)
    return answers


def tool_line(a, ra, b, rb, pa, pb):
    """The `gjk distance` input line of a query."""
    def shape(points, radius, pose):
        return {"points": points.tolist(), "radius": radius, "position": [pose[0], pose[1]],
                "angle": pose[2]}
    return json.dumps({"a": shape(a, ra, pa), "b": shape(b, rb, pb)})
