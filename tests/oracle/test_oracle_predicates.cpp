// tests/oracle/test_oracle_predicates.cpp - tests of the oracle's exact predicates (to_mpq,
// orient, hull, contains, intersect): hand-computed answers, and exact rational or integer
// arithmetic written here independently of oracle.cpp.
#include "oracle/oracle.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <ostream>
#include <random>
#include <stdexcept>
#include <utility>
#include <vector>

#include "oracle/test_support.hpp"

namespace {

using oracle::P;
using oracle::R;
using oracle_test::Poly;
using oracle_test::random_int_points;
using oracle_test::square;

// 2^k as an exact rational.
mpq_class pow2(int k) {
    mpq_class q(1);
    if (k >= 0) {
        mpq_mul_2exp(q.get_mpq_t(), q.get_mpq_t(), static_cast<mp_bitcnt_t>(k));
    } else {
        mpq_div_2exp(q.get_mpq_t(), q.get_mpq_t(), static_cast<mp_bitcnt_t>(-k));
    }
    return q;
}

// Orientation of rational points, computed directly (no conversion from long double).
int orient_q(const mpq_class& ax, const mpq_class& ay, const mpq_class& bx, const mpq_class& by,
             const mpq_class& cx, const mpq_class& cy) {
    const int s = sgn((bx - ax) * (cy - ay) - (by - ay) * (cx - ax));
    return (s > 0) - (s < 0);
}

R up(R v) {
    return std::nextafter(v, std::numeric_limits<R>::infinity());
}
R down(R v) {
    return std::nextafter(v, -std::numeric_limits<R>::infinity());
}

// ---------------------------------------------------------------------------------------------
// to_mpq

TEST(OracleToMpq, IsExactForDyadicValues) {
    EXPECT_EQ(oracle::to_mpq(0.0L), mpq_class(0));
    EXPECT_EQ(oracle::to_mpq(-0.0L), mpq_class(0));
    EXPECT_EQ(oracle::to_mpq(0.5L), mpq_class(1, 2));
    EXPECT_EQ(oracle::to_mpq(-3.25L), mpq_class(-13, 4));
    EXPECT_EQ(oracle::to_mpq(12345678901234567.0L), mpq_class("12345678901234567"));
    // 1 + 2^-63 needs all 64 mantissa bits: a detour through double would lose it.
    EXPECT_EQ(oracle::to_mpq(1.0L + LDBL_EPSILON), 1 + pow2(-63));
    EXPECT_EQ(oracle::to_mpq(-(0x1p64L - 1)), -(pow2(64) - 1));
}

TEST(OracleToMpq, RoundsNothingForNonDyadicLiterals) {
    // 0.1L lies in [1/16, 1/8): ulp 2^-67. The rational must be within half an ulp of 1/10 and
    // have a power-of-two denominator.
    const mpq_class q = oracle::to_mpq(0.1L);
    EXPECT_NE(q, mpq_class(1, 10));
    EXPECT_LE(abs(q - mpq_class(1, 10)), pow2(-68));
    EXPECT_EQ(mpz_popcount(q.get_den_mpz_t()), 1u);
    EXPECT_EQ(oracle::to_mpq(0.1L) - oracle::to_mpq(up(0.1L)), -pow2(-67));
}

TEST(OracleToMpq, IsExactForSubnormalsAndExtremes) {
    EXPECT_EQ(oracle::to_mpq(std::numeric_limits<R>::denorm_min()), pow2(-16445));
    EXPECT_EQ(oracle::to_mpq(-std::numeric_limits<R>::denorm_min()), -pow2(-16445));
    EXPECT_EQ(oracle::to_mpq(3 * std::numeric_limits<R>::denorm_min()), 3 * pow2(-16445));
    EXPECT_EQ(oracle::to_mpq(LDBL_MIN), pow2(-16382));
    EXPECT_EQ(oracle::to_mpq(LDBL_MAX), (pow2(64) - 1) * pow2(16384 - 64));
}

TEST(OracleToMpq, ThrowsOnNonFinite) {
    EXPECT_THROW(oracle::to_mpq(std::numeric_limits<R>::infinity()), std::domain_error);
    EXPECT_THROW(oracle::to_mpq(-std::numeric_limits<R>::infinity()), std::domain_error);
    EXPECT_THROW(oracle::to_mpq(std::numeric_limits<R>::quiet_NaN()), std::domain_error);
}

// ---------------------------------------------------------------------------------------------
// orient

TEST(OracleOrient, GivesSignOfSimpleTriangles) {
    EXPECT_EQ(oracle::orient({0, 0}, {1, 0}, {0, 1}), 1);
    EXPECT_EQ(oracle::orient({0, 0}, {0, 1}, {1, 0}), -1);
    EXPECT_EQ(oracle::orient({0, 0}, {1, 1}, {2, 2}), 0);
    EXPECT_EQ(oracle::orient({1, 1}, {1, 1}, {5, -3}), 0);
}

TEST(OracleOrient, ExactOnOneUlpShiftsOfCollinearTriple) {
    const P a{0.5L, 0.5L}, b{12, 12}, c{24, 24};
    const auto before = oracle::orient_exact_fallbacks();
    EXPECT_EQ(oracle::orient(a, b, c), 0);
    // Each perturbation is one ulp; the exact sign comes from a rational computed here.
    const R cx = up(24.0L); // 24 + 2^-59
    ASSERT_EQ(oracle::to_mpq(cx), 24 + pow2(-59));
    EXPECT_EQ(orient_q(mpq_class(1, 2), mpq_class(1, 2), 12, 12, 24 + pow2(-59), 24), -1);
    EXPECT_EQ(oracle::orient(a, b, {cx, 24}), -1);
    EXPECT_EQ(orient_q(mpq_class(1, 2), mpq_class(1, 2), 12, 12, 24, 24 + pow2(-59)), 1);
    EXPECT_EQ(oracle::orient(a, b, {24, cx}), 1);
    const R ax = up(0.5L); // 0.5 + 2^-64: determinant -12 * 2^-64
    EXPECT_EQ(orient_q(mpq_class(1, 2) + pow2(-64), mpq_class(1, 2), 12, 12, 24, 24), -1);
    EXPECT_EQ(oracle::orient({ax, 0.5L}, b, c), -1);
    EXPECT_EQ(oracle::orient(b, c, {ax, 0.5L}), -1);
    EXPECT_EQ(oracle::orient(c, {ax, 0.5L}, b), -1);
    EXPECT_EQ(oracle::orient(b, {ax, 0.5L}, c), 1);
    const R bx = down(12.0L); // 12 - 2^-60: determinant (11.5 - e) 23.5 - 11.5 * 23.5 < 0
    EXPECT_EQ(orient_q(mpq_class(1, 2), mpq_class(1, 2), 12 - pow2(-60), 12, 24, 24), -1);
    EXPECT_EQ(oracle::orient(a, {bx, 12}, c), -1);
    EXPECT_EQ(oracle::orient(a, {12, bx}, c), 1);
    // These triples are beyond the long double filter: the exact path must have been taken.
    EXPECT_GE(oracle::orient_exact_fallbacks() - before, 5u);
}

// Kettner et al., "Classroom examples of robustness problems", adapted to long double:
// p = (0.5 + i d, 0.5 + j d), q = (12, 12), r = (24, 24). By hand,
// (q - p) x (r - p) = (11.5 - i d)(23.5 - j d) - (11.5 - j d)(23.5 - i d) = 12 d (j - i).
TEST(OracleOrient, ExactOnKettnerGridWhereNaiveLongDoubleFails) {
    for (const int shift : {60, 64}) {
        const R d = std::ldexp(1.0L, -shift);
        const P q{12, 12}, r{24, 24};
        int naive_wrong = 0;
        for (int i = 0; i < 64; ++i) {
            for (int j = 0; j < 64; ++j) {
                const P p{0.5L + i * d, 0.5L + j * d};
                const int expected = (j > i) - (j < i);
                SCOPED_TRACE(testing::Message() << "shift " << shift << " i " << i << " j " << j);
                // Cross-check the hand formula with a direct rational computation.
                const mpq_class px = mpq_class(1, 2) + i * pow2(-shift);
                const mpq_class py = mpq_class(1, 2) + j * pow2(-shift);
                ASSERT_EQ(orient_q(px, py, 12, 12, 24, 24), expected);
                EXPECT_EQ(oracle::orient(p, q, r), expected);
                EXPECT_EQ(oracle::orient(q, r, p), expected);
                EXPECT_EQ(oracle::orient(r, p, q), expected);
                EXPECT_EQ(oracle::orient(p, r, q), -expected);
                const R naive = (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x);
                naive_wrong += ((naive > 0) - (naive < 0)) != expected;
            }
        }
        // The grid really is adversarial: plain long double evaluation gets signs wrong.
        EXPECT_GT(naive_wrong, 0) << "shift " << shift;
    }
}

// Points a + k (dx, dy) with integers up to 2^61 are exact in long double but their
// determinants need ~125 bits. Collinear: 0. Lifting c by +1 in y adds k_b * dx to the
// determinant (b - a) x (c - a), so its sign is sign(dx).
TEST(OracleOrient, ExactOnLargeIntegerCollinearPoints) {
    std::mt19937_64 rng(12345);
    std::uniform_int_distribution<std::int64_t> dir(-(std::int64_t{1} << 30),
                                                    std::int64_t{1} << 30);
    std::uniform_int_distribution<std::int64_t> step(1, std::int64_t{1} << 30);
    std::uniform_int_distribution<std::int64_t> base(-(std::int64_t{1} << 40),
                                                     std::int64_t{1} << 40);
    const auto before = oracle::orient_exact_fallbacks();
    for (int n = 0; n < 2000; ++n) {
        const std::int64_t dx = dir(rng), dy = dir(rng);
        if (dx == 0) {
            continue;
        }
        const std::int64_t kb = step(rng), kc = step(rng);
        const P a{R(base(rng)), R(base(rng))};
        const P b{a.x + R(kb * dx), a.y + R(kb * dy)};
        const P c{a.x + R(kc * dx), a.y + R(kc * dy)};
        const P c_up{c.x, c.y + 1};
        ASSERT_EQ(c_up.y - 1, c.y) << "coordinates must be exact";
        EXPECT_EQ(oracle::orient(a, b, c), 0);
        EXPECT_EQ(oracle::orient(a, b, c_up), dx > 0 ? 1 : -1);
        EXPECT_EQ(oracle::orient(b, a, c_up), dx > 0 ? -1 : 1);
    }
    EXPECT_GT(oracle::orient_exact_fallbacks() - before, 1000u);
}

TEST(OracleOrient, ExactWhenProductsUnderflow) {
    const R t = std::numeric_limits<R>::denorm_min();
    // The products t * t underflow to zero in long double; the exact answer is +-t^2.
    EXPECT_EQ(oracle::orient({0, 0}, {t, 0}, {0, t}), 1);
    EXPECT_EQ(oracle::orient({0, 0}, {0, t}, {t, 0}), -1);
    EXPECT_EQ(oracle::orient({0, 0}, {t, t}, {2 * t, 2 * t}), 0);
    EXPECT_EQ(oracle::orient({0, 0}, {1, 0}, {0.5L, -t}), -1);
    EXPECT_EQ(oracle::orient({0, 0}, {1, 0}, {0.5L, t}), 1);
}

TEST(OracleOrient, ExactWhenDifferencesOverflow) {
    const R m = LDBL_MAX;
    EXPECT_EQ(oracle::orient({-m, -m}, {0, 0}, {m, m}), 0);
    // (b - a) x (c - a) = m (c.y + m) - m (c.x + m) = m (c.y - c.x).
    EXPECT_EQ(oracle::orient({-m, -m}, {0, 0}, {m, down(m)}), -1);
    EXPECT_EQ(oracle::orient({-m, -m}, {0, 0}, {down(m), m}), 1);
}

// ---------------------------------------------------------------------------------------------
// hull

TEST(OracleHull, SquareWithDuplicatesAndCollinearPointsHasFourCcwVertices) {
    const Poly pts{{2, 2}, {0, 0}, {1, 0}, {2, 0}, {2, 1}, {0, 2},    {1, 1},
                   {0, 0}, {2, 2}, {1, 2}, {0, 1}, {2, 0}, {0.5L, 0}, {2, 1.5L}};
    const Poly expected{{0, 0}, {2, 0}, {2, 2}, {0, 2}};
    EXPECT_EQ(oracle::hull(pts), expected);
}

TEST(OracleHull, AllCollinearGivesTheTwoExtremePoints) {
    EXPECT_EQ(oracle::hull({{3, 3}, {1, 1}, {0, 0}, {2, 2}, {3, 3}}), (Poly{{0, 0}, {3, 3}}));
    EXPECT_EQ(oracle::hull({{0, 5}, {0, -1}, {0, 2}}), (Poly{{0, -1}, {0, 5}}));
    EXPECT_EQ(oracle::hull({{1, 1}, {4, 1}}), (Poly{{1, 1}, {4, 1}}));
}

TEST(OracleHull, OnePointAndEmptyInput) {
    EXPECT_EQ(oracle::hull({{1, 2}}), (Poly{{1, 2}}));
    EXPECT_EQ(oracle::hull({{1, 2}, {1, 2}, {1, 2}}), (Poly{{1, 2}}));
    EXPECT_TRUE(oracle::hull({}).empty());
}

TEST(OracleHull, OneUlpDecidesWhetherAMiddlePointIsAVertex) {
    EXPECT_EQ(oracle::hull({{0.5L, 0.5L}, {12, 12}, {24, 24}}), (Poly{{0.5L, 0.5L}, {24, 24}}));
    const P above{12, up(12.0L)};
    EXPECT_EQ(oracle::hull({{0.5L, 0.5L}, above, {24, 24}}), (Poly{{0.5L, 0.5L}, {24, 24}, above}));
    const P below{12, down(12.0L)};
    EXPECT_EQ(oracle::hull({{24, 24}, below, {0.5L, 0.5L}}), (Poly{{0.5L, 0.5L}, below, {24, 24}}));
}

// Integer coordinates: orientation computed exactly in 64-bit integers, independent of oracle.
std::int64_t orient_int(P a, P b, P c) {
    const auto ax = static_cast<std::int64_t>(a.x), ay = static_cast<std::int64_t>(a.y);
    const auto bx = static_cast<std::int64_t>(b.x), by = static_cast<std::int64_t>(b.y);
    const auto cx = static_cast<std::int64_t>(c.x), cy = static_cast<std::int64_t>(c.y);
    const std::int64_t d = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
    return (d > 0) - (d < 0);
}

TEST(OracleHull, RandomHullIsStrictlyConvexCcwAndContainsAllInputPoints) {
    std::mt19937_64 rng(7);
    for (int n = 0; n < 500; ++n) {
        const Poly pts = random_int_points(rng, 1 + n % 20, n % 2 == 0 ? 5 : 100000);
        const Poly h = oracle::hull(pts);
        ASSERT_FALSE(h.empty());
        for (const P& v : h) {
            EXPECT_NE(std::find(pts.begin(), pts.end(), v), pts.end());
        }
        if (h.size() >= 3) {
            for (std::size_t i = 0; i < h.size(); ++i) {
                const P a = h[i], b = h[(i + 1) % h.size()], c = h[(i + 2) % h.size()];
                EXPECT_EQ(orient_int(a, b, c), 1);
                for (const P& p : pts) {
                    EXPECT_GE(orient_int(a, b, p), 0);
                }
            }
        } else if (h.size() == 2) {
            EXPECT_NE(h[0], h[1]);
            for (const P& p : pts) {
                EXPECT_EQ(orient_int(h[0], h[1], p), 0);
            }
        } else {
            for (const P& p : pts) {
                EXPECT_EQ(p, h[0]);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// contains / intersect

TEST(OracleContains, ClosedHullIncludesBoundaryAndExcludesOneUlpOutside) {
    const Poly sq = oracle::hull(square(0, 0, 1));
    EXPECT_TRUE(oracle::contains(sq, {0.5L, 0.5L}));
    EXPECT_TRUE(oracle::contains(sq, {1, 0.5L}));
    EXPECT_TRUE(oracle::contains(sq, {1, 1}));
    EXPECT_FALSE(oracle::contains(sq, {up(1.0L), 0.5L}));
    EXPECT_FALSE(oracle::contains(sq, {0.5L, -std::numeric_limits<R>::denorm_min()}));
    EXPECT_TRUE(oracle::contains(oracle::hull({{0, 0}, {2, 2}}), {1, 1}));
    EXPECT_FALSE(oracle::contains(oracle::hull({{0, 0}, {2, 2}}), {3, 3}));
    EXPECT_FALSE(oracle::contains(oracle::hull({{0, 0}, {2, 2}}), {1, up(1.0L)}));
    EXPECT_TRUE(oracle::contains({{1, 2}}, {1, 2}));
    EXPECT_FALSE(oracle::contains({{1, 2}}, {1, up(2.0L)}));
    EXPECT_FALSE(oracle::contains({}, {0, 0}));
}

TEST(OracleIntersect, SeparatedSquaresDoNotIntersect) {
    const Poly a = oracle::hull(square(0, 0, 1));
    EXPECT_FALSE(oracle::intersect(a, oracle::hull(square(3, 0, 1))));
    EXPECT_FALSE(oracle::intersect(a, oracle::hull(square(up(1.0L), 0.5L, 1))));
    EXPECT_FALSE(oracle::intersect(oracle::hull(square(up(1.0L), up(1.0L), 1)), a));
}

TEST(OracleIntersect, EdgeTouchingSquaresIntersect) {
    const Poly a = oracle::hull(square(0, 0, 1));
    EXPECT_TRUE(oracle::intersect(a, oracle::hull(square(1, 0.5L, 1))));
    EXPECT_TRUE(oracle::intersect(oracle::hull(square(1, 0.5L, 1)), a));
    EXPECT_TRUE(oracle::intersect(a, oracle::hull(square(0, -1, 1))));
}

TEST(OracleIntersect, CornerTouchingSquaresIntersect) {
    const Poly a = oracle::hull(square(0, 0, 1));
    EXPECT_TRUE(oracle::intersect(a, oracle::hull(square(1, 1, 1))));
    EXPECT_TRUE(oracle::intersect(oracle::hull(square(-1, -1, 1)), a));
    // A diamond whose tip touches the square's corner; no edge is shared.
    const Poly diamond = oracle::hull({{2, 1}, {3, 0}, {4, 1}, {3, 2}});
    EXPECT_TRUE(oracle::intersect(diamond, oracle::hull({{0, 0}, {2, 1}, {0, 2}})));
    EXPECT_FALSE(oracle::intersect(diamond, oracle::hull({{0, 0}, {down(2.0L), 1}, {0, 2}})));
}

TEST(OracleIntersect, HullInsideAnotherIntersects) {
    const Poly big = oracle::hull(square(-10, -10, 20));
    const Poly small = oracle::hull(square(0, 0, 1));
    EXPECT_TRUE(oracle::intersect(big, small));
    EXPECT_TRUE(oracle::intersect(small, big));
    EXPECT_TRUE(oracle::intersect(big, {{3, 4}}));
    EXPECT_TRUE(oracle::intersect({{3, 4}}, big));
}

TEST(OracleIntersect, CrossingEdgesWithNoVertexInsideIntersect) {
    // Star of David: two triangles, no vertex of either lies in the other.
    const Poly up_tri = oracle::hull({{0, 0}, {6, 0}, {3, 6}});
    const Poly down_tri = oracle::hull({{0, 4}, {6, 4}, {3, -2}});
    for (const P& v : up_tri) {
        ASSERT_FALSE(oracle::contains(down_tri, v));
    }
    EXPECT_TRUE(oracle::intersect(up_tri, down_tri));
    // A segment passing through a square with both endpoints outside.
    EXPECT_TRUE(
        oracle::intersect(oracle::hull({{-1, 0.5L}, {2, 0.75L}}), oracle::hull(square(0, 0, 1))));
}

TEST(OracleIntersect, CrossingSegmentsIntersect) {
    EXPECT_TRUE(oracle::intersect(oracle::hull({{0, 0}, {1, 1}}), oracle::hull({{0, 1}, {1, 0}})));
    // T: endpoint on the other segment's interior.
    EXPECT_TRUE(oracle::intersect(oracle::hull({{0, 0}, {2, 0}}), oracle::hull({{1, 0}, {1, 5}})));
    EXPECT_FALSE(
        oracle::intersect(oracle::hull({{0, 0}, {2, 0}}), oracle::hull({{1, up(0.0L)}, {1, 5}})));
    // Would cross if extended, but do not.
    EXPECT_FALSE(oracle::intersect(oracle::hull({{0, 0}, {1, 1}}), oracle::hull({{3, 0}, {2, 1}})));
}

TEST(OracleIntersect, CollinearSegments) {
    const Poly s = oracle::hull({{0, 0}, {2, 2}});
    EXPECT_TRUE(oracle::intersect(s, oracle::hull({{1, 1}, {3, 3}})));       // overlapping
    EXPECT_TRUE(oracle::intersect(s, oracle::hull({{0.5L, 0.5L}, {1, 1}}))); // contained
    EXPECT_TRUE(oracle::intersect(s, oracle::hull({{2, 2}, {3, 3}})));       // end to end
    EXPECT_FALSE(oracle::intersect(s, oracle::hull({{up(2.0L), up(2.0L)}, {3, 3}})));
    EXPECT_FALSE(oracle::intersect(s, oracle::hull({{-3, -3}, {-1, -1}})));
    // Parallel, not collinear.
    EXPECT_FALSE(oracle::intersect(s, oracle::hull({{0, 1}, {2, 3}})));
}

TEST(OracleIntersect, PointOnEdgeIntersectsAndOneUlpOffDoesNot) {
    const Poly sq = oracle::hull(square(0, 0, 1));
    EXPECT_TRUE(oracle::intersect(sq, {{0.5L, 0}}));
    EXPECT_TRUE(oracle::intersect({{1, 0.25L}}, sq));
    EXPECT_FALSE(oracle::intersect(sq, {{up(1.0L), 0.5L}}));
    EXPECT_FALSE(oracle::intersect(sq, {{0.5L, -std::numeric_limits<R>::denorm_min()}}));
    // Diagonal edge where the long double filter is inconclusive: (12, 12) lies on the
    // hypotenuse from (24, 24) to (0.5, 0.5); the interior is below it.
    const Poly tri = oracle::hull({{0.5L, 0.5L}, {24, 0.5L}, {24, 24}});
    EXPECT_TRUE(oracle::intersect(tri, {{12, 12}}));
    EXPECT_TRUE(oracle::intersect(tri, {{12, down(12.0L)}}));
    EXPECT_FALSE(oracle::intersect(tri, {{12, up(12.0L)}}));
    EXPECT_FALSE(oracle::intersect({{down(12.0L), 12}}, tri));
    // Point on a segment hull.
    EXPECT_TRUE(oracle::intersect(oracle::hull({{0.5L, 0.5L}, {24, 24}}), {{12, 12}}));
    EXPECT_FALSE(oracle::intersect(oracle::hull({{0.5L, 0.5L}, {24, 24}}), {{12, up(12.0L)}}));
}

TEST(OracleIntersect, PointsAndEmptyHulls) {
    EXPECT_TRUE(oracle::intersect({{1, 2}}, {{1, 2}}));
    EXPECT_FALSE(oracle::intersect({{1, 2}}, {{up(1.0L), 2}}));
    EXPECT_FALSE(oracle::intersect({}, {{1, 2}}));
    EXPECT_FALSE(oracle::intersect(oracle::hull(square(0, 0, 1)), {}));
}

} // namespace
