#!/usr/bin/python3
"""Times the Python package gjk against shapely (GEOS) and against the C++ library.

    GJK_PYTHONPATH=build-release/python /usr/bin/python3 bench/python_bench.py [BENCH_JSON]
    /usr/bin/python3 bench/python_bench.py --gjk-path build/python [BENCH_JSON]

Measures, each as the median of several repetitions (time.perf_counter):
  (a) gjk.distance_batch against a loop of shapely's Polygon.distance on 10,000 random 8-gon
      pairs at random poses (target: at least 20 times shapely's pairs per second);
  (b) the same with one 4096-gon against 1,000 8-gons (target: at least 150 times);
  (c) gjk.distance, one call per pair on prepared Shapes (target: at most 2 us a call);
  (d) gjk.distance_batch on one thread, ns per query in double and float, against the C++
      distance_batch rows gjk_double/Pairs8/cold_batch and gjk/Pairs8/cold_batch of a
      gjk_bench JSON (BENCH_JSON, optional; target: at most 1.5 times the C++ time);
  (e) in space: gjk.distance_batch on one thread on 4,096 pairs of 16-point hulls at the C++
      rows' kind of poses (bench/space.cpp), double and float, without EPA, against the C++
      rows gjk_double/Space/Hulls16 and gjk_batch1/Space/Hulls16 (plain points on both
      sides: a ShapeArray's rows in space are read as points, not prepared), and gjk.distance,
      one call per pair.

The pairs are bench/workloads.cpp's kind (make_pairs, convex), drawn here with numpy: convex
polygons with n sorted random angles on an ellipse of random aspect 0.4..1 and size 1; A at a
uniform position in [-10, 10]^2 with a uniform angle; B at a uniform distance 0..2.6 from A in a
uniform direction, so that about half overlap. Shapely gets each polygon built once at its pose
(as users write it); gjk gets local points and poses. gjk's ShapeArray prepares its shapes on
first use: that call is timed on its own and excluded from the batch medians, as the C++
benchmark prepares its shapes outside the timing.

Prints a Markdown table and exits 0; runs in seconds.
"""

import argparse
import datetime
import json
import os
import platform
import statistics
import sys
import time

import numpy as np

from report import cpu_name  # bench/report.py, beside this script

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

PAIRS = 10_000
BIG_N = 4096
BIG_PARTNERS = 1_000
TARGET_PAIRS_RATIO = 20
TARGET_BIG_RATIO = 150
TARGET_CALL_NS = 2000
TARGET_CPP_RATIO = 1.5
CPP_ROWS = {"double": "gjk_double/Pairs8/cold_batch", "float": "gjk/Pairs8/cold_batch"}
SPACE_PAIRS = 4096
SPACE_ROWS = {"double": "gjk_double/Space/Hulls16", "float": "gjk_batch1/Space/Hulls16"}


def gjk_path(option):
    """The directory that holds the gjk package: --gjk-path, else $GJK_PYTHONPATH, else the
    first of build-release/python and build/python that has it."""
    if option:
        return option
    if os.environ.get("GJK_PYTHONPATH"):
        return os.environ["GJK_PYTHONPATH"]
    for build in ("build-release", "build"):
        path = os.path.join(ROOT, build, "python")
        if os.path.isdir(os.path.join(path, "gjk")):
            return path
    sys.exit("gjk not found: pass --gjk-path DIR or set GJK_PYTHONPATH")


def median_seconds(run, repetitions):
    """The median wall time of `repetitions` calls of run()."""
    times = []
    for _ in range(repetitions):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


# --- the workload: bench/workloads.cpp's pairs ----------------------------------------------

def convex(rng, count, n):
    """`count` convex n-gons, (count, n, 2): n sorted random angles on an ellipse of size 1 and
    random aspect 0.4..1, counter-clockwise."""
    angles = np.sort(rng.uniform(0, 2 * np.pi, (count, n)), axis=1)
    aspect = rng.uniform(0.4, 1, (count, 1))
    return np.stack((np.cos(angles), aspect * np.sin(angles)), axis=-1)


def poses_near(rng, pose_a):
    """Poses for B: at a uniform distance 0..2.6 from A's position in a uniform direction, with
    a uniform angle. pose_a: (count, 3)."""
    count = len(pose_a)
    r = rng.uniform(0, 2.6, count)
    t = rng.uniform(-np.pi, np.pi, count)
    return np.column_stack((pose_a[:, 0] + r * np.cos(t), pose_a[:, 1] + r * np.sin(t),
                            rng.uniform(-np.pi, np.pi, count)))


def random_poses(rng, count):
    """Poses for A: position uniform in [-10, 10]^2, angle uniform in [-pi, pi]."""
    return np.column_stack((rng.uniform(-10, 10, (count, 2)), rng.uniform(-np.pi, np.pi, count)))


def world(points, pose):
    """(n, 2) local points at pose (x, y, angle): rotated about the origin, then translated."""
    x, y, angle = pose
    c, s = np.cos(angle), np.sin(angle)
    return np.column_stack((c * points[:, 0] - s * points[:, 1] + x,
                            s * points[:, 0] + c * points[:, 1] + y))


def shape_array(gjk, polygons):
    """(count, n, 2) polygons as one gjk.ShapeArray."""
    count, n, _ = polygons.shape
    return gjk.ShapeArray(polygons.reshape(-1, 2), np.arange(count + 1) * n)


# --- the C++ reference ------------------------------------------------------------------------

def one_call_each(gjk, shapes_a, shapes_b, poses_a, poses_b):
    """A function that calls gjk.distance once for each pair of shapes at its pair of poses."""
    def calls():
        distance = gjk.distance
        for sa, sb, pa, pb in zip(shapes_a, shapes_b, poses_a, poses_b):
            distance(sa, sb, pa, pb)
    return calls


def cpp_ns_per_query(path, wanted=CPP_ROWS, pairs=PAIRS):
    """From a gjk_bench JSON: the median ns per query of each row of `wanted` (its median
    aggregate when the run has repetitions, else the median over its runs), or {}."""
    with open(path) as f:
        data = json.load(f)
    unit = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}
    found = {}
    for precision, row in wanted.items():
        medians, runs = [], []
        for b in data.get("benchmarks", []):
            name = b.get("run_name", b.get("name", "")).replace("/real_time", "")
            if name != row:
                continue
            if "ns_per_query" in b:  # the counter is seconds per query
                ns = b["ns_per_query"] * 1e9
            else:  # one iteration runs every pair
                ns = b["real_time"] * unit[b.get("time_unit", "ns")] / pairs
            if b.get("aggregate_name") == "median":
                medians.append(ns)
            elif b.get("run_type", "iteration") == "iteration":
                runs.append(ns)
        if medians or runs:
            found[precision] = medians[0] if medians else statistics.median(runs)
    return found


# --- the measurements -------------------------------------------------------------------------

def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("bench_json", nargs="?", help="gjk_bench --benchmark_out JSON")
    parser.add_argument("--gjk-path", help="directory holding the gjk package")
    parser.add_argument("--repetitions", type=int, default=15,
                        help="timed runs of each gjk case")
    parser.add_argument("--seed", type=int, default=42)
    args = parser.parse_args()
    path = gjk_path(args.gjk_path)
    sys.path.insert(0, path)
    import gjk
    import shapely
    from shapely.geometry import Polygon

    reps = args.repetitions
    peer_reps = max(3, reps // 3)  # shapely's loops are the slow part of the run
    rng = np.random.default_rng(args.seed)
    rows = []  # (measurement, gjk, peer, ratio, target, met)

    # (a) 10,000 8-gon pairs.
    a, b = convex(rng, PAIRS, 8), convex(rng, PAIRS, 8)
    pose_a = random_poses(rng, PAIRS)
    pose_b = poses_near(rng, pose_a)
    polygons_a = [Polygon(world(p, q)) for p, q in zip(a, pose_a)]
    polygons_b = [Polygon(world(p, q)) for p, q in zip(b, pose_b)]
    shapes_a, shapes_b = shape_array(gjk, a), shape_array(gjk, b)

    def shapely_pairs():
        return [pa.distance(pb) for pa, pb in zip(polygons_a, polygons_b)]

    start = time.perf_counter()
    first = gjk.distance_batch(shapes_a, shapes_b, pose_a, pose_b, threads=1)
    first_call = time.perf_counter() - start
    expected = np.array(shapely_pairs())
    agreement = np.abs(first["distance"] - expected).max()
    overlapping = first["overlap"].mean()

    t_shapely = median_seconds(shapely_pairs, peer_reps)
    t_batch = {}
    for threads in (1, 0):
        t_batch[threads] = median_seconds(
            lambda: gjk.distance_batch(shapes_a, shapes_b, pose_a, pose_b, threads=threads),
            reps)
    ratio = t_shapely / t_batch[1]
    rows.append((f"{PAIRS:,} 8-gon pairs: distance_batch (1 thread) vs shapely loop, pairs/s",
                 f"{PAIRS / t_batch[1]:,.0f}", f"{PAIRS / t_shapely:,.0f}", f"{ratio:.1f}x",
                 f">= {TARGET_PAIRS_RATIO}x", ratio >= TARGET_PAIRS_RATIO))
    ratio_all = t_shapely / t_batch[0]
    rows.append((f"the same, distance_batch on every core ({os.cpu_count()}), pairs/s",
                 f"{PAIRS / t_batch[0]:,.0f}", f"{PAIRS / t_shapely:,.0f}",
                 f"{ratio_all:.1f}x", "", None))
    # penetration=False: distances and verdicts only, the work shapely's distance does (it
    # answers 0 for overlapping pairs and no depth).
    t_quick = median_seconds(lambda: gjk.distance_batch(
        shapes_a, shapes_b, pose_a, pose_b, threads=1, penetration=False), reps)
    ratio = t_shapely / t_quick
    rows.append(("the same, penetration=False (no EPA: shapely's work), 1 thread, pairs/s",
                 f"{PAIRS / t_quick:,.0f}", f"{PAIRS / t_shapely:,.0f}", f"{ratio:.1f}x",
                 f">= {TARGET_PAIRS_RATIO}x", ratio >= TARGET_PAIRS_RATIO))
    t_quick_all = median_seconds(lambda: gjk.distance_batch(
        shapes_a, shapes_b, pose_a, pose_b, threads=0, penetration=False), reps)
    rows.append((f"the same, penetration=False, every core ({os.cpu_count()}), pairs/s",
                 f"{PAIRS / t_quick_all:,.0f}", f"{PAIRS / t_shapely:,.0f}",
                 f"{t_shapely / t_quick_all:.1f}x", "", None))

    # (b) one 4096-gon, at one pose, against 1,000 8-gons.
    big = convex(rng, 1, BIG_N)[0]
    big_pose = random_poses(rng, 1)
    partners = convex(rng, BIG_PARTNERS, 8)
    partner_poses = poses_near(rng, np.repeat(big_pose, BIG_PARTNERS, axis=0))
    big_polygon = Polygon(world(big, big_pose[0]))
    partner_polygons = [Polygon(world(p, q)) for p, q in zip(partners, partner_poses)]
    big_shape, partner_shapes = gjk.Shape(big), shape_array(gjk, partners)

    def shapely_big():
        return [big_polygon.distance(p) for p in partner_polygons]

    def gjk_big():
        return gjk.distance_batch(big_shape, partner_shapes, big_pose[0], partner_poses,
                                  threads=1)

    big_agreement = np.abs(gjk_big()["distance"] - np.array(shapely_big())).max()
    t_shapely_big = median_seconds(shapely_big, peer_reps)
    t_gjk_big = median_seconds(gjk_big, reps)
    ratio = t_shapely_big / t_gjk_big
    rows.append((f"{BIG_N}-gon vs {BIG_PARTNERS:,} 8-gons: distance_batch (1 thread) vs "
                 "shapely loop, pairs/s", f"{BIG_PARTNERS / t_gjk_big:,.0f}",
                 f"{BIG_PARTNERS / t_shapely_big:,.0f}", f"{ratio:.0f}x",
                 f">= {TARGET_BIG_RATIO}x", ratio >= TARGET_BIG_RATIO))
    t_gjk_quick = median_seconds(lambda: gjk.distance_batch(
        big_shape, partner_shapes, big_pose[0], partner_poses, threads=1, penetration=False),
        reps)
    ratio = t_shapely_big / t_gjk_quick
    rows.append(("the same, penetration=False (no EPA: shapely's work), pairs/s",
                 f"{BIG_PARTNERS / t_gjk_quick:,.0f}", f"{BIG_PARTNERS / t_shapely_big:,.0f}",
                 f"{ratio:.0f}x", f">= {TARGET_BIG_RATIO}x", ratio >= TARGET_BIG_RATIO))

    # (c) one gjk.distance call per pair, on prepared Shapes.
    singles_a = [gjk.Shape(p) for p in a]
    singles_b = [gjk.Shape(p) for p in b]
    poses_a_list = [tuple(map(float, q)) for q in pose_a]
    poses_b_list = [tuple(map(float, q)) for q in pose_b]

    calls = one_call_each(gjk, singles_a, singles_b, poses_a_list, poses_b_list)

    ns_call = median_seconds(calls, reps) / PAIRS * 1e9
    rows.append(("gjk.distance, one call on prepared Shapes, ns per call", f"{ns_call:,.0f}",
                 "", "", f"<= {TARGET_CALL_NS:,}", ns_call <= TARGET_CALL_NS))

    # (d) distance_batch on one thread against the C++ distance_batch.
    cpp = cpp_ns_per_query(args.bench_json) if args.bench_json else {}
    for precision in ("double", "float"):
        gjk.distance_batch(shapes_a, shapes_b, pose_a, pose_b, precision=precision, threads=1)
        ns = median_seconds(lambda: gjk.distance_batch(
            shapes_a, shapes_b, pose_a, pose_b, precision=precision, threads=1),
            reps) / PAIRS * 1e9
        label = f"distance_batch, {precision}, 1 thread, ns per query (C++: {CPP_ROWS[precision]})"
        if precision in cpp:
            ratio = ns / cpp[precision]
            rows.append((label, f"{ns:.1f}", f"{cpp[precision]:.1f}", f"{ratio:.2f}x",
                         f"<= {TARGET_CPP_RATIO}x", ratio <= TARGET_CPP_RATIO))
        else:
            rows.append((label, f"{ns:.1f}", "", "", "", None))
        # gjk.distance, and so each batch row, adds penetration() (EPA) on the overlapping
        # pairs, which the C++ rows do not run; penetration=False is the C++ rows' work (plus
        # each row's poses turned into transforms, which the C++ rows do before timing).
        ns_quick = median_seconds(lambda: gjk.distance_batch(
            shapes_a, shapes_b, pose_a, pose_b, precision=precision, threads=1,
            penetration=False), reps) / PAIRS * 1e9
        label = "the same, penetration=False (no EPA: the C++ rows' work)"
        if precision in cpp:
            ratio = ns_quick / cpp[precision]
            rows.append((label, f"{ns_quick:.1f}", f"{cpp[precision]:.1f}", f"{ratio:.2f}x",
                         f"<= {TARGET_CPP_RATIO}x", ratio <= TARGET_CPP_RATIO))
        else:
            rows.append((label, f"{ns_quick:.1f}", "", "", "", None))

    # (e) in space: 16-point hulls in the unit ball, as bench/space.cpp draws them.
    def hull16(count):
        out = np.empty((count, 16, 3))
        for i in range(count):
            found = 0
            while found < 16:
                v = rng.uniform(-1, 1, 3)
                if v @ v <= 1:
                    out[i, found], found = v, found + 1
        return out

    def unit_quaternions(count):
        q = rng.normal(size=(count, 4))
        return q / np.linalg.norm(q, axis=1)[:, None]

    hulls_a, hulls_b = hull16(SPACE_PAIRS), hull16(SPACE_PAIRS)
    position_a = rng.uniform(-10, 10, (SPACE_PAIRS, 3))
    direction = rng.normal(size=(SPACE_PAIRS, 3))
    direction /= np.linalg.norm(direction, axis=1)[:, None]
    position_b = position_a + rng.uniform(0, 2.4, (SPACE_PAIRS, 1)) * direction
    space_a = np.column_stack([position_a, unit_quaternions(SPACE_PAIRS)])
    space_b = np.column_stack([position_b, unit_quaternions(SPACE_PAIRS)])
    offsets = np.arange(SPACE_PAIRS + 1) * 16
    hull_array_a = gjk.ShapeArray(hulls_a.reshape(-1, 3), offsets)
    hull_array_b = gjk.ShapeArray(hulls_b.reshape(-1, 3), offsets)
    cpp_space = cpp_ns_per_query(args.bench_json, SPACE_ROWS, SPACE_PAIRS) \
        if args.bench_json else {}
    space_overlapping = 0.0
    for precision in ("double", "float"):
        first_space = gjk.distance_batch(hull_array_a, hull_array_b, space_a, space_b,
                                         precision=precision, threads=1, penetration=False)
        space_overlapping = first_space["overlap"].mean()
        ns = median_seconds(lambda: gjk.distance_batch(
            hull_array_a, hull_array_b, space_a, space_b, precision=precision, threads=1,
            penetration=False), reps) / SPACE_PAIRS * 1e9
        label = (f"in space, 16-point hulls: distance_batch, {precision}, 1 thread, "
                 f"penetration=False, ns per query (C++: {SPACE_ROWS[precision]})")
        if precision in cpp_space:
            rows.append((label, f"{ns:.1f}", f"{cpp_space[precision]:.1f}",
                         f"{ns / cpp_space[precision]:.2f}x", "", None))
        else:
            rows.append((label, f"{ns:.1f}", "", "", "", None))
    space_singles_a = [gjk.Shape(p) for p in hulls_a]
    space_singles_b = [gjk.Shape(p) for p in hulls_b]
    space_poses_a = [tuple(map(float, q)) for q in space_a]
    space_poses_b = [tuple(map(float, q)) for q in space_b]

    space_calls = one_call_each(gjk, space_singles_a, space_singles_b, space_poses_a,
                                space_poses_b)
    ns_space_call = median_seconds(space_calls, reps) / SPACE_PAIRS * 1e9
    rows.append(("in space: gjk.distance, one call on 16-point Shapes (EPA on overlaps), "
                 "ns per call", f"{ns_space_call:,.0f}", "", "", "", None))

    lines = [
        f"# gjk Python package on {cpu_name()}",
        "",
        f"{os.cpu_count()} cores; Python {platform.python_version()}, numpy {np.__version__}, "
        f"shapely {shapely.__version__} (GEOS {'.'.join(map(str, shapely.geos.geos_version))}); "
        f"gjk from {path}; {datetime.datetime.now().isoformat(timespec='seconds')}; median of "
        f"{reps} runs ({peer_reps} for shapely's loops). "
        f"C++ rows: {args.bench_json or 'none given'}.",
        "",
        "| measurement | gjk | peer | ratio | target | met |",
        "|---|---:|---:|---:|---:|:---:|",
    ]
    for label, ours, peer, ratio, target, met in rows:
        mark = "" if met is None else ("yes" if met else "NO")
        lines.append(f"| {label} | {ours} | {peer} | {ratio} | {target} | {mark} |")
    lines += [
        "",
        f"8-gon pairs: {overlapping:.0%} overlapping; largest |gjk - shapely| distance "
        f"{agreement:.1e} (8-gons), {big_agreement:.1e} ({BIG_N}-gon). The first "
        f"distance_batch call on a new pair of ShapeArrays, which prepares their "
        f"{2 * PAIRS:,} shapes, took {first_call * 1e3:.1f} ms. In space: "
        f"{space_overlapping:.0%} of the hull pairs overlapping.",
    ]
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
