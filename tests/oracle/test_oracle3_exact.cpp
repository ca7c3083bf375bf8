// tests/oracle/test_oracle3_exact.cpp - tests of the 3D oracle's exact conversion of doubles
// and of approx_sqrt(): hand-computed answers, and the correctly rounded sqrtl on representable
// values.
#include "oracle/oracle3.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <stdexcept>

#include "oracle/test_support3.hpp"

namespace {

using oracle3::approx_sqrt;
using oracle3::exact;
using oracle3::Q;
using oracle3_test::r;

// ---------------------------------------------------------------------------------------------
// Exact conversion and the square root.

TEST(Oracle3Exact, ConvertsDoublesWithoutRounding) {
    // 0.1 is 0x1.999999999999ap-4 = 3602879701896397 / 2^55.
    EXPECT_EQ(exact({0.1, -2.5, 0}).x, Q("3602879701896397/36028797018963968"));
    EXPECT_EQ(exact({0.1, -2.5, 0}).y, r(-5, 2));
    Q tiny(1);
    mpq_div_2exp(tiny.get_mpq_t(), tiny.get_mpq_t(), 1074); // the smallest subnormal
    EXPECT_EQ(exact({0, std::numeric_limits<double>::denorm_min(), 0}).y, tiny);
    EXPECT_EQ(exact({0, 0, 0x1p1000}).z, Q(mpz_class(1) << 1000));
}

TEST(Oracle3Exact, RejectsNonFiniteCoordinates) {
    EXPECT_THROW(exact({std::nan(""), 0, 0}), std::domain_error);
    EXPECT_THROW(exact({0, std::numeric_limits<double>::infinity(), 0}), std::domain_error);
    EXPECT_THROW(exact({0, 0, -std::numeric_limits<double>::infinity()}), std::domain_error);
}

TEST(Oracle3ApproxSqrt, IsTheCorrectlyRoundedRootOfRepresentableValues) {
    // sqrtl is correctly rounded (IEEE); on a value exactly representable in long double it is the
    // long double nearest to the exact root, which approx_sqrt() must reproduce.
    EXPECT_EQ(approx_sqrt(Q(0)), 0.0L);
    EXPECT_EQ(approx_sqrt(Q(4)), 2.0L);
    EXPECT_EQ(approx_sqrt(Q(2)), std::sqrt(2.0L));
    EXPECT_EQ(approx_sqrt(Q(mpz_class(1) << 2000)), std::ldexp(1.0L, 1000));
    std::mt19937_64 rng(3);
    std::uniform_real_distribution<double> mantissa(1, 2);
    std::uniform_int_distribution<int> exponent(-1070, 1020);
    for (int i = 0; i < 2000; ++i) {
        const double v = std::ldexp(mantissa(rng), exponent(rng));
        EXPECT_EQ(approx_sqrt(Q(v)), std::sqrt(static_cast<long double>(v))) << v;
    }
    EXPECT_THROW(approx_sqrt(r(-1, 3)), std::domain_error);
}

TEST(Oracle3ApproxSqrt, IsWithinOneUnitOfTheRootOfARational) {
    // sqrt(1/3) and sqrt(2/9) = sqrt(2)/3: checked against long double arithmetic near them.
    const long double s = approx_sqrt(r(1, 3));
    EXPECT_NEAR(static_cast<double>(s * s * 3), 1.0, 1e-18);
    EXPECT_LE(std::fabs(approx_sqrt(r(2, 9)) - std::sqrt(2.0L) / 3), 2 * 0x1p-64L);
}

} // namespace
