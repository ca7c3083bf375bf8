// fuzz/kernel/distance3.hpp - fuzz_kernel's checks of distance() in space (gjk/distance3.hpp).
//
// The 2D query's shapes gain a third coordinate from the next bytes, drawn the same way (grid,
// scaled, raw, hostile), and each shape a quaternion: a rotation on the grid (int8 components,
// normalized), or any bit pattern in hostile mode (not unit: bad_transform). Checked: the
// error of the first bad field in validate()'s order; a status, finite answers, a unit or zero
// normal, the cap kept; inside the kernel's range, the distance against the exact oracle
// (tests/oracle/oracle3.hpp) within tol * scale plus the rotations' round-off, the witness
// points `distance` apart, and the verdict the oracle's away from the boundary.
#pragma once

#include <cmath>
#include <sstream>
#include <vector>

#include "gjk/distance3.hpp"
#include "oracle/oracle3.hpp"
#include "query.hpp"

namespace fuzz_kernel {

template <class T> struct Query3 {
    std::vector<gjk::Vec3<T>> a, b;
    gjk::DistanceInput3<T> in;
};

/// A quaternion from the bytes: int8 components over 64, normalized (the identity when all are
/// zero); in hostile mode any bits, unit or not.
template <class T> gjk::Quat<T> rotation(Bytes& in, Values mode) {
    if (mode == Values::hostile) {
        return {value<T>(in, mode, 0), value<T>(in, mode, 0), value<T>(in, mode, 0),
                value<T>(in, mode, 0)};
    }
    const gjk::Quat<T> q{T(in.take<std::int8_t>()) / 64, T(in.take<std::int8_t>()) / 64,
                         T(in.take<std::int8_t>()) / 64, T(in.take<std::int8_t>()) / 64};
    return gjk::norm_squared(q) > T(0) ? gjk::normalized(q) : gjk::Quat<T>{};
}

template <class T> Query3<T> decode3(Bytes& in, const Query<T>& q) {
    Query3<T> r;
    const int exponent = (in.take<std::uint8_t>() & 127) - 64 - 15;
    for (const gjk::Vec2<T>& p : q.a) {
        r.a.push_back({p.x, p.y, value<T>(in, q.mode, exponent)});
    }
    for (const gjk::Vec2<T>& p : q.b) {
        r.b.push_back({p.x, p.y, value<T>(in, q.mode, exponent)});
    }
    r.in.a = gjk::ShapeView3<T>(r.a, q.ra);
    r.in.b = gjk::ShapeView3<T>(r.b, q.rb);
    r.in.xf_a = {{q.xa.p.x, q.xa.p.y, value<T>(in, q.mode, exponent)}, rotation<T>(in, q.mode)};
    r.in.xf_b = {{q.xb.p.x, q.xb.p.y, value<T>(in, q.mode, exponent)}, rotation<T>(in, q.mode)};
    r.in.use_radii = q.use_radii;
    r.in.max_iterations = q.max_iterations;
    return r;
}

/// The error validate() must report, computed here in its documented order.
template <class T> gjk::InputError expected_error3(const gjk::DistanceInput3<T>& in) {
    using E = gjk::InputError;
    auto within = [](const std::vector<gjk::Vec3<T>>& points, T bound) {
        for (const auto& p : points) {
            if (!(std::fabs(p.x) <= bound && std::fabs(p.y) <= bound && std::fabs(p.z) <= bound))
                return false;
        }
        return true;
    };
    const std::vector<gjk::Vec3<T>> a(in.a.points.begin(), in.a.points.end());
    const std::vector<gjk::Vec3<T>> b(in.b.points.begin(), in.b.points.end());
    const T max = std::numeric_limits<T>::max(), reach = gjk::kernel_range<T>();
    if (!within(a, max))
        return E::nonfinite_point_a;
    if (!within(b, max))
        return E::nonfinite_point_b;
    if (!within(a, reach))
        return E::out_of_range_a;
    if (!within(b, reach))
        return E::out_of_range_b;
    if (!(in.a.radius >= 0 && in.a.radius <= reach))
        return E::bad_radius_a;
    if (!(in.b.radius >= 0 && in.b.radius <= reach))
        return E::bad_radius_b;
    auto pose = [&](const gjk::Transform3<T>& xf) { // NaN fails the comparison
        return within({xf.p}, reach) &&
               std::fabs(std::sqrt(gjk::norm_squared(xf.q)) - T(1)) <= T(1e-3);
    };
    if (!pose(in.xf_a))
        return E::bad_transform_a;
    if (!pose(in.xf_b))
        return E::bad_transform_b;
    return E::none;
}

/// The shape's points in the world, rotated in long double by the normalized quaternion.
template <class T>
std::vector<oracle3::P3> world3(const std::vector<gjk::Vec3<T>>& points,
                                const gjk::Transform3<T>& xf) {
    const long double n = std::sqrt((long double)xf.q.x * xf.q.x + (long double)xf.q.y * xf.q.y +
                                    (long double)xf.q.z * xf.q.z + (long double)xf.q.w * xf.q.w);
    const long double qx = xf.q.x / n, qy = xf.q.y / n, qz = xf.q.z / n, qw = xf.q.w / n;
    std::vector<oracle3::P3> out;
    for (const auto& p : points) {
        const long double vx = p.x, vy = p.y, vz = p.z;
        const long double tx = 2 * (qy * vz - qz * vy), ty = 2 * (qz * vx - qx * vz),
                          tz = 2 * (qx * vy - qy * vx);
        out.push_back({double(vx + qw * tx + (qy * tz - qz * ty) + xf.p.x),
                       double(vy + qw * ty + (qz * tx - qx * tz) + xf.p.y),
                       double(vz + qw * tz + (qx * ty - qy * tx) + xf.p.z)});
    }
    return out;
}

/// The 3D query as text, for a failure.
template <class T> std::string describe3(const Query3<T>& q) {
    std::ostringstream text;
    text.precision(17);
    auto points = [&text](const char* name, const std::vector<gjk::Vec3<T>>& ps) {
        text << ' ' << name << "=[";
        for (const auto& p : ps)
            text << '(' << p.x << ", " << p.y << ", " << p.z << ')';
        text << ']';
    };
    auto pose = [&text](const char* name, const gjk::Transform3<T>& xf) {
        text << ' ' << name << "=(" << xf.p.x << ", " << xf.p.y << ", " << xf.p.z << "; q "
             << xf.q.x << ", " << xf.q.y << ", " << xf.q.z << ", " << xf.q.w << ')';
    };
    points("a", q.a);
    points("b", q.b);
    pose("xa", q.in.xf_a);
    pose("xb", q.in.xf_b);
    text << " ra=" << q.in.a.radius << " rb=" << q.in.b.radius << " use_radii=" << q.in.use_radii
         << " cap=" << q.in.max_iterations;
    return text.str();
}

/// The world scale of a 3D query: twice the largest coordinate of the points, plus the
/// positions and the radii used (at least 1).
template <class T> long double scale3(const Query3<T>& q) {
    long double reach = 0;
    for (const auto& p : q.a)
        reach = std::max(reach, (long double)gjk::max_abs(p));
    for (const auto& p : q.b)
        reach = std::max(reach, (long double)gjk::max_abs(p));
    const long double ra = q.in.use_radii ? q.in.a.radius : 0,
                      rb = q.in.use_radii ? q.in.b.radius : 0;
    return std::max(1.0L,
                    2 * reach + gjk::max_abs(q.in.xf_a.p) + gjk::max_abs(q.in.xf_b.p) + ra + rb);
}

template <class T> void check_distance3(const Query3<T>& q, const Query<T>& q2, bool accuracy) {
    const gjk::DistanceOutput3<T> r = gjk::distance(q.in);
    const gjk::InputError expected = expected_error3(q.in);
    if (expected != gjk::InputError::none) {
        if (r.status != gjk::Status::invalid_input || r.error != expected)
            fail("distance3: invalid input not reported with its error", int(r.error),
                 int(expected));
        return;
    }
    if (r.status == gjk::Status::invalid_input) {
        if (r.error != gjk::InputError::nonfinite_result)
            fail("distance3: valid input refused", int(r.error));
        return;
    }
    if (!std::isfinite(r.distance) || r.distance < T(0))
        fail("distance3: not finite or negative", r.distance);
    if (!gjk::is_finite(r.point_a) || !gjk::is_finite(r.point_b) || !gjk::is_finite(r.normal))
        fail("distance3: a point or the normal is not finite");
    const long double n =
        std::sqrt((long double)r.normal.x * r.normal.x + (long double)r.normal.y * r.normal.y +
                  (long double)r.normal.z * r.normal.z);
    if (!(n == 0 || std::fabs(n - 1) <= 1e-5L))
        fail("distance3: normal neither unit nor zero", n);
    if (r.iterations < 1 || r.iterations > q.in.max_iterations)
        fail("distance3: iterations beyond the cap", r.iterations, q.in.max_iterations);
    if (!accuracy || q2.mode == Values::hostile || q2.mode == Values::raw)
        return;

    // The oracle, on the world points rotated in long double; the kernel rotates in T, which
    // moves a point by a few eps of its distance from its origin.
    const auto wa = world3(q.a, q.in.xf_a), wb = world3(q.b, q.in.xf_b);
    const oracle3::HullDistance exact = oracle3::hull_distance(wa, wb);
    const long double ra = q.in.use_radii ? q.in.a.radius : 0,
                      rb = q.in.use_radii ? q.in.b.radius : 0;
    const long double scale = scale3(q);
    const long double tol =
        (tolerance<T>() + 16 * (long double)std::numeric_limits<T>::epsilon()) * scale;
    const long double d = std::max(0.0L, oracle3::approx_sqrt(exact.distance2) - ra - rb);
    if (r.status == gjk::Status::max_iterations) {
        if (r.distance < d - tol)
            fail("distance3 at the cap: below the true distance", r.distance, d);
        return;
    }
    if (std::fabs((long double)r.distance - d) > tol)
        fail("distance3: differs from the oracle", r.distance, d);
    if (d > tol && r.status != gjk::Status::separated)
        fail("distance3: apart, but not separated", r.distance, d);
    if (exact.intersect && r.status == gjk::Status::separated && r.distance > tol)
        fail("distance3: meeting, but separated", r.distance, d);
    const gjk::Vec3<T> gap = r.point_b - r.point_a;
    if (std::fabs((long double)gjk::length(gap) - r.distance) > tol)
        fail("distance3: the witness points are not `distance` apart", gjk::length(gap),
             r.distance);
}

} // namespace fuzz_kernel
