// tests/support/cast_oracle.hpp - what the oracle tests of gjk/shape_cast.hpp and
// gjk/time_of_impact.hpp share: their tolerance, the motion of a case, the 64-gon pairs, the
// statistics they print, and the check that no contact comes before a reported time.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "gjk/cast_types.hpp"
#include "gjk/math.hpp"
#include "oracle/oracle.hpp"
#include "support/families.hpp"

namespace gjk_test::cast_oracle {

using gjk::Vec2;

/// The error bound of a distance at a given time, relative to the motion's scale: 128 eps.
/// It covers the cast's own stopping tolerance (64 eps of its scale), the GJK distance's
/// round-off (< 8 eps, tests/test_distance_oracle.cpp) and the poses at t computed in T (a few
/// eps); the measured maxima are printed by the tests and listed in docs/robustness.md.
template <class T> long double tolerance() {
    return 128.0L * std::numeric_limits<T>::epsilon();
}

template <class T> long double norm(Vec2<T> v) {
    return std::hypot(static_cast<long double>(v.x), static_cast<long double>(v.y));
}

/// A motion for a case: B aimed at A (past it, short of it, or across it), A sometimes moving.
template <class T>
void aim(gjk_test::Case<T>& k, gjk_test::Generator& gen, Vec2<T>& ta, Vec2<T>& tb, T& target) {
    const long double size = gjk_test::scale_of(k) - std::max(std::fabs((long double)k.xa.p.x),
                                                              std::fabs((long double)k.xa.p.y));
    const double dx = double(k.xa.p.x) - k.xb.p.x, dy = double(k.xa.p.y) - k.xb.p.y;
    const double reach = gen.uniform(0.2, 2.5), side = gen.uniform(-0.5, 0.5);
    const double s = std::max(1e-3, double(size));
    tb = {T(reach * dx - side * dy + gen.uniform(-0.3, 0.3) * s),
          T(reach * dy + side * dx + gen.uniform(-0.3, 0.3) * s)};
    ta = {};
    if (gen.integer(0, 2) == 0) {
        ta = {T(gen.uniform(-1, 1) * s), T(gen.uniform(-1, 1) * s)};
        tb = tb + ta;
    }
    target = gen.integer(0, 2) == 0 ? T(gen.uniform(0, 0.2) * s) : T(0);
}

/// A pair for the prepared shapes' O(log n) search: a 64-gon (above PreparedShape::kScanLimit,
/// so its prepared support is the bucket search) and a random 3- to 12-gon, either one as A.
/// (The 1024-gons of Family::big_polygons would cost the brute-force oracles O(n m) each.)
template <class T> gjk_test::Case<T> big_case(gjk_test::Generator& g) {
    gjk_test::Case<T> k;
    k.family = gjk_test::Family::big_polygons;
    const double size = g.log_uniform(1e-2, 1e2);
    k.a = g.convex<T>(64, size, g.uniform(0.3, 1));
    k.b = g.convex<T>(g.integer(3, 12), size * g.uniform(0.3, 3));
    if (g.coin()) {
        std::swap(k.a, k.b);
    }
    k.xa = g.transform<T>(size * 3);
    k.xb = g.transform<T>(size * 3);
    return k;
}

struct CastStats {
    int cases = 0, hits = 0, initial = 0, misses = 0, max_iterations = 0, most_iterations = 0;
    long long total_iterations = 0;
    long double max_gap_error = 0; // |oracle distance at the fraction - target| / scale
    long double max_late = 0;      // how far past the oracle's contact (in t)
    long double max_early = 0;     // how far before it (in t)
};

/// The oracle's signed distance of the sweeps' shapes (no radii) at 256 times before
/// `fraction`: none below -slack (no contact the reported time would hide).
template <class T>
void expect_apart_before(const std::vector<Vec2<T>>& a, const std::vector<Vec2<T>>& b,
                         const gjk::ToiInput<T>& in, T fraction, long double slack) {
    for (int k = 0; k < 256; ++k) {
        const T t = fraction * T(k) / T(256);
        const long double gap =
            oracle::signed_distance(oracle::hull(gjk_test::world(a, in.sweep_a.at(t))), 0,
                                    oracle::hull(gjk_test::world(b, in.sweep_b.at(t))), 0);
        EXPECT_GT(gap, -slack) << "at t = " << t;
    }
}

} // namespace gjk_test::cast_oracle
