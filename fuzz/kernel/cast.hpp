// fuzz/kernel/cast.hpp - fuzz_kernel's check of shape_cast().
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "gjk/gjk.hpp"
#include "query.hpp"
#include "truth.hpp"

namespace fuzz_kernel {

/// Shape cast: B moves toward A's position (the translation is the difference of the two
/// transforms' positions, so the query's bytes decide it). Finite fields, a fraction in
/// [0, 1], the cap kept; in range, at a reported hit that did not start overlapping the
/// oracle's distance at the fraction is within the cast's tolerance (64 eps of the cast's own
/// scale: the motion, the shapes' extents and radii; doubled here) of contact.
template <class T> void check_cast(const Query<T>& q, const Truth* truth) {
    gjk::CastInput<T> in;
    const gjk::DistanceInput<T> d = input_of(q);
    in.a = d.a;
    in.b = d.b;
    in.xf_a = d.xf_a;
    in.xf_b = d.xf_b;
    in.translation_b = q.xa.p - q.xb.p;
    const gjk::CastOutput<T> r = gjk::shape_cast(in);
    if (r.status == gjk::CastStatus::invalid_input) {
        if (truth && r.error != gjk::InputError::nonfinite_result &&
            r.motion_error == gjk::MotionError::none)
            fail("cast: valid input refused", int(r.error));
        return;
    }
    if (expected_error(q) != gjk::InputError::none)
        fail("cast: invalid shapes not refused");
    if (!(r.fraction >= T(0) && r.fraction <= T(1)) || !gjk::is_finite(r.point) ||
        !gjk::is_finite(r.normal))
        fail("cast: fraction outside [0, 1] or a field not finite", r.fraction);
    if (r.iterations > gjk::kMaxCastIterations)
        fail("cast: iterations beyond the cap", r.iterations);
    if (r.hit !=
        (r.status == gjk::CastStatus::hit || r.status == gjk::CastStatus::initially_overlapping))
        fail("cast: hit flag and status disagree");
    if (!truth || r.status != gjk::CastStatus::hit)
        return;
    Query<T> moved = q;
    moved.use_radii = true; // a cast always counts the radii
    moved.xb.p = q.xb.p + r.fraction * in.translation_b;
    const Truth at = truth_of(moved);
    // The cast's own scale (gjk/shape_cast.hpp): the furthest a transform's origin gets,
    // plus both shapes' extents (the largest |local point|) and both radii, which a cast
    // always counts. The query's scale (truth->tol) was used here, but it leaves the radii
    // out when use_radii is off and counts a point's extent and its position together, not
    // added: up to 2.9 times smaller, and three hits within the cast's tolerance were taken
    // for errors (the 2026-11-23 campaigns; TEST(CastDouble,
    // HitIsWithinTheToleranceOfItsOwnScale)).
    auto extent = [](const std::vector<gjk::Vec2<T>>& pts) {
        long double e = 0;
        for (const auto& p : pts)
            e = std::max(e, std::hypot((long double)p.x, (long double)p.y));
        return e;
    };
    auto far = [](gjk::Vec2<T> p) {
        return std::max(std::fabs((long double)p.x), std::fabs((long double)p.y));
    };
    // A stays put; B moves from xb.p to xb.p + translation_b = xa.p. At least 1, as every
    // scale of the contract (docs/robustness.md): below, the oracle's own long double
    // round-off (1e-311 for shapes of 1e-304) exceeded 64 eps of the cast's scale.
    const long double scale = std::max(1.0L, std::max(far(q.xa.p), far(q.xb.p)) + extent(q.a) +
                                                 extent(q.b) + (long double)q.ra + q.rb);
    // Doubled: the cast stops when its own computed gap is within its tolerance, and that
    // gap carries GJK's round-off, a few eps of the same scale.
    const long double tol = 2 * gjk::kCastToleranceUlps * std::numeric_limits<T>::epsilon() * scale;
    if (at.distance > tol || at.depth > tol)
        fail("cast: at the hit fraction the shapes are not in contact", at.distance, at.depth);
}

} // namespace fuzz_kernel
