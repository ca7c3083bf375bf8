// tests/support/shapes3.hpp - what the tests in space share: a box by its half extents, a random
// rotation uniform over the sphere of rotations, and the one query() they build.
#pragma once

#include <cmath>
#include <random>
#include <vector>

#include "gjk/distance3_types.hpp"
#include "gjk/math3.hpp"

namespace gjk_test {

/// The eight corners of the box [-hx, hx] x [-hy, hy] x [-hz, hz], corner i taking the plus side
/// of x, y and z for bits 0, 1 and 2 of i.
template <class T> std::vector<gjk::Vec3<T>> box(T hx, T hy, T hz) {
    std::vector<gjk::Vec3<T>> corners;
    for (int i = 0; i < 8; ++i) {
        corners.push_back({i & 1 ? hx : -hx, i & 2 ? hy : -hy, i & 4 ? hz : -hz});
    }
    return corners;
}

/// A random unit quaternion (uniform on the sphere of rotations: four normal deviates,
/// normalized in double).
template <class T> gjk::Quat<T> random_rotation(std::mt19937_64& rng) {
    std::normal_distribution<double> n(0, 1);
    const double x = n(rng), y = n(rng), z = n(rng), w = n(rng);
    const double len = std::sqrt(x * x + y * y + z * z + w * w);
    return {T(x / len), T(y / len), T(z / len), T(w / len)};
}

/// The one query of the tests in space: A and B (prepared views, or point sets with the radii
/// `ra` and `rb`), B's pose first - most tests move B alone - then A's.
template <class T>
gjk::DistanceInput3<T> query(gjk::ShapeView3<T> a, gjk::ShapeView3<T> b,
                             gjk::Transform3<T> xf_b = {}, gjk::Transform3<T> xf_a = {}) {
    gjk::DistanceInput3<T> in;
    in.a = a, in.b = b;
    in.xf_a = xf_a, in.xf_b = xf_b;
    return in;
}
template <class T>
gjk::DistanceInput3<T> query(const std::vector<gjk::Vec3<T>>& a, const std::vector<gjk::Vec3<T>>& b,
                             gjk::Transform3<T> xf_b = {}, gjk::Transform3<T> xf_a = {}, T ra = 0,
                             T rb = 0) {
    return query(gjk::ShapeView3<T>(a, ra), gjk::ShapeView3<T>(b, rb), xf_b, xf_a);
}

} // namespace gjk_test
