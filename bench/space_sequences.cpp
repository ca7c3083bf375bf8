// bench/space_sequences.cpp - two more families of distance in space, beside Bullet 3.24 and
// FCL 0.7 (its own GJK, hulls as fcl::Convex with the faces of gjk::convex_hull3):
//  - Space/NearTouching: 16-point hulls apart by 1e-9 to 1e-3 (B slid along the line of the
//    centres to first contact by bisection, then back by the gap), where loops that stop on a
//    tolerance take their most iterations;
//  - Space/Warm: 64 sequences of 64 steps, B turning and moving a little each step around A
//    (about 1/64 of a turn and 0.02 a step), each library warm started as it offers: gjk from
//    the last step's simplex (SimplexCache3), Bullet from its detector's cached separating
//    axis (one btGjkPairDetector a sequence), FCL from its solver's cached guess.
// The rows of a peer are registered only when it was found.
#include <benchmark/benchmark.h>

#include <array>
#include <cmath>
#include <memory>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "gjk/distance3.hpp"
#include "gjk/hull3.hpp"
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

using V = gjk::Vec3<double>;
using Pose = gjk::Transform3<double>;

/// A family: shapes (16 points in a unit ball each), and the queries as (a, b, pose a, pose b);
/// `steps` queries in a row share a sequence (1 for independent queries).
struct Family {
    std::vector<std::vector<V>> shapes;
    struct Query {
        int a, b;
        Pose xa, xb;
    };
    std::vector<Query> queries;
    int steps = 1;
};

std::vector<V> ball_points(std::mt19937_64& rng) {
    std::uniform_real_distribution<double> u(-1, 1);
    std::vector<V> p;
    while (p.size() < 16) {
        const V v{u(rng), u(rng), u(rng)};
        if (gjk::length_squared(v) <= 1) {
            p.push_back(v);
        }
    }
    return p;
}

bool apart(const std::vector<V>& a, const std::vector<V>& b, const Pose& xa, const Pose& xb) {
    gjk::DistanceInput3<double> in;
    in.a = gjk::ShapeView3<double>(a), in.b = gjk::ShapeView3<double>(b);
    in.xf_a = xa, in.xf_b = xb;
    return gjk::distance(in).status == gjk::Status::separated;
}

const Family& near_touching() {
    static const Family f = [] {
        Family out;
        std::mt19937_64 rng(36);
        const double gaps[] = {1e-9, 1e-7, 1e-5, 1e-3};
        for (int i = 0; i < 2048; ++i) {
            out.shapes.push_back(ball_points(rng));
            out.shapes.push_back(ball_points(rng));
            const auto& a = out.shapes[out.shapes.size() - 2];
            const auto& b = out.shapes.back();
            const Pose xa{{0, 0, 0}, random_rotation(rng)};
            const V d = gjk::normalized(
                V{random_rotation(rng).x, random_rotation(rng).y, random_rotation(rng).z});
            const gjk::Quat<double> qb = random_rotation(rng);
            double lo = 0, hi = 4; // B's centre at t d: overlapping at lo, apart at hi
            for (int step = 0; step < 80; ++step) {
                const double mid = 0.5 * (lo + hi);
                (apart(a, b, xa, {mid * d, qb}) ? hi : lo) = mid;
            }
            const int n = int(out.shapes.size());
            out.queries.push_back({n - 2, n - 1, xa, {(hi + gaps[i % 4]) * d, qb}});
        }
        return out;
    }();
    return f;
}

const Family& warm_sequences() {
    static const Family f = [] {
        Family out;
        out.steps = 64;
        std::mt19937_64 rng(37);
        std::uniform_real_distribution<double> u(-1, 1);
        for (int s = 0; s < 64; ++s) {
            out.shapes.push_back(ball_points(rng));
            out.shapes.push_back(ball_points(rng));
            const int n = int(out.shapes.size());
            const Pose xa{{0, 0, 0}, random_rotation(rng)};
            const V axis = gjk::normalized(V{u(rng), u(rng), u(rng)});
            const V spin = gjk::normalized(V{u(rng), u(rng), u(rng)});
            const double radius = 1.4 + 0.6 * u(rng); // about half of the steps overlap
            gjk::Quat<double> qb = random_rotation(rng);
            const double step_angle = 2 * 3.141592653589793 / 64 / 8;
            const gjk::Quat<double> dq{spin.x * std::sin(step_angle / 2),
                                       spin.y * std::sin(step_angle / 2),
                                       spin.z * std::sin(step_angle / 2), std::cos(step_angle / 2)};
            const V side = gjk::normalized(gjk::cross(axis, V{0.3, 0.5, 0.8}));
            const V up = gjk::cross(axis, side);
            for (int k = 0; k < out.steps; ++k) {
                const double phase = 0.02 * k / radius;
                const V at = radius * (std::cos(phase) * side + std::sin(phase) * up);
                qb = gjk::normalized(dq * qb);
                out.queries.push_back({n - 2, n - 1, xa, {at, qb}});
            }
        }
        return out;
    }();
    return f;
}

void counters(benchmark::State& state, std::size_t queries, int overlapping, double sum) {
    state.counters["ns_per_query"] =
        benchmark::Counter(double(queries), benchmark::Counter::kIsIterationInvariantRate |
                                                benchmark::Counter::kInvert);
    state.counters["overlapping"] = double(overlapping) / double(queries);
    state.counters["mean_distance"] = sum / double(queries);
}

template <class T> gjk::Vec3<T> as(V p) {
    return {T(p.x), T(p.y), T(p.z)};
}
template <class T> void gjk_family(benchmark::State& state, const Family& f) {
    std::vector<std::vector<gjk::Vec3<T>>> shapes;
    for (const auto& s : f.shapes) {
        shapes.emplace_back();
        for (const V& p : s) {
            shapes.back().push_back({T(p.x), T(p.y), T(p.z)});
        }
    }
    std::vector<gjk::DistanceInput3<T>> inputs;
    for (const auto& q : f.queries) {
        gjk::DistanceInput3<T> in;
        in.a = gjk::ShapeView3<T>(shapes[std::size_t(q.a)]);
        in.b = gjk::ShapeView3<T>(shapes[std::size_t(q.b)]);
        in.xf_a = narrow<T>(q.xa), in.xf_b = narrow<T>(q.xb);
        inputs.push_back(in);
    }
    auto run_all = [&](auto&& each) {
        gjk::SimplexCache3<T> cache;
        for (std::size_t i = 0; i < inputs.size(); ++i) {
            if (i % std::size_t(f.steps) == 0) {
                cache = {};
            }
            each(gjk::distance(inputs[i], f.steps > 1 ? &cache : nullptr));
        }
    };
    int overlapping = 0;
    double sum = 0;
    run_all([&](const gjk::DistanceOutput3<T>& out) {
        overlapping += out.status != gjk::Status::separated;
        sum += double(out.distance);
    });
    for (auto _ : state) {
        run_all([](const gjk::DistanceOutput3<T>& out) { benchmark::DoNotOptimize(out); });
    }
    counters(state, inputs.size(), overlapping, sum);
}

#if defined(GJK_BENCH_BULLET)
void bullet_family(benchmark::State& state, const Family& f) {
    std::vector<std::unique_ptr<btConvexHullShape>> shapes;
    for (const auto& s : f.shapes) {
        shapes.push_back(bullet_hull(s));
    }
    std::vector<std::array<btTransform, 2>> poses;
    for (const auto& q : f.queries) {
        poses.push_back({bullet_transform(q.xa), bullet_transform(q.xb)});
    }
    auto run_all = [&](auto&& each) {
        btVoronoiSimplexSolver simplex;
        std::unique_ptr<btGjkPairDetector> gjk;
        for (std::size_t i = 0; i < f.queries.size(); ++i) {
            const auto& q = f.queries[i];
            if (i % std::size_t(f.steps) == 0) { // a detector a sequence: its cached axis
                gjk = std::make_unique<btGjkPairDetector>(shapes[std::size_t(q.a)].get(),
                                                          shapes[std::size_t(q.b)].get(), &simplex,
                                                          nullptr);
            }
            btGjkPairDetector::ClosestPointInput input;
            input.m_transformA = poses[i][0];
            input.m_transformB = poses[i][1];
            btPointCollector out;
            gjk->getClosestPoints(input, out, nullptr);
            each(out);
        }
    };
    int overlapping = 0;
    double sum = 0;
    run_all([&](const btPointCollector& out) {
        overlapping += !out.m_hasResult || out.m_distance <= 0;
        sum += out.m_hasResult ? std::max(0.0, double(out.m_distance)) : 0.0;
    });
    for (auto _ : state) {
        run_all([](const btPointCollector& out) { benchmark::DoNotOptimize(out); });
    }
    counters(state, f.queries.size(), overlapping, sum);
}
#endif

#if defined(GJK_BENCH_FCL)
void fcl_family(benchmark::State& state, const Family& f) {
    std::vector<fcl::Convexd> shapes;
    for (const auto& s : f.shapes) {
        shapes.push_back(fcl_convex(s));
    }
    std::vector<std::array<fcl::Transform3d, 2>> poses;
    for (const auto& q : f.queries) {
        poses.push_back({fcl_transform(q.xa), fcl_transform(q.xb)});
    }
    fcl::detail::GJKSolver_indep<double> solver;
    solver.enable_cached_guess = f.steps > 1;
    auto run_all = [&](auto&& each) {
        for (std::size_t i = 0; i < f.queries.size(); ++i) {
            const auto& q = f.queries[i];
            if (i % std::size_t(f.steps) == 0) {
                solver.cached_guess = fcl::Vector3d(1, 0, 0);
            }
            double d = 0;
            fcl::Vector3d p1, p2;
            const bool hit_free =
                solver.shapeDistance(shapes[std::size_t(q.a)], poses[i][0],
                                     shapes[std::size_t(q.b)], poses[i][1], &d, &p1, &p2);
            each(hit_free, d);
        }
    };
    int overlapping = 0;
    double sum = 0;
    run_all([&](bool free, double d) {
        overlapping += !free || d <= 0;
        sum += free ? std::max(0.0, d) : 0.0;
    });
    for (auto _ : state) {
        run_all([](bool free, double d) {
            benchmark::DoNotOptimize(free);
            benchmark::DoNotOptimize(d);
        });
    }
    counters(state, f.queries.size(), overlapping, sum);
}
#endif

} // namespace

void register_space_sequence_rows() {
    const auto ms = benchmark::kMillisecond;
    const std::pair<const char*, const Family& (*)()> families[] = {
        {"Space/NearTouching", near_touching}, {"Space/Warm", warm_sequences}};
    for (const auto& [name, family] : families) {
        const std::string w = name;
        auto* make = family;
        benchmark::RegisterBenchmark(("gjk/" + w).c_str(), [make](benchmark::State& s) {
            gjk_family<float>(s, make());
        })->Unit(ms);
        benchmark::RegisterBenchmark(("gjk_double/" + w).c_str(), [make](benchmark::State& s) {
            gjk_family<double>(s, make());
        })->Unit(ms);
#if defined(GJK_BENCH_BULLET)
        benchmark::RegisterBenchmark(("bullet/" + w).c_str(), [make](benchmark::State& s) {
            bullet_family(s, make());
        })->Unit(ms);
#endif
#if defined(GJK_BENCH_FCL)
        benchmark::RegisterBenchmark(("fcl/" + w).c_str(), [make](benchmark::State& s) {
            fcl_family(s, make());
        })->Unit(ms);
#endif
    }
}

} // namespace gjk_bench
