// bench/pairs.cpp - gjk_bench's distance rows: Pairs8 cold and warm (gjk, gjk_double, box2d,
// gjk_view), the floor, distance_batch on one thread and at each lane width, BigN, BigNShared
// and Batch.
#include <box2d/b2_distance.h>

#include <algorithm>
#include <optional>
#include <span>
#include <vector>

#include "gjk/gjk.hpp"
#include "lockstep.hpp" // detail::lockstep_batch and the lane widths (gjk_lanes_for_tests)
#include "rows.hpp"
#include "workloads.hpp"

namespace gjk_bench {

// --- Pairs8 ----------------------------------------------------------------------------------

template <class T> void gjk_pairs(benchmark::State& state, bool warm, bool prepared) {
    const GjkWorkload<T>& w = prepared ? (warm ? gjk_warm<T>() : gjk_cold<T>())
                                       : (warm ? gjk_view_warm<T>() : gjk_view_cold<T>());
    const std::vector<double>& ref = warm ? reference_warm() : reference_cold();
    std::vector<gjk::SimplexCache<T>> caches(static_cast<std::size_t>(w.pairs));
    double iterations = 0, max_error = 0;
    int overlapping = 0;
    for (std::size_t k = 0; k < w.inputs.size(); ++k) { // accuracy and iterations, untimed
        gjk::SimplexCache<T>* cache = warm ? &caches[k % caches.size()] : nullptr;
        const auto out = gjk::distance(w.inputs[k], cache);
        iterations += out.iterations;
        overlapping += out.distance == T(0);
        max_error = std::max(max_error, pairs8_error(k, double(out.distance), ref));
    }
    for (auto _ : state) {
        std::fill(caches.begin(), caches.end(), gjk::SimplexCache<T>{});
        for (std::size_t k = 0; k < w.inputs.size(); ++k) {
            gjk::SimplexCache<T>* cache = warm ? &caches[k % caches.size()] : nullptr;
            benchmark::DoNotOptimize(gjk::distance(w.inputs[k], cache));
        }
    }
    set_counters(state, w.inputs.size(), iterations / double(w.inputs.size()), max_error);
    state.counters["overlapping"] = double(overlapping) / double(w.inputs.size());
}

void box2d_pairs(benchmark::State& state, bool warm) {
    const Box2dWorkload& w = warm ? box2d_warm() : box2d_cold();
    const std::vector<double>& ref = warm ? reference_warm() : reference_cold();
    std::vector<b2SimplexCache> caches(static_cast<std::size_t>(w.pairs));
    auto reset = [&] {
        for (auto& c : caches)
            c.count = 0;
    };
    reset();
    double iterations = 0, max_error = 0;
    int overlapping = 0;
    for (std::size_t k = 0; k < w.inputs.size(); ++k) {
        b2SimplexCache cold{};
        b2SimplexCache* cache = warm ? &caches[k % caches.size()] : &cold;
        b2DistanceOutput out;
        b2Distance(&out, cache, &w.inputs[k]);
        iterations += out.iterations;
        overlapping += out.distance == 0.0f;
        max_error = std::max(max_error, pairs8_error(k, double(out.distance), ref));
    }
    for (auto _ : state) {
        reset();
        for (std::size_t k = 0; k < w.inputs.size(); ++k) {
            b2SimplexCache cold;
            cold.count = 0;
            b2SimplexCache* cache = warm ? &caches[k % caches.size()] : &cold;
            b2DistanceOutput out;
            b2Distance(&out, cache, &w.inputs[k]);
            benchmark::DoNotOptimize(out);
        }
    }
    set_counters(state, w.inputs.size(), iterations / double(w.inputs.size()), max_error);
    state.counters["overlapping"] = double(overlapping) / double(w.inputs.size());
}

/// The floor on the cold or warm pairs: gjk::distance's own loop with none of its guarantees
/// (gjk::detail::distance_unguaranteed, gjk/loop/policy.hpp), the fastest loop of this design
/// (warm: each pair's cache kept from step to step, as gjk/Pairs8/warm).
template <class T> void floor_pairs(benchmark::State& state, bool warm) {
    const GjkWorkload<T>& w = warm ? gjk_warm<T>() : gjk_cold<T>();
    const std::vector<double>& ref = warm ? reference_warm() : reference_cold();
    std::vector<gjk::SimplexCache<T>> caches(static_cast<std::size_t>(w.pairs));
    double iterations = 0, max_error = 0;
    for (std::size_t k = 0; k < w.inputs.size(); ++k) {
        gjk::SimplexCache<T>* cache = warm ? &caches[k % caches.size()] : nullptr;
        const gjk::DistanceOutput<T> r = gjk::detail::distance_unguaranteed(w.inputs[k], cache);
        iterations += r.iterations;
        max_error = std::max(max_error, pairs8_error(k, double(r.distance), ref));
    }
    for (auto _ : state) {
        std::fill(caches.begin(), caches.end(), gjk::SimplexCache<T>{});
        for (std::size_t k = 0; k < w.inputs.size(); ++k) {
            gjk::SimplexCache<T>* cache = warm ? &caches[k % caches.size()] : nullptr;
            benchmark::DoNotOptimize(gjk::detail::distance_unguaranteed(w.inputs[k], cache));
        }
    }
    set_counters(state, w.inputs.size(), iterations / double(w.inputs.size()), max_error);
}

double lane_bytes(gjk::detail::LaneWidth width) {
    using gjk::detail::LaneWidth;
    return width == LaneWidth::bytes16   ? 16
           : width == LaneWidth::bytes32 ? 32
           : width == LaneWidth::bytes64 ? 64
                                         : 0;
}

/// The Pairs8 pairs through gjk::distance_batch on one thread: the same answers as
/// gjk/Pairs8/cold and warm (the same bits: tests/test_batch.cpp), with the queries run in
/// lockstep across SIMD lanes (8 floats or 4 doubles with AVX2; src/lockstep.hpp). Warm: one
/// batch per step, each pair's cache kept from step to step. Throughput for many independent
/// pairs, against the same Box2D rows (which run one by one: Box2D has no batch API).
template <class T>
void gjk_pairs_batch(benchmark::State& state, bool warm,
                     std::optional<gjk::detail::LaneWidth> width) {
    const GjkWorkload<T>& w = warm ? gjk_warm<T>() : gjk_cold<T>();
    const std::vector<double>& ref = warm ? reference_warm() : reference_cold();
    const std::size_t pairs = static_cast<std::size_t>(w.pairs);
    std::vector<gjk::SimplexCache<T>> caches(pairs);
    std::vector<gjk::DistanceOutput<T>> out(w.inputs.size());
    const std::span<const gjk::DistanceInput<T>> inputs(w.inputs);
    // One thread: distance_batch with the width it chooses, or lockstep_batch with `width`.
    auto batch = [&](std::span<const gjk::DistanceInput<T>> in, std::span<gjk::SimplexCache<T>> c,
                     std::span<gjk::DistanceOutput<T>> o) {
        if (width) {
            gjk::detail::lockstep_batch<T>(in, c, o, *width);
        } else {
            gjk::distance_batch<T>(in, c, o, 1);
        }
    };
    auto run = [&] {
        if (!warm) {
            batch(inputs, {}, out);
            return;
        }
        std::fill(caches.begin(), caches.end(), gjk::SimplexCache<T>{});
        for (std::size_t step = 0; step < static_cast<std::size_t>(w.steps); ++step) {
            batch(inputs.subspan(step * pairs, pairs), caches,
                  std::span(out).subspan(step * pairs, pairs));
        }
    };
    run();
    double iterations = 0, max_error = 0;
    for (std::size_t k = 0; k < out.size(); ++k) {
        iterations += out[k].iterations;
        max_error = std::max(max_error, pairs8_error(k, double(out[k].distance), ref));
    }
    for (auto _ : state) {
        run();
        benchmark::DoNotOptimize(out.data());
    }
    set_counters(state, w.inputs.size(), iterations / double(w.inputs.size()), max_error);
    // The lane width: the one given, or the one distance_batch chose on this machine.
    state.counters["lane_bytes"] =
        lane_bytes(width ? *width : gjk::detail::best_lane_width<T>(warm));
}

// --- BigN ------------------------------------------------------------------------------------

template <class T> void gjk_big(benchmark::State& state, int n, bool shared) {
    const std::vector<Pair> pairs = big_pairs(n, shared);
    const GjkWorkload<T> w = gjk_workload<T>(pairs, 1, true, shared);
    double iterations = 0;
    for (const auto& in : w.inputs)
        iterations += gjk::distance(in).iterations;
    for (auto _ : state) {
        for (const auto& in : w.inputs)
            benchmark::DoNotOptimize(gjk::distance(in));
    }
    set_counters(state, w.inputs.size(), iterations / double(w.inputs.size()), 0);
}

void box2d_big(benchmark::State& state, int n, bool shared) {
    const std::vector<Pair> pairs = big_pairs(n, shared);
    const Box2dWorkload w = box2d_workload(pairs, 1, shared);
    double iterations = 0;
    for (const auto& in : w.inputs) {
        b2SimplexCache cache{};
        b2DistanceOutput out;
        b2Distance(&out, &cache, &in);
        iterations += out.iterations;
    }
    for (auto _ : state) {
        for (const auto& in : w.inputs) {
            b2SimplexCache cache;
            cache.count = 0;
            b2DistanceOutput out;
            b2Distance(&out, &cache, &in);
            benchmark::DoNotOptimize(out);
        }
    }
    set_counters(state, w.inputs.size(), iterations / double(w.inputs.size()), 0);
}

// --- Batch -----------------------------------------------------------------------------------

void gjk_batch(benchmark::State& state, int threads) {
    const GjkWorkload<float>& w = gjk_warm<float>(); // 10,000 pairs x 100 steps = 1e6 queries
    std::vector<gjk::DistanceOutput<float>> out(w.inputs.size());
    for (auto _ : state) {
        gjk::distance_batch<float>(w.inputs, out, threads);
        benchmark::DoNotOptimize(out.data());
    }
    set_counters(state, w.inputs.size(), 0, 0);
}

// The scalars main.cpp registers.
template void gjk_pairs<float>(benchmark::State&, bool, bool);
template void gjk_pairs<double>(benchmark::State&, bool, bool);
template void floor_pairs<float>(benchmark::State&, bool);
template void floor_pairs<double>(benchmark::State&, bool);
template void gjk_pairs_batch<float>(benchmark::State&, bool,
                                     std::optional<gjk::detail::LaneWidth>);
template void gjk_pairs_batch<double>(benchmark::State&, bool,
                                      std::optional<gjk::detail::LaneWidth>);
template void gjk_big<float>(benchmark::State&, int, bool);
template void gjk_big<double>(benchmark::State&, int, bool);

} // namespace gjk_bench
