// bench/space3.hpp - what the rows in space share (space*.cpp): a uniformly random rotation, and
// the workloads' double shapes and poses narrowed to the scalar a row runs in.
#pragma once

#include <random>
#include <vector>

#include "gjk/math3.hpp"

namespace gjk_bench {

/// A unit quaternion uniform on the sphere of rotations.
inline gjk::Quat<double> random_rotation(std::mt19937_64& rng) {
    std::normal_distribution<double> n(0, 1);
    return gjk::normalized(gjk::Quat<double>{n(rng), n(rng), n(rng), n(rng)});
}

/// The points in T.
template <class T> std::vector<gjk::Vec3<T>> narrow(const std::vector<gjk::Vec3<double>>& v) {
    std::vector<gjk::Vec3<T>> out;
    for (const auto& p : v) {
        out.push_back({T(p.x), T(p.y), T(p.z)});
    }
    return out;
}

/// The pose in T.
template <class T> gjk::Transform3<T> narrow(const gjk::Transform3<double>& xf) {
    return {{T(xf.p.x), T(xf.p.y), T(xf.p.z)}, {T(xf.q.x), T(xf.q.y), T(xf.q.z), T(xf.q.w)}};
}

} // namespace gjk_bench
