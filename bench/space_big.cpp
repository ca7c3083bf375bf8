// bench/space_big.cpp - distance in space from a big hull: 1,000 points on a sphere (every one a
// corner) against 16-point hulls, the family where the support function decides the cost. gjk
// takes the big hull prepared (gjk/prepared3.hpp: a climb over its edges, in its own frame);
// Bullet 3.24 a btConvexHullShape of its points (a vectorized scan of every point); FCL 0.7 a
// Convex with the hull's faces (a climb over the vertices' neighbours above 32 vertices), with
// its own GJK. Eight big hulls, each queried against 512 small ones in random poses, B at a
// reach that makes about half of the pairs overlap. The rows of a peer are registered only
// when it was found.
#include <benchmark/benchmark.h>

#include <array>
#include <memory>
#include <random>
#include <vector>

#include "gjk/distance3.hpp"
#include "gjk/hull3.hpp"
#include "gjk/prepared3.hpp"
#include "peers3.hpp"
#include "rows.hpp"
#include "space3.hpp"

#if defined(GJK_BENCH_BULLET)
#include <BulletCollision/CollisionShapes/btConvexHullShape.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkPairDetector.h>
#include <BulletCollision/NarrowPhaseCollision/btPointCollector.h>
#include <BulletCollision/NarrowPhaseCollision/btVoronoiSimplexSolver.h>
#endif
#if defined(GJK_BENCH_FCL)
#include <fcl/geometry/shape/convex.h>
#include <fcl/narrowphase/detail/gjk_solver_indep.h>
#endif

namespace gjk_bench {

namespace {

constexpr int kBigHulls = 8;
constexpr int kBigCorners = 1000;
constexpr int kSmallPerBig = 512;

using V = gjk::Vec3<double>;

/// The workload: the big hulls, and the pairs (which big hull, the small hull, the poses).
struct BigWorkload {
    std::vector<std::vector<V>> big;
    struct Pair {
        int big;
        std::vector<V> small;
        gjk::Transform3<double> xa, xb;
    };
    std::vector<Pair> pairs;
};

const BigWorkload& big_workload() {
    static const BigWorkload w = [] {
        BigWorkload out;
        std::mt19937_64 rng(35);
        std::normal_distribution<double> g(0, 1);
        std::uniform_real_distribution<double> u(-1, 1);
        for (int h = 0; h < kBigHulls; ++h) {
            std::vector<V> points;
            while (int(points.size()) < kBigCorners) {
                const V v{g(rng), g(rng), g(rng)};
                if (gjk::length_squared(v) > 1e-6) {
                    points.push_back(gjk::normalized(v));
                }
            }
            out.big.push_back(std::move(points));
        }
        for (int h = 0; h < kBigHulls; ++h) {
            for (int i = 0; i < kSmallPerBig; ++i) {
                BigWorkload::Pair p;
                p.big = h;
                while (p.small.size() < 16) {
                    const V v{u(rng), u(rng), u(rng)};
                    if (gjk::length_squared(v) <= 1) {
                        p.small.push_back(0.5 * v);
                    }
                }
                p.xa = {{10 * u(rng), 10 * u(rng), 10 * u(rng)}, random_rotation(rng)};
                const V dir = gjk::normalized(V{u(rng), u(rng), u(rng)});
                const double reach = std::uniform_real_distribution<double>(0.6, 2.0)(rng);
                p.xb = {p.xa.p + reach * dir, random_rotation(rng)};
                out.pairs.push_back(std::move(p));
            }
        }
        return out;
    }();
    return w;
}

void big_counters(benchmark::State& state, std::size_t queries, int overlapping, double sum) {
    state.counters["ns_per_query"] =
        benchmark::Counter(double(queries), benchmark::Counter::kIsIterationInvariantRate |
                                                benchmark::Counter::kInvert);
    state.counters["overlapping"] = double(overlapping) / double(queries);
    state.counters["mean_distance"] = sum / double(queries);
}

template <class T> void gjk_big(benchmark::State& state) {
    const BigWorkload& w = big_workload();
    std::vector<gjk::PreparedShape3<T>> big;
    for (const auto& points : w.big) {
        big.push_back(gjk::PreparedShape3<T>::make(narrow<T>(points)));
    }
    std::vector<std::vector<gjk::Vec3<T>>> small;
    for (const auto& p : w.pairs) {
        small.push_back(narrow<T>(p.small));
    }
    std::vector<gjk::DistanceInput3<T>> inputs;
    for (std::size_t i = 0; i < w.pairs.size(); ++i) {
        gjk::DistanceInput3<T> in;
        in.a = big[std::size_t(w.pairs[i].big)].view();
        in.b = gjk::ShapeView3<T>(small[i]);
        in.xf_a = narrow<T>(w.pairs[i].xa), in.xf_b = narrow<T>(w.pairs[i].xb);
        inputs.push_back(in);
    }
    int overlapping = 0;
    double sum = 0;
    for (const auto& in : inputs) {
        const auto out = gjk::distance(in);
        overlapping += out.status != gjk::Status::separated;
        sum += double(out.distance);
    }
    for (auto _ : state) {
        for (const auto& in : inputs) {
            benchmark::DoNotOptimize(gjk::distance(in));
        }
    }
    big_counters(state, inputs.size(), overlapping, sum);
}

#if defined(GJK_BENCH_BULLET)
void bullet_big(benchmark::State& state) {
    const BigWorkload& w = big_workload();
    std::vector<std::unique_ptr<btConvexHullShape>> big, small;
    for (const auto& points : w.big) {
        big.push_back(bullet_hull(points));
    }
    for (const auto& p : w.pairs) {
        small.push_back(bullet_hull(p.small));
    }
    auto run = [&](std::size_t i) {
        btVoronoiSimplexSolver simplex;
        btGjkPairDetector gjk(big[std::size_t(w.pairs[i].big)].get(), small[i].get(), &simplex,
                              nullptr);
        btGjkPairDetector::ClosestPointInput input;
        input.m_transformA = bullet_transform(w.pairs[i].xa);
        input.m_transformB = bullet_transform(w.pairs[i].xb);
        btPointCollector out;
        gjk.getClosestPoints(input, out, nullptr);
        return out;
    };
    int overlapping = 0;
    double sum = 0;
    for (std::size_t i = 0; i < w.pairs.size(); ++i) {
        const btPointCollector out = run(i);
        overlapping += !out.m_hasResult || out.m_distance <= 0;
        sum += out.m_hasResult ? std::max(0.0, double(out.m_distance)) : 0.0;
    }
    for (auto _ : state) {
        for (std::size_t i = 0; i < w.pairs.size(); ++i) {
            benchmark::DoNotOptimize(run(i));
        }
    }
    big_counters(state, w.pairs.size(), overlapping, sum);
}
#endif

#if defined(GJK_BENCH_FCL)
void fcl_big(benchmark::State& state) {
    const BigWorkload& w = big_workload();
    std::vector<fcl::Convexd> big, small;
    std::vector<fcl::Transform3d> xa, xb;
    for (const auto& points : w.big) {
        big.push_back(fcl_convex(points));
    }
    for (const auto& p : w.pairs) {
        small.push_back(fcl_convex(p.small));
        xa.push_back(fcl_transform(p.xa));
        xb.push_back(fcl_transform(p.xb));
    }
    const fcl::detail::GJKSolver_indep<double> solver;
    int overlapping = 0;
    double sum = 0;
    for (std::size_t i = 0; i < w.pairs.size(); ++i) {
        double d = 0;
        const bool apart =
            solver.shapeDistance(big[std::size_t(w.pairs[i].big)], xa[i], small[i], xb[i], &d);
        overlapping += !apart || d <= 0;
        sum += apart ? std::max(0.0, d) : 0.0;
    }
    for (auto _ : state) {
        for (std::size_t i = 0; i < w.pairs.size(); ++i) {
            double d = 0;
            fcl::Vector3d p1, p2;
            benchmark::DoNotOptimize(solver.shapeDistance(big[std::size_t(w.pairs[i].big)], xa[i],
                                                          small[i], xb[i], &d, &p1, &p2));
            benchmark::DoNotOptimize(d);
        }
    }
    big_counters(state, w.pairs.size(), overlapping, sum);
}
#endif

} // namespace

void register_space_big_rows() {
    const auto ms = benchmark::kMillisecond;
    benchmark::RegisterBenchmark("gjk/Space/Hull1000", gjk_big<float>)->Unit(ms);
    benchmark::RegisterBenchmark("gjk_double/Space/Hull1000", gjk_big<double>)->Unit(ms);
#if defined(GJK_BENCH_BULLET)
    benchmark::RegisterBenchmark("bullet/Space/Hull1000", bullet_big)->Unit(ms);
#endif
#if defined(GJK_BENCH_FCL)
    benchmark::RegisterBenchmark("fcl/Space/Hull1000", fcl_big)->Unit(ms);
#endif
}

} // namespace gjk_bench
