// fuzz/kernel/ray.hpp - fuzz_kernel's check of ray_cast(), on a plain view and prepared.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "gjk/gjk.hpp"
#include "oracle/oracle.hpp"
#include "query.hpp"
#include "truth.hpp"

namespace fuzz_kernel {

/// A ray from B's first point (world) toward A's position and as far again, against A's core
/// (no radius), as a plain view and prepared (clipping, or the front chain): finite fields, a
/// fraction in [0, 1]; in range, against the oracle's world hull of A's core: a hit lies on
/// its surface (|signed distance| within 4 times the ray's tolerance, 64 eps of its scale: never
/// late nor early beyond that); a ray whose segment passes the hull by more than twice that is
/// no hit; a ray whose segment's middle of its way through the hull is deeper than twice that
/// is a hit; a ray reported starting inside starts within that of the hull.
template <class T> void check_ray(const Query<T>& q, const Truth* truth) {
    if (expected_error(q) != gjk::InputError::none) {
        return;
    }
    const gjk::Vec2<T> origin = gjk::apply(q.xb, q.b[0]);
    const gjk::Vec2<T> translation = T(2) * (q.xa.p - origin);
    const auto prepared = gjk::PreparedShape<T>::make(q.a);
    for (const gjk::ShapeView<T>& view : {gjk::ShapeView<T>(q.a), prepared.view()}) {
        const gjk::RayCastOutput<T> r = gjk::ray_cast<T>(view, q.xa, origin, translation);
        if (r.status == gjk::CastStatus::invalid_input) {
            auto inside = [](gjk::Vec2<T> v) {
                return gjk::is_finite(v) && std::abs(v.x) <= range<T>() &&
                       std::abs(v.y) <= range<T>();
            };
            if (truth && inside(origin) && inside(translation))
                fail("ray: valid input refused", int(r.error), int(r.ray_error));
            continue;
        }
        if (!(r.fraction >= T(0) && r.fraction <= T(1)) || !gjk::is_finite(r.point) ||
            !gjk::is_finite(r.normal))
            fail("ray: a field is not finite, or the fraction is outside [0, 1]", r.fraction);
        if (r.status == gjk::CastStatus::hit) {
            const long double n = std::hypot((long double)r.normal.x, (long double)r.normal.y);
            if (std::fabs(n - 1) > 1e-4L)
                fail("ray: normal not unit on a hit", n);
        }
        if (!truth || r.status == gjk::CastStatus::max_iterations)
            continue;
        const oracle::P o{origin.x, origin.y}, d{translation.x, translation.y};
        long double scale = std::max(
            {1.0L, std::fabs(o.x), std::fabs(o.y), std::fabs(o.x + d.x), std::fabs(o.y + d.y)});
        for (const auto& p : truth->ha)
            scale = std::max({scale, std::fabs(p.x), std::fabs(p.y)});
        const long double tol =
            std::max(4 * 64 * std::numeric_limits<T>::epsilon() * scale, 4 * truth->tol);
        auto depth_at = [&](long double t) { // the oracle's signed distance of o + t d
            const std::vector<oracle::P> point = {{o.x + t * d.x, o.y + t * d.y}};
            return oracle::signed_distance(truth->ha, 0, point, 0);
        };
        if (r.status == gjk::CastStatus::initially_overlapping) {
            if (depth_at(0) > tol)
                fail("ray: reported inside but starts outside", depth_at(0), tol);
            continue;
        }
        const std::vector<oracle::P> segment = {o, {o.x + d.x, o.y + d.y}};
        const long double gap = oracle::signed_distance(truth->ha, 0, oracle::hull(segment), 0);
        if (r.hit) {
            if (gap > 2 * tol)
                fail("ray: a hit although the segment passes the shape by", gap, tol);
            const long double surface = depth_at((long double)r.fraction);
            if (std::fabs(surface) > tol)
                fail("ray: the hit is not on the surface", surface, tol);
        } else if (gap < -2 * tol) {
            // The segment enters the hull: how deep is the middle of its way through?
            long double deepest = 0;
            for (int k = 1; k < 64; ++k)
                deepest = std::min(deepest, depth_at(k / 64.0L));
            if (deepest < -2 * tol)
                fail("ray: no hit although the segment passes through the shape", deepest, tol);
        }
    }
}

} // namespace fuzz_kernel
