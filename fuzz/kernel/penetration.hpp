// fuzz/kernel/penetration.hpp - fuzz_kernel's check of penetration() (EPA).
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>

#include "gjk/gjk.hpp"
#include "query.hpp"
#include "truth.hpp"

namespace fuzz_kernel {

/// Penetration (EPA): the same error rules; finite fields, depth = max(0, -signed distance), a
/// unit normal whenever the status is a verdict, caps kept; in range (and neither loop at its
/// cap) the signed distance within 32 eps of the scale of the oracle's (the bound of
/// tests/test_penetration.cpp; EPA's float error is about twice the distance kernel's).
template <class T>
void check_penetration(const Query<T>& q, const Truth* truth, const gjk::DistanceInput<T>& input) {
    const gjk::PenetrationOutput<T> r = gjk::penetration(input);
    const gjk::InputError expected = expected_error(q);
    if (expected != gjk::InputError::none) {
        if (r.status != gjk::Status::invalid_input || r.error != expected)
            fail("penetration: invalid input not reported with its error", int(r.error),
                 int(expected));
        return;
    }
    if (r.status == gjk::Status::invalid_input) {
        if (r.error != gjk::InputError::nonfinite_result || truth)
            fail("penetration: valid input refused", int(r.error));
        return;
    }
    if (!std::isfinite(r.signed_distance) || !(r.depth >= T(0)) || !gjk::is_finite(r.point_a) ||
        !gjk::is_finite(r.point_b) || !gjk::is_finite(r.normal))
        fail("penetration: a field is not finite, or the depth is negative", r.depth);
    if (r.depth != std::max(T(0), -r.signed_distance))
        fail("penetration: depth is not max(0, -signed distance)", r.depth, r.signed_distance);
    if (r.iterations > q.max_iterations || r.epa_iterations > gjk::kMaxEpaIterations)
        fail("penetration: iterations beyond a cap", r.iterations, r.epa_iterations);
    const bool verdict = r.status == gjk::Status::separated || r.status == gjk::Status::touching ||
                         r.status == gjk::Status::overlapping;
    const long double n = std::hypot((long double)r.normal.x, (long double)r.normal.y);
    if (verdict && std::fabs(n - 1) > 1e-4L)
        fail("penetration: normal not unit on a verdict", n);
    if (!truth || !verdict || r.termination == gjk::EpaTermination::max_iterations)
        return;
    const Truth& t = *truth;
    const long double expected_signed = t.distance > 0 ? t.distance : -t.depth;
    const long double tol = t.tol / tolerance<T>() * 32 * std::numeric_limits<T>::epsilon();
    if (std::fabs(r.signed_distance - expected_signed) > std::max(t.tol, tol))
        fail("penetration: signed distance differs from the oracle", r.signed_distance,
             expected_signed);
}

} // namespace fuzz_kernel
