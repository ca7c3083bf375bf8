// Tests of the test oracle itself: hand-computed answers, exact rational or integer arithmetic
// written here independently of oracle.cpp, and a randomized cross-check against an integer
// separating-axis test and exact squared distances.
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

namespace oracle {
void PrintTo(const P& p, std::ostream* os) {
    *os << "(" << static_cast<double>(p.x) << ", " << static_cast<double>(p.y) << ")";
}
} // namespace oracle

namespace {

using oracle::P;
using oracle::R;
using Poly = std::vector<P>;

constexpr R kTol = 1e-17L;

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

Poly square(R x0, R y0, R side) {
    return {{x0, y0}, {x0 + side, y0}, {x0 + side, y0 + side}, {x0, y0 + side}};
}

bool near(P a, P b, R tol) {
    return std::fabs(a.x - b.x) <= tol && std::fabs(a.y - b.y) <= tol;
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

Poly random_int_points(std::mt19937_64& rng, int count, int range) {
    std::uniform_int_distribution<int> coord(-range, range);
    Poly pts;
    for (int i = 0; i < count; ++i) {
        pts.push_back({R(coord(rng)), R(coord(rng))});
    }
    return pts;
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

// ---------------------------------------------------------------------------------------------
// Randomized cross-check with integer arithmetic only.

// Separating axis test on integer hulls. For disjoint convex polygons the direction between a
// closest pair separates them, and it is either an edge normal or a vertex-vertex difference, so
// those axes suffice (also for points and segments). Touching projections do not separate.
bool sat_disjoint(const Poly& a, const Poly& b) {
    std::vector<std::pair<std::int64_t, std::int64_t>> axes;
    for (const Poly* h : {&a, &b}) {
        for (std::size_t i = 0; i < h->size(); ++i) {
            const P p = (*h)[i], q = (*h)[(i + 1) % h->size()];
            axes.emplace_back(static_cast<std::int64_t>(p.y - q.y),
                              static_cast<std::int64_t>(q.x - p.x));
        }
    }
    for (const P& p : a) {
        for (const P& q : b) {
            axes.emplace_back(static_cast<std::int64_t>(q.x - p.x),
                              static_cast<std::int64_t>(q.y - p.y));
        }
    }
    for (const auto& axis : axes) {
        const std::int64_t nx = axis.first, ny = axis.second;
        if (nx == 0 && ny == 0) {
            continue;
        }
        auto proj = [&](const P& p) {
            return nx * static_cast<std::int64_t>(p.x) + ny * static_cast<std::int64_t>(p.y);
        };
        std::int64_t amin = proj(a[0]), amax = amin, bmin = proj(b[0]), bmax = bmin;
        for (const P& p : a) {
            amin = std::min(amin, proj(p));
            amax = std::max(amax, proj(p));
        }
        for (const P& p : b) {
            bmin = std::min(bmin, proj(p));
            bmax = std::max(bmax, proj(p));
        }
        if (amax < bmin || bmax < amin) {
            return true;
        }
    }
    return false;
}

mpq_class exact_point_segment_sq(const P& q, const P& a, const P& b) {
    const mpq_class qx(static_cast<long>(q.x)), qy(static_cast<long>(q.y));
    const mpq_class ax(static_cast<long>(a.x)), ay(static_cast<long>(a.y));
    const mpq_class bx(static_cast<long>(b.x)), by(static_cast<long>(b.y));
    const mpq_class dx = bx - ax, dy = by - ay;
    const mpq_class dd = dx * dx + dy * dy;
    mpq_class t = 0;
    if (dd != 0) {
        t = ((qx - ax) * dx + (qy - ay) * dy) / dd;
        t = t < 0 ? mpq_class(0) : (t > 1 ? mpq_class(1) : t);
    }
    const mpq_class ex = qx - (ax + t * dx), ey = qy - (ay + t * dy);
    return ex * ex + ey * ey;
}

// Exact squared distance between disjoint integer hulls (all vertex/segment pairs).
mpq_class exact_distance_sq(const Poly& a, const Poly& b) {
    mpq_class best = -1;
    auto consider = [&best](const mpq_class& d) {
        if (best < 0 || d < best) {
            best = d;
        }
    };
    for (const Poly* h : {&a, &b}) {
        const Poly& other = h == &a ? b : a;
        for (const P& p : *h) {
            for (std::size_t i = 0; i < other.size(); ++i) {
                consider(exact_point_segment_sq(p, other[i], other[(i + 1) % other.size()]));
            }
        }
    }
    return best;
}

TEST(OracleRandomized, IntersectAgreesWithIntegerSatAndDistanceWithExactRationals) {
    std::mt19937_64 rng(2024);
    int intersecting = 0, disjoint = 0;
    for (int n = 0; n < 3000; ++n) {
        // Small grids produce many touching, collinear and degenerate configurations.
        const int range = n % 3 == 0 ? 3 : (n % 3 == 1 ? 6 : 1000);
        const Poly a = oracle::hull(random_int_points(rng, 1 + n % 6, range));
        Poly bpts = random_int_points(rng, 1 + (n / 6) % 6, range);
        for (P& p : bpts) {
            p.x += static_cast<R>(n % 5) - 2;
        }
        const Poly b = oracle::hull(bpts);
        SCOPED_TRACE(testing::Message() << "case " << n);
        const bool expected = !sat_disjoint(a, b);
        ASSERT_EQ(oracle::intersect(a, b), expected);
        ASSERT_EQ(oracle::intersect(b, a), expected);
        const oracle::Closest c = oracle::distance(a, b);
        if (expected) {
            ++intersecting;
            EXPECT_EQ(c.distance, 0);
            EXPECT_EQ(c.a, c.b);
            // A contained vertex is exact; an edge crossing point is rounded to long double.
            const R tol = 1e-15L * range;
            EXPECT_LE(oracle::distance(a, {c.a}).distance, tol);
            EXPECT_LE(oracle::distance(b, {c.a}).distance, tol);
        } else {
            ++disjoint;
            const R exact = std::sqrt(static_cast<R>(exact_distance_sq(a, b).get_d()));
            EXPECT_GT(c.distance, 0);
            EXPECT_LE(std::fabs(c.distance - exact), 1e-15L * exact);
            EXPECT_LE(std::fabs(std::hypot(c.a.x - c.b.x, c.a.y - c.b.y) - c.distance),
                      1e-15L * exact);
            EXPECT_EQ(oracle::distance(b, a).distance, c.distance);
        }
    }
    EXPECT_GT(intersecting, 300);
    EXPECT_GT(disjoint, 300);
}

// ---------------------------------------------------------------------------------------------
// distance

TEST(OracleDistance, UnitSquaresThreeApart) {
    const Poly a = oracle::hull(square(0, 0, 1));
    const Poly b = oracle::hull(square(4, 0, 1));
    const oracle::Closest c = oracle::distance(a, b);
    EXPECT_EQ(c.distance, 3);
    EXPECT_EQ(c.a.x, 1);
    EXPECT_EQ(c.b.x, 4);
    EXPECT_EQ(c.a.y, c.b.y);
    EXPECT_GE(c.a.y, 0);
    EXPECT_LE(c.a.y, 1);
    const oracle::Closest r = oracle::distance(b, a);
    EXPECT_EQ(r.distance, 3);
    EXPECT_EQ(r.a.x, 4);
    EXPECT_EQ(r.b.x, 1);
}

TEST(OracleDistance, DiagonalSquaresClosestAtCorners) {
    const oracle::Closest c =
        oracle::distance(oracle::hull(square(0, 0, 1)), oracle::hull(square(4, 5, 1)));
    EXPECT_EQ(c.distance, 5); // corner (1, 1) to corner (4, 5)
    EXPECT_EQ(c.a, (P{1, 1}));
    EXPECT_EQ(c.b, (P{4, 5}));
}

TEST(OracleDistance, PointToTriangleByHand) {
    const Poly tri = oracle::hull({{0, 0}, {4, 0}, {0, 4}});
    // Above the hypotenuse x + y = 4: |3 + 3 - 4| / sqrt(2) = sqrt(2), foot (2, 2).
    oracle::Closest c = oracle::distance(tri, {{3, 3}});
    EXPECT_LE(std::fabs(c.distance - std::sqrt(2.0L)), kTol);
    EXPECT_TRUE(near(c.a, {2, 2}, kTol));
    EXPECT_EQ(c.b, (P{3, 3}));
    // Below-left: nearest is the vertex (0, 0), distance sqrt(5).
    c = oracle::distance({{-1, -2}}, tri);
    EXPECT_LE(std::fabs(c.distance - std::sqrt(5.0L)), kTol);
    EXPECT_EQ(c.a, (P{-1, -2}));
    EXPECT_EQ(c.b, (P{0, 0}));
    // Below the bottom edge: distance 3, foot (2, 0).
    c = oracle::distance(tri, {{2, -3}});
    EXPECT_EQ(c.distance, 3);
    EXPECT_EQ(c.a, (P{2, 0}));
    // Beyond the vertex (4, 0), outside both adjacent edges' slabs: sqrt(2) to the vertex.
    c = oracle::distance(tri, {{5, -1}});
    EXPECT_LE(std::fabs(c.distance - std::sqrt(2.0L)), kTol);
    EXPECT_EQ(c.a, (P{4, 0}));
    // Left of the vertical edge: distance 0.5, foot (0, 1).
    c = oracle::distance(tri, {{-0.5L, 1}});
    EXPECT_EQ(c.distance, 0.5L);
    EXPECT_EQ(c.a, (P{0, 1}));
}

TEST(OracleDistance, SegmentsAndPoints) {
    // Parallel segments one apart, overlapping in x.
    EXPECT_EQ(
        oracle::distance(oracle::hull({{0, 0}, {2, 0}}), oracle::hull({{1, 1}, {3, 1}})).distance,
        1);
    // Collinear disjoint segments: gap between (2, 2) and (5, 6) is 5.
    EXPECT_EQ(
        oracle::distance(oracle::hull({{0, 0}, {2, 2}}), oracle::hull({{5, 6}, {8, 10}})).distance,
        5);
    const oracle::Closest c = oracle::distance({{0, 0}}, {{3, 4}});
    EXPECT_EQ(c.distance, 5);
    EXPECT_EQ(c.a, (P{0, 0}));
    EXPECT_EQ(c.b, (P{3, 4}));
}

TEST(OracleDistance, ZeroWhenOverlappingWithACommonPoint) {
    const Poly a = oracle::hull(square(0, 0, 1));
    const Poly b = oracle::hull(square(0.5L, 0.5L, 1));
    oracle::Closest c = oracle::distance(a, b);
    EXPECT_EQ(c.distance, 0);
    EXPECT_EQ(c.a, c.b);
    EXPECT_TRUE(oracle::contains(a, c.a));
    EXPECT_TRUE(oracle::contains(b, c.a));
    // Touching only: the common point is on both boundaries.
    c = oracle::distance(a, oracle::hull(square(1, 1, 1)));
    EXPECT_EQ(c.distance, 0);
    EXPECT_EQ(c.a, (P{1, 1}));
    // Crossing segments: the only common point is the crossing (0.5, 0.5).
    c = oracle::distance(oracle::hull({{0, 0}, {1, 1}}), oracle::hull({{0, 1}, {1, 0}}));
    EXPECT_EQ(c.distance, 0);
    EXPECT_EQ(c.a, (P{0.5L, 0.5L}));
    EXPECT_EQ(c.b, (P{0.5L, 0.5L}));
    // Star of David: a crossing point of two edges, on both hulls.
    const Poly up_tri = oracle::hull({{0, 0}, {6, 0}, {3, 6}});
    const Poly down_tri = oracle::hull({{0, 4}, {6, 4}, {3, -2}});
    c = oracle::distance(up_tri, down_tri);
    EXPECT_EQ(c.distance, 0);
    EXPECT_TRUE(oracle::contains(up_tri, c.a));
    EXPECT_TRUE(oracle::contains(down_tri, c.a));
}

TEST(OracleDistance, ThrowsOnEmptyHull) {
    EXPECT_THROW(oracle::distance({}, {{0, 0}}), std::invalid_argument);
    EXPECT_THROW(oracle::distance({{0, 0}}, {}), std::invalid_argument);
}

TEST(OracleDistance, PointSegmentDistanceClampsAndHandlesZeroLength) {
    P c;
    EXPECT_EQ(oracle::point_segment_distance({1, 2}, {0, 0}, {2, 0}, &c), 2);
    EXPECT_EQ(c, (P{1, 0}));
    EXPECT_EQ(oracle::point_segment_distance({-3, 4}, {0, 0}, {2, 0}, &c), 5);
    EXPECT_EQ(c, (P{0, 0}));
    EXPECT_EQ(oracle::point_segment_distance({5, 4}, {0, 0}, {2, 0}, &c), 5);
    EXPECT_EQ(c, (P{2, 0}));
    EXPECT_EQ(oracle::point_segment_distance({4, 5}, {1, 1}, {1, 1}, &c), 5);
    EXPECT_EQ(c, (P{1, 1}));
}

// ---------------------------------------------------------------------------------------------
// depth

TEST(OracleDepth, UnitSquaresOverlappingByAQuarterAlongX) {
    const Poly a = oracle::hull(square(0, 0, 1));
    EXPECT_EQ(oracle::depth(a, oracle::hull(square(0.75L, 0, 1))), 0.25L);
    EXPECT_EQ(oracle::depth(oracle::hull(square(0.75L, 0, 1)), a), 0.25L);
    // Overlap 0.25 in x and 0.5 in y: the smaller one wins.
    EXPECT_EQ(oracle::depth(a, oracle::hull(square(0.75L, 0.5L, 1))), 0.25L);
    EXPECT_EQ(oracle::depth(a, oracle::hull(square(-0.5L, 0.75L, 1))), 0.25L);
}

TEST(OracleDepth, ByHandForContainmentAndIdenticalShapes) {
    // Point (3, 4) inside [0, 10]^2: nearest side is x = 0 at distance 3.
    EXPECT_EQ(oracle::depth(oracle::hull(square(0, 0, 10)), {{3, 4}}), 3);
    // Identical unit squares: must move by a full side.
    EXPECT_EQ(oracle::depth(oracle::hull(square(0, 0, 1)), oracle::hull(square(0, 0, 1))), 1);
    // Triangle (0,0),(4,0),(0,4) against the point (1, 1): sides x = 0 and y = 0 are 1 away,
    // the hypotenuse 2 / sqrt(2) = sqrt(2).
    EXPECT_EQ(oracle::depth(oracle::hull({{0, 0}, {4, 0}, {0, 4}}), {{1, 1}}), 1);
    EXPECT_LE(std::fabs(oracle::depth(oracle::hull({{0, 0}, {4, 0}, {0, 4}}), {{1.5L, 1.5L}}) -
                        std::sqrt(0.5L)),
              kTol);
}

TEST(OracleDepth, ZeroWhenTouchingDisjointOrFlat) {
    const Poly a = oracle::hull(square(0, 0, 1));
    EXPECT_EQ(oracle::depth(a, oracle::hull(square(1, 0, 1))), 0);
    EXPECT_EQ(oracle::depth(a, oracle::hull(square(1, 1, 1))), 0);
    EXPECT_EQ(oracle::depth(a, oracle::hull(square(3, 0, 1))), 0);
    EXPECT_EQ(oracle::depth(a, {{1, 0.5L}}), 0);
    // Collinear overlapping segments: the Minkowski difference is a segment, no interior.
    EXPECT_EQ(oracle::depth(oracle::hull({{0, 0}, {2, 0}}), oracle::hull({{1, 0}, {3, 0}})), 0);
}

// Regression, found by fuzz_kernel (fuzz/findings/fuzz_kernel-epa-float-near-range): float
// points up to 1.1e18 mixed with subnormal ones. The long double differences b - a round, and
// their hull has edges one rounding long (the vertices (-7.9e16, 2.5e-14) and (-7.9e16,
// 2.5e-14 + 1 ulp)). depth() took the distance to each edge's line, |p x q| / |q - p|: for
// that edge the cross product's round-off divided by a length of 1e-33, 2^56 = 7.2e16, below
// the true depth, 7.866011417e16 (from rational arithmetic), and fuzz_kernel blamed the
// kernel's right answer. The distance to the edge itself is well conditioned and, with the
// origin inside the hull, has the same minimum.
TEST(OracleDepth, TinyHullEdgesDoNotDecideTheDepth) {
    auto f = [](const char* hex) { return static_cast<R>(std::strtof(hex, nullptr)); };
    const Poly a = oracle::hull({{f("-0x1.8278p+4"), f("-0x1.c18004p+58")},
                                 {f("-0x1.007ep+57"), f("-0x1.be4p-63")},
                                 {f("0x1.0848p-135"), f("0x1.439p+59")},
                                 {f("0x1.00304p+55"), f("0x1.0382p-95")},
                                 {f("-0x1.3e2ep-83"), f("-0x1.838382p+4")},
                                 {f("0x1.58cc1p-129"), f("-0x1.f0700ep+59")},
                                 {f("0x1.fa7f5p-126"), f("0x1.06p-117")},
                                 {f("0x1.19199p+56"), f("-0x1.c7062ap-46")}});
    const Poly b =
        oracle::hull({{f("0x1.dff7f4p-127"), f("0x1.65fffep-110")}, {0, 0}, {0, f("0x1.04p-143")}});
    // Long double differences of 1e17 round by 1e17 * 2^-64 = 0.005.
    EXPECT_NEAR(oracle::depth(a, b), 7.8660114171110588306e16L, 1);
}

// ---------------------------------------------------------------------------------------------
// rounded_distance / point_distance

TEST(OracleRoundedDistance, SubtractsBothRadiiAndClampsAtZero) {
    const Poly a = oracle::hull(square(0, 0, 1));
    const Poly b = oracle::hull(square(4, 0, 1));
    EXPECT_EQ(oracle::rounded_distance(a, 1, b, 0.5L), 1.5L);
    EXPECT_EQ(oracle::rounded_distance(a, 0, b, 0), 3);
    EXPECT_EQ(oracle::rounded_distance(a, 1.5L, b, 1.5L), 0);
    EXPECT_EQ(oracle::rounded_distance(a, 2, b, 2), 0);
    EXPECT_EQ(oracle::rounded_distance(a, 0.1L, oracle::hull(square(0.5L, 0.5L, 1)), 0.1L), 0);
    // Two discs: centres 5 apart, radii 1 and 2.
    EXPECT_EQ(oracle::rounded_distance({{0, 0}}, 1, {{3, 4}}, 2), 2);
}

TEST(OraclePointDistance, DistanceToDilatedHull) {
    const Poly sq = oracle::hull(square(0, 0, 1));
    EXPECT_EQ(oracle::point_distance(sq, 0.5L, {3, 0.5L}), 1.5L);
    EXPECT_EQ(oracle::point_distance(sq, 0, {3, 0.5L}), 2);
    EXPECT_LE(std::fabs(oracle::point_distance(sq, 0.5L, {2, 2}) - (std::sqrt(2.0L) - 0.5L)), kTol);
    EXPECT_EQ(oracle::point_distance(sq, 0.5L, {0.5L, 0.5L}), 0);
    EXPECT_EQ(oracle::point_distance(sq, 0.5L, {1.25L, 0.5L}), 0);
    EXPECT_EQ(oracle::point_distance(sq, 0, {1, 1}), 0);
    EXPECT_EQ(oracle::point_distance({{0, 0}}, 1, {3, 4}), 4);
    EXPECT_EQ(oracle::point_distance(oracle::hull({{0, 0}, {10, 0}}), 1, {5, -3}), 2);
}

} // namespace

// Signed distance: the gap minus the radii when apart, minus (depth + radii) when overlapping.
// Two unit squares, B shifted by (1.5, 0.2): they overlap by 0.5 along x.
TEST(OracleSignedDistance, GapOutsideDepthInside) {
    const std::vector<oracle::P> sq = oracle::hull({{-1, -1}, {1, -1}, {1, 1}, {-1, 1}});
    EXPECT_EQ(oracle::signed_distance(sq, 0, oracle::moved(sq, 1, {1.5L, 0.2L}), 0), -0.5L);
    EXPECT_EQ(oracle::signed_distance(sq, 0.25L, oracle::moved(sq, 1, {1.5L, 0.2L}), 0.5L), -1.25L);
    EXPECT_EQ(oracle::signed_distance(sq, 0.25L, oracle::moved(sq, 1, {5, 0}), 0.5L), 2.25L);
    EXPECT_EQ(oracle::signed_distance(sq, 0, oracle::moved(sq, 1, {2, 0.5L}), 0), 0.0L); // touching
}

// The cast oracle on hand-computed motions: a unit square B 5 to the right moving 6 left
// meets A's right face at t = 0.5; with a target of 1 at t = 1/3; moving up it never does;
// both moving (gap 3 closing at 4 per step) at t = 0.75; already touching at t = 0.
TEST(OracleCastFraction, HandComputedFractions) {
    const std::vector<oracle::P> sq = oracle::hull({{-1, -1}, {1, -1}, {1, 1}, {-1, 1}});
    const auto b = oracle::moved(sq, 1, {5, 0});
    EXPECT_NEAR(oracle::cast_fraction(sq, 0, {0, 0}, b, 0, {-6, 0}, 0), 0.5L, 1e-18L);
    EXPECT_NEAR(oracle::cast_fraction(sq, 0, {0, 0}, b, 0, {-6, 0}, 1), 1.0L / 3, 1e-18L);
    EXPECT_EQ(oracle::cast_fraction(sq, 0, {0, 0}, b, 0, {0, 6}, 0), -1);
    EXPECT_NEAR(oracle::cast_fraction(sq, 0, {2, 0}, b, 0, {-2, 0}, 0), 0.75L, 1e-18L);
    EXPECT_EQ(oracle::cast_fraction(sq, 0, {0, 0}, oracle::moved(sq, 1, {2, 0}), 0, {1, 0}, 0), 0);
    // Radii count: circles of radius 1 and 0.5, centres 10 apart closing at 10, target 0.5.
    const std::vector<oracle::P> pt = {{0, 0}};
    EXPECT_NEAR(
        oracle::cast_fraction(pt, 1, {0, 0}, oracle::moved(pt, 1, {10, 0}), 0.5L, {-10, 0}, 0.5L),
        0.8L, 1e-18L);
}
