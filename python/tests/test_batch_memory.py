"""A batch of 10^6 rows given as ShapeArrays makes no Python object per row, and its peak
memory stays within twice its input arrays plus its output arrays (measured in a child
process, whose peak resident size is its own)."""

import json
import os
import subprocess
import sys
import textwrap

ROWS = 10**6

CHILD = textwrap.dedent(f"""
    import gc, json, resource
    import numpy as np
    import gjk

    def resident():
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) * 1024

    rows = {ROWS}
    rng = np.random.default_rng(1)
    counts = rng.integers(3, 9, rows)             # 3- to 8-gons
    baseline = resident()
    offsets = np.concatenate([[0], np.cumsum(counts)])
    angles = rng.uniform(0, 2 * np.pi, offsets[-1])
    points = np.column_stack([np.cos(angles), np.sin(angles)])
    radii = rng.uniform(0, 0.1, rows)
    poses = np.column_stack([rng.uniform(-3, 3, (rows, 2)), rng.uniform(-3, 3, rows)])
    a = gjk.ShapeArray(points, offsets, radii)
    b = gjk.ShapeArray(points, offsets, radii)
    inputs = points.nbytes + offsets.nbytes + radii.nbytes + poses.nbytes
    objects = len(gc.get_objects())
    out = gjk.distance_batch(a, b, (0, 0, 0), poses, threads=2)
    outputs = sum(v.nbytes for v in out.values())
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    print(json.dumps({{"inputs": inputs, "outputs": outputs, "baseline": baseline,
                      "peak": peak, "new_objects": len(gc.get_objects()) - objects,
                      "answered": int((out["status"] != gjk.Status.invalid_input).sum())}}))
""")


def test_million_rows_stay_within_twice_their_arrays():
    run = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True,
                         env=dict(os.environ), timeout=300)
    assert run.returncode == 0, run.stderr
    m = json.loads(run.stdout)
    print(f"inputs {m['inputs'] / 2**20:.0f} MiB, outputs {m['outputs'] / 2**20:.0f} MiB, "
          f"peak growth {(m['peak'] - m['baseline']) / 2**20:.0f} MiB")
    assert m["answered"] == ROWS
    assert m["new_objects"] < 100  # the result dict and its arrays, not one per row
    assert m["peak"] - m["baseline"] <= 2 * (m["inputs"] + m["outputs"])
