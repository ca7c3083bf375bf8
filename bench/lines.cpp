// bench/lines.cpp - gjk_bench's Lines8 rows: the tool's line path (read, answer, write) on the
// Pairs8 pairs, beside distance_batch and the answers alone on the same pairs.
#include <charconv>
#include <cstdint>
#include <string>
#include <vector>

#include "contract/jsonl/distance.hpp"
#include "gjk/gjk.hpp"
#include "rows.hpp"
#include "workloads.hpp"

namespace gjk_bench {

// --- The tool's line path ---------------------------------------------------------------------

namespace {

/// x as the shortest text that reads back to it.
void append_shortest(std::string& out, double x) {
    char buffer[32];
    out.append(buffer, std::to_chars(buffer, buffer + sizeof buffer, x).ptr);
}

/// The Pairs8 pairs as `gjk distance` lines: {"a": SHAPE, "b": SHAPE}, as a program writes them.
const std::vector<std::string>& lines8() {
    static const std::vector<std::string> lines = [] {
        std::vector<std::string> out;
        auto shape = [](std::string& line, const std::vector<gjk::Vec2<double>>& points, double x,
                        double y, double angle) {
            line += "{\"points\": [";
            for (std::size_t i = 0; i < points.size(); ++i) {
                line += i > 0 ? ", [" : "[";
                append_shortest(line, points[i].x);
                line += ", ";
                append_shortest(line, points[i].y);
                line += ']';
            }
            line += "], \"position\": [";
            append_shortest(line, x);
            line += ", ";
            append_shortest(line, y);
            line += "], \"angle\": ";
            append_shortest(line, angle);
            line += '}';
        };
        for (const Pair& p : pairs8()) {
            std::string line = "{\"a\": ";
            shape(line, p.a, p.ax, p.ay, p.aangle);
            line += ", \"b\": ";
            shape(line, p.b, p.bx, p.by, p.bangle);
            line += '}';
            out.push_back(std::move(line));
        }
        return out;
    }();
    return lines;
}

} // namespace

/// The tool's line path (contract::process_line: read, answer with the distance answer's rule,
/// write) on the Pairs8 pairs in double, on `threads` threads as `gjk distance --threads`.
void gjk_lines(benchmark::State& state, int threads) {
    const std::vector<std::string>& lines = lines8();
    std::vector<std::string> answers(lines.size());
    const gjk::contract::Options options;
    std::size_t bytes = 0;
    for (auto _ : state) {
        gjk::parallel_chunks(lines.size(), threads, [&](std::size_t begin, std::size_t end) {
            for (std::size_t i = begin; i < end; ++i) {
                bool error = false;
                answers[i] = gjk::contract::process_line(lines[i], options, error);
            }
        });
        benchmark::DoNotOptimize(answers.data());
    }
    for (const std::string& line : lines) {
        bytes += line.size() + 1;
    }
    set_counters(state, lines.size(), 0, 0);
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * bytes));
}

/// distance_batch on the same pairs as the lines (double, the points as given: no prepared
/// shapes), one thread: the kernel's pace the line path is measured against.
void gjk_lines_batch(benchmark::State& state) {
    const GjkWorkload<double>& w = gjk_view_cold<double>();
    std::vector<gjk::DistanceOutput<double>> out(w.inputs.size());
    for (auto _ : state) {
        gjk::distance_batch<double>(w.inputs, out, 1);
        benchmark::DoNotOptimize(out.data());
    }
    set_counters(state, w.inputs.size(), 0, 0);
}

/// The lines' answers without their text: the distance answer (contract::answer_distance: the
/// distance, then penetration on contact) on the same pairs, one thread. The line path's time
/// less this one is the cost of reading and writing the text.
void gjk_lines_answers(benchmark::State& state) {
    const GjkWorkload<double>& w = gjk_view_cold<double>();
    for (auto _ : state) {
        for (const gjk::DistanceInput<double>& in : w.inputs) {
            benchmark::DoNotOptimize(gjk::contract::answer_distance(in));
        }
    }
    set_counters(state, w.inputs.size(), 0, 0);
}

} // namespace gjk_bench
