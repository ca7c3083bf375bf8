#!/usr/bin/python3
"""Times a prepared 100,000-point cloud in space against a 16-point hull (issue 44).

    taskset -c 1 /usr/bin/python3 bench/python_mesh3.py [--gjk-path build/python]

Run it pinned to one core (taskset): every call below runs on one thread (threads=1). Each
number is the median of several repetitions (time.perf_counter). Measured, against a box of
half-extents (0.3, 0.2, 0.1) at 2,000 poses apart from the unit sphere (its centre 1.5 to 2.5
from the sphere's, random direction and turn; each query cold, no warm start):
  (a) gjk.Shape of 100,000 points on the unit sphere (all corners of their hull: the climb's
      worst case) and of 100,000 points in the ball (uniform, about 1,400 corners), made once:
      the preparation's time (both precisions);
  (b) per query, gjk.distance one call at a time, the clouds against a 16-point hull (16 points
      on the sphere): the call's overhead included (target: the cloud within 3 times the hull);
  (c) per query inside gjk.distance_batch (one Shape, 2,000 poses): the kernel's time without
      the call's overhead, double and float;
  (d) gjk.distance_batch of 1,000 rows against each cloud, double and float;
  (e) the scan the prepared cloud replaces: the sphere cloud as a one-row ShapeArray (its rows in
      space are read as points), per query in a batch of 20 rows.
Prints a Markdown table; runs in a few seconds.
"""

import argparse
import os
import sys
import time

import numpy as np

from python_bench import gjk_path, median_seconds  # bench/python_bench.py, beside this script
from report import cpu_name


POINTS = 100_000
POSES = 2_000
BATCH_ROWS = 1_000
SCAN_ROWS = 20
REPETITIONS = 7
TARGET_RATIO = 3.0


def on_sphere(rng, n):
    p = rng.normal(size=(n, 3))
    return p / np.linalg.norm(p, axis=1)[:, None]


def box_poses(rng, count):
    """(count, 7) poses of the box: centre 1.5 to 2.5 from the origin, a uniform turn."""
    d = on_sphere(rng, count) * rng.uniform(1.5, 2.5, (count, 1))
    q = rng.normal(size=(count, 4))
    return np.column_stack([d, q / np.linalg.norm(q, axis=1)[:, None]])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--gjk-path", help="the directory that holds the gjk package")
    args = parser.parse_args()
    sys.path.insert(0, gjk_path(args.gjk_path))
    import gjk

    cpus = sorted(os.sched_getaffinity(0))
    if len(cpus) != 1:
        print(f"warning: not pinned to one core (CPUs {cpus}): run under taskset -c 1",
              file=sys.stderr)
    rng = np.random.default_rng(44)
    sphere = on_sphere(rng, POINTS)
    ball = on_sphere(rng, POINTS) * rng.uniform(0, 1, (POINTS, 1)) ** (1 / 3)
    box = gjk.Shape([[sx * 0.3, sy * 0.2, sz * 0.1] for sx in (-1, 1) for sy in (-1, 1)
                     for sz in (-1, 1)])
    poses = box_poses(rng, POSES)

    start = time.perf_counter()
    cloud_sphere = gjk.Shape(sphere)
    prepare_sphere = time.perf_counter() - start
    start = time.perf_counter()
    cloud_ball = gjk.Shape(ball)
    prepare_ball = time.perf_counter() - start
    hull16 = gjk.Shape(on_sphere(rng, 16))
    shapes = {"100,000 on the sphere": cloud_sphere, "100,000 in the ball": cloud_ball,
              "16 on the sphere": hull16}
    assert all((gjk.distance_batch(s, box, pose_b=poses, threads=1)["status"]
                == gjk.Status.separated).all() for s in shapes.values())

    def per_call(shape, precision):
        def run():
            for pose in poses:
                gjk.distance(shape, box, pose_b=pose, precision=precision)
        return median_seconds(run, REPETITIONS) / POSES

    def per_row(shape, precision, rows=POSES):
        return median_seconds(lambda: gjk.distance_batch(
            shape, box, pose_b=poses[:rows], precision=precision, threads=1), REPETITIONS) / rows

    rows = []
    timings = {}
    for name, shape in shapes.items():
        for precision in ("double", "float"):
            timings[name, precision] = (per_call(shape, precision), per_row(shape, precision),
                                        per_row(shape, precision, BATCH_ROWS) * BATCH_ROWS)
    scan = gjk.ShapeArray(sphere, [0, POINTS])
    scan_row = median_seconds(lambda: gjk.distance_batch(
        scan, box, pose_b=poses[:SCAN_ROWS], threads=1), 3) / SCAN_ROWS

    print(f"CPU: {cpu_name()}; pinned to CPU(s) {cpus}; one thread; medians of "
          f"{REPETITIONS} repetitions\n")
    print(f"Preparation (gjk.Shape, both precisions): 100,000 on the sphere "
          f"{prepare_sphere * 1e3:.0f} ms ({len(cloud_sphere.points):,} corners), 100,000 in "
          f"the ball {prepare_ball * 1e3:.0f} ms ({len(cloud_ball.points):,} corners).\n")
    print("| shape vs box | precision | gjk.distance, us/call | in a batch, us/query | "
          f"{BATCH_ROWS:,}-row batch, ms |")
    print("|---|---|---:|---:|---:|")
    for (name, precision), (call, row, batch) in timings.items():
        print(f"| {name} | {precision} | {call * 1e6:.2f} | {row * 1e6:.2f} | "
              f"{batch * 1e3:.2f} |")
    print(f"\nThe scan the preparation replaces (100,000 on the sphere as a ShapeArray row, "
          f"double): {scan_row * 1e3:.2f} ms/query, {scan_row * BATCH_ROWS:.1f} s per "
          f"{BATCH_ROWS:,} rows.\n")
    for precision in ("double", "float"):
        hull = timings["16 on the sphere", precision]
        for name in ("100,000 on the sphere", "100,000 in the ball"):
            cloud = timings[name, precision]
            call_ratio, row_ratio = cloud[0] / hull[0], cloud[1] / hull[1]
            verdict = "met" if max(call_ratio, row_ratio) <= TARGET_RATIO else "missed"
            print(f"{name}, {precision}: {call_ratio:.2f}x the 16-point hull per call, "
                  f"{row_ratio:.2f}x in a batch (target <= {TARGET_RATIO:g}x: {verdict})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
