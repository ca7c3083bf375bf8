// Which lane width distance_batch uses on this processor: the one that measures fastest here,
// on the caller's own queries when it can.
//
// Whether lanes pay depends on the machine and on the work, not only on the instruction sets:
// the same AVX2 double lanes beat the single queries on one processor and lose on another, and
// on one machine the double lanes win a warm-started batch whose shapes are in the cache and
// lose one that streams its pairs from memory. So:
//   - a small fixed workload of 8-gon pairs like the benchmark's (about half overlapping), cold
//     or warm-started, timed once at the first call, ranks one by one and the lane widths
//     (calibrate);
//   - then trials on the caller's own batches (cold and warm apart): the first eight large
//     enough, and every thirty-second after, compute their first queries one by one and with the
//     fastest lanes, timing each, and a running mean of the ratio of those times chooses
//     between the two (lane_width_trial). Not one trial alone: the first batches of a process
//     can run the lanes much slower than the later ones do, and the work can change.
// Every width gives the same bits (tests/test_batch.cpp), so a choice changes the time only,
// never an answer.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <mutex>
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

/// What the calibration found: the fastest way to run its workload, and the fastest lanes
/// (which the trials try against one by one, whichever won).
struct Calibration {
    LaneWidth fastest = LaneWidth::none;
    LaneWidth fastest_lanes = LaneWidth::bytes16;
};

/// The calibration on this processor: every way timed on the workload, cold or warm-started
/// from the caches of the same pairs one step earlier (B moved by a hundredth of its size and
/// turned 0.01 rad).
template <class T> Calibration calibrate(bool warm) {
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
    Calibration found;
    double fastest_time = 1e300, lanes_time = 1e300;
    for (LaneWidth width :
         {LaneWidth::none, LaneWidth::bytes16, LaneWidth::bytes32, LaneWidth::bytes64}) {
        if (!lane_width_runs(width)) {
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
        if (time < fastest_time) {
            found.fastest = width, fastest_time = time;
        }
        if (width != LaneWidth::none && time < lanes_time) {
            found.fastest_lanes = width, lanes_time = time;
        }
    }
    return found;
}

/// The trials (lane_width_trial) of one scalar type's batches, cold or warm: their record and
/// the choice it gives (-1 until the first trial: the calibration's).
struct Trials {
    std::mutex mutex;
    std::atomic<int> chosen{-1};
    TrialRecord record;
};

template <class T> Trials& trials(bool warm) {
    static Trials cold, warmed;
    return warm ? warmed : cold;
}

/// The calibration, once per scalar type, cold and warm apart.
template <class T> const Calibration& calibration(bool warm) {
    static const Calibration cold = calibrate<T>(false);
    if (!warm) {
        return cold;
    }
    static const Calibration warmed = calibrate<T>(true);
    return warmed;
}

} // namespace

template <class T>
std::size_t lane_width_trial(std::span<const DistanceInput<T>> inputs,
                             std::span<SimplexCache<T>> caches,
                             std::span<DistanceOutput<T>> outputs, bool warm) {
    if (inputs.size() < kSmallestTriedBatch || outputs.size() < kSmallestTriedBatch ||
        (!caches.empty() && caches.size() < kSmallestTriedBatch)) {
        return 0;
    }
    Trials& t = trials<T>(warm);
    const LaneWidth lanes = calibration<T>(warm).fastest_lanes;
    constexpr std::size_t tried = 2 * kTrialQueries;
    bool one_by_one_first = true;
    {
        const std::lock_guard<std::mutex> lock(t.mutex);
        if (!t.record.next_batch_due()) {
            return 0;
        }
        one_by_one_first = t.record.begin_one_by_one_first();
    }
    // The outputs' pages written once first: a page's first write faults, which would add
    // to whichever run met it.
    std::fill(outputs.begin(), outputs.begin() + std::ptrdiff_t(tried), DistanceOutput<T>{});
    // Each way runs kTrialRuns times on kTrialQueries / kTrialRuns queries, the ways taking
    // turns (which goes first alternating from trial to trial), and each way's fastest run
    // counts: the least disturbed, as in the calibration, so that an interruption of one run
    // does not decide a trial.
    constexpr std::size_t kRunQueries = kTrialQueries / kTrialRuns;
    double took[2] = {1e300, 1e300}; // one by one, lanes
    for (std::size_t run = 0; run < 2 * kTrialRuns; ++run) {
        const std::size_t c = (run + (one_by_one_first ? 0 : 1)) % 2;
        const std::size_t begin = run * kRunQueries;
        const auto start = std::chrono::steady_clock::now();
        lockstep_batch<T>(inputs.subspan(begin, kRunQueries),
                          caches.empty() ? caches : caches.subspan(begin, kRunQueries),
                          outputs.subspan(begin, kRunQueries), c == 0 ? LaneWidth::none : lanes);
        const double time =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        took[c] = std::min(took[c], time);
    }
    if (!(took[0] > 0 && took[1] > 0)) {
        return tried; // a clock too coarse to tell: no sample
    }
    // A running mean, so that a few trials unlike the rest (a process's first batches) do not
    // decide alone; a margin, so that two ways within the runs' spread do not take turns.
    const std::lock_guard<std::mutex> lock(t.mutex);
    const int current = t.chosen.load(std::memory_order_relaxed);
    const LaneWidth was = current >= 0 ? LaneWidth(current) : calibration<T>(warm).fastest;
    t.chosen.store(int(t.record.add(std::log(took[1] / took[0]), was, lanes)),
                   std::memory_order_relaxed);
    return tried;
}

template <class T> LaneWidth best_lane_width(bool warm) {
    const int chosen = trials<T>(warm).chosen.load(std::memory_order_relaxed);
    return chosen >= 0 ? LaneWidth(chosen) : calibration<T>(warm).fastest;
}

template LaneWidth best_lane_width<float>(bool);
template LaneWidth best_lane_width<double>(bool);
template std::size_t lane_width_trial<float>(std::span<const DistanceInput<float>>,
                                             std::span<SimplexCache<float>>,
                                             std::span<DistanceOutput<float>>, bool);
template std::size_t lane_width_trial<double>(std::span<const DistanceInput<double>>,
                                              std::span<SimplexCache<double>>,
                                              std::span<DistanceOutput<double>>, bool);

} // namespace gjk::detail
