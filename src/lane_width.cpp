// Which lane width distance_batch uses on this processor: the one that measures fastest here.
//
// Whether lanes pay depends on the machine, not only on its instruction sets: the same AVX2 double
// lanes beat the single queries on one processor and lose on another (docs/performance.md, "Lane
// widths"). So the first batch of each scalar type times the candidates - one by one, and every
// lane width the processor runs - on a small fixed workload of 8-gon pairs like the benchmark's
// (about half overlapping), and keeps the fastest. Every width gives the same bits
// (tests/test_batch.cpp), so the choice changes the time only, never an answer.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
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

/// The calibration's workload: `count` pairs of regular 3- to 8-gons of radius 1, at seeded
/// positions within 3 of each other and seeded angles (an LCG: the same pairs on every machine).
template <class T> struct CalibrationPairs {
    std::vector<PreparedShape<T>> shapes;
    std::vector<DistanceInput<T>> inputs;

    explicit CalibrationPairs(int count) {
        std::uint64_t state = 0x9e3779b97f4a7c15u;
        auto uniform = [&state] { // in [0, 1)
            state = state * 6364136223846793005u + 1442695040888963407u;
            return double(state >> 11) * 0x1p-53;
        };
        shapes.reserve(std::size_t(2 * count));
        for (int i = 0; i < 2 * count; ++i) {
            const int n = 3 + int(uniform() * 6);
            std::vector<Vec2<T>> points;
            for (int j = 0; j < n; ++j) {
                const double angle = 6.283185307179586 * j / n;
                points.push_back({T(std::cos(angle)), T(std::sin(angle))});
            }
            shapes.push_back(PreparedShape<T>::make(points));
        }
        for (int i = 0; i < count; ++i) {
            DistanceInput<T> in;
            in.a = shapes[std::size_t(2 * i)].view();
            in.b = shapes[std::size_t(2 * i + 1)].view();
            in.xf_a = {{T(6 * uniform() - 3), T(6 * uniform() - 3)},
                       Rot<T>::from_angle(T(6.283185307179586 * uniform()))};
            in.xf_b = {{in.xf_a.p.x + T(6 * uniform() - 3), in.xf_a.p.y + T(6 * uniform() - 3)},
                       Rot<T>::from_angle(T(6.283185307179586 * uniform()))};
            inputs.push_back(in);
        }
    }
};

template <class T> LaneWidth fastest_lane_width() {
    const CalibrationPairs<T> pairs(512);
    std::vector<DistanceOutput<T>> outputs(pairs.inputs.size());
    LaneWidth best = LaneWidth::none;
    double best_time = 0;
    for (LaneWidth width :
         {LaneWidth::none, LaneWidth::bytes16, LaneWidth::bytes32, LaneWidth::bytes64}) {
        if (!lane_width_runs(width)) {
            continue;
        }
        // The fastest of a few runs: the least disturbed by anything else on the machine.
        double time = 1e300;
        for (int run = 0; run < 5; ++run) {
            const auto start = std::chrono::steady_clock::now();
            lockstep_batch<T>(pairs.inputs, {}, outputs, width);
            const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
            time = std::min(time, took.count());
        }
        if (width == LaneWidth::none || time < best_time) {
            best = width, best_time = time;
        }
    }
    return best;
}

} // namespace

template <class T> LaneWidth best_lane_width() {
    static const LaneWidth width = fastest_lane_width<T>();
    return width;
}

template LaneWidth best_lane_width<float>();
template LaneWidth best_lane_width<double>();

} // namespace gjk::detail
