"""Records what the `gjk` tool answers on a large seeded corpus, so that a change meant to keep
behaviour (a restructuring, a rename) can show it did: record before, record after, compare
the folders byte for byte.

    /usr/bin/python3 tests/identity/record.py build/bin/gjk OUT_DIR
    diff -r BEFORE_DIR AFTER_DIR && echo identical

It writes distance-{double,float}.jsonl (`gjk distance --trace`), cast-{double,float}.jsonl
(`gjk cast`) and svg/NNN.svg (`gjk svg`, with and without --voronoi) for the same seeded
queries: polygons of 1 to 40 points with repeats and collinear points, circles, capsules,
rounded polygons, scales 1e-4 to 1e4, offsets far from the origin, contact, touching and
overlapping pairs, and bad lines.
"""

import json
import math
import os
import random
import subprocess
import sys

QUERIES = 20000
PICTURES = 150


def points(rng, scale):
    kind = rng.random()
    if kind < 0.1:
        return [[rng.uniform(-1, 1) * scale, rng.uniform(-1, 1) * scale]]
    n = 2 if kind < 0.25 else rng.randint(3, 40 if rng.random() < 0.2 else 9)
    pts = [[rng.uniform(-1, 1) * scale, rng.uniform(-1, 1) * scale] for _ in range(n)]
    if n >= 3 and rng.random() < 0.2:
        pts.append(list(pts[0]))  # a repeat
    if n >= 3 and rng.random() < 0.2:
        pts.append([(pts[0][0] + pts[1][0]) / 2, (pts[0][1] + pts[1][1]) / 2])  # collinear
    if rng.random() < 0.1:  # grid values make exact contacts and ties
        pts = [[round(x), round(y)] for x, y in pts]
    return pts


def shape(rng, scale, position, angle):
    s = {"points": points(rng, scale), "position": position, "angle": angle}
    if rng.random() < 0.3:
        s["radius"] = rng.uniform(0, 0.5) * scale
    return s


def query(rng):
    if rng.random() < 0.03:  # boxes meeting edge to edge or corner to corner: touching
        box = [[-1, -1], [1, -1], [1, 1], [-1, 1]]
        return {"a": {"points": box}, "b": {"points": box, "position": [2, rng.choice(
            [0, 1, 2, -2, 0.5])]}}, 1.0
    scale = 10 ** rng.uniform(-4, 4)
    offset = 10 ** rng.uniform(0, 6) if rng.random() < 0.1 else 0.0
    a = shape(rng, scale, [offset, offset], rng.uniform(-math.pi, math.pi))
    gap = rng.uniform(0, 3) * scale
    turn = rng.uniform(-math.pi, math.pi)
    position = [offset + gap * math.cos(turn), offset + gap * math.sin(turn)]
    if rng.random() < 0.05:  # exact touching of grid shapes
        position = [offset + 2 * scale, offset]
    b = shape(rng, scale, position, rng.uniform(-math.pi, math.pi) if rng.random() < 0.8 else 0)
    return {"a": a, "b": b}, scale


BAD = [
    "not json",
    '{"a": {"points": []}, "b": {"points": [[0, 0]]}}',
    '{"a": {"points": [[0, 0]], "radius": -1}, "b": {"points": [[0, 0]]}}',
    '{"a": {"points": [[1e30, 0]]}, "b": {"points": [[0, 0]]}}',
]


def run(args, text):
    return subprocess.run(args, input=text.encode(), capture_output=True).stdout


def main():
    tool, out = sys.argv[1], sys.argv[2]
    os.makedirs(os.path.join(out, "svg"), exist_ok=True)
    rng = random.Random(17)
    distance_lines, cast_lines = [], []
    for _ in range(QUERIES):
        q, scale = query(rng)
        distance_lines.append(json.dumps(q))
        q["translation_b"] = [rng.uniform(-4, 4) * scale, rng.uniform(-4, 4) * scale]
        if rng.random() < 0.3:
            q["translation_a"] = [rng.uniform(-2, 2) * scale, rng.uniform(-2, 2) * scale]
        cast_lines.append(json.dumps(q))
    distance_text = "\n".join(distance_lines + BAD) + "\n"
    cast_text = "\n".join(cast_lines + BAD) + "\n"
    for precision in ("double", "float"):
        with open(os.path.join(out, f"distance-{precision}.jsonl"), "wb") as f:
            f.write(run([tool, "distance", "--trace", "--precision", precision], distance_text))
        with open(os.path.join(out, f"cast-{precision}.jsonl"), "wb") as f:
            f.write(run([tool, "cast", "--precision", precision], cast_text))
    for i in range(PICTURES):
        path = os.path.join(out, "svg", f"{i:03d}.svg")
        extra = ["--voronoi"] if i % 2 else []
        subprocess.run([tool, "svg", "-o", path, *extra], input=distance_lines[i].encode(),
                       capture_output=True)


if __name__ == "__main__":
    main()
