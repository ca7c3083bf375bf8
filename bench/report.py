#!/usr/bin/env python3
"""Turns gjk_bench's JSON (run with repetitions) into a Markdown table: the median ns per
query of each benchmark, its mean GJK iterations, its accuracy, and its ratio to Box2D on
the same workload (Box2D's time / ours: above 1 means we are faster)."""
import json
import platform
import re
import sys


def cpu_name():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown cpu"


def main(path, out_path):
    data = json.load(open(path))
    medians = {}
    for b in data["benchmarks"]:
        if b.get("aggregate_name") != "median":
            continue
        name = b["run_name"].replace("/real_time", "")
        medians[name] = b
    rows = []
    for name, b in medians.items():
        library, workload = name.split("/", 1)
        ns = b["ns_per_query"] * 1e9
        # A batch row (the same pairs through gjk::distance_batch) against Box2D's row of the
        # same pairs one by one: Box2D has no batch API.
        peer = medians.get("box2d/" + re.sub(r"_batch.*$", "", workload))
        ratio = ""
        if peer and library != "box2d":
            ratio = "%.2f" % (peer["ns_per_query"] * 1e9 / ns)
        iterations = b.get("iterations", 0)
        error = b.get("max_error", 0)
        rows.append((workload, library, ns, iterations, error, ratio))
    rows.sort(key=lambda r: (r[0], r[1]))
    context = data["context"]
    lines = [
        "# gjk_bench on %s" % cpu_name(),
        "",
        "%d cores at %.0f MHz, gjk built Release (Google Benchmark's own library: %s), %s; "
        "median of %s repetitions. Ratio = Box2D's time / "
        "this row's time on the same workload (above 1: faster than Box2D). max_error = the "
        "largest |distance - gjk double's distance| / scale over the workload."
        % (context["num_cpus"], context["mhz_per_cpu"], context.get("library_build_type", "?"),
           context["date"], data["benchmarks"][0].get("repetitions", "?")),
        "",
        "| workload | library | ns/query (median) | mean iterations | max_error | ratio to Box2D |",
        "|---|---|---:|---:|---:|---:|",
    ]
    for workload, library, ns, iterations, error, ratio in rows:
        lines.append("| %s | %s | %.1f | %.3f | %.2g | %s |" % (workload, library, ns, iterations, error, ratio))
    lines.append("")
    lines.append("Reproduce: `make bench`.")
    open(out_path, "w").write("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
