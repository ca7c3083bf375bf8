// fuzz/kernel/distance.hpp - fuzz_kernel's checks of distance() and overlap().
#pragma once

#include <algorithm>
#include <cmath>

#include "gjk/gjk.hpp"
#include "oracle/oracle.hpp"
#include "query.hpp"
#include "truth.hpp"

namespace fuzz_kernel {

template <class T> void check_distance(const Query<T>& q, const Truth* truth) {
    const gjk::DistanceOutput<T> r = gjk::distance(input_of(q));
    const gjk::InputError expected = expected_error(q);
    if (expected != gjk::InputError::none) {
        if (r.status != gjk::Status::invalid_input || r.error != expected)
            fail("distance: invalid input not reported with its error", int(r.error),
                 int(expected));
        return;
    }
    if (r.status == gjk::Status::invalid_input) {
        // Only overflow may refuse valid input, and only outside the kernel's range.
        if (r.error != gjk::InputError::nonfinite_result || truth)
            fail("distance: valid input refused", int(r.error));
        return;
    }
    if (!std::isfinite(r.distance) || r.distance < T(0))
        fail("distance: not finite or negative", r.distance);
    if (!gjk::is_finite(r.point_a) || !gjk::is_finite(r.point_b) || !gjk::is_finite(r.normal))
        fail("distance: a point or the normal is not finite");
    const long double n = std::hypot((long double)r.normal.x, (long double)r.normal.y);
    if (!(n == 0 || std::fabs(n - 1) <= 1e-5L)) // a normalized vector: unit to a few ulps
        fail("distance: normal neither unit nor zero", n);
    if (r.iterations < 1 || r.iterations > q.max_iterations)
        fail("distance: iterations beyond the cap", r.iterations, q.max_iterations);
    if ((r.status == gjk::Status::max_iterations) !=
        (r.termination == gjk::Termination::max_iterations))
        fail("distance: status max_iterations without the cap, or the cap without it");
    if (!truth)
        return;

    const Truth& t = *truth;
    const long double d = r.distance;
    if (r.status == gjk::Status::max_iterations) {
        if (d < t.distance - t.tol)
            fail("distance at the cap: below the true distance", d, t.distance);
    } else if (std::fabs(d - t.distance) > t.tol) {
        fail("distance: differs from the oracle", d, t.distance);
    }
    const long double on_a =
        oracle::point_distance(t.ha, t.ra, {(long double)r.point_a.x, (long double)r.point_a.y});
    const long double on_b =
        oracle::point_distance(t.hb, t.rb, {(long double)r.point_b.x, (long double)r.point_b.y});
    if (on_a > t.tol || on_b > t.tol)
        fail("distance: a witness point is off its shape", std::max(on_a, on_b), t.tol);
    const long double gap =
        std::hypot((long double)r.point_b.x - r.point_a.x, (long double)r.point_b.y - r.point_a.y);
    if (std::fabs(gap - d) > t.tol)
        fail("distance: witness points are not `distance` apart", gap, d);
    if (r.status != gjk::Status::max_iterations) {
        if (t.distance > t.tol && r.status != gjk::Status::separated)
            fail("distance: clearly apart but not separated", d, t.distance);
        if (t.depth > t.tol && r.status != gjk::Status::overlapping)
            fail("distance: clearly overlapping but not overlapping", t.depth);
    }
}

template <class T> void check_overlap(const Query<T>& q, const Truth* truth) {
    const gjk::OverlapOutput<T> r = gjk::overlap(input_of(q));
    const gjk::InputError expected = expected_error(q);
    if (expected != gjk::InputError::none) {
        if (r.status != gjk::Status::invalid_input || r.error != expected || r.overlap)
            fail("overlap: invalid input not reported with its error", int(r.error), int(expected));
        return;
    }
    if (r.status == gjk::Status::invalid_input)
        fail("overlap: valid input refused", int(r.error));
    if (r.iterations < 1 || r.iterations > q.max_iterations)
        fail("overlap: iterations beyond the cap", r.iterations, q.max_iterations);
    if (!truth || r.status == gjk::Status::max_iterations)
        return;
    if (truth->distance > truth->tol && r.overlap)
        fail("overlap: clearly apart but reported overlapping", truth->distance);
    if (truth->depth > truth->tol && !r.overlap)
        fail("overlap: clearly overlapping but reported apart", truth->depth);
}

} // namespace fuzz_kernel
