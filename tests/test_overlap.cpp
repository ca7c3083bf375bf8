// Specifications of gjk/overlap.hpp: the boolean GJK of the collision-test article.
#include <gtest/gtest.h>

#include <cstdio>

#include "gjk/gjk.hpp"
#include "oracle/oracle.hpp"
#include "support/families.hpp"
#include "support/scalars.hpp"

using gjk::Shape;
using gjk::Status;
using gjk::Termination;

namespace {
GJK_SCALAR_SUITE(Overlap);
} // namespace

TYPED_TEST(Overlap, FarApartShapesStopAtTheFirstSeparatingSupportPlane) {
    using T = TypeParam;
    const auto box = Shape<T>::box(1, 1);
    gjk::DistanceInput<T> in;
    in.a = box;
    in.b = box;
    in.xf_b = gjk::Transform<T>::from({10, 3}, T(0.4));
    const auto r = gjk::overlap(in);
    EXPECT_FALSE(r.overlap);
    EXPECT_EQ(r.termination, Termination::separating_axis);
    EXPECT_EQ(r.status, Status::separated);
    EXPECT_LT(r.iterations, gjk::distance(in).iterations + 1);
}

TYPED_TEST(Overlap, RadiiCountTowardOverlap) {
    using T = TypeParam;
    const auto a = Shape<T>::circle({0, 0}, 1);
    const auto far = Shape<T>::circle({3, 0}, T(1.5));  // 3 > 1 + 1.5
    const auto near = Shape<T>::circle({2, 0}, T(1.5)); // 2 < 1 + 1.5
    gjk::DistanceInput<T> in;
    in.a = a;
    in.b = far;
    EXPECT_FALSE(gjk::overlap(in).overlap);
    in.b = near;
    EXPECT_TRUE(gjk::overlap(in).overlap);
    EXPECT_EQ(gjk::overlap(in).status, Status::overlapping);
    in.use_radii = false; // two distinct points
    EXPECT_FALSE(gjk::overlap(in).overlap);
}

// The verdict agrees with the exact oracle wherever the pair is not within tolerance of
// touching; and it never disagrees with the distance query.
TYPED_TEST(Overlap, AgreesWithTheOracleAwayFromTheBoundary) {
    using T = TypeParam;
    gjk_test::Generator gen(31);
    int overlapping = 0, separated = 0, boundary_disagreements = 0;
    long long iterations_overlap = 0, iterations_distance = 0;
    for (int i = 0; i < 6000; ++i) {
        const auto family =
            static_cast<gjk_test::Family>(i % static_cast<int>(gjk_test::Family::count));
        if (family == gjk_test::Family::big_polygons && i % 50 != 8)
            continue;
        const auto k = gen.make<T>(family);
        const auto in = gjk_test::input_of(k);
        const auto r = gjk::overlap(in);
        const auto d = gjk::distance(in);
        ASSERT_NE(r.status, Status::invalid_input);
        const auto ha = oracle::hull(gjk_test::world(k.a, k.xa));
        const auto hb = oracle::hull(gjk_test::world(k.b, k.xb));
        const long double expected = oracle::rounded_distance(ha, k.ra, hb, k.rb);
        const long double tol = gjk_test::tolerance<T>() * gjk_test::scale_of(k);
        if (expected > tol) {
            ASSERT_FALSE(r.overlap) << gjk_test::family_name(family) << " " << i;
            ++separated;
        } else {
            // Clearly into each other (depth beyond the tolerance) must be an overlap.
            const long double depth = gjk_test::depth_of(k, ha, hb);
            if (depth > tol) {
                ASSERT_TRUE(r.overlap) << gjk_test::family_name(family) << " " << i;
                ++overlapping;
            } else if (r.overlap != (d.distance == T(0))) {
                ++boundary_disagreements; // within round-off of touching: either answer is right
            }
        }
        iterations_overlap += r.iterations;
        iterations_distance += d.iterations;
    }
    std::printf("[overlap] %d separated, %d overlapping, %d boundary cases where overlap() and "
                "distance() differ within round-off\n",
                separated, overlapping, boundary_disagreements);
    EXPECT_GT(overlapping, 500);
    EXPECT_GT(separated, 500);
    EXPECT_LE(iterations_overlap, iterations_distance); // it stops as soon as it can decide
}

TYPED_TEST(Overlap, InvalidInputIsNotAnOverlap) {
    using T = TypeParam;
    gjk::DistanceInput<T> in; // both shapes empty
    const auto r = gjk::overlap(in);
    EXPECT_FALSE(r.overlap);
    EXPECT_EQ(r.status, Status::invalid_input);
    EXPECT_EQ(r.error, gjk::InputError::empty_a);
}
