// tests/test_cast_advancement.cpp - gjk/cast/advancement.hpp, the outer loop of a shape cast and
// of a time of impact: on prepared shapes it keeps their O(log n) support, counted on long double.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <span>

#include "gjk/gjk.hpp"

using gjk::CastStatus;
using gjk::Shape;
using gjk::Vec2;

// --- Counting the work on long double -------------------------------------------------------
//
// How much a query reads of a shape is a property of the code, not of the clock: these
// explicit specializations count it. The library compiles float and double once (src/gjk.cpp);
// long double is instantiated here, in this file alone, from the same templates, so the
// specializations below replace the library's for this file's long double queries and nothing
// else (no other file queries long double shapes). Each one does its original's job (the same
// answer, by the same linear scan or the same check) and counts:
//   points_passed - points read by a pass over a whole shape (a support scan, a validation);
//   largest_pass  - the most points one such pass read;
//   searches      - O(log n) supports of a prepared shape of more than kScanLimit vertices.
namespace work {
long points_passed = 0, largest_pass = 0, searches = 0;
void reset() {
    points_passed = largest_pass = searches = 0;
}
void pass(std::size_t n) {
    points_passed += static_cast<long>(n);
    largest_pass = std::max(largest_pass, static_cast<long>(n));
}
int scan(std::span<const Vec2<long double>> points, Vec2<long double> d) {
    int best = 0;
    long double best_value = gjk::dot(d, points[0]);
    for (std::size_t i = 1; i < points.size(); ++i) {
        const long double value = gjk::dot(d, points[i]);
        if (best_value < value) {
            best = static_cast<int>(i), best_value = value;
        }
    }
    return best;
}
} // namespace work

template <>
int gjk::detail::support_index_scan<long double>(std::span<const Vec2<long double>> points,
                                                 Vec2<long double> d) {
    work::pass(points.size());
    return work::scan(points, d);
}

template <>
bool gjk::all_within<long double>(std::span<const Vec2<long double>> points, long double bound) {
    work::pass(points.size());
    return std::all_of(points.begin(), points.end(), [bound](Vec2<long double> p) {
        return std::abs(p.x) <= bound && std::abs(p.y) <= bound; // NaN fails
    });
}

template <>
gjk::SupportPoint<long double>
gjk::PreparedShape<long double>::support_search(Vec2<long double> d) const {
    ++work::searches;
    const int i = work::scan(vertices(), d); // the answer the search finds, uncounted
    return {vertices()[static_cast<std::size_t>(i)], i};
}

// --- Prepared shapes ------------------------------------------------------------------------

// A prepared shape is validated once and answers each support in O(log n) (gjk/prepared.hpp);
// a cast or a time of impact on prepared shapes must keep both. They did not: the advancement
// rebuilt each shape's core as a plain view of its points ({points, 0}, which drops
// ShapeView::prepared), so every GJK call of the loop validated and scanned all 4,096 vertices
// of the polygon below, the separation functions scanned them again for each deepest pair, and
// the reach rho was one more pass: 90,288 points read by the cast below and 110,824 by the time
// of impact, where about thirty searches do. Counted on long double (the top of this file).
TEST(CastLongDouble, PreparedBigPolygonIsSearchedNeverScanned) {
    using T = long double;
    const auto circle = Shape<T>::regular(4096, 2);
    const auto octagon = Shape<T>::regular(8, T(0.5));
    const auto big = gjk::PreparedShape<T>::make(circle.points);
    const auto small = gjk::PreparedShape<T>::make(octagon.points);

    gjk::CastInput<T> cast;
    cast.a = big.view();
    cast.b = small.view();
    cast.xf_b = gjk::Transform<T>::from({5, T(0.3)}, T(0.2));
    cast.translation_b = {-6, T(0.1)};
    work::reset();
    const auto r = gjk::shape_cast(cast);
    ASSERT_EQ(r.status, CastStatus::hit);
    EXPECT_LE(work::largest_pass, 8) << "a pass over the 4096-gon";
    // Each GJK call asks A for a support per iteration (a few), the reach 8 more.
    EXPECT_LE(work::searches, 8 + 8 * r.iterations);
    const long cast_searches = work::searches;
    // The same contact as on plain views: both stop with the gap within the tolerance (64 long
    // double eps of a scale of about 10, 7e-17), which closes at about 6 per unit of t.
    cast.a = circle.view();
    cast.b = octagon.view();
    EXPECT_NEAR(gjk::shape_cast(cast).fraction, r.fraction, T(1e-16));

    gjk::ToiInput<T> toi;
    toi.a = big.view();
    toi.b = small.view();
    toi.sweep_a = {{}, {}, {T(0.1), 0}, 0, T(0.4)};
    toi.sweep_b = {{}, {5, T(0.3)}, {-1, T(-0.2)}, T(0.2), T(1.4)};
    work::reset();
    const auto q = gjk::time_of_impact(toi);
    ASSERT_EQ(q.status, CastStatus::hit);
    EXPECT_LE(work::largest_pass, 8) << "a pass over the 4096-gon";
    // Per outer step: GJK's supports, and the separation function's deepest pairs (at most
    // kToiSamples bracket samples and the push backs, one support of A each).
    EXPECT_LE(work::searches, 8 + 40 * q.iterations);
    // The same contact as on plain views, as for the cast (the turning gap closes slower).
    toi.a = circle.view();
    toi.b = octagon.view();
    EXPECT_NEAR(gjk::time_of_impact(toi).fraction, q.fraction, T(1e-15));
    std::printf("[prepared 4096-gon] shape cast: %d iterations, %ld searches; time of impact: %d "
                "iterations, %ld searches\n",
                r.iterations, cast_searches, q.iterations, work::searches);
}
