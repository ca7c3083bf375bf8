// tests/support/random_polygon.hpp - the random polygons of the manifold tests, which the
// specification and the Box2D comparison share.
#pragma once

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "gjk/math.hpp"

namespace gjk_test {

/// n points at sorted random angles about the origin, each at a random radius from size / 2
/// to size.
template <class T> std::vector<gjk::Vec2<T>> random_polygon(std::mt19937& rng, int n, T size) {
    std::uniform_real_distribution<T> angle(0, T(6.283185307179586));
    std::uniform_real_distribution<T> radius(T(0.5) * size, size);
    std::vector<T> angles(static_cast<std::size_t>(n));
    for (T& a : angles)
        a = angle(rng);
    std::sort(angles.begin(), angles.end());
    std::vector<gjk::Vec2<T>> p;
    for (const T a : angles) {
        const T r = radius(rng);
        p.push_back({r * std::cos(a), r * std::sin(a)});
    }
    return p;
}

} // namespace gjk_test
