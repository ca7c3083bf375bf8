// Which lane width distance_batch uses on this processor: the one that measures fastest here,
// on the caller's own queries when it can.
//
// Whether lanes pay depends on the machine and on the work, not only on the instruction sets:
// the same AVX2 double lanes beat the single queries on one processor and lose on another, and
// on one machine the double lanes win a warm-started batch whose shapes are in the cache and
// lose one that streams ten thousand pairs from memory (docs/performance.md, "Lane widths"). So:
//   - a small fixed workload of 8-gon pairs like the benchmark's (about half overlapping), cold
//     or warm-started, timed once at the first call, ranks one by one and the lane widths
//     (best_lane_width);
//   - the first batch of each scalar type large enough for it (cold and warm apart) then
//     computes its first queries with that choice and with the other of "one by one" and "the
//     fastest lanes" in turn, timing each, and switches to the other if it is 5% faster on the
//     caller's own queries (lane_widths_probe).
// Every width gives the same bits (tests/test_batch.cpp), so a choice changes the time only,
// never an answer.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <span>
#include <vector>

#include "gjk/gjk.hpp"
#include "lockstep.hpp"

namespace gjk::detail {

bool lane_width_runs(LaneWidth width) {
    switch (width) {
    case LaneWidth::none:
    case LaneWidth::bytes16:
        return true;
    case LaneWidth::bytes32:
#if defined(GJK_LANES_AVX2)
        return __builtin_cpu_supports("avx2");
#else
        return false;
#endif
    case LaneWidth::bytes64:
#if defined(GJK_LANES_AVX512)
        // The flags src/lanes_avx512.cpp is compiled with (CMakeLists.txt).
        return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
               __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512bw");
#else
        return false;
#endif
    }
    return false;
}

namespace {

/// The calibration's workload: `count` pairs of 8-gons (8 seeded angles on an ellipse of
/// semi-axes 1 and 0.4 to 1), B within 2 of A's centre (about half of the pairs overlap), at
/// seeded angles; an LCG, so the same pairs on every machine.
template <class T> struct CalibrationPairs {
    std::vector<PreparedShape<T>> shapes;
    std::vector<DistanceInput<T>> inputs;

    explicit CalibrationPairs(int count) {
        std::uint64_t state = 0x9e3779b97f4a7c15u;
        auto uniform = [&state] { // in [0, 1)
            state = state * 6364136223846793005u + 1442695040888963407u;
            return double(state >> 11) * 0x1p-53;
        };
        constexpr double kTurn = 6.283185307179586;
        shapes.reserve(std::size_t(2 * count));
        for (int i = 0; i < 2 * count; ++i) {
            double angles[8];
            for (double& angle : angles) {
                angle = kTurn * uniform();
            }
            std::sort(std::begin(angles), std::end(angles));
            const double aspect = 0.4 + 0.6 * uniform();
            std::vector<Vec2<T>> points;
            for (double angle : angles) {
                points.push_back({T(std::cos(angle)), T(aspect * std::sin(angle))});
            }
            shapes.push_back(PreparedShape<T>::make(points));
        }
        for (int i = 0; i < count; ++i) {
            DistanceInput<T> in;
            in.a = shapes[std::size_t(2 * i)].view();
            in.b = shapes[std::size_t(2 * i + 1)].view();
            const double reach = 2 * std::sqrt(uniform()), bearing = kTurn * uniform();
            in.xf_a = {{T(6 * uniform() - 3), T(6 * uniform() - 3)},
                       Rot<T>::from_angle(T(kTurn * uniform()))};
            in.xf_b = {{in.xf_a.p.x + T(reach * std::cos(bearing)),
                        in.xf_a.p.y + T(reach * std::sin(bearing))},
                       Rot<T>::from_angle(T(kTurn * uniform()))};
            inputs.push_back(in);
        }
    }
};

/// The fastest way to run `pairs` on this processor: cold, or warm-started from the caches of
/// the same pairs one step earlier (B moved by a hundredth of its size and turned 0.01 rad).
template <class T> LaneWidth fastest_lane_width(bool warm, bool lanes_only = false) {
    const CalibrationPairs<T> pairs(512);
    std::vector<DistanceInput<T>> inputs = pairs.inputs;
    std::vector<SimplexCache<T>> start(warm ? inputs.size() : 0), caches(start.size());
    if (warm) {
        for (std::size_t i = 0; i < inputs.size(); ++i) {
            (void)distance(inputs[i], &start[i]);
            const Transform<T>& b = inputs[i].xf_b;
            inputs[i].xf_b = {{b.p.x + T(0.01), b.p.y}, Rot<T>::from_angle(b.q.angle() + T(0.01))};
        }
    }
    std::vector<DistanceOutput<T>> outputs(inputs.size());
    LaneWidth best = LaneWidth::none;
    double best_time = 1e300;
    for (LaneWidth width :
         {LaneWidth::none, LaneWidth::bytes16, LaneWidth::bytes32, LaneWidth::bytes64}) {
        if (!lane_width_runs(width) || (lanes_only && width == LaneWidth::none)) {
            continue;
        }
        // The fastest of a few runs: the least disturbed by anything else on the machine.
        double time = 1e300;
        for (int run = 0; run < 5; ++run) {
            caches = start; // each run warm-starts from the same caches
            const auto begin = std::chrono::steady_clock::now();
            lockstep_batch<T>(inputs, caches, outputs, width);
            const std::chrono::duration<double> took = std::chrono::steady_clock::now() - begin;
            time = std::min(time, took.count());
        }
        if (time < best_time) {
            best = width, best_time = time;
        }
    }
    return best;
}

/// The width measured on the caller's own queries (lane_widths_probe), per scalar type, cold
/// and warm; -1 until a batch was large enough to measure it.
template <class T> std::atomic<int>& measured_width(bool warm) {
    static std::atomic<int> cold{-1}, warmed{-1};
    return warm ? warmed : cold;
}

} // namespace

template <class T>
std::size_t lane_widths_probe(std::span<const DistanceInput<T>> inputs,
                              std::span<SimplexCache<T>> caches,
                              std::span<DistanceOutput<T>> outputs, bool warm) {
    if (measured_width<T>(warm).load(std::memory_order_relaxed) >= 0) {
        return 0;
    }
    // One by one against the lanes that the library's workload found fastest: which of those
    // two wins depends on the caller's work, while the lane widths' order did not (the lanes'
    // runs here are as slow as the memory, which hides their differences).
    const LaneWidth preset = best_lane_width<T>(warm);
    const LaneWidth lanes = preset != LaneWidth::none ? preset : fastest_lane_width<T>(warm, true);
    const std::vector<LaneWidth> candidates = lanes == LaneWidth::none
                                                  ? std::vector<LaneWidth>{LaneWidth::none}
                                                  : std::vector<LaneWidth>{LaneWidth::none, lanes};
    const std::size_t needed = kProbeRounds * candidates.size() * kProbeQueries;
    if (inputs.size() < needed || outputs.size() < needed ||
        (!caches.empty() && caches.size() < needed)) {
        return 0;
    }
    // The outputs' pages written once first: a page's first write faults, which would add
    // to whichever run met it.
    std::fill(outputs.begin(), outputs.begin() + std::ptrdiff_t(needed), DistanceOutput<T>{});
    std::vector<double> best(candidates.size(), 1e300);
    std::size_t begin = 0;
    for (std::size_t round = 0; round < kProbeRounds; ++round) {
        for (std::size_t turn = 0; turn < candidates.size(); ++turn, begin += kProbeQueries) {
            const std::size_t c = (round + turn) % candidates.size();
            const auto start = std::chrono::steady_clock::now();
            lockstep_batch<T>(inputs.subspan(begin, kProbeQueries),
                              caches.empty() ? caches : caches.subspan(begin, kProbeQueries),
                              outputs.subspan(begin, kProbeQueries), candidates[c]);
            const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
            best[c] = std::min(best[c], took.count());
        }
    }
    // The library's workload's choice stands unless the other is faster by 5% here: on data
    // met for the first time, as here, both run as slowly as the memory, and the runs' spread
    // is a few percent.
    const std::size_t at_preset = preset == LaneWidth::none ? 0 : candidates.size() - 1;
    const std::size_t other = candidates.size() - 1 - at_preset;
    const LaneWidth chosen = best[other] < 0.95 * best[at_preset] ? candidates[other] : preset;
    measured_width<T>(warm).store(int(chosen), std::memory_order_relaxed);
    return begin;
}

template <class T> LaneWidth best_lane_width(bool warm) {
    const int measured = measured_width<T>(warm).load(std::memory_order_relaxed);
    if (measured >= 0) {
        return LaneWidth(measured);
    }
    static const LaneWidth cold_width = fastest_lane_width<T>(false);
    if (!warm) {
        return cold_width;
    }
    static const LaneWidth warm_width = fastest_lane_width<T>(true);
    return warm_width;
}

template LaneWidth best_lane_width<float>(bool);
template LaneWidth best_lane_width<double>(bool);
template std::size_t lane_widths_probe<float>(std::span<const DistanceInput<float>>,
                                              std::span<SimplexCache<float>>,
                                              std::span<DistanceOutput<float>>, bool);
template std::size_t lane_widths_probe<double>(std::span<const DistanceInput<double>>,
                                               std::span<SimplexCache<double>>,
                                               std::span<DistanceOutput<double>>, bool);

} // namespace gjk::detail
