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


def vector_width():
    """The widest vector instruction set this processor has, as the throughput targets name it."""
    try:
        flags = open("/proc/cpuinfo").read().split()
    except OSError:
        return "unknown"
    if "avx512f" in flags:
        return "AVX-512"
    return "AVX2" if "avx2" in flags else "SSE2 or other"


def targets(medians):
    """The throughput targets of issue 20, each as a ratio of this run's rows: met or missed."""
    width = vector_width()

    def ns(name):
        b = medians.get(name)
        return b["ns_per_query"] * 1e9 if b else None

    def ratio(numerator, denominator):  # one row's time / another's
        a, b = ns(numerator), ns(denominator)
        return None if a is None or b is None else a / b

    def faster(ours, peer):  # the peer's time / ours: above 1, ours is faster
        return ratio(peer, ours)

    rows = [
        ("float cold batch vs Box2D", faster("gjk/Pairs8/cold_batch", "box2d/Pairs8/cold"),
         2.0 if width == "AVX-512" else 1.6),
        ("double cold batch vs Box2D", faster("gjk_double/Pairs8/cold_batch", "box2d/Pairs8/cold"), 1.3),
        ("float cold batch vs float single", faster("gjk/Pairs8/cold_batch", "gjk/Pairs8/cold"), 1.0),
        ("double cold batch vs double single",
         faster("gjk_double/Pairs8/cold_batch", "gjk_double/Pairs8/cold"), 1.0),
        ("float warm batch vs float single", faster("gjk/Pairs8/warm_batch", "gjk/Pairs8/warm"), 1.0),
        ("double warm batch vs double single",
         faster("gjk_double/Pairs8/warm_batch", "gjk_double/Pairs8/warm"), 1.0),
        ("float warm (single query) vs Box2D", faster("gjk/Pairs8/warm", "box2d/Pairs8/warm"), 1.4),
        ("float warm batch vs Box2D", faster("gjk/Pairs8/warm_batch", "box2d/Pairs8/warm"), 1.4),
        ("double warm (single query) vs Box2D", faster("gjk_double/Pairs8/warm", "box2d/Pairs8/warm"), 1.1),
        ("double warm batch vs Box2D", faster("gjk_double/Pairs8/warm_batch", "box2d/Pairs8/warm"), 1.1),
        ("float cold single query vs Box2D", faster("gjk/Pairs8/cold", "box2d/Pairs8/cold"), 1.1),
        ("double cold single query vs Box2D", faster("gjk_double/Pairs8/cold", "box2d/Pairs8/cold"), 1.0),
        ("2 threads vs 1", faster("gjk/Batch/threads:2", "gjk/Batch/threads:1"), 1.8),
        ("line path: 2 threads vs 1",
         faster("gjk_double/Lines8/threads:2", "gjk_double/Lines8/threads:1"), 1.8),
    ]
    # Ratios with a ceiling: BigN/4096 within three times BigN/8.
    ceilings = [
        ("float BigN/4096 / BigN/8", ratio("gjk/BigN/4096", "gjk/BigN/8"), 3.0),
        ("double BigN/4096 / BigN/8", ratio("gjk_double/BigN/4096", "gjk_double/BigN/8"), 3.0),
        # Issue 31: the tool's line path against distance_batch on the same pairs.
        ("line path / distance_batch (double, 1 thread)",
         ratio("gjk_double/Lines8/threads:1", "gjk_double/Lines8/distance_batch"), 6.0),
        ("line path / its answers without text",
         ratio("gjk_double/Lines8/threads:1", "gjk_double/Lines8/answers"), 6.0),
    ]
    lines = [
        "## Targets on this processor (%s)" % width,
        "",
        "| target | ratio | goal | |",
        "|---|---:|---:|---|",
    ]
    for table, bound, meets in ((rows, ">=", lambda r, g: r >= g), (ceilings, "<=", lambda r, g: r <= g)):
        for what, ratio, goal in table:
            if ratio is None:
                lines.append("| %s | not run | %s %.2f | |" % (what, bound, goal))
            else:
                verdict = "met" if meets(ratio, goal) else "**missed**"
                lines.append("| %s | %.2f | %s %.2f | %s |" % (what, ratio, bound, goal, verdict))
    return lines


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
    lines += targets(medians)
    lines.append("")
    lines.append("Reproduce: `make bench`.")
    open(out_path, "w").write("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
