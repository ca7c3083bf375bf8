// fuzz/kernel/prepared.hpp - fuzz_kernel's checks of penetration() and manifold() on the
// query's shapes prepared, where the separating axis test answers.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>

#include "gjk/gjk.hpp"
#include "manifold.hpp"
#include "penetration.hpp"
#include "query.hpp"
#include "truth.hpp"

namespace fuzz_kernel {

/// The query's shapes prepared (their hulls, stored normals and O(log n) supports): the
/// separating axis test answers penetration() and manifold() for these small shapes when it
/// decides. The same checks as on the plain views, and where the test decided, its signed
/// distance equal to EPA's on the plain views within twice the penetration bound.
template <class T> void check_prepared(const Query<T>& q, const Truth* truth) {
    if (expected_error(q) != gjk::InputError::none) {
        return; // the plain views' checks cover the error codes
    }
    const auto a = gjk::PreparedShape<T>::make(q.a, q.ra);
    const auto b = gjk::PreparedShape<T>::make(q.b, q.rb);
    gjk::DistanceInput<T> input = input_of(q);
    input.a = a.view();
    input.b = b.view();
    check_penetration(q, truth, input);
    check_manifold(q, truth, input);
    const gjk::PenetrationOutput<T> by_axes = gjk::penetration(input);
    if (!truth || by_axes.termination != gjk::EpaTermination::separating_axis) {
        return;
    }
    const gjk::PenetrationOutput<T> by_epa = gjk::penetration(input_of(q));
    if (by_epa.status == gjk::Status::max_iterations) {
        return; // GJK or EPA stopped at the query's cap (the test has none)
    }
    // The verdicts may differ within round-off: floats 1e-38 apart at 1e-33 make GJK's cross
    // products underflow to zero (touching) where the test measures an overlap of 2e-38.
    const long double bound =
        std::max(truth->tol, truth->tol / tolerance<T>() * 32 * std::numeric_limits<T>::epsilon());
    if (std::fabs((long double)by_axes.signed_distance - by_epa.signed_distance) > 2 * bound) {
        fail("separating axes: the depth differs from EPA's", by_axes.signed_distance,
             by_epa.signed_distance);
    }
}

} // namespace fuzz_kernel
