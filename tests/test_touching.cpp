// Specification of the touching verdict, which distance(), overlap(), penetration() and
// distance_batch() share: shapes that meet only on their boundaries are "touching", with a unit
// normal that a support plane proves, however the loop found the contact.
//
// Story: a contact that was the very first support pair the loop found (its first vertex of Z
// at the origin) ended the loop on iteration 1, before any search direction, so no candidate
// normal could be proved and the verdict was "overlapping" with penetration 0 - while the same
// contact found on a later iteration was "touching". A point at the corner (-0.5, -0.5) of the
// box [-0.5, 0.5]^2 was overlapping and at the three other corners touching; two segments
// meeting at their first points, and two coincident points, were overlapping. The fix is in
// detail::start() (gjk/loop/warm_start.hpp): the support query that made the first vertex is a
// support plane through it, and a first vertex at the origin that no query found is replaced
// by one that is.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <span>
#include <string>
#include <vector>

#include "gjk/gjk.hpp"
#include "support/scalars.hpp"

using gjk::Status;
using gjk::Vec2;

namespace {

GJK_SCALAR_SUITE(Touching);

/// Every order of a polygon's vertices: each rotation of the list, forwards and backwards.
template <class T> std::vector<std::vector<Vec2<T>>> orders(const std::vector<Vec2<T>>& p) {
    std::vector<std::vector<Vec2<T>>> all;
    for (int reversed = 0; reversed < 2; ++reversed) {
        std::vector<Vec2<T>> q = p;
        if (reversed) {
            std::reverse(q.begin(), q.end());
        }
        for (std::size_t r = 0; r < q.size(); ++r) {
            all.push_back(q);
            std::rotate(q.begin(), q.begin() + 1, q.end());
        }
    }
    return all;
}

/// The normal proves the contact: every point of Z = B - A (every b_j - a_i, exact for these
/// small integer and half-integer coordinates) lies on its side, dot(w, n) >= 0, up to the
/// normal's own rounding; and it is a unit vector.
template <class T>
void expect_proven_normal(const std::vector<Vec2<T>>& a, const std::vector<Vec2<T>>& b, Vec2<T> n,
                          const std::string& what) {
    EXPECT_NEAR(double(gjk::length(n)), 1.0, 1e-6) << what;
    for (const Vec2<T>& p : a) {
        for (const Vec2<T>& q : b) {
            const double side = double(q.x - p.x) * double(n.x) + double(q.y - p.y) * double(n.y);
            EXPECT_GE(side, -1e-6) << what;
        }
    }
}

/// distance(), overlap() and penetration() on the pair as plain point sets and as prepared
/// shapes, and distance_batch() on the prepared pair (its lanes must agree with distance()):
/// all touching, with proven normals.
template <class T>
void expect_touching(const std::vector<Vec2<T>>& a, const std::vector<Vec2<T>>& b,
                     const std::string& what) {
    const auto pa = gjk::PreparedShape<T>::make(a), pb = gjk::PreparedShape<T>::make(b);
    for (int prepared = 0; prepared < 2; ++prepared) {
        gjk::DistanceInput<T> in;
        in.a = prepared ? pa.view() : gjk::ShapeView<T>(std::span<const Vec2<T>>(a));
        in.b = prepared ? pb.view() : gjk::ShapeView<T>(std::span<const Vec2<T>>(b));
        const std::string where = what + (prepared ? " (prepared)" : " (points)");
        const gjk::DistanceOutput<T> d = gjk::distance(in);
        EXPECT_EQ(d.status, Status::touching) << where;
        EXPECT_EQ(d.distance, T(0)) << where;
        expect_proven_normal(a, b, d.normal, where + " distance()");
        const gjk::OverlapOutput<T> o = gjk::overlap(in);
        EXPECT_EQ(o.status, Status::touching) << where;
        EXPECT_TRUE(o.overlap) << where;
        const gjk::PenetrationOutput<T> p = gjk::penetration(in);
        EXPECT_EQ(p.status, Status::touching) << where;
        EXPECT_EQ(p.depth, T(0)) << where;
        expect_proven_normal(a, b, p.normal, where + " penetration()");
        if (prepared) {
            std::vector<gjk::DistanceInput<T>> inputs(9, in); // a full group of lanes, and one
            std::vector<gjk::DistanceOutput<T>> outputs(inputs.size());
            gjk::distance_batch<T>(inputs, outputs);
            for (const auto& out : outputs) {
                EXPECT_EQ(out.status, Status::touching) << where << " batch";
                EXPECT_EQ(out.normal.x, d.normal.x) << where << " batch";
                EXPECT_EQ(out.normal.y, d.normal.y) << where << " batch";
            }
        }
    }
}

template <class T> std::vector<Vec2<T>> box() {
    return {{T(-0.5), T(-0.5)}, {T(0.5), T(-0.5)}, {T(0.5), T(0.5)}, {T(-0.5), T(0.5)}};
}

} // namespace

TYPED_TEST(Touching, PointAtEveryCornerOfTheBoxInEveryVertexOrder) {
    using T = TypeParam;
    for (const Vec2<T>& corner : box<T>()) {
        for (const auto& order : orders(box<T>())) {
            const std::vector<Vec2<T>> point = {corner};
            const std::string what = "corner (" + std::to_string(double(corner.x)) + ", " +
                                     std::to_string(double(corner.y)) + ")";
            expect_touching(order, point, what + ", box first");
            expect_touching(point, order, what + ", point first");
        }
    }
}

TYPED_TEST(Touching, BoxesMeetingCornerToCornerAndEdgeToEdgeInEveryVertexOrder) {
    using T = TypeParam;
    for (const Vec2<T> offset :
         {Vec2<T>{1, 1}, Vec2<T>{1, 0}, Vec2<T>{0, -1}, Vec2<T>{-1, 1}, Vec2<T>{1, T(0.5)}}) {
        std::vector<Vec2<T>> moved = box<T>();
        for (Vec2<T>& p : moved) {
            p += offset;
        }
        for (const auto& order : orders(box<T>())) {
            expect_touching(order, moved,
                            "offset (" + std::to_string(double(offset.x)) + ", " +
                                std::to_string(double(offset.y)) + ")");
        }
    }
}

TYPED_TEST(Touching, SegmentsMeetingAtAnEndInEveryVertexOrder) {
    using T = TypeParam;
    // The common end at (1, 2); the other ends in directions that leave the segments apart
    // but for that point (not collinear and overlapping).
    const Vec2<T> common{1, 2};
    const Vec2<T> ends[] = {{1, 0}, {-1, 1}, {0, -1}, {1, 1}, {-2, -1}};
    for (const Vec2<T>& u : ends) {
        for (const Vec2<T>& v : ends) {
            if (gjk::cross(u, v) == T(0)) {
                continue; // collinear: they would overlap along a piece or not touch at all
            }
            const std::vector<Vec2<T>> a = {common, common + u}, b = {common, common + v};
            for (const auto& oa : orders(a)) {
                for (const auto& ob : orders(b)) {
                    expect_touching(oa, ob,
                                    "segments along (" + std::to_string(double(u.x)) + ", " +
                                        std::to_string(double(u.y)) + ") and (" +
                                        std::to_string(double(v.x)) + ", " +
                                        std::to_string(double(v.y)) + ")");
                }
            }
        }
    }
}

TYPED_TEST(Touching, CoincidentPoints) {
    using T = TypeParam;
    const std::vector<Vec2<T>> p = {{T(0.25), T(-3)}}, origin = {{0, 0}};
    expect_touching(p, p, "at (0.25, -3)");
    expect_touching(origin, origin, "at the origin");
}

// The verdict stays the same whichever of the warm-start cache's simplices the loop starts
// from: a cached vertex at the origin is proved again, not taken for an overlap.
TYPED_TEST(Touching, WarmStartFromTheContactVertexStaysTouching) {
    using T = TypeParam;
    const std::vector<Vec2<T>> b = box<T>(), point = {{T(0.5), T(0.5)}};
    for (int prepared = 0; prepared < 2; ++prepared) {
        const auto pa = gjk::PreparedShape<T>::make(b), pb = gjk::PreparedShape<T>::make(point);
        gjk::DistanceInput<T> in;
        in.a = prepared ? pa.view() : gjk::ShapeView<T>(std::span<const Vec2<T>>(b));
        in.b = prepared ? pb.view() : gjk::ShapeView<T>(std::span<const Vec2<T>>(point));
        gjk::SimplexCache<T> cache;
        for (int frame = 0; frame < 3; ++frame) {
            const auto d = gjk::distance(in, &cache);
            EXPECT_EQ(d.status, Status::touching) << "frame " << frame;
            expect_proven_normal(b, point, d.normal, "warm");
        }
    }
}
