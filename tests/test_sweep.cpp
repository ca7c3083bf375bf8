// Specifications of gjk/sweep.hpp: a shape's motion over a step and its poses, the rotations
// by polynomial.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "gjk/gjk.hpp"
#include "support/scalars.hpp"

using gjk::Vec2;

namespace {

GJK_SCALAR_SUITE(Sweep);

} // namespace

// small_rotation against long double's sin and cos on 100,001 angles across |delta| <= 2, and
// the composed rotation of a SweepMotion turning by 2 from 101 starting angles against the
// rotation by the exact angle a0 + t (a1 - a0): the bounds gjk/sweep.hpp states, 2.5 and 3.5
// eps (measured: sin 1.72 and 2.47 eps in float and double, cos 2.13 and 2.11, composed 2.75
// and 3.25).
TYPED_TEST(Sweep, PolynomialRotationIsWithinAFewEpsOfSinAndCos) {
    using T = TypeParam;
    const long double eps = std::numeric_limits<T>::epsilon();
    long double worst_sin = 0, worst_cos = 0;
    for (int i = 0; i <= 100000; ++i) {
        const T delta = T(-2.0L + 4.0L * i / 100000);
        const gjk::Rot<T> r = gjk::detail::small_rotation(delta);
        worst_sin = std::max(worst_sin, std::fabs(r.s - std::sin((long double)delta)) / eps);
        worst_cos = std::max(worst_cos, std::fabs(r.c - std::cos((long double)delta)) / eps);
    }
    EXPECT_EQ(gjk::detail::small_rotation(T(0)).c, T(1));
    EXPECT_EQ(gjk::detail::small_rotation(T(0)).s, T(0));
    long double worst_composed = 0;
    for (int k = 0; k <= 100; ++k) {
        gjk::Sweep<T> sweep;
        sweep.a0 = T(-3.2L + 6.4L * k / 100);
        sweep.a1 = sweep.a0 + T(2) * (k % 2 == 0 ? 1 : -1);
        const gjk::detail::SweepMotion<T> motion(sweep);
        for (int i = 0; i <= 1000; ++i) {
            const T t = T(i / 1000.0L);
            const long double angle =
                (long double)sweep.a0 + t * ((long double)sweep.a1 - (long double)sweep.a0);
            const gjk::Rot<T> q = motion.rotation(t);
            worst_composed = std::max({worst_composed, std::fabs(q.c - std::cos(angle)) / eps,
                                       std::fabs(q.s - std::sin(angle)) / eps});
        }
        EXPECT_EQ(motion.rotation(T(0)).c, gjk::Rot<T>::from_angle(sweep.a0).c);
        EXPECT_EQ(motion.rotation(T(0)).s, gjk::Rot<T>::from_angle(sweep.a0).s);
    }
    std::printf("[sweep %s] polynomial: sin within %.2Lf eps, cos within %.2Lf eps; composed "
                "rotation within %.2Lf eps\n",
                std::is_same_v<T, float> ? "float" : "double", worst_sin, worst_cos,
                worst_composed);
    EXPECT_LE(worst_sin, 2.5);
    EXPECT_LE(worst_cos, 2.5);
    EXPECT_LE(worst_composed, 3.5);
}

// The pose at t = 0 is the sweep's own, to the bit, and so is every pose of a sweep that turns
// by more than the polynomial's 2 radians (std::cos and std::sin, as Sweep::at).
TYPED_TEST(Sweep, MotionPosesAreTheSweepsAtZeroAndBeyondThePolynomialsTurn) {
    using T = TypeParam;
    gjk::Sweep<T> sweep{{T(0.25), T(-0.5)}, {1, 2}, {3, -1}, T(0.7), T(2.2)};
    const gjk::detail::SweepMotion<T> motion(sweep);
    const auto at0 = motion.at(T(0)), expected0 = sweep.at(T(0));
    EXPECT_EQ(at0.p, expected0.p);
    EXPECT_EQ(at0.q.c, expected0.q.c);
    EXPECT_EQ(at0.q.s, expected0.q.s);
    // Within the polynomial's turn the poses agree with Sweep::at to a few eps of the scale.
    for (int i = 0; i <= 16; ++i) {
        const T t = T(i) / T(16);
        const auto a = motion.at(t), b = sweep.at(t);
        const T tol = T(8) * std::numeric_limits<T>::epsilon() * T(4);
        EXPECT_NEAR(a.p.x, b.p.x, tol);
        EXPECT_NEAR(a.p.y, b.p.y, tol);
        EXPECT_NEAR(a.q.c, b.q.c, tol);
        EXPECT_NEAR(a.q.s, b.q.s, tol);
    }
    sweep.a1 = sweep.a0 + T(2.5);
    const gjk::detail::SweepMotion<T> turning(sweep);
    for (int i = 0; i <= 16; ++i) {
        const T t = T(i) / T(16);
        const auto a = turning.at(t), b = sweep.at(t);
        EXPECT_EQ(a.p, b.p);
        EXPECT_EQ(a.q.c, b.q.c);
        EXPECT_EQ(a.q.s, b.q.s);
    }
}
