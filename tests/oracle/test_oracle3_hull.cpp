// tests/oracle/test_oracle3_hull.cpp - tests of the 3D oracle's hull distance: hand-made cases
// with answers worked out by hand, and random sets checked three ways: against the literal
// brute-force definition, against the exact search without the long double ranking, and against
// a long double Frank-Wolfe iteration and random convex combinations (algorithms that share
// nothing with oracle3.cpp).
#include "oracle/oracle3.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <limits>
#include <numeric>
#include <random>
#include <stdexcept>
#include <utility>
#include <vector>

#include "oracle/test_support3.hpp"

namespace {

using oracle3::approx_sqrt;
using oracle3::hull_distance;
using oracle3::hull_distance_brute_force;
using oracle3::hull_distance_exact_search;
using oracle3::P3;
using oracle3::Q;
using oracle3_test::r;
using Set = std::vector<P3>;

// The 8 corners of the box [x0, x1] x [y0, y1] x [z0, z1].
Set box(double x0, double y0, double z0, double x1, double y1, double z1) {
    Set s;
    for (int i = 0; i < 8; ++i) {
        s.push_back({(i & 1) != 0 ? x1 : x0, (i & 2) != 0 ? y1 : y0, (i & 4) != 0 ? z1 : z0});
    }
    return s;
}

Set shifted(Set s, double dx, double dy, double dz) {
    for (P3& p : s) {
        p.x += dx;
        p.y += dy;
        p.z += dz;
    }
    return s;
}

// ---------------------------------------------------------------------------------------------
// Hull distance: hand-made cases.

void expect_hull(const Set& a, const Set& b, const Q& distance2, bool intersect) {
    for (const auto& [x, y] : {std::pair{&a, &b}, std::pair{&b, &a}}) {
        const auto h = hull_distance(*x, *y);
        EXPECT_EQ(h.distance2, distance2);
        EXPECT_EQ(h.intersect, intersect);
    }
    if (a.size() <= 8 && b.size() <= 8) {
        const auto brute = hull_distance_brute_force(a, b);
        EXPECT_EQ(brute.distance2, distance2);
        EXPECT_EQ(brute.intersect, intersect);
    }
}

TEST(Oracle3Hull, UnitCubesAtAKnownGap) {
    const Set unit = box(0, 0, 0, 1, 1, 1);
    expect_hull(unit, shifted(unit, 1.5, 0, 0), r(1, 4), false);
    expect_hull(unit, shifted(unit, 0.25, -0.5, 1.125), r(1, 64), false); // face over face
    expect_hull(unit, shifted(unit, 2, 3, 3), Q(9), false);   // corner to corner: gaps 1, 2, 2
    expect_hull(unit, shifted(unit, 2, 0.5, 3), Q(5), false); // edge to edge: gaps 1, 0, 2
}

TEST(Oracle3Hull, TouchingCubesIntersect) {
    const Set unit = box(0, 0, 0, 1, 1, 1);
    expect_hull(unit, shifted(unit, 1, 0, 0), Q(0), true);       // a shared face
    expect_hull(unit, shifted(unit, 1, 0.5, 0.25), Q(0), true);  // faces overlapping in part
    expect_hull(unit, shifted(unit, 1, 1, 0), Q(0), true);       // a shared edge
    expect_hull(unit, shifted(unit, 1, 1, 1), Q(0), true);       // one shared corner
    expect_hull(unit, shifted(unit, 0.5, 0.5, 0.5), Q(0), true); // overlapping solids
}

TEST(Oracle3Hull, NestedHullsIntersect) {
    expect_hull(box(0, 0, 0, 4, 4, 4), box(1, 1, 1, 2, 2, 2), Q(0), true);
    // A single point strictly inside a tetrahedron, and one just outside its face x + y + z = 6.
    const Set tet{{0, 0, 0}, {6, 0, 0}, {0, 6, 0}, {0, 0, 6}};
    expect_hull(tet, {{1, 1, 1}}, Q(0), true);
    expect_hull(tet, {{3, 3, 3}}, Q(3), false); // to the centroid (2, 2, 2): (9 - 6)^2 / 3
}

TEST(Oracle3Hull, SkewEdgesAtAKnownDistance) {
    // The x axis from 0 to 1 and a segment parallel to y at x = 0.5, z = 2.
    expect_hull({{0, 0, 0}, {1, 0, 0}}, {{0.5, -1, 2}, {0.5, 1, 2}}, Q(4), false);
    // The diagonals y = x at z = 0 and y = -x at z = 3 cross (seen from above) at the origin.
    expect_hull({{-1, -1, 0}, {1, 1, 0}}, {{1, -1, 3}, {-1, 1, 3}}, Q(9), false);
    // Two tetrahedra whose only nearest features are an edge each, crossing at right angles:
    // A's top edge on z = 0 along x, B's bottom edge on z = 1/2 along y.
    const Set a{{0, 0, 0}, {2, 0, 0}, {1, 1, -1}, {1, -1, -1}};
    const Set b{{1, -1, 0.5}, {1, 1, 0.5}, {0, 0, 1.5}, {2, 0, 1.5}};
    expect_hull(a, b, r(1, 4), false);
    // Lowered by 1/2 they touch at the single point (1, 0, 0): no vertex of one is in the other.
    expect_hull(a, shifted(b, 0, 0, -0.5), Q(0), true);
}

TEST(Oracle3Hull, PiercingTrianglesIntersectWithoutAVertexInside) {
    // B, in the plane x = 1, crosses A (in z = 0) along y in [1, 3]; its edge from (1, 1, -1) to
    // (1, 1, 1) pierces A at (1, 1, 0). No vertex of either set lies in the other's hull.
    const Set a{{0, 0, 0}, {4, 0, 0}, {0, 4, 0}};
    const Set b{{1, 1, -1}, {1, 1, 1}, {1, 6, 0}};
    expect_hull(a, b, Q(0), true);
    // Moved by 5/2 along y, B (all of it at y >= 7/2) clears A's edge x + y = 4: that edge's
    // point (3/4, 13/4, 0) and B's (1, 7/2, 0) are 1/(2 sqrt 2) apart, the distance of x + y = 4
    // to the half-plane x = 1, y >= 7/2.
    expect_hull(a, shifted(b, 0, 2.5, 0), r(1, 8), false);
}

TEST(Oracle3Hull, FlatPolygonsIn3D) {
    const Set square{{0, 0, 0}, {2, 0, 0}, {2, 2, 0}, {0, 2, 0}};
    // Parallel squares, offset sideways: the planes are 2 apart.
    expect_hull(square, shifted(square, 0.5, -1, 2), Q(4), false);
    // A square of the plane x = 1 crossing the first one: edges pierce faces, no vertex inside.
    const Set wall{{1, -1, -1}, {1, 3, -1}, {1, 3, 1}, {1, -1, 1}};
    expect_hull(square, wall, Q(0), true);
    // Lifted to z in [1/2, 5/2]: its bottom edge is 1/2 above the first square.
    expect_hull(square, shifted(wall, 0, 0, 1.5), r(1, 4), false);
    // Coplanar: a triangle one unit beyond the square's edge x = 2, then overlapping it.
    const Set tri{{3, 0, 0}, {4, 0, 0}, {3, 1, 0}};
    expect_hull(square, tri, Q(1), false);
    expect_hull(square, shifted(tri, -1.5, 0.5, 0), Q(0), true);
}

TEST(Oracle3Hull, CollinearSetsAndPoints) {
    // On the diagonal of the cube: [0, 1] and [2, 3] times (1, 1, 1), one with a middle point.
    const Set lo{{0, 0, 0}, {1, 1, 1}, {0.5, 0.5, 0.5}};
    expect_hull(lo, {{3, 3, 3}, {2, 2, 2}}, Q(3), false);
    expect_hull(lo, {{0.75, 0.75, 0.75}, {2, 2, 2}}, Q(0), true);
    // Parallel lines: [0, 1] on the x axis, [2, 3] on the line y = 1.
    expect_hull({{0, 0, 0}, {1, 0, 0}}, {{3, 1, 0}, {2, 1, 0}}, Q(2), false);
    // Single points, repeated points.
    expect_hull({{1, 2, 3}}, {{4, 6, 3}}, Q(25), false);
    expect_hull({{1, 2, 3}, {1, 2, 3}}, {{1, 2, 3}}, Q(0), true);
    expect_hull({{1, 2, 3}, {1, 2, 3}}, {{4, 6, 3}, {4, 6, 3}, {4, 6, 3}}, Q(25), false);
    // A point above a triangle's interior, beyond an edge, beyond a vertex.
    const Set tri{{0, 0, 0}, {4, 0, 0}, {0, 4, 0}};
    expect_hull(tri, {{1, 1, 5}}, Q(25), false);
    expect_hull(tri, {{2, -3, 1}}, Q(10), false);
    expect_hull(tri, {{-1, -1, 2}}, Q(6), false);
}

TEST(Oracle3Hull, RejectsEmptySets) {
    EXPECT_THROW(hull_distance({}, {{0, 0, 0}}), std::invalid_argument);
    EXPECT_THROW(hull_distance({{0, 0, 0}}, {}), std::invalid_argument);
    EXPECT_THROW(hull_distance_brute_force({}, {{0, 0, 0}}), std::invalid_argument);
}

// ---------------------------------------------------------------------------------------------
// Hull distance: random cross-checks.

// Random sets of 1..max_size points, from one of three families: a coarse grid (ties, touching,
// coplanar and collinear sets on purpose), points on a random line or plane (flat hulls, in
// double), and general doubles.
struct SetMaker {
    std::mt19937_64 rng;
    int max_size;

    double u(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); }
    int pick(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); }

    Set make(double cx) {
        const int n = pick(1, max_size);
        Set s;
        switch (std::max(0, pick(-2, 3))) {
        case 0: // halves in [-1, 1] (half the sets): many exact coincidences
            for (int i = 0; i < n; ++i) {
                s.push_back({cx + pick(-2, 2) * 0.5, pick(-2, 2) * 0.5, pick(-2, 2) * 0.5});
            }
            break;
        case 1: { // on a line
            const P3 o{cx + u(-1, 1), u(-1, 1), u(-1, 1)}, d{u(-1, 1), u(-1, 1), u(-1, 1)};
            for (int i = 0; i < n; ++i) {
                const double t = u(-1, 1);
                s.push_back({o.x + t * d.x, o.y + t * d.y, o.z + t * d.z});
            }
            break;
        }
        case 2: // in a coordinate plane (exactly flat), or on a sheet z = x/4 + y/2
            for (int i = 0; i < n; ++i) {
                const double x = u(-1, 1), y = u(-1, 1);
                s.push_back({cx + x, y, n % 2 == 0 ? 0.25 : x / 4 + y / 2});
            }
            break;
        default:
            for (int i = 0; i < n; ++i) {
                s.push_back({cx + u(-1, 1), u(-1, 1), u(-1, 1)});
            }
        }
        return s;
    }
};

TEST(Oracle3Hull, AgreesWithTheLiteralDefinitionAndTheExactSearch) {
    SetMaker maker{std::mt19937_64(21), 5};
    // Every third case, a set on the half-grid with x <= 0 against one with x >= 0: they touch
    // on the plane x = 0 or miss each other, often by a single grid step.
    auto side = [&maker](int sign) {
        Set s;
        for (int n = maker.pick(1, 5); n > 0; --n) {
            s.push_back(
                {sign * maker.pick(0, 1) * 0.5, maker.pick(-1, 1) * 0.5, maker.pick(-1, 1) * 0.5});
        }
        return s;
    };
    int intersect = 0, disjoint = 0, touching = 0;
    for (int i = 0; i < 250; ++i) {
        const bool contact = i % 3 == 0;
        const Set a = contact ? side(-1) : maker.make(0);
        const Set b = contact ? side(1) : maker.make(maker.pick(0, 2) * 0.5);
        const auto fast = hull_distance(a, b);
        const auto brute = hull_distance_brute_force(a, b);
        const auto search = hull_distance_exact_search(a, b);
        ASSERT_EQ(fast.intersect, brute.intersect) << "case " << i;
        ASSERT_EQ(fast.distance2, brute.distance2) << "case " << i;
        ASSERT_EQ(search.intersect, brute.intersect) << "case " << i;
        ASSERT_EQ(search.distance2, brute.distance2) << "case " << i;
        const auto swapped = hull_distance(b, a);
        ASSERT_EQ(swapped.intersect, fast.intersect) << "case " << i;
        ASSERT_EQ(swapped.distance2, fast.distance2) << "case " << i;
        (fast.intersect ? intersect : disjoint) += 1;
        // Touching, not overlapping: moved by 1e-9 along some axis, the hulls come apart.
        if (fast.intersect && (!hull_distance(a, shifted(b, 1e-9, 0, 0)).intersect ||
                               !hull_distance(a, shifted(b, 0, 1e-9, 0)).intersect ||
                               !hull_distance(a, shifted(b, 0, 0, 1e-9)).intersect)) {
            ++touching;
        }
    }
    EXPECT_GE(intersect, 30);
    EXPECT_GE(disjoint, 100);
    EXPECT_GE(touching, 15) << "touching contacts barely sampled";
}

// Pairwise Frank-Wolfe on the difference P = hull{a_i - b_j}, in long double: minimises |w|^2
// over P. Each step moves weight from the active vertex worst along w (the away vertex) to the
// vertex best along w, by exact line search; this converges linearly on polytopes. Returns
// |w| (an upper bound on the distance) and the lower bound min_k v_k . w / |w| (every v of P
// has |v| >= v . w / |w|).
struct Bounds {
    long double upper, lower;
};

Bounds frank_wolfe(const Set& a, const Set& b, int max_steps) {
    struct L {
        long double x, y, z;
    };
    std::vector<L> v;
    for (const P3& p : a) {
        for (const P3& q : b) {
            v.push_back({static_cast<long double>(p.x) - q.x, static_cast<long double>(p.y) - q.y,
                         static_cast<long double>(p.z) - q.z});
        }
    }
    auto dotl = [](const L& p, const L& q) { return p.x * q.x + p.y * q.y + p.z * q.z; };
    std::vector<long double> alpha(v.size(), 0);
    alpha[0] = 1;
    auto weighted = [&] {
        L w{0, 0, 0};
        for (std::size_t k = 0; k < v.size(); ++k) {
            w = {w.x + alpha[k] * v[k].x, w.y + alpha[k] * v[k].y, w.z + alpha[k] * v[k].z};
        }
        return w;
    };
    L w = v[0];
    for (int step = 0; step < max_steps; ++step) {
        if (step % 256 == 255) {
            w = weighted(); // no drift
        }
        std::size_t s = 0, away = 0;
        bool have_away = false;
        for (std::size_t k = 0; k < v.size(); ++k) {
            if (dotl(v[k], w) < dotl(v[s], w)) {
                s = k;
            }
            if (alpha[k] > 0 && (!have_away || dotl(v[k], w) > dotl(v[away], w))) {
                away = k;
                have_away = true;
            }
        }
        // Converged: |w| - min_k v_k . w / |w| (the bounds' gap) below 1e-13, or |w| below 1e-13.
        const long double ww = dotl(w, w);
        if (ww <= 1e-26L || ww - dotl(v[s], w) <= 1e-13L * std::sqrt(ww)) {
            break;
        }
        const L d{v[s].x - v[away].x, v[s].y - v[away].y, v[s].z - v[away].z};
        const long double dd = dotl(d, d);
        if (!(dd > 0)) {
            break;
        }
        const long double gamma = std::clamp(-dotl(w, d) / dd, 0.0L, alpha[away]);
        if (!(gamma > 0)) {
            break;
        }
        alpha[s] += gamma;
        alpha[away] -= gamma;
        w = {w.x + gamma * d.x, w.y + gamma * d.y, w.z + gamma * d.z};
    }
    w = weighted();
    const long double norm = std::sqrt(dotl(w, w));
    long double lower = 0;
    if (norm > 0) {
        lower = std::numeric_limits<long double>::infinity();
        for (const L& p : v) {
            lower = std::min(lower, dotl(p, w) / norm);
        }
        lower = std::max(lower, 0.0L);
    }
    return {norm, lower};
}

TEST(Oracle3Hull, SandwichedByFrankWolfeAndNeverAboveASampledPair) {
    std::mt19937_64 rng(33);
    SetMaker maker{std::mt19937_64(34), 12};
    std::exponential_distribution<double> expo(1);
    int disjoint = 0, intersect = 0;
    for (int i = 0; i < 120; ++i) {
        const Set a = maker.make(0),
                  b = maker.make(std::uniform_real_distribution<double>(0, 3)(rng));
        const auto h = hull_distance(a, b);
        const long double d = approx_sqrt(h.distance2);
        ASSERT_EQ(h.intersect, h.distance2 == 0) << "case " << i;
        (h.intersect ? intersect : disjoint) += 1;
        // Random convex combinations (sparse and dense) are points of the hulls: never closer.
        for (int k = 0; k < 400; ++k) {
            auto combo = [&](const Set& s) {
                std::vector<double> w(s.size());
                for (double& x : w) {
                    x = (k % 2 == 0 && std::uniform_int_distribution<int>(0, 2)(rng) != 0)
                            ? 0
                            : expo(rng);
                }
                w[std::uniform_int_distribution<std::size_t>(0, s.size() - 1)(rng)] += 1e-3;
                const long double total = std::accumulate(w.begin(), w.end(), 0.0L);
                std::array<long double, 3> p{0, 0, 0};
                for (std::size_t j = 0; j < s.size(); ++j) {
                    p[0] += w[j] / total * s[j].x;
                    p[1] += w[j] / total * s[j].y;
                    p[2] += w[j] / total * s[j].z;
                }
                return p;
            };
            const auto p = combo(a), q = combo(b);
            const long double gap = std::hypot(p[0] - q[0], std::hypot(p[1] - q[1], p[2] - q[2]));
            ASSERT_GE(gap, d - 1e-15L) << "case " << i;
        }
        // Frank-Wolfe: lower <= d <= upper up to rounding, and it converges onto d.
        const Bounds fw = frank_wolfe(a, b, 200000);
        EXPECT_LE(fw.lower, d + 1e-15L) << "case " << i;
        EXPECT_GE(fw.upper, d - 1e-15L) << "case " << i;
        EXPECT_LE(fw.upper - d, 1e-9L) << "case " << i;
    }
    EXPECT_GE(disjoint, 30);
    EXPECT_GE(intersect, 20);
}

// Random point clouds of 32 points against 32, rotated in double: the families the kernel's
// tests will use, at their size. Each answer is checked against Frank-Wolfe.
TEST(Oracle3Hull, ThirtyTwoPointCloudsMatchFrankWolfe) {
    std::mt19937_64 rng(44);
    std::uniform_real_distribution<double> u(-1, 1);
    auto rotated_cloud = [&](double cx, bool flat_top) {
        const double ang = u(rng) * 3;
        const double c = std::cos(ang), s = std::sin(ang);
        Set out;
        for (int i = 0; i < 32; ++i) {
            const double x = u(rng), y = u(rng), z = flat_top && i % 2 == 0 ? 1 : u(rng);
            out.push_back({cx + c * x - s * z, y, s * x + c * z});
        }
        return out;
    };
    for (int i = 0; i < 12; ++i) {
        const Set a = rotated_cloud(0, i % 3 == 0),
                  b = rotated_cloud(1.5 + 0.25 * (i % 4), i % 3 == 1);
        const auto h = hull_distance(a, b);
        const long double d = approx_sqrt(h.distance2);
        const Bounds fw = frank_wolfe(a, b, 400000);
        EXPECT_LE(fw.lower, d + 1e-15L) << "case " << i;
        EXPECT_GE(fw.upper, d - 1e-15L) << "case " << i;
        EXPECT_LE(fw.upper - d, 1e-9L) << "case " << i;
    }
}

} // namespace
