// bench/space_penetration_peers.cpp - the peers' rows beside space_penetration.cpp's, on the
// same overlapping pairs (penetration_pairs3()): Bullet 3.24's btGjkPairDetector with
// btGjkEpaPenetrationDepthSolver (GJK, then its EPA), and FCL 0.7's shapeIntersect with its own
// solver and with libccd's (boxes as fcl::Box, for which FCL has its own box-box test; hulls as
// fcl::Convex). Registered only for the peers found.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "peers3.hpp"
#include "rows.hpp"

#if defined(GJK_BENCH_BULLET)
#include <BulletCollision/NarrowPhaseCollision/btGjkEpaPenetrationDepthSolver.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkPairDetector.h>
#include <BulletCollision/NarrowPhaseCollision/btPointCollector.h>
#include <BulletCollision/NarrowPhaseCollision/btVoronoiSimplexSolver.h>
#endif
#if defined(GJK_BENCH_FCL)
#include <fcl/geometry/shape/box.h>
#include <fcl/narrowphase/detail/gjk_solver_indep.h>
#include <fcl/narrowphase/detail/gjk_solver_libccd.h>
#endif

namespace gjk_bench {

namespace {

[[maybe_unused]] void depth_counters(benchmark::State& state, std::size_t queries, double sum) {
    state.counters["ns_per_query"] =
        benchmark::Counter(double(queries), benchmark::Counter::kIsIterationInvariantRate |
                                                benchmark::Counter::kInvert);
    state.counters["mean_depth"] = sum / double(queries);
}

#if defined(GJK_BENCH_BULLET)
void bullet_penetration(benchmark::State& state, bool boxes) {
    const std::vector<PenetrationPair3>& pairs = penetration_pairs3(boxes);
    std::vector<std::unique_ptr<btConvexHullShape>> a, b;
    std::vector<btTransform> xa, xb;
    for (const PenetrationPair3& p : pairs) {
        a.push_back(bullet_hull(p.a));
        b.push_back(bullet_hull(p.b));
        xa.push_back(bullet_transform(p.xa));
        xb.push_back(bullet_transform(p.xb));
    }
    auto run = [&](std::size_t i) {
        btVoronoiSimplexSolver simplex;
        btGjkEpaPenetrationDepthSolver epa;
        btGjkPairDetector gjk(a[i].get(), b[i].get(), &simplex, &epa);
        btGjkPairDetector::ClosestPointInput input;
        input.m_transformA = xa[i];
        input.m_transformB = xb[i];
        btPointCollector out;
        gjk.getClosestPoints(input, out, nullptr);
        return out;
    };
    double sum = 0;
    for (std::size_t i = 0; i < pairs.size(); ++i) {
        const btPointCollector out = run(i);
        sum += out.m_hasResult ? std::max(0.0, -double(out.m_distance)) : 0.0;
    }
    for (auto _ : state) {
        for (std::size_t i = 0; i < pairs.size(); ++i) {
            benchmark::DoNotOptimize(run(i));
        }
    }
    depth_counters(state, pairs.size(), sum);
}
#endif

#if defined(GJK_BENCH_FCL)
/// FCL's deepest contact (0 when it finds none).
double deepest(const std::vector<fcl::ContactPoint<double>>& contacts) {
    double depth = 0;
    for (const auto& k : contacts) {
        depth = std::max(depth, k.penetration_depth);
    }
    return depth;
}

template <class Solver, class Shape>
void fcl_penetration(benchmark::State& state, const std::vector<Shape>& a,
                     const std::vector<Shape>& b, const std::vector<PenetrationPair3>& pairs) {
    std::vector<fcl::Transform3d> xa, xb;
    for (const PenetrationPair3& p : pairs) {
        xa.push_back(fcl_transform(p.xa));
        xb.push_back(fcl_transform(p.xb));
    }
    const Solver solver;
    std::vector<fcl::ContactPoint<double>> contacts;
    double sum = 0;
    for (std::size_t i = 0; i < pairs.size(); ++i) {
        contacts.clear();
        solver.shapeIntersect(a[i], xa[i], b[i], xb[i], &contacts);
        sum += deepest(contacts);
    }
    for (auto _ : state) {
        for (std::size_t i = 0; i < pairs.size(); ++i) {
            contacts.clear();
            benchmark::DoNotOptimize(solver.shapeIntersect(a[i], xa[i], b[i], xb[i], &contacts));
        }
    }
    depth_counters(state, pairs.size(), sum);
}

template <class Solver> void fcl_penetration_rows(benchmark::State& state, bool boxes) {
    const std::vector<PenetrationPair3>& pairs = penetration_pairs3(boxes);
    if (boxes) {
        std::vector<fcl::Boxd> a, b;
        for (const PenetrationPair3& p : pairs) {
            a.emplace_back(2 * p.box_a[0], 2 * p.box_a[1], 2 * p.box_a[2]);
            b.emplace_back(2 * p.box_b[0], 2 * p.box_b[1], 2 * p.box_b[2]);
        }
        fcl_penetration<Solver>(state, a, b, pairs);
        return;
    }
    std::vector<fcl::Convexd> a, b;
    for (const PenetrationPair3& p : pairs) {
        a.push_back(fcl_convex(p.a));
        b.push_back(fcl_convex(p.b));
    }
    fcl_penetration<Solver>(state, a, b, pairs);
}
#endif

} // namespace

void register_space_penetration_peer_rows() {
    [[maybe_unused]] const auto ms = benchmark::kMillisecond;
    for (bool boxes : {true, false}) {
        [[maybe_unused]] const std::string w =
            boxes ? "SpacePenetration/Boxes" : "SpacePenetration/Hulls16";
#if defined(GJK_BENCH_BULLET)
        benchmark::RegisterBenchmark(("bullet/" + w).c_str(), [boxes](benchmark::State& s) {
            bullet_penetration(s, boxes);
        })->Unit(ms);
#endif
#if defined(GJK_BENCH_FCL)
        benchmark::RegisterBenchmark(("fcl/" + w).c_str(), [boxes](benchmark::State& s) {
            fcl_penetration_rows<fcl::detail::GJKSolver_indep<double>>(s, boxes);
        })->Unit(ms);
        benchmark::RegisterBenchmark(("fcl_libccd/" + w).c_str(), [boxes](benchmark::State& s) {
            fcl_penetration_rows<fcl::detail::GJKSolver_libccd<double>>(s, boxes);
        })->Unit(ms);
#endif
    }
}

} // namespace gjk_bench
