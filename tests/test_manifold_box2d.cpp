// tests/test_manifold_box2d.cpp - gjk/manifold.hpp against Box2D 2.4.1's b2CollidePolygons on
// random polygons, as plain views and as prepared shapes.
#include <gtest/gtest.h>

#include <box2d/box2d.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

#include "gjk/gjk.hpp"
#include "support/random_polygon.hpp"

using gjk::Status;
using gjk::Vec2;
using gjk_test::random_polygon;

// b2CollidePolygons on 10,000 random pairs of polygons of 3 to 8 vertices, both with Box2D's
// skin b2_polygonRadius (0.01 m) as their radius, margin 0 (Box2D keeps points of separation
// <= 0, radii included): gjk is given Box2D's own hull vertices and rotations, in float.
// A pair agrees when both give the same number of points at the same positions and
// separations within 1e-4 (the float round-off of both at coordinates of a few metres, with
// room for EPA's normal). The cases where they may rightly differ are counted, not failed:
//  - a parallel-face tie: the two reference candidates (A's and B's faces) are parallel within
//    0.01 rad and the two libraries took different ones (Box2D compares SAT separations with
//    a tolerance of 0.1 linear slop, gjk the sines of the faces' angles to EPA's normal with
//    kReferenceTolerance); either face gives a right manifold, with points at the other
//    face's corners;
//  - an equal-depth tie: the cores' depth along gjk's normal and along Box2D's differ by at
//    most Box2D's own tolerance (0.1 linear slop, plus 1e-4 of float round-off): two faces,
//    not parallel, need the same translation to separate the shapes, so the minimum
//    translation is ambiguous and each library took one (Box2D prefers A, EPA the face
//    it closed first);
//  - vertex-vertex within the skin: the cores are apart but within 0.02 m, so no face is
//    parallel to the normal and the two rules pick faces by different measures.
// Everything else is a disagreement, and must not happen.
TEST(ManifoldBox2d, MatchesB2CollidePolygons) {
    std::mt19937 rng(2024);
    std::uniform_int_distribution<int> vertices(3, b2_maxPolygonVertices);
    std::uniform_real_distribution<float> unit(-1, 1), r01(0, 1);
    // The pairs are asked twice: as plain views (GJK, EPA and the face searches) and as
    // prepared shapes (the separating axis test, gjk/separating_axes.hpp, where it decides).
    struct Counts {
        const char* views;
        int agree = 0, agree_touching = 0, ties = 0, equal_depths = 0, vertex_vertex = 0,
            disagree = 0, with_points = 0;
    };
    Counts plain{"plain views"}, prepared{"prepared shapes"};
    for (int k = 0; k < 10000; ++k) {
        b2PolygonShape pa, pb;
        auto make = [&](b2PolygonShape& s, float size) {
            const auto p = random_polygon<float>(rng, vertices(rng), size);
            std::vector<b2Vec2> q;
            for (const auto& v : p)
                q.emplace_back(v.x, v.y);
            s.Set(q.data(), static_cast<int>(q.size()));
        };
        make(pa, 1.0f);
        make(pb, 0.3f + r01(rng));
        const b2Transform xa(b2Vec2(unit(rng), unit(rng)), b2Rot(3 * unit(rng)));
        const b2Transform xb(b2Vec2(2 * unit(rng), 2 * unit(rng)), b2Rot(3 * unit(rng)));
        b2Manifold bm;
        b2CollidePolygons(&bm, &pa, xa, &pb, xb);
        b2WorldManifold bw;
        bw.Initialize(&bm, xa, pa.m_radius, xb, pb.m_radius);

        auto points = [](const b2PolygonShape& s) {
            std::vector<Vec2<float>> p;
            for (int i = 0; i < s.m_count; ++i)
                p.push_back({s.m_vertices[i].x, s.m_vertices[i].y});
            return p;
        };
        const auto va = points(pa), vb = points(pb);
        auto xf = [](const b2Transform& t) {
            gjk::Transform<float> x;
            x.p = {t.p.x, t.p.y};
            x.q = {t.q.c, t.q.s};
            return x;
        };
        gjk::DistanceInput<float> in;
        in.a = {va, pa.m_radius};
        in.b = {vb, pb.m_radius};
        in.xf_a = xf(xa);
        in.xf_b = xf(xb);
        const auto prepared_a = gjk::PreparedShape<float>::make(va, pa.m_radius);
        const auto prepared_b = gjk::PreparedShape<float>::make(vb, pb.m_radius);
        gjk::DistanceInput<float> in_prepared = in;
        in_prepared.a = prepared_a.view();
        in_prepared.b = prepared_b.view();

        auto classify = [&](const gjk::DistanceInput<float>& query, Counts& counts) {
            const auto m = gjk::manifold(query);
            counts.with_points += m.count > 0 || bm.pointCount > 0;

            bool same = m.count == bm.pointCount;
            for (int i = 0; same && i < m.count; ++i) {
                bool found = false;
                for (int j = 0; j < bm.pointCount; ++j) {
                    found = found || (std::abs(m.points[i].point.x - bw.points[j].x) < 1e-4f &&
                                      std::abs(m.points[i].point.y - bw.points[j].y) < 1e-4f &&
                                      std::abs(m.points[i].separation - bw.separations[j]) < 1e-4f);
                }
                same = found;
            }
            if (same) {
                ++counts.agree;
                counts.agree_touching += m.count > 0;
                return;
            }
            // Classify: the faces each library took.
            const bool b2_reference_is_b = bm.type == b2Manifold::e_faceB;
            const auto core =
                gjk::distance(gjk::DistanceInput<float>{in.a, in.b, in.xf_a, in.xf_b, false});
            if (core.status == Status::separated) {
                ++counts.vertex_vertex;
                return;
            }
            // Both faces parallel within 0.01 rad: a tie (the reference faces' normals are
            // anti-parallel to each other within that angle).
            const b2Vec2 n_ref = bm.pointCount > 0 ? bw.normal : b2Vec2(m.normal.x, m.normal.y);
            auto most_parallel = [&](const b2PolygonShape& s, const b2Transform& t, b2Vec2 d) {
                float best = -2;
                for (int i = 0; i < s.m_count; ++i)
                    best = std::max(best, b2Dot(b2Mul(t.q, s.m_normals[i]), d));
                return best;
            };
            const float align_a = most_parallel(pa, xa, n_ref);
            const float align_b = most_parallel(pb, xb, -n_ref);
            const bool parallel =
                m.reference_is_b != b2_reference_is_b && align_a > 0.99995f && align_b > 0.99995f;
            // The cores' separation along a direction d (negative: the depth along it).
            auto separation_along = [&](b2Vec2 d) {
                float lo_b = 1e30f, hi_a = -1e30f;
                for (int i = 0; i < pa.m_count; ++i)
                    hi_a = std::max(hi_a, b2Dot(d, b2Mul(xa, pa.m_vertices[i])));
                for (int i = 0; i < pb.m_count; ++i)
                    lo_b = std::min(lo_b, b2Dot(d, b2Mul(xb, pb.m_vertices[i])));
                return lo_b - hi_a;
            };
            const bool equal_depth =
                m.count > 0 && bm.pointCount > 0 &&
                std::abs(separation_along(b2Vec2(m.normal.x, m.normal.y)) -
                         separation_along(bw.normal)) <= 0.1f * b2_linearSlop + 1e-4f;
            if (parallel) {
                ++counts.ties;
            } else if (equal_depth) {
                ++counts.equal_depths;
            } else {
                ++counts.disagree;
                if (counts.disagree <= 5) {
                    std::printf("disagreement %d (%s): gjk %d points (ref %s), box2d %d (ref %s)\n",
                                k, counts.views, m.count, m.reference_is_b ? "B" : "A",
                                bm.pointCount, b2_reference_is_b ? "B" : "A");
                    const auto pen = gjk::penetration(query);
                    std::printf(
                        "  align_a %.9f align_b %.9f depth %g normal %g %g box2d normal %g %g\n",
                        align_a, align_b, pen.depth, pen.normal.x, pen.normal.y, bw.normal.x,
                        bw.normal.y);
                }
            }
        };
        classify(in, plain);
        classify(in_prepared, prepared);
    }
    for (const Counts& c : {plain, prepared}) {
        std::printf("Box2D b2CollidePolygons, %s: %d pairs with points, %d agree (%d of them with "
                    "points), %d parallel-face ties, %d equal-depth ties, %d vertex-vertex within "
                    "the skin, %d disagree\n",
                    c.views, c.with_points, c.agree, c.agree_touching, c.ties, c.equal_depths,
                    c.vertex_vertex, c.disagree);
        EXPECT_EQ(c.disagree, 0) << c.views;
        EXPECT_GT(c.with_points, 2000) << c.views;
    }
}
