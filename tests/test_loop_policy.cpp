// Specifications of gjk/loop/policy.hpp: the loop with none of the library's guarantees
// (gjk::detail::distance_unguaranteed, the benchmarks' floor) is still the talk's GJK, so on
// ordinary prepared pairs it answers within the kernel's bound; where a guarantee matters it
// answers as the policy documents, and gjk::distance, which keeps them all, does not.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "gjk/gjk.hpp"
#include "oracle/oracle.hpp"
#include "support/families.hpp"
#include "support/scalars.hpp"

using gjk::InputError;
using gjk::PreparedShape;
using gjk::Status;
using gjk::Vec2;

using gjk_test::prepared_input;

namespace {

GJK_SCALAR_SUITE(LoopPolicy);

/// The mean of a polygon's vertices: a point inside it.
template <class T> Vec2<T> mean(const std::vector<Vec2<T>>& pts) {
    Vec2<T> sum{};
    for (const Vec2<T>& p : pts) {
        sum += p;
    }
    return (T(1) / T(pts.size())) * sum;
}

} // namespace

// The floor drops the guarantees, not the algorithm: on random prepared convex pairs of 3 to 8
// vertices (the benchmarks' kind), half well apart and half into each other, its distance is
// the brute-force oracle's within the oracle tests' bound (gjk_test::tolerance: 4e-7 of the
// scale in float, 1e-12 in double), cold and warm-started from its own cache after a small
// move. Well apart: every point within one size of its shape's origin, the origins 2.5 to 4
// sizes apart. Into each other: B's vertex mean, a point inside B, on A's, a point inside A.
TYPED_TEST(LoopPolicy, UnguaranteedLoopMatchesTheOracleOnOrdinaryPreparedPairs) {
    using T = TypeParam;
    gjk_test::Generator gen(2026);
    int apart = 0, into = 0;
    for (int k = 0; k < 2000; ++k) {
        gjk_test::Case<T> c;
        const double size = gen.log_uniform(1e-2, 1e2);
        c.a = gen.convex<T>(gen.integer(3, 8), size);
        c.b = gen.convex<T>(gen.integer(3, 8), size);
        c.xa = gen.transform<T>(size * 3);
        const gjk::Rot<T> qb = gjk::Rot<T>::from_angle(T(gen.uniform(-3.14159, 3.14159)));
        const bool separated = k % 2 == 0;
        if (separated) {
            const double reach = gen.uniform(2.5, 4) * size, turn = gen.uniform(-3.14159, 3.14159);
            c.xb.p = {T(double(c.xa.p.x) + reach * std::cos(turn)),
                      T(double(c.xa.p.y) + reach * std::sin(turn))};
        } else {
            c.xb.p = gjk::apply(c.xa, mean(c.a)) - gjk::rotate(qb, mean(c.b));
        }
        c.xb.q = qb;
        const auto pa = PreparedShape<T>::make(c.a), pb = PreparedShape<T>::make(c.b);
        const auto ha = oracle::hull(gjk_test::world(c.a, c.xa));
        const auto hb = oracle::hull(gjk_test::world(c.b, c.xb));
        const long double exact = oracle::rounded_distance(ha, 0, hb, 0);
        const long double tol = gjk_test::tolerance<T>() * gjk_test::scale_of(c);
        ASSERT_EQ(exact > 0, separated) << "case " << k; // the pair is what it was made to be
        (separated ? apart : into) += 1;

        gjk::SimplexCache<T> cache;
        const auto cold =
            gjk::detail::distance_unguaranteed(prepared_input(pa, pb, c.xa, c.xb), &cache);
        EXPECT_NEAR(double(cold.distance), double(exact), double(tol)) << "cold, case " << k;

        // B moved by a thousandth of its size: the cached simplex is the first one.
        c.xb.p.x += T(size * 1e-3);
        const auto hb_moved = oracle::hull(gjk_test::world(c.b, c.xb));
        const long double exact_moved = oracle::rounded_distance(ha, 0, hb_moved, 0);
        const auto warm =
            gjk::detail::distance_unguaranteed(prepared_input(pa, pb, c.xa, c.xb), &cache);
        EXPECT_NEAR(double(warm.distance), double(exact_moved), double(tol)) << "warm, case " << k;
    }
    EXPECT_EQ(apart, 1000);
    EXPECT_EQ(into, 1000);
}

// Input validation: a transform with a NaN coordinate is refused by gjk::distance
// (InputError::bad_transform_b, no loop run), while the floor does not validate: it runs the
// loop on it and reports no error, and without the finite-output check its answer carries the
// NaN (B's witness point) instead of InputError::nonfinite_result.
TYPED_TEST(LoopPolicy, UnguaranteedLoopDoesNotValidateItsInput) {
    using T = TypeParam;
    const std::vector<Vec2<T>> box = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
    const auto shape = PreparedShape<T>::make(box);
    gjk::Transform<T> xb;
    xb.p = {std::numeric_limits<T>::quiet_NaN(), T(0)};
    const gjk::DistanceInput<T> in = prepared_input(shape, shape, {}, xb);

    const auto guaranteed = gjk::distance(in);
    EXPECT_EQ(guaranteed.status, Status::invalid_input);
    EXPECT_EQ(guaranteed.error, InputError::bad_transform_b);
    EXPECT_EQ(guaranteed.iterations, 0);

    const auto floor = gjk::detail::distance_unguaranteed(in);
    EXPECT_EQ(floor.error, InputError::none);
    EXPECT_NE(floor.status, Status::invalid_input);
    EXPECT_GE(floor.iterations, 1);
    EXPECT_FALSE(gjk::is_finite(floor.point_b));
}

// The touching normal: two boxes edge to edge touch, and gjk::distance proves it with a support
// plane (Status::touching, normal +x from A to B); the floor has no touching normal and no
// normal at all, so the same contact is overlapping, with a zero normal.
TYPED_TEST(LoopPolicy, UnguaranteedLoopNeverProvesTouching) {
    using T = TypeParam;
    const std::vector<Vec2<T>> box = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
    const auto shape = PreparedShape<T>::make(box);
    gjk::Transform<T> xb;
    xb.p = {T(2), T(0.5)};
    const gjk::DistanceInput<T> in = prepared_input(shape, shape, {}, xb);

    const auto guaranteed = gjk::distance(in);
    EXPECT_EQ(guaranteed.status, Status::touching);
    EXPECT_EQ(guaranteed.distance, T(0));
    EXPECT_EQ(guaranteed.normal.x, T(1));
    EXPECT_EQ(guaranteed.normal.y, T(0));

    const auto floor = gjk::detail::distance_unguaranteed(in);
    EXPECT_EQ(floor.status, Status::overlapping);
    EXPECT_EQ(floor.distance, T(0));
    EXPECT_EQ(floor.normal.x, T(0));
    EXPECT_EQ(floor.normal.y, T(0));
}
