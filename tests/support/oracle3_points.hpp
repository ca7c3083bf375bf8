// Conversions between the kernel's 3D points and the exact oracle's (tests/oracle/oracle3.hpp),
// and the comparison of a computed point with an exact one, for the 3D test files.
#pragma once

#include <cmath>
#include <vector>

#include "gjk/math3.hpp"
#include "oracle/oracle3.hpp"

namespace gjk_test {

template <class T> oracle3::Q3 exact(gjk::Vec3<T> p) {
    return oracle3::exact(oracle3::P3{double(p.x), double(p.y), double(p.z)});
}

template <class T> std::vector<oracle3::P3> oracle_points(const std::vector<gjk::Vec3<T>>& points) {
    std::vector<oracle3::P3> out;
    for (const gjk::Vec3<T>& p : points) {
        out.push_back({double(p.x), double(p.y), double(p.z)});
    }
    return out;
}

/// |p - q| for a computed point and an exact one, in long double.
template <class T> long double gap(gjk::Vec3<T> p, const oracle3::Q3& q) {
    const long double dx = (long double)(p.x) - (long double)(q.x.get_d());
    const long double dy = (long double)(p.y) - (long double)(q.y.get_d());
    const long double dz = (long double)(p.z) - (long double)(q.z.get_d());
    return std::sqrt(dx * dx + dy * dy + dz * dz);
}

/// The points in the world, as the oracle takes them: apply(xf, p) in long double, rounded once.
template <class T>
std::vector<oracle3::P3> world(const std::vector<gjk::Vec3<T>>& points,
                               const gjk::Transform3<T>& xf) {
    const long double n = std::sqrt((long double)(gjk::norm_squared(xf.q)));
    const long double qx = xf.q.x / n, qy = xf.q.y / n, qz = xf.q.z / n, qw = xf.q.w / n;
    std::vector<oracle3::P3> out;
    for (const gjk::Vec3<T>& p : points) {
        // v + w t + u x t, t = 2 u x v
        const long double vx = p.x, vy = p.y, vz = p.z;
        const long double tx = 2 * (qy * vz - qz * vy), ty = 2 * (qz * vx - qx * vz),
                          tz = 2 * (qx * vy - qy * vx);
        out.push_back({double(vx + qw * tx + (qy * tz - qz * ty) + xf.p.x),
                       double(vy + qw * ty + (qz * tx - qx * tz) + xf.p.y),
                       double(vz + qw * tz + (qx * ty - qy * tx) + xf.p.z)});
    }
    return out;
}

} // namespace gjk_test
