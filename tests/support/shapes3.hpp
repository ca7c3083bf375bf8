// tests/support/shapes3.hpp - the shapes and rotations the tests in space draw from: a box by
// its half extents, and a random rotation uniform over the sphere of rotations.
#pragma once

#include <cmath>
#include <random>
#include <vector>

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

} // namespace gjk_test
