"""The package answers what the C++ library answers: bit for bit on the same prepared shapes
(python/tests/reference.cpp calls the library directly), within the stated error bounds of the
`gjk distance` tool (which works on the plain points), and byte for byte the tool's lines
through answer_lines."""

import json
import math
import subprocess

import numpy as np
import pytest

import gjk
from conftest import random_queries, reference_answers, tool_line

QUERIES = 2000
#: The stated bounds on distance error / scale (docs/robustness.md); two answers that each meet them
#: differ by at most twice as much.
BOUND = {"double": 1e-12, "float": 4e-7}


def single_answer(query, precision):
    a, ra, b, rb, pa, pb = query
    r = gjk.distance(gjk.Shape(a, ra), gjk.Shape(b, rb), pa, pb, precision=precision)
    return {"distance": r.distance, "point_a": tuple(r.point_a), "point_b": tuple(r.point_b),
            "normal": tuple(r.normal), "overlap": r.overlap, "penetration": r.penetration,
            "iterations": r.iterations, "status": int(gjk.Status[r.status])}


def bits(value):
    """Exact comparison that tells -0.0 from 0.0."""
    if isinstance(value, tuple):
        return tuple(bits(v) for v in value)
    if isinstance(value, float):
        return value.hex() if not math.isnan(value) else "nan"
    return value


@pytest.mark.parametrize("precision", ["double", "float"])
def test_distance_equals_the_library_bit_for_bit(reference, precision):
    queries = random_queries(QUERIES, seed=16)
    expected = reference_answers(reference, queries, precision)
    statuses = set()
    for i, (query, want) in enumerate(zip(queries, expected)):
        got = single_answer(query, precision)
        assert {k: bits(v) for k, v in got.items()} == {k: bits(v) for k, v in want.items()}, i
        statuses.add(got["status"])
    # The sample reaches both verdicts, so the penetration path is compared too.
    assert {gjk.Status.separated, gjk.Status.overlapping} <= statuses


@pytest.mark.parametrize("precision", ["double", "float"])
def test_distance_batch_equals_the_library_bit_for_bit(reference, precision):
    queries = random_queries(QUERIES, seed=17)
    expected = reference_answers(reference, queries, precision)
    # A as one ShapeArray, B as a list of Shapes, one pose per row.
    counts = [len(q[0]) for q in queries]
    offsets = np.concatenate([[0], np.cumsum(counts)])
    shapes_a = gjk.ShapeArray(np.concatenate([q[0] for q in queries]), offsets,
                              [q[1] for q in queries])
    shapes_b = [gjk.Shape(q[2], q[3]) for q in queries]
    poses_a = np.array([q[4] for q in queries])
    poses_b = np.array([q[5] for q in queries])
    for threads in (1, 2):
        got = gjk.distance_batch(shapes_a, shapes_b, poses_a, poses_b, precision=precision,
                                 threads=threads)
        want = {key: np.array([e[key] for e in expected]) for key in expected[0]}
        for key in want:
            np.testing.assert_array_equal(got[key], want[key].astype(got[key].dtype), key)
            if got[key].dtype == np.float64:  # and the signs of zeros
                assert (np.signbit(got[key]) == np.signbit(want[key])).all(), key


def test_the_tool_agrees_within_the_stated_bounds(tool):
    for precision in ("double", "float"):
        queries = random_queries(500, seed=18)
        lines = [tool_line(*q) for q in queries]
        run = subprocess.run([tool, "distance", "--precision", precision],
                             input="\n".join(lines) + "\n", capture_output=True, text=True)
        assert run.returncode == 0, run.stderr
        answers = [json.loads(line) for line in run.stdout.splitlines()]
        for query, answer in zip(queries, answers):
            a, ra, b, rb, pa, pb = query
            scale = max(1.0, np.abs(a).max() + abs(pa[0]) + abs(pa[1]),
                        np.abs(b).max() + abs(pb[0]) + abs(pb[1])) + ra + rb
            got = single_answer(query, precision)
            bound = 2 * BOUND[precision] * scale
            assert abs(got["distance"] - answer["distance"]) <= bound
            if got["distance"] > bound:  # clearly apart: the same verdict
                assert not answer["overlap"]


def test_answer_lines_are_the_tools_bytes(tool):
    queries = random_queries(300, seed=19)
    lines = [tool_line(*q) for q in queries]
    lines += [
        "not json",
        "",
        '{"a": {"points": []}, "b": {"points": [[0, 0]]}}',
        '{"a": {"points": [[0, 0]], "raduis": 1}, "b": {"points": [[0, 0]]}}',
        '{"a": {"points": [[1e400, 0]]}, "b": {"points": [[0, 0]]}}',
        '{"a": {"points": [[0, 0]], "radius": -1}, "b": {"points": [[0, 0]]}}',
        '{"a": {"points": [[0, 0]]}, "b": {"points": [[3, 4]]}}\r',
        '{"a": {"points": [[0, 0]]}, "b": {"points": [[3, "\u00e9"]]}}',
        "[1, 2, 3]",
    ]
    for precision in ("double", "float"):
        run = subprocess.run([tool, "distance", "--precision", precision],
                             input="\n".join(lines).encode() + b"\n", capture_output=True)
        assert run.returncode == 1  # the error lines
        expected = run.stdout.decode().splitlines()
        assert gjk.answer_lines(lines, precision=precision) == expected
        assert gjk.answer_lines([line.encode() for line in lines],
                                precision=precision, threads=2) == expected


def test_answer_lines_keep_invalid_utf8_as_the_tool_does(tool):
    raw = b'{"a": {"points": [[0, 0]]}, "b": {"points": [[1, 0]], "x\xff": 1}}'
    run = subprocess.run([tool, "distance"], input=raw + b"\n", capture_output=True)
    expected = run.stdout.decode().splitlines()
    assert gjk.answer_lines([raw]) == expected
    assert gjk.answer_lines([raw.decode("utf-8", "surrogateescape")]) == expected
