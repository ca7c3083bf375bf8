// bench/accuracy3.cpp - gjk_accuracy3: the distance in space of gjk and its peers against the
// exact oracle (tests/oracle/oracle3.hpp), on the same seeded families, in double: Bullet 3.24
// (btGjkPairDetector with its Voronoi simplex solver, Debian's double build bullet-float64,
// margins 0), FCL 0.7's own GJK (GJKSolver_indep) and its libccd one (GJKSolver_libccd) on
// boxes. Every shape is given in world coordinates with identity poses, so that each library
// and the oracle see the same doubles (FCL, which takes a box, its rotation and its centre,
// rounds its own corners: an error of about 1e-16 of the scale, far below the counts' 1e-12).
//
// Counted per library and family: the largest |d - exact| / scale, the answers off by more
// than 1e-12 and by more than 1e-6 of the scale, the wrong verdicts (separated where the exact
// hulls meet, or meeting where they are apart by more than 1e-12 of the scale), and the
// failures (no answer, NaN). gjk in float reads the points rounded to float, and is measured
// against the oracle of those floats; its verdicts are wrong when they are wrong by more than its
// stated bound, 1e-6 of the scale. Prints a Markdown table.
#include <cmath>
#include <cstdio>
#include <functional>
#include <limits>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include <BulletCollision/CollisionShapes/btBoxShape.h>
#include <BulletCollision/CollisionShapes/btConvexHullShape.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkPairDetector.h>
#include <BulletCollision/NarrowPhaseCollision/btPointCollector.h>
#include <BulletCollision/NarrowPhaseCollision/btVoronoiSimplexSolver.h>
#include <fcl/geometry/shape/box.h>
#include <fcl/narrowphase/detail/gjk_solver_indep.h>
#include <fcl/narrowphase/detail/gjk_solver_libccd.h>

#include "accuracy3_cases.hpp"
#include "gjk/distance3.hpp"
#include "oracle/oracle3.hpp"

namespace {

using accuracy3::boxes;
using accuracy3::Case;
using accuracy3::hulls;
using accuracy3::Points;
using accuracy3::turned_boxes;

/// An answer: the distance (0 for meeting shapes), or nothing (a failure).
struct Answer {
    bool ok = false;
    double distance = 0;
};

/// gjk in T: the case's points as T (rounded to float in float; the oracle is given the same).
template <class T> Answer run_gjk(const Case& c) {
    std::vector<gjk::Vec3<T>> a, b;
    for (const auto& v : c.a)
        a.push_back({T(v.x), T(v.y), T(v.z)});
    for (const auto& v : c.b)
        b.push_back({T(v.x), T(v.y), T(v.z)});
    gjk::DistanceInput3<T> in;
    in.a = gjk::ShapeView3<T>(a);
    in.b = gjk::ShapeView3<T>(b);
    const auto out = gjk::distance(in);
    return {out.status != gjk::Status::invalid_input && std::isfinite(out.distance),
            double(out.distance)};
}

Answer run_bullet(const Case& c) {
    auto hull = [](const Points& p) {
        auto h = std::make_unique<btConvexHullShape>();
        for (const auto& v : p)
            h->addPoint(btVector3(v.x, v.y, v.z), false);
        h->recalcLocalAabb();
        h->setMargin(0);
        return h;
    };
    const auto a = hull(c.a), b = hull(c.b);
    btVoronoiSimplexSolver simplex;
    btGjkPairDetector gjk(a.get(), b.get(), &simplex, nullptr);
    btGjkPairDetector::ClosestPointInput input;
    input.m_transformA.setIdentity();
    input.m_transformB.setIdentity();
    btPointCollector out;
    gjk.getClosestPoints(input, out, nullptr);
    if (!out.m_hasResult)
        return {true, 0}; // no separating result: the shapes meet
    const double d = double(out.m_distance);
    return {std::isfinite(d), std::max(0.0, d)};
}

template <class Solver> Answer run_fcl(const Case& c) {
    if (!c.boxes)
        return {};
    const fcl::Boxd a(2 * c.half_a.x, 2 * c.half_a.y, 2 * c.half_a.z);
    const fcl::Boxd b(2 * c.half_b.x, 2 * c.half_b.y, 2 * c.half_b.z);
    fcl::Transform3d ta = fcl::Transform3d::Identity(), tb = fcl::Transform3d::Identity();
    ta.linear() =
        fcl::Quaterniond(c.turn_a.w, c.turn_a.x, c.turn_a.y, c.turn_a.z).toRotationMatrix();
    tb.linear() =
        fcl::Quaterniond(c.turn_b.w, c.turn_b.x, c.turn_b.y, c.turn_b.z).toRotationMatrix();
    ta.translation() = fcl::Vector3d(c.centre_a.x, c.centre_a.y, c.centre_a.z);
    tb.translation() = fcl::Vector3d(c.centre_b.x, c.centre_b.y, c.centre_b.z);
    const Solver solver;
    double d = 0;
    const bool apart = solver.shapeDistance(a, ta, b, tb, &d);
    if (!apart)
        return {true, 0};
    return {std::isfinite(d), std::max(0.0, d)};
}

struct Tally {
    long cases = 0, failures = 0, off_12 = 0, off_6 = 0, wrong = 0;
    double worst = 0;
};

/// The points for the oracle, as doubles or rounded to float first (what a float query reads).
std::vector<oracle3::P3> to_oracle(const Points& p, bool in_float = false) {
    std::vector<oracle3::P3> out;
    for (const auto& v : p) {
        if (in_float)
            out.push_back({double(float(v.x)), double(float(v.y)), double(float(v.z))});
        else
            out.push_back({v.x, v.y, v.z});
    }
    return out;
}

} // namespace

void print_depth_table();

int main() {
    struct Library {
        const char* name;
        std::function<Answer(const Case&)> run;
        bool boxes_only;
        bool in_float = false; ///< reads the points rounded to float, its verdicts at 1e-6
    };
    const Library libraries[] = {
        {"gjk", run_gjk<double>, false},
        {"gjk (float)", run_gjk<float>, false, true},
        {"Bullet 3.24 (double)", run_bullet, false},
        {"FCL 0.7 (own GJK)", run_fcl<fcl::detail::GJKSolver_indep<double>>, true},
        {"FCL 0.7 + libccd", run_fcl<fcl::detail::GJKSolver_libccd<double>>, true},
    };
    struct Family {
        const char* name;
        std::function<Case(std::mt19937_64&, int)> make;
        int count;
    };
    const double gaps[] = {1e-12, 1e-9, 1e-6, 1e-3, 1e-1};
    const Family families[] = {
        {"boxes at gaps 1e-12..1e-1",
         [&](std::mt19937_64& r, int i) { return boxes(r, gaps[i % 5]); }, 200},
        {"boxes in exact contact or overlapping by 1/64",
         [](std::mt19937_64& r, int i) { return boxes(r, i % 2 == 0 ? 0.0 : -1.0 / 64); }, 100},
        {"boxes in random rotations at gaps 1e-12..1e-1",
         [&](std::mt19937_64& r, int i) { return turned_boxes(r, gaps[i % 5]); }, 300},
        {"boxes in random rotations overlapping by 1e-12..1e-3",
         [](std::mt19937_64& r, int i) {
             return turned_boxes(r, -std::pow(10.0, -12 + 3 * (i % 4)));
         },
         200},
        {"hulls of 8-32 points at gaps 1e-12..1e-1",
         [&](std::mt19937_64& r, int i) { return hulls(r, 8 + i % 25, gaps[i % 5]); }, 200},
        {"hulls of 8-32 points overlapping by 1e-3",
         [](std::mt19937_64& r, int i) { return hulls(r, 8 + i % 25, -1e-3); }, 100},
    };
    std::printf("| family | library | cases | failures | off by > 1e-12 | off by > 1e-6 | wrong "
                "verdicts | worst error / scale |\n|---|---|---:|---:|---:|---:|---:|---:|\n");
    for (const Family& f : families) {
        std::mt19937_64 rng(77);
        std::vector<Case> cases;
        std::vector<oracle3::HullDistance> exact, exact_float;
        for (int i = 0; i < f.count; ++i) {
            cases.push_back(f.make(rng, i));
            exact.push_back(
                oracle3::hull_distance(to_oracle(cases.back().a), to_oracle(cases.back().b)));
            exact_float.push_back(oracle3::hull_distance(to_oracle(cases.back().a, true),
                                                         to_oracle(cases.back().b, true)));
        }
        for (const Library& lib : libraries) {
            if (lib.boxes_only && !cases[0].boxes)
                continue;
            Tally t;
            for (std::size_t i = 0; i < cases.size(); ++i) {
                const double scale = 2;
                const oracle3::HullDistance& truth = lib.in_float ? exact_float[i] : exact[i];
                const double resolution = lib.in_float ? 1e-6 : 1e-12;
                const long double d = oracle3::approx_sqrt(truth.distance2);
                const Answer r = lib.run(cases[i]);
                ++t.cases;
                if (!r.ok) {
                    ++t.failures;
                    continue;
                }
                const double error = double(std::fabs((long double)r.distance - d)) / scale;
                t.worst = std::max(t.worst, error);
                t.off_12 += error > 1e-12;
                t.off_6 += error > 1e-6;
                const bool apart = r.distance > 0;
                t.wrong += (truth.intersect && apart) ||
                           (!truth.intersect && d > resolution * scale && !apart);
            }
            std::printf("| %s | %s | %ld | %ld | %ld | %ld | %ld | %.1e |\n", f.name, lib.name,
                        t.cases, t.failures, t.off_12, t.off_6, t.wrong, t.worst);
        }
    }
    print_depth_table();
    return 0;
}
