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

} // namespace gjk_test
