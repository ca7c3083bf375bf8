// The exact orientation of four points in space in rational arithmetic (GMP), the tests'
// reference for gjk/orientation3.hpp and for the hull's faces: every float and double is a
// dyadic rational, converted exactly.
#pragma once

#include <gmpxx.h>

#include <cmath>

#include "gjk/math3.hpp"

namespace gjk_test {

/// sign((b - a) x (c - a) . (p - a)), exactly, in rationals.
template <class T>
int rational_orientation(gjk::Vec3<T> a, gjk::Vec3<T> b, gjk::Vec3<T> c, gjk::Vec3<T> p) {
    const mpq_class ax(double(a.x)), ay(double(a.y)), az(double(a.z));
    const mpq_class ux = mpq_class(double(b.x)) - ax, uy = mpq_class(double(b.y)) - ay,
                    uz = mpq_class(double(b.z)) - az;
    const mpq_class vx = mpq_class(double(c.x)) - ax, vy = mpq_class(double(c.y)) - ay,
                    vz = mpq_class(double(c.z)) - az;
    const mpq_class wx = mpq_class(double(p.x)) - ax, wy = mpq_class(double(p.y)) - ay,
                    wz = mpq_class(double(p.z)) - az;
    const mpq_class det =
        wx * (uy * vz - uz * vy) + wy * (uz * vx - ux * vz) + wz * (ux * vy - uy * vx);
    return sgn(det);
}

/// The same sign, in long double first: a determinant beyond 1e-9 of its permanent (the sum of
/// its terms' magnitudes; round-off is below 1e-15 of it) has its sign; closer ones, and tiny
/// permanents, go to the rationals. Checks of millions of point-face pairs take milliseconds.
template <class T>
int exact_orientation(gjk::Vec3<T> a, gjk::Vec3<T> b, gjk::Vec3<T> c, gjk::Vec3<T> p) {
    using L = long double;
    const L ux = L(b.x) - L(a.x), uy = L(b.y) - L(a.y), uz = L(b.z) - L(a.z);
    const L vx = L(c.x) - L(a.x), vy = L(c.y) - L(a.y), vz = L(c.z) - L(a.z);
    const L wx = L(p.x) - L(a.x), wy = L(p.y) - L(a.y), wz = L(p.z) - L(a.z);
    const L det = wx * (uy * vz - uz * vy) + wy * (uz * vx - ux * vz) + wz * (ux * vy - uy * vx);
    const L permanent = std::abs(wx) * (std::abs(uy * vz) + std::abs(uz * vy)) +
                        std::abs(wy) * (std::abs(uz * vx) + std::abs(ux * vz)) +
                        std::abs(wz) * (std::abs(ux * vy) + std::abs(uy * vx));
    if (permanent > 1e-200L && std::abs(det) > 1e-9L * permanent) {
        return det > 0 ? 1 : -1;
    }
    return rational_orientation(a, b, c, p);
}

} // namespace gjk_test
