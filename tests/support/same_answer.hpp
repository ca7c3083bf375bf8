// Whether two answers of a query are the same to the bit, in either dimension: the tests of a
// query that must give another query's answer exactly (distance_and_penetration() against
// distance() and penetration() run on their own). A NaN equals a NaN; 0 and -0 are equal.
#pragma once

#include "gjk/math.hpp"
#include "gjk/math3.hpp"

namespace gjk_test {

template <class T> bool same_value(T x, T y) {
    return x == y || (x != x && y != y);
}
template <class T> bool same_value(gjk::Vec2<T> x, gjk::Vec2<T> y) {
    return same_value(x.x, y.x) && same_value(x.y, y.y);
}
template <class T> bool same_value(gjk::Vec3<T> x, gjk::Vec3<T> y) {
    return same_value(x.x, y.x) && same_value(x.y, y.y) && same_value(x.z, y.z);
}

/// distance()'s outputs (DistanceOutput or DistanceOutput3).
template <class Output> bool same_distance(const Output& x, const Output& y) {
    return same_value(x.distance, y.distance) && same_value(x.point_a, y.point_a) &&
           same_value(x.point_b, y.point_b) && same_value(x.normal, y.normal) &&
           x.iterations == y.iterations && x.status == y.status && x.termination == y.termination &&
           x.error == y.error;
}

/// penetration()'s outputs (PenetrationOutput or PenetrationOutput3).
template <class Output> bool same_penetration(const Output& x, const Output& y) {
    return same_value(x.signed_distance, y.signed_distance) && same_value(x.depth, y.depth) &&
           same_value(x.normal, y.normal) && same_value(x.point_a, y.point_a) &&
           same_value(x.point_b, y.point_b) && x.iterations == y.iterations &&
           x.epa_iterations == y.epa_iterations && x.status == y.status &&
           x.termination == y.termination && x.error == y.error;
}

} // namespace gjk_test
