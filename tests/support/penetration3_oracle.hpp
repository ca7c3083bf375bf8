// Brute-force penetration depths in space, in long double, for the tests of EPA
// (test_penetration3.cpp) and of the separating axis test (test_separating_axes3.cpp): two
// oracles that share nothing with the kernel but the vector operations, each checked against
// the other on boxes.
//   - brute_force_depth: the depth of the origin in Z = B - A is the least distance from it to
//     a plane through three points of Z that has all of Z on one side (every such plane, tried).
//     Cubic in |A| |B|: boxes and hulls of a few points.
//   - every_axis_depth: the depth is -max s(u) over every unit u normal to a triangle of A's
//     points, to a triangle of B's points, or to a segment of A's points and one of B's (every
//     face normal of Z is one of these, and any axis gives s(u) <= -depth). Quadratic in the
//     pairs of points: hulls of up to 16 points.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "gjk/math3.hpp"
#include "shapes3.hpp"

namespace gjk_test {

using L = long double;
using V = gjk::Vec3<L>;

/// The points in the world, in long double.
template <class T>
std::vector<V> world(const std::vector<gjk::Vec3<T>>& points, gjk::Transform3<T> xf) {
    const gjk::Quat<L> q = gjk::normalized(gjk::Quat<L>{xf.q.x, xf.q.y, xf.q.z, xf.q.w});
    std::vector<V> out;
    for (const gjk::Vec3<T>& p : points) {
        out.push_back(gjk::rotate(q, V{p.x, p.y, p.z}) + V{xf.p.x, xf.p.y, xf.p.z});
    }
    return out;
}

/// A depth and the outward normal of Z (from B to A: -n) that gives it. Negative when the
/// origin is outside.
struct Depth {
    L depth{std::numeric_limits<L>::infinity()};
    V outward{};
};

/// The brute-force depth of the origin in the hull of b_j - a_i, with the outward normal of
/// the plane that gives it: over every plane through three points of Z with all of Z on one
/// side (to `slack`), the least distance from the origin.
inline Depth brute_force_depth(const std::vector<V>& a, const std::vector<V>& b, L slack) {
    std::vector<V> z;
    for (const V& p : a) {
        for (const V& q : b) {
            z.push_back(q - p);
        }
    }
    Depth best;
    const std::size_t n = z.size();
    for (std::size_t i = 0; i < n; ++i) {
        for (std::size_t j = i + 1; j < n; ++j) {
            for (std::size_t k = j + 1; k < n; ++k) {
                V m = gjk::cross(z[j] - z[i], z[k] - z[i]);
                const L len = gjk::length(m);
                if (!(len > 0)) {
                    continue;
                }
                m = (1 / len) * m;
                const L offset = gjk::dot(m, z[i]);
                L above = -std::numeric_limits<L>::infinity(), below = -above;
                for (const V& p : z) {
                    above = std::max(above, gjk::dot(m, p) - offset);
                    below = std::min(below, gjk::dot(m, p) - offset);
                }
                if (above <= slack && offset < best.depth) { // all of Z below: m outward
                    best = {offset, m};
                }
                if (below >= -slack && -offset < best.depth) { // all above: -m outward
                    best = {-offset, -1 * m};
                }
            }
        }
    }
    return best;
}

/// -max s(u) over every axis normal to a triangle of A's points, a triangle of B's, or a
/// segment of each (the top of this file), with the outward normal of Z that gives it (-u).
inline Depth every_axis_depth(const std::vector<V>& a, const std::vector<V>& b) {
    Depth best;
    auto measure = [&](V u) {
        const L len = gjk::length(u);
        if (!(len > 0)) {
            return;
        }
        u = (1 / len) * u;
        L a_least = std::numeric_limits<L>::infinity(), a_most = -a_least;
        L b_least = a_least, b_most = a_most;
        for (const V& p : a) {
            a_least = std::min(a_least, gjk::dot(u, p)), a_most = std::max(a_most, gjk::dot(u, p));
        }
        for (const V& p : b) {
            b_least = std::min(b_least, gjk::dot(u, p)), b_most = std::max(b_most, gjk::dot(u, p));
        }
        if (a_most - b_least < best.depth) { // s(u) = b_least - a_most
            best = {a_most - b_least, -1 * u};
        }
        if (b_most - a_least < best.depth) { // s(-u)
            best = {b_most - a_least, u};
        }
    };
    for (const std::vector<V>* shape : {&a, &b}) {
        const std::vector<V>& p = *shape;
        for (std::size_t i = 0; i < p.size(); ++i) {
            for (std::size_t j = i + 1; j < p.size(); ++j) {
                for (std::size_t k = j + 1; k < p.size(); ++k) {
                    measure(gjk::cross(p[j] - p[i], p[k] - p[i]));
                }
            }
        }
    }
    for (std::size_t i = 0; i < a.size(); ++i) {
        for (std::size_t j = i + 1; j < a.size(); ++j) {
            for (std::size_t k = 0; k < b.size(); ++k) {
                for (std::size_t l = k + 1; l < b.size(); ++l) {
                    measure(gjk::cross(a[j] - a[i], b[l] - b[k]));
                }
            }
        }
    }
    return best;
}

} // namespace gjk_test
