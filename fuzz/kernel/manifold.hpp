// fuzz/kernel/manifold.hpp - fuzz_kernel's check of manifold().
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>

#include "gjk/gjk.hpp"
#include "query.hpp"
#include "truth.hpp"

namespace fuzz_kernel {

/// Contact manifold, margin 0.05 of the scale: penetration()'s error rules; 0 to 2 points, all
/// finite, each with a separation <= the margin; a unit normal whenever there are points; in
/// range (and neither loop at its cap) the smaller separation is not above the oracle's signed
/// distance by more than the tolerance plus kReferenceTolerance of the scale (a separation is
/// measured along the reference face's normal, which is EPA's or, on a near-tie, A's face
/// within that angle of it: the deepest point is as deep as the shapes, up to that tilt).
template <class T>
void check_manifold(const Query<T>& q, const Truth* truth, const gjk::DistanceInput<T>& input) {
    const T margin = T(0.05);
    const gjk::ManifoldOutput<T> m = gjk::manifold(input, margin);
    const gjk::InputError expected = expected_error(q);
    if (expected != gjk::InputError::none) {
        if (m.status != gjk::Status::invalid_input || m.error != expected || m.count != 0)
            fail("manifold: invalid input not reported with its error", int(m.error),
                 int(expected));
        return;
    }
    if (m.status == gjk::Status::invalid_input) {
        if (m.error != gjk::InputError::nonfinite_result || truth)
            fail("manifold: valid input refused", int(m.error));
        return;
    }
    if (m.count < 0 || m.count > 2)
        fail("manifold: point count out of 0..2", m.count);
    if (!gjk::is_finite(m.normal))
        fail("manifold: normal not finite", m.normal.x, m.normal.y);
    T least = std::numeric_limits<T>::infinity();
    for (int i = 0; i < m.count; ++i) {
        const auto& c = m.points[i];
        if (!gjk::is_finite(c.point) || !std::isfinite(c.separation) || !(c.separation <= margin))
            fail("manifold: a point is not finite or beyond the margin", c.separation);
        least = std::min(least, c.separation);
    }
    if (m.count > 0) {
        const long double n = std::hypot((long double)m.normal.x, (long double)m.normal.y);
        if (std::fabs(n - 1) > 1e-4L)
            fail("manifold: normal not unit with points", n);
    }
    if (!truth || m.count == 0 || m.status == gjk::Status::max_iterations)
        return;
    const Truth& t = *truth;
    const long double expected_signed = t.distance > 0 ? t.distance : -t.depth;
    const long double scale = t.tol / tolerance<T>();
    const long double tol = scale * 64 * std::numeric_limits<T>::epsilon();
    if (least > expected_signed + std::max(t.tol, tol) + gjk::kReferenceTolerance * scale)
        fail("manifold: the deepest point is shallower than the shapes", least, expected_signed);
}

} // namespace fuzz_kernel
