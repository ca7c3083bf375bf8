// Exact contacts in space, in both precisions: distance() and penetration() name every pair of
// shapes that a plane separates weakly by the exact oracle's verdict (tests/oracle/oracle3.hpp),
// and agree with each other. The shapes have integer coordinates on lattices of slanted planes,
// so every verdict can be proved: face on face, edge across edge, a corner on a face, a corner on
// an edge, and each of them rounded, with radii that reach exactly across the cores' gap.
#include <gtest/gtest.h>

#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "gjk/distance3.hpp"
#include "gjk/penetration3.hpp"
#include "support/oracle3_points.hpp"
#include "support/scalars.hpp"
#include "support/shapes3.hpp"

using gjk::DistanceInput3;
using gjk::ShapeView3;
using gjk::Status;
using gjk::Vec3;
using gjk_test::query;

namespace {

GJK_SCALAR_SUITE(Distance3Contacts);

using Lattice = Vec3<long long>;

Lattice cross(Lattice a, Lattice b) {
    return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}

/// A family of contacts: how many points of each shape lie in the plane they meet on.
struct Family {
    const char* name;
    int on_a, on_b;
};

/// A pair of integer shapes weakly separated by the plane n.x = 0: A's points on it (`on_a` of
/// them) or below, B's on it or above, B lifted by `lift` n (the rounded families' gap, |n| lift).
struct Pair {
    std::vector<Lattice> a, b;
};

Pair make_pair(std::mt19937_64& rng, Lattice n, const Family& f, long long lift) {
    // Two lattice vectors of the plane: n x c for a c not along n, and n x (n x c).
    const Lattice c = n.x == 0 && n.y == 0 ? Lattice{1, 0, 0} : Lattice{0, 0, 1};
    const Lattice u = cross(n, c), v = cross(n, u);
    auto pick = [&rng](int lo, int hi) { return lo + int(rng() % unsigned(hi - lo + 1)); };
    auto point = [&](long long height) {
        const long long i = pick(-2, 2), j = pick(-1, 1);
        return Lattice{i * u.x + j * v.x + height * n.x, i * u.y + j * v.y + height * n.y,
                       i * u.z + j * v.z + height * n.z};
    };
    Pair p;
    for (int k = 0; k < 6; ++k) {
        p.a.push_back(point(k < f.on_a ? 0 : -pick(1, 3)));
        p.b.push_back(point(k < f.on_b ? lift : lift + pick(1, 3)));
    }
    return p;
}

template <class T> std::vector<Vec3<T>> points(const std::vector<Lattice>& p) {
    std::vector<Vec3<T>> out;
    for (const Lattice& q : p) {
        out.push_back({T(q.x), T(q.y), T(q.z)});
    }
    return out;
}

} // namespace

// Every family, on planes of normals along an axis and slanted (those of integer length let the
// rounded families' radii reach exactly across): the oracle's exact squared distance d2 of the
// cores against R^2, R = ra + rb, names the pair - separated above, touching at, overlapping
// below (with radii of zero: separated or touching, the plane being a support plane of Z).
// distance() answers that, penetration() the same, a touching pair at distance and depth 0
// with a normal, an overlapping pair deeper than 0. Regions of A's points below the plane
// and B's above keep the contact on the plane: GJK ends on a vertex, an edge or a face of Z
// through the origin, or at a gap equal to the radii, and each must be decided exactly.
TYPED_TEST(Distance3Contacts, ExactContactsGetTheExactVerdictInBothQueries) {
    using T = TypeParam;
    const Family families[] = {{"face on face", 3, 3},      {"face on face, 4 each", 4, 4},
                               {"edge across edge", 2, 2},  {"corner on face", 1, 3},
                               {"face under corner", 3, 1}, {"corner on edge", 1, 2},
                               {"edge on face", 2, 3}};
    const struct {
        Lattice n;
        long long length; // |n| when an integer, else 0
    } planes[] = {{{0, 0, 1}, 1}, {{0, 1, 0}, 1}, {{1, 2, 2}, 3}, {{2, 3, 6}, 7},
                  {{0, 3, 4}, 5}, {{1, 1, 1}, 0}, {{2, -1, 3}, 0}};
    std::mt19937_64 rng(std::is_same_v<T, float> ? 31 : 32);
    int touching = 0, rounded_touching = 0, overlapping = 0, separated = 0;
    for (const Family& f : families) {
        for (const auto& plane : planes) {
            for (int i = 0; i < 40; ++i) {
                // Every other pair rounded, on planes of integer |n|: the cores lift apart by
                // |n| lift, which the radii share, half and half or a quarter and the rest.
                const bool rounded = plane.length > 0 && i % 2 == 1;
                const long long lift = rounded ? 1 + int(rng() % 2) : 0;
                const Pair p = make_pair(rng, plane.n, f, lift);
                const std::vector<Vec3<T>> a = points<T>(p.a), b = points<T>(p.b);
                DistanceInput3<T> in;
                in.a = ShapeView3<T>(a), in.b = ShapeView3<T>(b);
                const long double reach = (long double)(plane.length * lift);
                if (rounded) { // one pair in four reaching a quarter further: overlapping
                    const T share = T(reach) * T(i % 4 == 1 ? 0.5 : 0.25);
                    in.a.radius = share, in.b.radius = T(reach) - share;
                    in.b.radius += T(i % 8 == 7 ? 0.25 : 0);
                }
                const auto exact =
                    oracle3::hull_distance(gjk_test::oracle_points(a), gjk_test::oracle_points(b));
                const oracle3::Q radii =
                    oracle3::Q(double(in.a.radius)) + oracle3::Q(double(in.b.radius));
                const oracle3::Q r2 = radii * radii;
                const int order = cmp(exact.distance2, r2);
                const Status expected = order > 0    ? Status::separated
                                        : order == 0 ? Status::touching
                                                     : Status::overlapping;
                const std::string what = std::string(f.name) + ", plane (" +
                                         std::to_string(plane.n.x) + " " +
                                         std::to_string(plane.n.y) + " " +
                                         std::to_string(plane.n.z) + "), case " + std::to_string(i);
                const auto d = gjk::distance(in);
                const auto pen = gjk::penetration(in);
                ASSERT_STREQ(gjk::to_string(d.status), gjk::to_string(expected))
                    << what << ": " << gjk::to_string(d.termination);
                ASSERT_STREQ(gjk::to_string(pen.status), gjk::to_string(expected)) << what;
                if (expected == Status::touching) {
                    EXPECT_EQ(d.distance, T(0)) << what;
                    EXPECT_EQ(pen.depth, T(0)) << what;
                    EXPECT_NE(d.normal, (Vec3<T>{})) << what;
                    ++(rounded ? rounded_touching : touching);
                } else if (expected == Status::overlapping) {
                    EXPECT_GT(pen.depth, T(0)) << what;
                    ++overlapping;
                } else {
                    ++separated;
                }
            }
        }
    }
    // Each outcome sampled: the families are about contact, most pairs touch.
    EXPECT_GE(touching, 600);
    EXPECT_GE(rounded_touching, 100);
    EXPECT_GE(separated, 100);
    EXPECT_GE(overlapping, 10);
    std::printf("[exact contacts] touching %d, rounded touching %d, overlapping %d, separated %d\n",
                touching, rounded_touching, overlapping, separated);
}

// The capsules: segments exactly 3 apart (they cross seen along y), radii 1.5 each. The
// cores' computed distance came out 4.4e-16 short of 3 in double, and the pair "overlapping" with
// that depth; the gap's sign is now the kept feature's, exactly (gjk/loop/rounded_gap3.hpp).
// Apart by a quarter more or less, they are separated or overlapping by that quarter.
TYPED_TEST(Distance3Contacts, CapsulesExactlyTheirRadiiApartTouch) {
    using T = TypeParam;
    const std::vector<Vec3<T>> a{{1, -3, 2}, {0, -3, -3}}, b{{2, 0, 0}, {-2, 0, 0}};
    for (const T extra : {T(0), T(0.25), T(-0.25)}) {
        const auto in = query(a, b, {}, {}, T(1.5), T(1.5) + extra);
        const auto d = gjk::distance(in);
        const auto pen = gjk::penetration(in);
        const Status expected = extra == T(0)  ? Status::touching
                                : extra < T(0) ? Status::separated
                                               : Status::overlapping;
        EXPECT_STREQ(gjk::to_string(d.status), gjk::to_string(expected)) << extra;
        EXPECT_STREQ(gjk::to_string(pen.status), gjk::to_string(expected)) << extra;
        EXPECT_NEAR(pen.signed_distance, -extra, 1e-6) << extra;
        if (extra == T(0)) {
            EXPECT_EQ(d.distance, T(0));
            EXPECT_EQ(pen.depth, T(0));
            EXPECT_EQ(d.normal, (Vec3<T>{0, 1, 0}));
        }
    }
}

// Two integer segments that cross: Z is a flat parallelogram through the origin, so its plane is
// a support plane. The walk for it turned from one of Z's far corners to the other, each a
// round-off beyond the last plane, until its turns ran out: "overlapping" with a depth of 0 (one
// pair in 23 of such segments, in either precision). A support point exactly in the plane of the
// edge and the last turn's point now ends the walk (gjk/loop/support_plane3.hpp).
TYPED_TEST(Distance3Contacts, CrossingSegmentsTouch) {
    using T = TypeParam;
    const std::vector<Vec3<T>> a{{-19, 15, 16}, {-1, 21, 13}}, b{{-3, 11, 17}, {-15, 35, 8}};
    const auto d = gjk::distance(query(a, b));
    EXPECT_STREQ(gjk::to_string(d.status), "touching");
    EXPECT_EQ(d.distance, T(0));
    EXPECT_STREQ(gjk::to_string(gjk::penetration(query(a, b)).status), "touching");
    // The normal is the segments' common perpendicular, up to its sign.
    const Vec3<T> n = gjk::cross(a[1] - a[0], b[1] - b[0]);
    EXPECT_NEAR(std::abs(gjk::dot(d.normal, gjk::normalized(n))), 1, 1e-6);
}

// Two hulls of six integer points, each with a face in the plane y = 0, meeting there along the
// z axis; Z lies on y >= 0. GJK ended on an edge of Z along z through the origin, and the walk
// around it started inside Z's wedge: keeping the side of its last normal, it turned from one
// side of the wedge to the other and back until its turns ran out ("overlapping"). The new side
// leaves the last turn's point behind it (gjk/loop/support_plane3.hpp); the normal from A to B
// is +y.
TYPED_TEST(Distance3Contacts, HullsMeetingOnAFaceAlongAnEdgeTouch) {
    using T = TypeParam;
    const std::vector<Vec3<T>> a{{3, 0, 1},  {-2, 0, 0},  {-2, 0, -4},
                                 {3, -4, 2}, {-3, 0, -1}, {0, 0, -2}};
    const std::vector<Vec3<T>> b{{3, 0, -3}, {-2, 0, 2}, {-1, 0, 0},
                                 {-1, 0, 2}, {4, 0, 1},  {-1, 2, 0}};
    const auto d = gjk::distance(query(a, b));
    EXPECT_STREQ(gjk::to_string(d.status), "touching");
    EXPECT_EQ(d.normal, (Vec3<T>{0, 1, 0}));
    EXPECT_STREQ(gjk::to_string(gjk::penetration(query(a, b)).status), "touching");
}
