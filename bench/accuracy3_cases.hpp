// bench/accuracy3_cases.hpp - the seeded families of gjk_accuracy3 (accuracy3.cpp, the distance
// table; accuracy3_depth.cpp, the depth table): boxes on an exact grid, boxes in random
// rotations and random hulls, at a chosen gap (negative: an overlap), as point sets in the world
// (boxes also by centre, half extents and rotation, as FCL takes them).
#pragma once

#include <algorithm>
#include <random>
#include <vector>

#include "gjk/math3.hpp"

namespace accuracy3 {

using Points = std::vector<gjk::Vec3<double>>;

/// A case: two point sets in the world; boxes also by centre and half extents (for FCL).
struct Case {
    Points a, b;
    bool boxes = false;
    gjk::Vec3<double> centre_a{}, centre_b{}, half_a{}, half_b{};
    gjk::Quat<double> turn_a{}, turn_b{}; ///< the boxes' rotations (FCL takes them as such)
};

inline Points box(gjk::Vec3<double> c, gjk::Vec3<double> h) {
    Points p;
    for (int i = 0; i < 8; ++i) {
        p.push_back(
            {c.x + (i & 1 ? h.x : -h.x), c.y + (i & 2 ? h.y : -h.y), c.z + (i & 4 ? h.z : -h.z)});
    }
    return p;
}

/// Boxes on a grid of 1/64 (every coordinate exact): a gap along x of `gap` (0: face contact,
/// negative: overlap), B shifted across by a random multiple of 1/64.
inline Case boxes(std::mt19937_64& rng, double gap) {
    std::uniform_int_distribution<int> k(8, 64);
    Case c;
    c.boxes = true;
    c.half_a = {k(rng) / 64.0, k(rng) / 64.0, k(rng) / 64.0};
    c.half_b = {k(rng) / 64.0, k(rng) / 64.0, k(rng) / 64.0};
    c.centre_a = {0, 0, 0};
    c.centre_b = {c.half_a.x + c.half_b.x + gap, (k(rng) - 36) / 64.0, (k(rng) - 36) / 64.0};
    c.a = box(c.centre_a, c.half_a);
    c.b = box(c.centre_b, c.half_b);
    return c;
}

/// Random hulls of n points in a unit ball, B moved along a random direction until the support
/// functions say the gap along it is about `gap` (the exact distance is the oracle's).
inline Case hulls(std::mt19937_64& rng, int n, double gap) {
    std::uniform_real_distribution<double> u(-1, 1);
    Case c;
    for (Points* s : {&c.a, &c.b}) {
        while (int(s->size()) < n) {
            const gjk::Vec3<double> v{u(rng), u(rng), u(rng)};
            if (gjk::length_squared(v) <= 1)
                s->push_back(v);
        }
    }
    const gjk::Vec3<double> d = gjk::normalized(gjk::Vec3<double>{u(rng), u(rng), u(rng)});
    double reach_a = -1e300, reach_b = 1e300;
    for (const auto& p : c.a)
        reach_a = std::max(reach_a, gjk::dot(p, d));
    for (const auto& p : c.b)
        reach_b = std::min(reach_b, gjk::dot(p, d));
    const double shift = reach_a - reach_b + gap;
    for (auto& p : c.b)
        p = p + shift * d;
    return c;
}

/// Boxes in random rotations, B moved along a random direction until the support functions say
/// the gap along it is about `gap`: the corners are computed in double once, and every library
/// and the oracle get those corners (FCL its box, rotation and centre, which it rotates itself).
inline Case turned_boxes(std::mt19937_64& rng, double gap) {
    std::uniform_real_distribution<double> u(-1, 1), half(0.2, 1);
    std::normal_distribution<double> n(0, 1);
    Case c;
    c.boxes = true;
    c.half_a = {half(rng), half(rng), half(rng)};
    c.half_b = {half(rng), half(rng), half(rng)};
    c.turn_a = gjk::normalized(gjk::Quat<double>{n(rng), n(rng), n(rng), n(rng)});
    c.turn_b = gjk::normalized(gjk::Quat<double>{n(rng), n(rng), n(rng), n(rng)});
    auto corners = [](gjk::Vec3<double> centre, gjk::Vec3<double> h, gjk::Quat<double> q) {
        Points p;
        for (const auto& v : box({0, 0, 0}, h))
            p.push_back(gjk::rotate(q, v) + centre);
        return p;
    };
    c.a = corners({0, 0, 0}, c.half_a, c.turn_a);
    const Points b0 = corners({0, 0, 0}, c.half_b, c.turn_b);
    const gjk::Vec3<double> d = gjk::normalized(gjk::Vec3<double>{u(rng), u(rng), u(rng)});
    double reach_a = -1e300, reach_b = 1e300;
    for (const auto& p : c.a)
        reach_a = std::max(reach_a, gjk::dot(p, d));
    for (const auto& p : b0)
        reach_b = std::min(reach_b, gjk::dot(p, d));
    c.centre_b = (reach_a - reach_b + gap) * d;
    c.b = corners(c.centre_b, c.half_b, c.turn_b);
    return c;
}

} // namespace accuracy3
