// bench/space_answer.cpp - the whole answer in space in one call: the distance when the shapes are
// apart, the depth and the direction when they overlap (gjk/penetration3.hpp's penetration(): GJK
// on the cores, then EPA from GJK's last simplex, never GJK twice), on space.cpp's pairs, about
// half of them overlapping, the shapes as plain views as in space.cpp's rows. Beside Bullet 3.24's
// btGjkEpaSolver2::SignedDistance (its GJK, then its EPA on penetration; float, as Debian builds
// it), on hulls of margin zero: the cores, no radius to apply.
#include <benchmark/benchmark.h>

#include <memory>
#include <string>
#include <vector>

#include "gjk/penetration3.hpp"
#include "rows.hpp"
#include "space3.hpp"

#if defined(GJK_BENCH_BULLET)
#include <BulletCollision/NarrowPhaseCollision/btGjkEpa2.h>

#include "peers3.hpp"
#endif

namespace gjk_bench {

namespace {

/// The rows' counters: per query, the overlapping share and the mean signed distance (the same
/// for both libraries up to their error: a check that the rows compute the same thing).
void answer_counters(benchmark::State& state, std::size_t queries, int overlapping, double sum) {
    state.counters["ns_per_query"] =
        benchmark::Counter(double(queries), benchmark::Counter::kIsIterationInvariantRate |
                                                benchmark::Counter::kInvert);
    state.counters["overlapping"] = double(overlapping) / double(queries);
    state.counters["mean_signed_distance"] = sum / double(queries);
}

template <class T> void gjk_space_answer(benchmark::State& state, bool boxes) {
    const SpaceQueries<T> queries(space_pairs(boxes));
    const std::vector<gjk::DistanceInput3<T>>& inputs = queries.inputs;
    int overlapping = 0;
    double sum = 0;
    for (const auto& in : inputs) {
        const auto out = gjk::penetration(in);
        overlapping += out.status != gjk::Status::separated;
        sum += double(out.signed_distance);
    }
    for (auto _ : state) {
        for (const auto& in : inputs) {
            benchmark::DoNotOptimize(gjk::penetration(in));
        }
    }
    answer_counters(state, inputs.size(), overlapping, sum);
}

#if defined(GJK_BENCH_BULLET)
void bullet_epa2_answer(benchmark::State& state, bool boxes) {
    const std::vector<SpacePair>& pairs = space_pairs(boxes);
    std::vector<std::unique_ptr<btConvexHullShape>> a, b;
    std::vector<btTransform> xa, xb;
    for (const SpacePair& p : pairs) {
        a.push_back(bullet_hull(p.a));
        b.push_back(bullet_hull(p.b));
        xa.push_back(bullet_transform(p.xa));
        xb.push_back(bullet_transform(p.xb));
    }
    // The first search direction as Bullet's own penetration solver takes it: between the
    // shapes' origins.
    auto run = [&](std::size_t i) {
        btGjkEpaSolver2::sResults results;
        const btVector3 guess = xb[i].getOrigin() - xa[i].getOrigin();
        btGjkEpaSolver2::SignedDistance(a[i].get(), xa[i], b[i].get(), xb[i], guess, results);
        return results;
    };
    int overlapping = 0;
    double sum = 0;
    for (std::size_t i = 0; i < pairs.size(); ++i) {
        const btGjkEpaSolver2::sResults r = run(i);
        overlapping += r.status != btGjkEpaSolver2::sResults::Separated;
        sum += double(r.distance);
    }
    for (auto _ : state) {
        for (std::size_t i = 0; i < pairs.size(); ++i) {
            benchmark::DoNotOptimize(run(i));
        }
    }
    answer_counters(state, pairs.size(), overlapping, sum);
}
#endif

} // namespace

void register_space_answer_rows() {
    const auto ms = benchmark::kMillisecond;
    for (bool boxes : {false, true}) {
        const std::string w = boxes ? "SpaceAnswer/Boxes" : "SpaceAnswer/Hulls16";
        benchmark::RegisterBenchmark(("gjk/" + w).c_str(), [boxes](benchmark::State& s) {
            gjk_space_answer<float>(s, boxes);
        })->Unit(ms);
        benchmark::RegisterBenchmark(("gjk_double/" + w).c_str(), [boxes](benchmark::State& s) {
            gjk_space_answer<double>(s, boxes);
        })->Unit(ms);
#if defined(GJK_BENCH_BULLET)
        benchmark::RegisterBenchmark(("bullet_epa2/" + w).c_str(), [boxes](benchmark::State& s) {
            bullet_epa2_answer(s, boxes);
        })->Unit(ms);
#endif
    }
}

} // namespace gjk_bench
