// bench/space3.hpp - what the rows in space share (space*.cpp): a uniformly random rotation, the
// workloads' double shapes and poses narrowed to the scalar a row runs in, and their queries.
#pragma once

#include <random>
#include <vector>

#include "gjk/distance3_types.hpp"
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

/// A workload's pairs (shapes as double points, `a` and `b`, and poses, `xa` and `xb`) as gjk's
/// queries in T: the points narrowed and kept here, each query viewing them.
template <class T> struct SpaceQueries {
    std::vector<std::vector<gjk::Vec3<T>>> a, b;
    std::vector<gjk::DistanceInput3<T>> inputs;

    template <class Pairs> explicit SpaceQueries(const Pairs& pairs) {
        for (const auto& p : pairs) {
            a.push_back(narrow<T>(p.a));
            b.push_back(narrow<T>(p.b));
        }
        for (std::size_t i = 0; i < pairs.size(); ++i) {
            gjk::DistanceInput3<T> in;
            in.a = gjk::ShapeView3<T>(a[i]);
            in.b = gjk::ShapeView3<T>(b[i]);
            in.xf_a = narrow<T>(pairs[i].xa);
            in.xf_b = narrow<T>(pairs[i].xb);
            inputs.push_back(in);
        }
    }
};

} // namespace gjk_bench
