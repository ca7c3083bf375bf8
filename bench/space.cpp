// bench/space.cpp - distance in space (gjk/distance3.hpp) beside the 3D kernels robotics and
// physics use, on the same seeded pairs: Bullet 3.24's btGjkPairDetector with its Voronoi
// simplex solver (float, as Debian builds it), on 16-point hulls and on boxes; FCL 0.7's own
// GJK (GJKSolver_indep) and its libccd one (GJKSolver_libccd) on boxes (FCL's Convex wants the
// hull's faces, which a point cloud does not have). Each peer is used as its documentation
// says, with margins of zero. The rows of a peer are registered only when it was found.
#include <benchmark/benchmark.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "gjk/batch3.hpp"
#include "gjk/distance3.hpp"
#include "rows.hpp"
#include "space3.hpp"

#if defined(GJK_BENCH_BULLET)
#include <BulletCollision/CollisionShapes/btBoxShape.h>
#include <BulletCollision/CollisionShapes/btConvexHullShape.h>
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

constexpr int kSpacePairs = 4096;

std::vector<SpacePair> make_space_pairs(bool boxes, unsigned seed) {
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> u(-1, 1), half(0.3, 1);
    std::vector<SpacePair> pairs;
    for (int i = 0; i < kSpacePairs; ++i) {
        SpacePair p;
        for (auto* shape : {&p.a, &p.b}) {
            double* h = shape == &p.a ? p.box_a : p.box_b;
            h[0] = half(rng), h[1] = half(rng), h[2] = half(rng);
            if (boxes) {
                for (int c = 0; c < 8; ++c) {
                    shape->push_back(
                        {c & 1 ? h[0] : -h[0], c & 2 ? h[1] : -h[1], c & 4 ? h[2] : -h[2]});
                }
                continue;
            }
            while (shape->size() < 16) {
                const gjk::Vec3<double> v{u(rng), u(rng), u(rng)};
                if (gjk::length_squared(v) <= 1) {
                    shape->push_back(v);
                }
            }
        }
        p.xa = {{10 * u(rng), 10 * u(rng), 10 * u(rng)}, random_rotation(rng)};
        const gjk::Vec3<double> dir = gjk::normalized(gjk::Vec3<double>{u(rng), u(rng), u(rng)});
        const double reach = std::uniform_real_distribution<double>(0, boxes ? 3.2 : 2.4)(rng);
        p.xb = {p.xa.p + reach * dir, random_rotation(rng)};
        pairs.push_back(std::move(p));
    }
    return pairs;
}

/// The queries' counters: per query, the overlapping share, the mean of the distances (the
/// same for every library up to its error: a check that the rows compute the same thing).
void space_counters(benchmark::State& state, std::size_t queries, int overlapping, double sum) {
    state.counters["ns_per_query"] =
        benchmark::Counter(double(queries), benchmark::Counter::kIsIterationInvariantRate |
                                                benchmark::Counter::kInvert);
    state.counters["overlapping"] = double(overlapping) / double(queries);
    state.counters["mean_distance"] = sum / double(queries);
}

} // namespace

const std::vector<SpacePair>& space_pairs(bool boxes) {
    static const std::vector<SpacePair> hulls = make_space_pairs(false, 33);
    static const std::vector<SpacePair> box_pairs = make_space_pairs(true, 34);
    return boxes ? box_pairs : hulls;
}

template <class T> void gjk_space(benchmark::State& state, bool boxes) {
    const SpaceQueries<T> queries(space_pairs(boxes));
    const std::vector<gjk::DistanceInput3<T>>& inputs = queries.inputs;
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
    space_counters(state, inputs.size(), overlapping, sum);
}

/// The same queries through distance_batch() on `threads` threads.
template <class T> void gjk_space_batch(benchmark::State& state, bool boxes, int threads) {
    const SpaceQueries<T> queries(space_pairs(boxes));
    const std::vector<gjk::DistanceInput3<T>>& inputs = queries.inputs;
    std::vector<gjk::DistanceOutput3<T>> outputs(inputs.size());
    gjk::distance_batch<T>(inputs, outputs, threads);
    int overlapping = 0;
    double sum = 0;
    for (const auto& out : outputs) {
        overlapping += out.status != gjk::Status::separated;
        sum += double(out.distance);
    }
    for (auto _ : state) {
        gjk::distance_batch<T>(inputs, outputs, threads);
        benchmark::DoNotOptimize(outputs.data());
    }
    space_counters(state, inputs.size(), overlapping, sum);
}

template void gjk_space<float>(benchmark::State&, bool);
template void gjk_space<double>(benchmark::State&, bool);

#if defined(GJK_BENCH_BULLET)
void bullet_space(benchmark::State& state, bool boxes) {
    const std::vector<SpacePair>& pairs = space_pairs(boxes);
    std::vector<std::unique_ptr<btConvexShape>> shapes;
    auto shape_of = [&](const std::vector<gjk::Vec3<double>>& points, const double* half) {
        if (boxes) {
            auto box = std::make_unique<btBoxShape>(
                btVector3(btScalar(half[0]), btScalar(half[1]), btScalar(half[2])));
            box->setMargin(0);
            // btBoxShape keeps its half extents less the margin: set again after the margin.
            box->setImplicitShapeDimensions(
                btVector3(btScalar(half[0]), btScalar(half[1]), btScalar(half[2])));
            shapes.push_back(std::move(box));
        } else {
            auto hull = std::make_unique<btConvexHullShape>();
            for (const auto& p : points) {
                hull->addPoint(btVector3(btScalar(p.x), btScalar(p.y), btScalar(p.z)), false);
            }
            hull->recalcLocalAabb();
            hull->setMargin(0);
            shapes.push_back(std::move(hull));
        }
        return shapes.back().get();
    };
    auto transform = [](const gjk::Transform3<double>& xf) {
        return btTransform(
            btQuaternion(btScalar(xf.q.x), btScalar(xf.q.y), btScalar(xf.q.z), btScalar(xf.q.w)),
            btVector3(btScalar(xf.p.x), btScalar(xf.p.y), btScalar(xf.p.z)));
    };
    struct Query {
        btConvexShape *a, *b;
        btTransform xa, xb;
    };
    std::vector<Query> queries;
    for (const SpacePair& p : pairs) {
        queries.push_back(
            {shape_of(p.a, p.box_a), shape_of(p.b, p.box_b), transform(p.xa), transform(p.xb)});
    }
    auto run = [](const Query& q) {
        btVoronoiSimplexSolver simplex;
        btGjkPairDetector gjk(q.a, q.b, &simplex, nullptr);
        btGjkPairDetector::ClosestPointInput input;
        input.m_transformA = q.xa;
        input.m_transformB = q.xb;
        btPointCollector out;
        gjk.getClosestPoints(input, out, nullptr);
        return out;
    };
    int overlapping = 0;
    double sum = 0;
    for (const Query& q : queries) {
        const btPointCollector out = run(q);
        overlapping += !out.m_hasResult || out.m_distance <= 0;
        sum += out.m_hasResult ? std::max(0.0, double(out.m_distance)) : 0.0;
    }
    for (auto _ : state) {
        for (const Query& q : queries) {
            benchmark::DoNotOptimize(run(q));
        }
    }
    space_counters(state, queries.size(), overlapping, sum);
}
#endif

#if defined(GJK_BENCH_FCL)
template <class Solver> void fcl_boxes(benchmark::State& state) {
    const std::vector<SpacePair>& pairs = space_pairs(true);
    std::vector<fcl::Boxd> a, b;
    std::vector<fcl::Transform3d> xa, xb;
    auto transform = [](const gjk::Transform3<double>& xf) {
        fcl::Transform3d t = fcl::Transform3d::Identity();
        t.linear() = fcl::Quaterniond(xf.q.w, xf.q.x, xf.q.y, xf.q.z).toRotationMatrix();
        t.translation() = fcl::Vector3d(xf.p.x, xf.p.y, xf.p.z);
        return t;
    };
    for (const SpacePair& p : pairs) {
        a.emplace_back(2 * p.box_a[0], 2 * p.box_a[1], 2 * p.box_a[2]);
        b.emplace_back(2 * p.box_b[0], 2 * p.box_b[1], 2 * p.box_b[2]);
        xa.push_back(transform(p.xa));
        xb.push_back(transform(p.xb));
    }
    const Solver solver;
    int overlapping = 0;
    double sum = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
        double d = 0;
        const bool apart = solver.shapeDistance(a[i], xa[i], b[i], xb[i], &d);
        overlapping += !apart || d <= 0;
        sum += apart ? std::max(0.0, d) : 0.0;
    }
    for (auto _ : state) {
        for (std::size_t i = 0; i < a.size(); ++i) {
            double d = 0;
            fcl::Vector3d p1, p2;
            benchmark::DoNotOptimize(solver.shapeDistance(a[i], xa[i], b[i], xb[i], &d, &p1, &p2));
            benchmark::DoNotOptimize(d);
        }
    }
    space_counters(state, a.size(), overlapping, sum);
}

void fcl_indep_boxes(benchmark::State& state) {
    fcl_boxes<fcl::detail::GJKSolver_indep<double>>(state);
}
void fcl_libccd_boxes(benchmark::State& state) {
    fcl_boxes<fcl::detail::GJKSolver_libccd<double>>(state);
}
#endif

void register_space_rows() {
    const auto ms = benchmark::kMillisecond;
    for (bool boxes : {false, true}) {
        const std::string w = boxes ? "Space/Boxes" : "Space/Hulls16";
        benchmark::RegisterBenchmark(("gjk/" + w).c_str(), [boxes](benchmark::State& s) {
            gjk_space<float>(s, boxes);
        })->Unit(ms);
        benchmark::RegisterBenchmark(("gjk_double/" + w).c_str(), [boxes](benchmark::State& s) {
            gjk_space<double>(s, boxes);
        })->Unit(ms);
        for (int threads : {1, 2}) {
            const std::string row = "gjk_batch" + std::to_string(threads) + "/" + w;
            benchmark::RegisterBenchmark(row.c_str(),
                                         [boxes, threads](benchmark::State& s) {
                                             gjk_space_batch<float>(s, boxes, threads);
                                         })
                ->Unit(ms)
                ->UseRealTime();
            const std::string double_row = "gjk_double_batch" + std::to_string(threads) + "/" + w;
            benchmark::RegisterBenchmark(double_row.c_str(),
                                         [boxes, threads](benchmark::State& s) {
                                             gjk_space_batch<double>(s, boxes, threads);
                                         })
                ->Unit(ms)
                ->UseRealTime();
        }
#if defined(GJK_BENCH_BULLET)
        benchmark::RegisterBenchmark(("bullet/" + w).c_str(), [boxes](benchmark::State& s) {
            bullet_space(s, boxes);
        })->Unit(ms);
#endif
    }
#if defined(GJK_BENCH_FCL)
    benchmark::RegisterBenchmark("fcl/Space/Boxes", fcl_indep_boxes)->Unit(ms);
    benchmark::RegisterBenchmark("fcl_libccd/Space/Boxes", fcl_libccd_boxes)->Unit(ms);
#endif
}

} // namespace gjk_bench
