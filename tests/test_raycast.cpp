// tests/test_raycast.cpp - specifications of gjk/raycast.hpp on constructed rays: rays through a
// vertex, rays along an edge, rays from inside, zero translation, transforms, hostile values, the
// regressions found by fuzzing, and a prepared 4096-gon. The oracle's families and Box2D's
// clipping are test_raycast_oracle.cpp.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <span>
#include <vector>

#include "gjk/gjk.hpp"
#include "gjk/raycast.hpp"
#include "support/scalars.hpp"

using gjk::CastStatus;
using gjk::Vec2;

namespace {

GJK_SCALAR_SUITE(RayCast);

} // namespace

// A ray through a vertex: the normal is the direction from the vertex to where the ray was one
// step before - a normal of a support line at the vertex (in its normal cone), the one facing
// the ray's approach (gjk/raycast.hpp). Straight at the corner of a box along the diagonal it
// is the diagonal; a ray along the box's top edge's line meets the corner with the normal -x.
TYPED_TEST(RayCast, RayThroughAVertexGetsANormalOfItsCone) {
    using T = TypeParam;
    const auto box = gjk::Shape<T>::box(1, 1);
    auto diagonal = gjk::ray_cast<T>(box.view(), {}, {-5, -5}, {10, 10});
    ASSERT_TRUE(diagonal.hit);
    EXPECT_NEAR(double(diagonal.fraction), 0.4, 1e-6);
    EXPECT_NEAR(double(diagonal.normal.x), -std::sqrt(0.5), 1e-6);
    EXPECT_NEAR(double(diagonal.normal.y), -std::sqrt(0.5), 1e-6);
    auto along_edge = gjk::ray_cast<T>(box.view(), {}, {-5, 1}, {10, 0});
    ASSERT_TRUE(along_edge.hit); // the edge's line touches the box: a hit at the corner
    EXPECT_NEAR(double(along_edge.fraction), 0.4, 1e-6);
    EXPECT_EQ(along_edge.normal, (Vec2<T>{-1, 0}));
    // The normal lies in the corner's cone: the box is on its inner side.
    for (const auto& p : box.points) {
        EXPECT_LE(double(gjk::dot(p - Vec2<T>{-1, -1}, diagonal.normal)), 1e-6);
    }
}

// Parallel to an edge, just outside: a miss; on the edge's line beyond the box's end: a miss.
TYPED_TEST(RayCast, ParallelRaysBesideAnEdgeMiss) {
    using T = TypeParam;
    const auto box = gjk::Shape<T>::box(1, 1);
    EXPECT_FALSE(gjk::ray_cast<T>(box.view(), {}, {-5, T(1.001)}, {10, 0}).hit);
    EXPECT_FALSE(gjk::ray_cast<T>(box.view(), {}, {2, 1}, {10, 0}).hit); // moving away
    EXPECT_EQ(gjk::ray_cast<T>(box.view(), {}, {2, 1}, {10, 0}).status, CastStatus::separated);
}

TYPED_TEST(RayCast, FromInsideOrOnTheSurfaceHitsAtZeroWithNoNormal) {
    using T = TypeParam;
    const auto capsule = gjk::Shape<T>::capsule({-1, 0}, {1, 0}, T(0.5));
    for (const Vec2<T> origin : {Vec2<T>{0, 0}, Vec2<T>{1, T(0.5)}, Vec2<T>{T(1.5), 0}}) {
        const auto out = gjk::ray_cast<T>(capsule.view(), {}, origin, {3, 1});
        EXPECT_TRUE(out.hit);
        EXPECT_EQ(out.status, CastStatus::initially_overlapping);
        EXPECT_EQ(out.fraction, T(0));
        EXPECT_EQ(out.normal, (Vec2<T>{}));
        EXPECT_EQ(out.point, origin);
    }
}

TYPED_TEST(RayCast, ZeroTranslationHitsOnlyFromInside) {
    using T = TypeParam;
    const auto box = gjk::Shape<T>::box(1, 1);
    EXPECT_FALSE(gjk::ray_cast<T>(box.view(), {}, {3, 0}, {0, 0}).hit);
    EXPECT_TRUE(gjk::ray_cast<T>(box.view(), {}, {0, 0}, {0, 0}).hit);
}

// The shape's transform: the same ray in the shape's frame and in the world give the same hit.
TYPED_TEST(RayCast, TransformsMoveTheShape) {
    using T = TypeParam;
    const auto box = gjk::Shape<T>::box(1, T(0.5));
    const auto xf = gjk::Transform<T>::from({4, 2}, T(0.7));
    const Vec2<T> origin{-3, -1}, translation{12, 5};
    const auto world = gjk::ray_cast<T>(box.view(), xf, origin, translation);
    const auto local = gjk::ray_cast<T>(box.view(), {}, gjk::apply_inverse(xf, origin),
                                        gjk::inv_rotate(xf.q, translation));
    ASSERT_TRUE(world.hit && local.hit);
    EXPECT_NEAR(double(world.fraction), double(local.fraction), 1e-5);
    const Vec2<T> n = gjk::rotate(xf.q, local.normal);
    EXPECT_NEAR(double(world.normal.x), double(n.x), 1e-5);
    EXPECT_NEAR(double(world.normal.y), double(n.y), 1e-5);
}

TYPED_TEST(RayCast, HostileValuesGetAnError) {
    using T = TypeParam;
    const auto box = gjk::Shape<T>::box(1, 1);
    const T nan = std::numeric_limits<T>::quiet_NaN(), inf = std::numeric_limits<T>::infinity();
    EXPECT_EQ(gjk::ray_cast<T>(box.view(), {}, {nan, 0}, {1, 0}).ray_error,
              gjk::RayError::bad_origin);
    EXPECT_EQ(gjk::ray_cast<T>(box.view(), {}, {0, 0}, {inf, 0}).ray_error,
              gjk::RayError::bad_translation);
    EXPECT_EQ(gjk::ray_cast<T>(box.view(), {}, {0, 0}, {1, 0}, T(-1)).ray_error,
              gjk::RayError::bad_max_fraction);
    EXPECT_EQ(gjk::ray_cast<T>(box.view(), {}, {0, 0}, {1, 0}, nan).status,
              CastStatus::invalid_input);
    const Vec2<T> bad[1] = {{nan, 0}};
    const auto out =
        gjk::ray_cast<T>(gjk::ShapeView<T>(std::span<const Vec2<T>>(bad)), {}, {0, 0}, {1, 0});
    EXPECT_EQ(out.status, CastStatus::invalid_input);
    EXPECT_EQ(out.error, gjk::InputError::nonfinite_point_a);
    EXPECT_FALSE(out.hit);
    EXPECT_EQ(out.normal, (Vec2<T>{}));
}

// Found by fuzz_kernel: a ray passing 0.7 beyond the end of a prepared segment was reported
// hitting it. A segment's two faces (its sides) bound only its line, and clipping against them
// found the line; segments take advancement now, which knows their ends.
TYPED_TEST(RayCast, RayPastASegmentsEndMisses) {
    using T = TypeParam;
    const std::vector<Vec2<T>> segment = {{0, 1}, {0, 3}};
    const auto prepared = gjk::PreparedShape<T>::make(segment);
    for (const gjk::ShapeView<T>& view :
         {gjk::ShapeView<T>(std::span<const Vec2<T>>(segment)), prepared.view()}) {
        EXPECT_FALSE(gjk::ray_cast<T>(view, {}, {-2, T(0.3)}, {4, 0}).hit);
        EXPECT_FALSE(gjk::ray_cast<T>(view, {}, {-2, T(3.7)}, {4, 0}).hit);
        const auto across = gjk::ray_cast<T>(view, {}, {-2, 2}, {4, 0});
        ASSERT_TRUE(across.hit);
        EXPECT_NEAR(double(across.fraction), 0.5, 1e-6);
        EXPECT_NEAR(double(across.normal.x), -1.0, 1e-6);
    }
}

// Found by fuzz_kernel: a triangle of doubles 5e151 long and 1.4e57 high (its faces meet at
// angles of 1e-95), and a ray passing 5.6e152 beside it. Clipping bounds the triangle's length
// only through its faces' normals, whose x parts (1e-95) vanish in the round-off of the
// separations: the "polygon" was a horizontal strip, and the ray was reported hitting a face's
// line far from the face. A clipped hit that is not over its face is left to advancement.
TEST(RayCastDouble, RayBesideANeedleMisses) {
    using V = Vec2<double>;
    const std::vector<V> needle = {{-6.30127692e+152, -1.77557953e-64},
                                   {-6.80249028e+152, 4.94065646e-324},
                                   {-6.80249079e+152, -1.36311572e+57}};
    const auto prepared = gjk::PreparedShape<double>::make(needle);
    const V origin{-7.89288287e+151, -7.89701864e+151};
    const V translation{-2 * origin.x, -2 * origin.y};
    for (const gjk::ShapeView<double>& view :
         {gjk::ShapeView<double>(std::span<const V>(needle)), prepared.view()}) {
        const auto r = gjk::ray_cast<double>(view, {}, origin, translation);
        EXPECT_FALSE(r.hit);
        EXPECT_EQ(r.status, CastStatus::separated);
    }
}

// O(log n) on a prepared 4096-gon: a handful of steps, the same hit as the plain scan.
TYPED_TEST(RayCast, BigPreparedPolygonTakesAFewSteps) {
    using T = TypeParam;
    const auto circle = gjk::Shape<T>::regular(4096, 2);
    const auto prepared = gjk::PreparedShape<T>::make(circle.points);
    const auto fast = gjk::ray_cast<T>(prepared.view(), {}, {-5, T(0.3)}, {10, 0});
    const auto slow = gjk::ray_cast<T>(circle.view(), {}, {-5, T(0.3)}, {10, 0});
    ASSERT_TRUE(fast.hit && slow.hit);
    EXPECT_LE(fast.iterations, 6);
    EXPECT_NEAR(double(fast.fraction), double(slow.fraction), 1e-5);
}
