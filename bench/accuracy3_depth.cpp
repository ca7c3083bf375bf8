// bench/accuracy3_depth.cpp - gjk_accuracy3's second table: the penetration depth in space of
// gjk (penetration(): EPA) and its peers on overlapping pairs, against the depth of the
// separating axis theorem taken over every candidate axis, in long double: Bullet 3.24
// (btGjkPairDetector with btGjkEpaPenetrationDepthSolver, the double build), FCL 0.7's
// shapeIntersect with its own solver and with libccd's (boxes as fcl::Box, hulls as
// fcl::Convex with the faces of gjk::convex_hull3).
//
// The oracle. The depth of the origin in Z = B - A is min over unit u of h_Z(u), h_Z(u) =
// max_b u . b - min_a u . a, and the minimum is reached at a normal of a face of Z: a face
// normal of A or of B, or the cross product of an edge of A and an edge of B. The normals of
// every triple of A's points, of every triple of B's, and the cross products of every pair of
// A's points with every pair of B's include them all (both signs taken); any other axis gives
// an h_Z no smaller than the depth. In long double (64-bit significands) the oracle's error is
// about 1e-18 of the scale, far below the table's 1e-12.
#include <cmath>
#include <cstdio>
#include <functional>
#include <limits>
#include <memory>
#include <random>
#include <vector>

#include <BulletCollision/CollisionShapes/btConvexHullShape.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkEpaPenetrationDepthSolver.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkPairDetector.h>
#include <BulletCollision/NarrowPhaseCollision/btPointCollector.h>
#include <BulletCollision/NarrowPhaseCollision/btVoronoiSimplexSolver.h>
#include <fcl/geometry/shape/box.h>
#include <fcl/geometry/shape/convex.h>
#include <fcl/narrowphase/detail/gjk_solver_indep.h>
#include <fcl/narrowphase/detail/gjk_solver_libccd.h>

#include "accuracy3_cases.hpp"
#include "gjk/hull3.hpp"
#include "gjk/penetration3.hpp"
#include "support/penetration3_oracle.hpp"

namespace {

using accuracy3::Case;
using accuracy3::Points;
using L = long double;
using VL = gjk::Vec3<L>;

VL widen(gjk::Vec3<double> p) {
    return {p.x, p.y, p.z};
}

/// The separating axis depth over every candidate axis (the top of this file; the tests'
/// oracle, tests/support/penetration3_oracle.hpp); negative when an axis separates the shapes.
L sat_depth(const Points& pa, const Points& pb) {
    std::vector<VL> a, b;
    for (const auto& p : pa) {
        a.push_back(widen(p));
    }
    for (const auto& p : pb) {
        b.push_back(widen(p));
    }
    return gjk_test::every_axis_depth(a, b).depth;
}

/// The case with B slid along the line from A's centre to B's until the cores overlap by about
/// `overlap` past first contact: contact is found by bisection on gjk's distance (only to
/// place B: the depth the table checks is the oracle's). Boxes keep their centre, rotation and
/// half extents consistent with their corners, for FCL.
Case slide_into(Case c, double overlap) {
    const Points a = c.a;
    auto mean = [](const Points& p) {
        gjk::Vec3<double> sum{};
        for (const auto& v : p) {
            sum += v;
        }
        return (1.0 / double(p.size())) * sum;
    };
    const gjk::Vec3<double> from = c.boxes ? c.centre_a : mean(c.a);
    const gjk::Vec3<double> at = c.boxes ? c.centre_b : mean(c.b);
    Points offsets;
    if (c.boxes) {
        for (const auto& v : accuracy3::box({0, 0, 0}, c.half_b)) {
            offsets.push_back(gjk::rotate(c.turn_b, v));
        }
    } else {
        for (const auto& v : c.b) {
            offsets.push_back(v - at);
        }
    }
    const gjk::Vec3<double> d = gjk::normalized(at - from);
    auto placed = [&](double t) {
        Points b;
        for (const auto& v : offsets) {
            b.push_back(v + (from + t * d));
        }
        return b;
    };
    auto apart = [&](double t) {
        const Points b = placed(t);
        gjk::DistanceInput3<double> in;
        in.a = gjk::ShapeView3<double>(a);
        in.b = gjk::ShapeView3<double>(b);
        return gjk::distance(in).status == gjk::Status::separated;
    };
    double lo = 0, hi = 1;
    while (!apart(hi)) {
        hi *= 2;
    }
    for (int step = 0; step < 80; ++step) {
        const double mid = 0.5 * (lo + hi);
        (apart(mid) ? hi : lo) = mid;
    }
    const double t = lo - overlap;
    c.b = placed(t);
    c.centre_b = from + t * d;
    return c;
}

/// A depth, or nothing (a failure: no answer, NaN, a cap reached).
struct Depth {
    bool ok = false;
    double depth = 0; ///< 0 where the library says the shapes do not overlap
};

Depth gjk_depth(const Case& c) {
    gjk::DistanceInput3<double> in;
    in.a = gjk::ShapeView3<double>(c.a);
    in.b = gjk::ShapeView3<double>(c.b);
    const gjk::PenetrationOutput3<double> out = gjk::penetration(in);
    const bool ok = out.error == gjk::InputError::none &&
                    out.status != gjk::Status::max_iterations && std::isfinite(out.depth);
    return {ok, out.depth};
}

Depth bullet_depth(const Case& c) {
    auto hull = [](const Points& p) {
        auto h = std::make_unique<btConvexHullShape>();
        for (const auto& v : p) {
            h->addPoint(btVector3(v.x, v.y, v.z), false);
        }
        h->recalcLocalAabb();
        h->setMargin(0);
        return h;
    };
    const auto a = hull(c.a), b = hull(c.b);
    btVoronoiSimplexSolver simplex;
    btGjkEpaPenetrationDepthSolver epa;
    btGjkPairDetector gjk(a.get(), b.get(), &simplex, &epa);
    btGjkPairDetector::ClosestPointInput input;
    input.m_transformA.setIdentity();
    input.m_transformB.setIdentity();
    btPointCollector out;
    gjk.getClosestPoints(input, out, nullptr);
    if (!out.m_hasResult) {
        return {};
    }
    const double d = double(out.m_distance);
    return {std::isfinite(d), std::max(0.0, -d)};
}

fcl::Transform3d fcl_pose(gjk::Vec3<double> centre, gjk::Quat<double> q) {
    fcl::Transform3d t = fcl::Transform3d::Identity();
    t.linear() = fcl::Quaterniond(q.w, q.x, q.y, q.z).toRotationMatrix();
    t.translation() = fcl::Vector3d(centre.x, centre.y, centre.z);
    return t;
}

fcl::Convexd fcl_convex(const Points& points) {
    const gjk::Hull3<double> hull = gjk::convex_hull3<double>(points);
    auto vertices = std::make_shared<std::vector<fcl::Vector3d>>();
    for (const auto& p : hull.vertices) {
        vertices->emplace_back(p.x, p.y, p.z);
    }
    auto faces = std::make_shared<std::vector<int>>();
    for (const auto& f : hull.faces) {
        faces->insert(faces->end(), {3, f[0], f[1], f[2]});
    }
    return fcl::Convexd(vertices, int(hull.faces.size()), faces);
}

/// FCL's deepest contact, or 0 when it finds no intersection.
Depth fcl_contacts(bool hit, const std::vector<fcl::ContactPoint<double>>& contacts) {
    if (!hit) {
        return {true, 0};
    }
    if (contacts.empty()) {
        return {};
    }
    double depth = 0;
    bool finite = true;
    for (const auto& k : contacts) {
        finite = finite && std::isfinite(k.penetration_depth);
        depth = std::max(depth, k.penetration_depth);
    }
    return {finite, depth};
}

template <class Solver> Depth fcl_depth(const Case& c) {
    const Solver solver;
    std::vector<fcl::ContactPoint<double>> contacts;
    if (c.boxes) {
        const fcl::Boxd a(2 * c.half_a.x, 2 * c.half_a.y, 2 * c.half_a.z);
        const fcl::Boxd b(2 * c.half_b.x, 2 * c.half_b.y, 2 * c.half_b.z);
        const bool hit = solver.shapeIntersect(a, fcl_pose(c.centre_a, c.turn_a), b,
                                               fcl_pose(c.centre_b, c.turn_b), &contacts);
        return fcl_contacts(hit, contacts);
    }
    const fcl::Convexd a = fcl_convex(c.a), b = fcl_convex(c.b);
    const fcl::Transform3d identity = fcl::Transform3d::Identity();
    const bool hit = solver.shapeIntersect(a, identity, b, identity, &contacts);
    return fcl_contacts(hit, contacts);
}

} // namespace

/// The depth table (Markdown), after the distance table of accuracy3.cpp.
void print_depth_table() {
    struct Library {
        const char* name;
        std::function<Depth(const Case&)> run;
    };
    const Library libraries[] = {
        {"gjk", gjk_depth},
        {"Bullet 3.24 (double, EPA)", bullet_depth},
        {"FCL 0.7 (own solver)", fcl_depth<fcl::detail::GJKSolver_indep<double>>},
        {"FCL 0.7 + libccd", fcl_depth<fcl::detail::GJKSolver_libccd<double>>},
    };
    struct Family {
        const char* name;
        std::function<Case(std::mt19937_64&, int)> make;
        int count;
    };
    const double overlaps[] = {1e-6, 1e-4, 1e-2, 1e-1};
    const Family families[] = {
        {"boxes on a grid of 1/64 overlapping by 1/64 or 1/4",
         [](std::mt19937_64& r, int i) { return accuracy3::boxes(r, i % 2 ? -0.25 : -1.0 / 64); },
         100},
        {"boxes in random rotations overlapping by 1e-6..1e-1",
         [&](std::mt19937_64& r, int i) {
             return slide_into(accuracy3::turned_boxes(r, 0.5), overlaps[i % 4]);
         },
         200},
        {"hulls of 8-16 points overlapping by 1e-6..1e-1",
         [&](std::mt19937_64& r, int i) {
             return slide_into(accuracy3::hulls(r, 8 + i % 9, 0.5), overlaps[i % 4]);
         },
         100},
    };
    std::printf("\n| family (penetration depth) | library | cases | failures | off by > 1e-12 | "
                "off by > 1e-6 | not overlapping | worst error / scale |\n"
                "|---|---|---:|---:|---:|---:|---:|---:|\n");
    for (const Family& f : families) {
        std::mt19937_64 rng(78);
        std::vector<Case> cases;
        std::vector<L> truth;
        for (int i = 0; i < f.count; ++i) {
            cases.push_back(f.make(rng, i));
            truth.push_back(sat_depth(cases.back().a, cases.back().b));
        }
        for (const Library& lib : libraries) {
            long failures = 0, off_12 = 0, off_6 = 0, missed = 0, counted = 0;
            double worst = 0;
            for (std::size_t i = 0; i < cases.size(); ++i) {
                if (!(truth[i] > 0)) {
                    continue; // the pair does not overlap after all
                }
                ++counted;
                const double scale = 2;
                const Depth r = lib.run(cases[i]);
                if (!r.ok) {
                    ++failures;
                    continue;
                }
                const double error = double(std::fabs((L)r.depth - truth[i])) / scale;
                worst = std::max(worst, error);
                off_12 += error > 1e-12;
                off_6 += error > 1e-6;
                missed += r.depth == 0 && truth[i] > 1e-12 * scale;
            }
            std::printf("| %s | %s | %ld | %ld | %ld | %ld | %ld | %.1e |\n", f.name, lib.name,
                        counted, failures, off_12, off_6, missed, worst);
        }
    }
}
