// tests/test_raycast_oracle.cpp - gjk/raycast.hpp against an exact oracle (the ray against every
// hull edge in rationals, GMP; the radius arcs and offset edges in long double): random polygons
// and rays, rounded shapes, big prepared polygons on the front chain, and clipping's accuracy
// against Box2D 2.4.1's b2PolygonShape::RayCast.
#include <box2d/b2_collision.h>
#include <box2d/b2_polygon_shape.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <optional>
#include <random>
#include <span>
#include <vector>

#include "gjk/gjk.hpp"
#include "gjk/raycast.hpp"
#include "oracle/oracle.hpp"
#include "support/scalars.hpp"

using gjk::CastStatus;
using gjk::Vec2;
using oracle::P;
using oracle::R;

namespace {

GJK_SCALAR_SUITE(RayCast);

/// The exact first hit of the ray o + t r, t in [0, max], on the convex polygon `h` (the exact
/// hull, counter-clockwise, 3 or more vertices): Cyrus-Beck in rationals. Each edge's outward
/// normal m = (e.y, -e.x) bounds the inside by dot(m, x - v) <= 0; along the ray that is
/// a + t b <= 0 with a = dot(m, o - v), b = dot(m, r): an entering edge (b < 0) raises the
/// lower end of the inside interval, a leaving one (b > 0) lowers its upper end. Returns t and
/// the entering edge's index (-1 when the ray starts inside), or nothing on a miss.
struct ExactHit {
    mpq_class t;
    int edge;
};
std::optional<ExactHit> exact_polygon_hit(const std::vector<P>& h, P o, P r, R max) {
    const std::size_t n = h.size();
    mpq_class lo = 0, hi = oracle::to_mpq(max);
    int edge = -1;
    const mpq_class ox = oracle::to_mpq(o.x), oy = oracle::to_mpq(o.y);
    const mpq_class rx = oracle::to_mpq(r.x), ry = oracle::to_mpq(r.y);
    for (std::size_t i = 0; i < n; ++i) {
        const mpq_class vx = oracle::to_mpq(h[i].x), vy = oracle::to_mpq(h[i].y);
        const mpq_class ex = oracle::to_mpq(h[(i + 1) % n].x) - vx;
        const mpq_class ey = oracle::to_mpq(h[(i + 1) % n].y) - vy;
        const mpq_class a = ey * (ox - vx) - ex * (oy - vy);
        const mpq_class b = ey * rx - ex * ry;
        if (sgn(b) == 0) {
            if (sgn(a) > 0) {
                return std::nullopt; // parallel and outside this edge's line
            }
            continue;
        }
        const mpq_class t = -a / b;
        if (sgn(b) < 0) {
            if (t > lo) {
                lo = t, edge = int(i);
            }
        } else if (t < hi) {
            hi = t;
        }
    }
    if (lo > hi) {
        return std::nullopt;
    }
    return ExactHit{lo, edge};
}

/// The first hit on the hull `h` (any size) rounded by `radius` > 0, in long double: the edges
/// moved out by the radius along their normals, and the circles around the vertices.
std::optional<R> rounded_hit(const std::vector<P>& h, R radius, P o, P r, R max) {
    if (oracle::point_distance(h, 0, o) <= radius) {
        return R(0);
    }
    std::optional<R> best;
    auto consider = [&](R t) {
        if (t >= 0 && t <= max && (!best || t < *best)) {
            best = t;
        }
    };
    const R rr = r.x * r.x + r.y * r.y;
    for (const P& v : h) { // ray-circle: |o + t r - v| = radius, the smaller root
        const R dx = o.x - v.x, dy = o.y - v.y;
        const R b = dx * r.x + dy * r.y, c = dx * dx + dy * dy - radius * radius;
        const R disc = b * b - rr * c;
        if (rr > 0 && disc >= 0) {
            consider((-b - std::sqrt(disc)) / rr);
        }
    }
    const std::size_t n = h.size();
    for (std::size_t i = 0; n >= 2 && i < n; ++i) {
        const P v = h[i], w = h[(i + 1) % n];
        const R ex = w.x - v.x, ey = w.y - v.y, len = std::sqrt(ex * ex + ey * ey);
        for (R side : {R(1), R(-1)}) { // a segment's two sides; a polygon's outer one
            if (n >= 3 && side < 0) {
                continue;
            }
            const R mx = side * ey / len, my = -side * ex / len; // unit outward normal
            const R b = mx * r.x + my * r.y;
            if (!(b < 0)) {
                continue;
            }
            const R t = (radius - (mx * (o.x - v.x) + my * (o.y - v.y))) / b;
            const R px = o.x + t * r.x - v.x, py = o.y + t * r.y - v.y;
            const R along = (px * ex + py * ey) / (len * len);
            if (along >= 0 && along <= 1) {
                consider(t);
            }
        }
    }
    return best;
}

template <class T> std::vector<P> to_oracle(const std::vector<Vec2<T>>& pts) {
    std::vector<P> out;
    for (const auto& p : pts) {
        out.push_back({p.x, p.y});
    }
    return out;
}

template <class T> std::vector<Vec2<T>> random_points(std::mt19937_64& rng, T scale, int count) {
    std::uniform_real_distribution<double> u(-1, 1);
    std::vector<Vec2<T>> pts(static_cast<std::size_t>(count));
    for (auto& p : pts) {
        p = {T(u(rng) * scale), T(u(rng) * scale)};
    }
    return pts;
}

} // namespace

// Random polygons (3 to 12 points) and rays at scales 1e-3 to 1e3, on plain points and on
// prepared shapes: a hit exactly when the exact oracle hits, at a fraction that is never late
// and early by at most the tolerance's worth of travel toward the hit edge; the normal the hit
// edge's. Rays that pass within 1e-9 of the scale of grazing are counted, not compared.
TYPED_TEST(RayCast, PolygonsMatchTheExactOracle) {
    using T = TypeParam;
    std::mt19937_64 rng(std::is_same_v<T, float> ? 1 : 2);
    std::uniform_real_distribution<double> u(-1, 1);
    int hits = 0, misses = 0, grazing = 0, inside = 0, max_iterations = 0;
    double worst_early = 0, worst_normal = 0;
    const double eps = std::numeric_limits<T>::epsilon();
    for (int i = 0; i < 3000; ++i) {
        const T scale = T(std::pow(10.0, 6 * (u(rng) + 1) / 2 - 3));
        const auto pts = random_points(rng, scale, std::uniform_int_distribution<int>(3, 12)(rng));
        const auto hull = oracle::hull(to_oracle(pts));
        if (hull.size() < 3) {
            continue;
        }
        const Vec2<T> origin{T(3 * u(rng) * scale), T(3 * u(rng) * scale)};
        const Vec2<T> target{T(0.8 * u(rng) * scale), T(0.8 * u(rng) * scale)};
        const T length = T(1 + 2 * (u(rng) + 1));
        const Vec2<T> translation = length * (target - origin);
        const T max_fraction = T(0.5 + 0.5 * (u(rng) + 1));
        const P o{origin.x, origin.y}, r{translation.x, translation.y};
        const auto exact = exact_polygon_hit(hull, o, r, max_fraction);
        // Grazing: the ray segment within 1e-9 of the scale of the polygon, but not into it.
        const std::vector<P> segment = {o,
                                        {o.x + R(max_fraction) * r.x, o.y + R(max_fraction) * r.y}};
        const R gap = oracle::distance(hull, oracle::hull(segment)).distance;
        const auto prepared = gjk::PreparedShape<T>::make(pts);
        for (const gjk::ShapeView<T>& view :
             {gjk::ShapeView<T>(std::span<const Vec2<T>>(pts)), prepared.view()}) {
            const auto out = gjk::ray_cast<T>(view, {}, origin, translation, max_fraction);
            ASSERT_NE(out.status, CastStatus::invalid_input);
            if (out.status == CastStatus::max_iterations) {
                ++max_iterations;
                continue;
            }
            if (exact && exact->edge < 0) { // starts inside
                ++inside;
                EXPECT_EQ(out.status, CastStatus::initially_overlapping) << i;
                EXPECT_EQ(out.fraction, T(0));
                EXPECT_EQ(out.normal, (Vec2<T>{}));
                continue;
            }
            if (gap > 0 && gap <= 1e-9L * scale) {
                ++grazing;
                continue;
            }
            if (!exact) {
                ++misses;
                EXPECT_FALSE(out.hit) << i;
                EXPECT_EQ(out.status, CastStatus::separated) << i;
                continue;
            }
            ++hits;
            ASSERT_TRUE(out.hit) << i;
            // The entering edge's unit normal and the ray's rate toward it.
            const P v = hull[std::size_t(exact->edge)],
                    w = hull[std::size_t(exact->edge + 1) % hull.size()];
            const R ex = w.x - v.x, ey = w.y - v.y, len = std::sqrt(ex * ex + ey * ey);
            const R mx = ey / len, my = -ex / len;
            const R closing = -(mx * r.x + my * r.y);
            const R t_exact = R(exact->t.get_d());
            // The library's tolerance: 64 eps of the scale, the largest coordinate the ray or
            // the shape reaches and at least 1 (docs/robustness.md).
            double reach = 1;
            for (const auto& q : pts) {
                reach = std::max({reach, double(std::abs(q.x)), double(std::abs(q.y))});
            }
            reach = std::max({reach, std::abs(double(o.x)), std::abs(double(o.y)),
                              std::abs(double(o.x + R(max_fraction) * r.x)),
                              std::abs(double(o.y + R(max_fraction) * r.y))});
            const double tol = 64 * eps * reach;
            const double early = double((t_exact - R(out.fraction)) * closing);
            EXPECT_LE(early, 2 * tol) << i;
            EXPECT_GE(early, -tol) << i; // never late, but for round-off
            worst_early = std::max(worst_early, std::abs(early) / reach);
            // The normal: the entering edge's, unless the ray enters at a vertex.
            const R nx = out.normal.x, ny = out.normal.y;
            EXPECT_NEAR(double(std::sqrt(nx * nx + ny * ny)), 1.0, 1e-5);
            const R at_vertex =
                std::min(std::hypot(o.x + t_exact * r.x - v.x, o.y + t_exact * r.y - v.y),
                         std::hypot(o.x + t_exact * r.x - w.x, o.y + t_exact * r.y - w.y));
            if (at_vertex > 1e-4L * scale) {
                const double off = double(std::hypot(nx - mx, ny - my));
                EXPECT_LE(off, 1e-3) << i;
                worst_normal = std::max(worst_normal, off);
            }
        }
    }
    std::printf("[raycast %s] %d hits, %d misses, %d from inside, %d grazing (not compared), %d "
                "at the cap; max |t - t_exact| * closing / scale = %.3g (scale >= 1), normal off "
                "by %.3g\n",
                std::is_same_v<T, float> ? "float" : "double", hits, misses, inside, grazing,
                max_iterations, worst_early, worst_normal);
    EXPECT_GE(hits, 1000);
    EXPECT_GE(misses, 500);
    EXPECT_EQ(max_iterations, 0);
}

// Rounded shapes (circles, capsules, rounded polygons): the first hit on the radius arcs or the
// moved edges, against the long double oracle.
TYPED_TEST(RayCast, RoundedShapesMatchTheOracle) {
    using T = TypeParam;
    std::mt19937_64 rng(std::is_same_v<T, float> ? 3 : 4);
    std::uniform_real_distribution<double> u(-1, 1);
    int hits = 0, misses = 0;
    double worst = 0;
    const double eps = std::numeric_limits<T>::epsilon();
    for (int i = 0; i < 2000; ++i) {
        const int count = std::uniform_int_distribution<int>(1, 7)(rng);
        const auto pts = random_points(rng, T(1), count);
        const T radius = T(0.05 + 0.5 * (u(rng) + 1));
        const auto hull = oracle::hull(to_oracle(pts));
        const Vec2<T> origin{T(4 * u(rng)), T(4 * u(rng))};
        const Vec2<T> translation = T(3) * (Vec2<T>{T(u(rng)), T(u(rng))} - origin);
        const P o{origin.x, origin.y}, r{translation.x, translation.y};
        const auto exact = rounded_hit(hull, radius, o, r, 1);
        const auto out = gjk::ray_cast<T>(gjk::ShapeView<T>(std::span<const Vec2<T>>(pts), radius),
                                          {}, origin, translation);
        // Grazing: within 1e-7 of touching the rounded shape.
        const std::vector<P> segment = {o, {o.x + r.x, o.y + r.y}};
        const R gap = oracle::distance(hull, oracle::hull(segment)).distance - radius;
        if (std::abs(gap) <= 1e-7L) {
            continue;
        }
        if (!exact) {
            ++misses;
            EXPECT_FALSE(out.hit) << i;
            continue;
        }
        ++hits;
        ASSERT_TRUE(out.hit) << i;
        // Position error along the ray, relative to the ray's length.
        const double err = double(std::abs(*exact - R(out.fraction)));
        worst = std::max(worst, err);
        const R px = o.x + *exact * r.x, py = o.y + *exact * r.y;
        if (*exact > 0) {
            // The normal is the surface's at the hit: the direction from the core to the point.
            const auto c = oracle::distance(hull, {{px, py}});
            const R cx = c.b.x - c.a.x, cy = c.b.y - c.a.y, cl = std::hypot(cx, cy);
            EXPECT_NEAR(double(out.normal.x), double(cx / cl), 1e-3) << i;
            EXPECT_NEAR(double(out.normal.y), double(cy / cl), 1e-3) << i;
            EXPECT_LE(err, 1e4 * eps) << i; // grazing hits converge more slowly in t
        }
    }
    std::printf("[raycast rounded %s] %d hits, %d misses; max |t - t_oracle| = %.3g\n",
                std::is_same_v<T, float> ? "float" : "double", hits, misses, worst);
    EXPECT_GE(hits, 500);
    EXPECT_GE(misses, 300);
}

// Prepared polygons of 9 to 400 vertices (points on an ellipse, so every one is a hull vertex),
// the front chain's bisection: a hit exactly when the exact oracle hits, early or late by at
// most round-off, the entering face's normal away from vertices; rays from inside, from beyond
// the polygon moving away and parallel to it included. Grazing rays (within 1e-9 of the scale)
// are counted, not compared.
TYPED_TEST(RayCast, BigPolygonsMatchTheExactOracleOnTheFrontChain) {
    using T = TypeParam;
    std::mt19937_64 rng(std::is_same_v<T, float> ? 5 : 6);
    std::uniform_real_distribution<double> u(-1, 1);
    int hits = 0, misses = 0, inside = 0, grazing = 0;
    double worst = 0;
    const double eps = std::numeric_limits<T>::epsilon();
    for (int i = 0; i < 2000; ++i) {
        const double scale = std::pow(10.0, 2 * u(rng));
        const int n = 9 + int(200 * (u(rng) + 1));
        std::vector<double> angles;
        for (int k = 0; k < n; ++k) {
            angles.push_back(3.14159265358979 * (u(rng) + 1));
        }
        std::sort(angles.begin(), angles.end());
        std::vector<Vec2<T>> pts;
        for (const double a : angles) {
            pts.push_back({T(scale * std::cos(a)), T(0.6 * scale * std::sin(a))});
        }
        const auto prepared = gjk::PreparedShape<T>::make(pts);
        std::vector<P> hull;
        for (const auto& q : prepared.vertices()) {
            hull.push_back({q.x, q.y});
        }
        const Vec2<T> origin{T(3 * u(rng) * scale), T(3 * u(rng) * scale)};
        const Vec2<T> target{T(1.2 * u(rng) * scale), T(1.2 * u(rng) * scale)};
        const Vec2<T> translation = T(1 + (u(rng) + 1)) * (target - origin);
        const P o{origin.x, origin.y}, r{translation.x, translation.y};
        const auto exact = exact_polygon_hit(hull, o, r, 1);
        const R gap = oracle::distance(hull, oracle::hull({o, {o.x + r.x, o.y + r.y}})).distance;
        const auto out = gjk::ray_cast<T>(prepared.view(), {}, origin, translation);
        ASSERT_NE(out.status, CastStatus::invalid_input);
        if (exact && exact->edge < 0) {
            ++inside;
            EXPECT_EQ(out.status, CastStatus::initially_overlapping) << i;
            continue;
        }
        if (gap > 0 && gap <= 1e-9L * scale) {
            ++grazing;
            continue;
        }
        if (!exact) {
            ++misses;
            EXPECT_FALSE(out.hit) << i;
            continue;
        }
        ++hits;
        ASSERT_TRUE(out.hit) << i;
        const R t_exact = R(exact->t.get_d());
        const double reach = std::max({1.0, scale, std::abs(double(o.x)), std::abs(double(o.y)),
                                       std::abs(double(o.x + r.x)), std::abs(double(o.y + r.y))});
        const double off = double(std::abs(t_exact - R(out.fraction)) * std::hypot(r.x, r.y));
        EXPECT_LE(off, 64 * eps * reach * 4) << i;
        worst = std::max(worst, off / reach);
        const P v = hull[std::size_t(exact->edge)],
                w = hull[std::size_t(exact->edge + 1) % hull.size()];
        const R at_vertex =
            std::min(std::hypot(o.x + t_exact * r.x - v.x, o.y + t_exact * r.y - v.y),
                     std::hypot(o.x + t_exact * r.x - w.x, o.y + t_exact * r.y - w.y));
        // The entering face's normal. Within 1e-4 of the reach of a vertex, a normal no further
        // from the face's than a neighbouring face's normal is: within the tolerance of the
        // vertex the hit takes a normal of its cone (gjk/raycast.hpp), and where the bounds of
        // two faces agree to round-off either face may win.
        const std::size_t count = hull.size(), e = std::size_t(exact->edge);
        auto unit_normal = [&](std::size_t k) {
            const P a = hull[k % count], b = hull[(k + 1) % count];
            const R l = std::hypot(b.x - a.x, b.y - a.y);
            return P{(b.y - a.y) / l, (a.x - b.x) / l};
        };
        const P face = unit_normal(e), before = unit_normal(e + count - 1),
                after = unit_normal(e + 1);
        const double off_face =
            double(std::hypot(R(out.normal.x) - face.x, R(out.normal.y) - face.y));
        const double cone = double(std::max(std::hypot(before.x - face.x, before.y - face.y),
                                            std::hypot(after.x - face.x, after.y - face.y)));
        EXPECT_LE(off_face, at_vertex > 1e-4 * reach ? 1e-3 : cone + 1e-3) << i;
    }
    // Moving away from beyond the polygon, and parallel beside it: misses.
    const auto circle = gjk::PreparedShape<T>::make(gjk::Shape<T>::regular(4096, 2).points);
    EXPECT_FALSE(gjk::ray_cast<T>(circle.view(), {}, {3, 0}, {5, T(0.5)}).hit);
    EXPECT_EQ(gjk::ray_cast<T>(circle.view(), {}, {-5, T(2.5)}, {10, 0}).status,
              CastStatus::separated);
    std::printf("[raycast front chain %s] %d hits, %d misses, %d from inside, %d grazing; max |t - "
                "t_exact| * |r| / scale = %.3g\n",
                std::is_same_v<T, float> ? "float" : "double", hits, misses, inside, grazing,
                worst);
    EXPECT_GE(hits, 500);
    EXPECT_GE(misses, 200);
}

// --- Box2D 2.4.1 ----------------------------------------------------------------------------

// Clipping's accuracy against Box2D's b2PolygonShape::RayCast, the same method in float, on the
// same 10,000 rays at polygons of 3 to 8 vertices on circles (Box2D's own hulls, 1 to 10 units
// across, up to 20 units from the origin; rays from 2 to 5 sizes away, aimed at the polygon with
// some noise so that some miss). The exact hit (rationals, exact_polygon_hit) measures both: the
// distance along the ray between the reported and the exact hit, relative to the scale. gjk's
// largest error must be no larger than Box2D's, and gjk's verdicts must be the exact ones
// (rays within 1e-5 of grazing excepted: Box2D rounds those either way).
TEST(RayCastBox2d, ClippingIsAsAccurateAsBox2d) {
    std::mt19937_64 rng(31);
    std::uniform_real_distribution<double> u(-1, 1);
    std::uniform_int_distribution<int> vertices(3, b2_maxPolygonVertices);
    int hits = 0, box2d_hits = 0, wrong_verdicts = 0, grazing = 0, late = 0, box2d_late = 0;
    long double worst = 0, box2d_worst = 0;
    for (int i = 0; i < 10000; ++i) {
        const double size = 1 + 4.5 * (u(rng) + 1);
        const double cx = 20 * u(rng), cy = 20 * u(rng);
        // Points at sorted random angles on a circle: a convex polygon Box2D accepts.
        const int n = vertices(rng);
        std::vector<double> angles;
        for (int k = 0; k < n; ++k) {
            angles.push_back(3.14159265358979 * (u(rng) + 1));
        }
        std::sort(angles.begin(), angles.end());
        std::vector<b2Vec2> points;
        for (const double a : angles) {
            points.emplace_back(float(cx + size * std::cos(a)), float(cy + size * std::sin(a)));
        }
        b2PolygonShape polygon;
        polygon.Set(points.data(), n);
        std::vector<Vec2<float>> hull;
        for (int k = 0; k < polygon.m_count; ++k) {
            hull.push_back({polygon.m_vertices[k].x, polygon.m_vertices[k].y});
        }
        const auto prepared = gjk::PreparedShape<float>::make(hull);
        const double angle = 3.14159 * u(rng), away = size * (2 + 1.5 * (u(rng) + 1));
        const Vec2<float> origin{float(cx + away * std::cos(angle)),
                                 float(cy + away * std::sin(angle))};
        const Vec2<float> aim{float(cx + 0.6 * size * u(rng)), float(cy + 0.6 * size * u(rng))};
        const Vec2<float> translation = 2.0f * (aim - origin);

        b2RayCastInput in;
        in.p1.Set(origin.x, origin.y);
        in.p2.Set(origin.x + translation.x, origin.y + translation.y);
        in.maxFraction = 1;
        b2RayCastOutput box2d;
        b2Transform identity;
        identity.SetIdentity();
        const bool box2d_hit = polygon.RayCast(&box2d, in, identity, 0);
        const auto ours = gjk::ray_cast<float>(prepared.view(), {}, origin, translation);

        std::vector<P> exact_hull;
        for (const auto& p : hull) {
            exact_hull.push_back({p.x, p.y});
        }
        const P o{origin.x, origin.y}, r{translation.x, translation.y};
        const auto exact = exact_polygon_hit(exact_hull, o, r, 1);
        const R gap =
            oracle::distance(exact_hull, oracle::hull({o, {o.x + r.x, o.y + r.y}})).distance;
        if (gap > 0 && gap <= 1e-5L * size) {
            ++grazing;
            continue;
        }
        wrong_verdicts += ours.hit != exact.has_value();
        if (!exact) {
            continue;
        }
        const R length = std::hypot(r.x, r.y), scale = std::max<R>(1, std::abs(cx) + 2 * size);
        const R t_exact = R(exact->t.get_d());
        hits += ours.hit;
        if (ours.hit) {
            const R error = (R(ours.fraction) - t_exact) * length / scale;
            worst = std::max(worst, std::abs(error));
            late += error > 0;
        }
        if (box2d_hit) {
            ++box2d_hits;
            const R error = (R(box2d.fraction) - t_exact) * length / scale;
            box2d_worst = std::max(box2d_worst, std::abs(error));
            box2d_late += error > 0;
        }
    }
    std::printf("[raycast vs Box2D] %d hits (Box2D %d), %d grazing (not compared), %d wrong "
                "verdicts; largest |t - t_exact| * |r| / scale: gjk %.3Le (late %d times), Box2D "
                "%.3Le (late %d times)\n",
                hits, box2d_hits, grazing, wrong_verdicts, worst, late, box2d_worst, box2d_late);
    EXPECT_GE(hits, 3000);
    EXPECT_EQ(wrong_verdicts, 0);
    EXPECT_LE(worst, box2d_worst);
}
