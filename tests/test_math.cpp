// Specifications of gjk/math.hpp.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <type_traits>
#include <vector>

#include "gjk/math.hpp"
#include "support/scalars.hpp"

using gjk::Rot;
using gjk::Transform;
using gjk::Vec2;

TEST(Math, ValueTypesAreTriviallyCopyable) {
    static_assert(std::is_trivially_copyable_v<Vec2<float>>);
    static_assert(std::is_trivially_copyable_v<Vec2<double>>);
    static_assert(std::is_trivially_copyable_v<Rot<double>>);
    static_assert(std::is_trivially_copyable_v<Transform<float>>);
    SUCCEED();
}

TEST(Math, CrossIsTwiceTheSignedArea) {
    const Vec2<double> a{2, 0}, b{0, 3};
    EXPECT_EQ(gjk::cross(a, b), 6.0);  // counter-clockwise: positive
    EXPECT_EQ(gjk::cross(b, a), -6.0); // clockwise: negative
    EXPECT_EQ(gjk::dot(a, b), 0.0);
}

TEST(Math, PerpIsAQuarterTurnAndExactlyPerpendicular) {
    const Vec2<float> e{0.021119118f - 0.020964622f, 79.584320f + 31.515678f};
    const Vec2<float> d = gjk::perp(e);
    EXPECT_EQ(d.x, -e.y);
    EXPECT_EQ(d.y, e.x);
    EXPECT_EQ(gjk::dot(d, e), 0.0f);
    EXPECT_GT(gjk::cross(e, d), 0.0f); // counter-clockwise of e
}

TEST(Math, LengthDoesNotOverflowForLargeCoordinates) {
    const Vec2<float> big{3e30f, 4e30f};
    EXPECT_FLOAT_EQ(gjk::length(big), 5e30f);
    EXPECT_EQ(gjk::normalized(Vec2<double>{}), (Vec2<double>{}));
}

TEST(Math, TransformRotatesAboutTheOriginThenTranslates) {
    const auto xf = Transform<double>::from({10, 20}, 1.5707963267948966);
    const Vec2<double> p = gjk::apply(xf, Vec2<double>{1, 0});
    EXPECT_NEAR(p.x, 10.0, 1e-15);
    EXPECT_NEAR(p.y, 21.0, 1e-15);
    const Vec2<double> back = gjk::apply_inverse(xf, p);
    EXPECT_NEAR(back.x, 1.0, 1e-15);
    EXPECT_NEAR(back.y, 0.0, 1e-15);
    EXPECT_NEAR(xf.q.angle(), 1.5707963267948966, 1e-15);
}

GJK_SCALAR_SUITE(MathScalars);

// Regression (CI's build for x86-64-v3): a rotation inlined into code built with FMA
// instructions came out of GCC 12's SLP vectorizer as vfmaddsub - the products fused with the
// alternating subtract and add despite -ffp-contract=off - and differed in the last bit from
// the library's rotation, built without FMA (a prepared shape's vertices moved once against the
// transformed support; Python's answers against the library's). Each product must be rounded on
// its own, whatever the caller's target; the loop over arrays is what the vectorizer fused.
TYPED_TEST(MathScalars, RotationsRoundEachProductOnItsOwn) {
    using T = TypeParam;
    using gjk_test::stored_product;
    std::mt19937_64 rng(12);
    std::uniform_real_distribution<double> u(-1, 1);
    constexpr int n = 256;
    std::vector<Vec2<T>> points(n), turned(n), returned(n);
    std::vector<Rot<T>> rotations(n);
    for (int i = 0; i < n; ++i) {
        points[i] = {T(100 * u(rng)), T(100 * u(rng))};
        rotations[i] = Rot<T>::from_angle(T(4 * u(rng)));
    }
    for (int i = 0; i < n; ++i) {
        turned[i] = gjk::rotate(rotations[i], points[i]);
        returned[i] = gjk::inv_rotate(rotations[i], points[i]);
    }
    for (int i = 0; i < n; ++i) {
        const T c = rotations[i].c, s = rotations[i].s, x = points[i].x, y = points[i].y;
        EXPECT_EQ(turned[i].x, stored_product(c, x) - stored_product(s, y)) << i;
        EXPECT_EQ(turned[i].y, stored_product(s, x) + stored_product(c, y)) << i;
        EXPECT_EQ(returned[i].x, stored_product(c, x) + stored_product(s, y)) << i;
        EXPECT_EQ(returned[i].y, stored_product(-s, x) + stored_product(c, y)) << i;
    }
}

// Regression (found by fuzz_kernel): two single points 7.2e-42 apart in float gave a normal
// of length 0.99998. Their difference has subnormal coordinates, so its length was subnormal
// too, rounded to a multiple of the smallest subnormal (1.4e-45, 2e-4 of 7.2e-42), and
// a / length inherited that error. normalized() now scales such a vector by 2^digits first
// (exact) so the length is a normal number. The reference is long double arithmetic on the
// exact coordinates.
TEST(Math, NormalizedSubnormalVectorIsUnitLength) {
    const Vec2<float> tiny{2.80259693e-43f, -7.17464814e-42f};
    ASSERT_LT(std::fabs(tiny.y), std::numeric_limits<float>::min()); // subnormal indeed
    const Vec2<float> n = gjk::normalized(tiny);
    const long double len = std::hypot((long double)tiny.x, (long double)tiny.y);
    EXPECT_NEAR(n.x, tiny.x / len, 2 * std::numeric_limits<float>::epsilon());
    EXPECT_NEAR(n.y, tiny.y / len, 2 * std::numeric_limits<float>::epsilon());
    const Vec2<double> smallest{std::numeric_limits<double>::denorm_min(), 0};
    EXPECT_EQ(gjk::normalized(smallest), (Vec2<double>{1, 0}));
}
