// contract/sweep.hpp - a sweep as the front ends take it, and the library's Sweep it means.
//
// A front end names a sweep by the shape's rotation centre in its local frame and its poses at
// t = 0 and t = 1 (`gjk toi`'s {"center": [x, y], "from": [x, y, angle], "to": [x, y, angle]},
// gjk.time_of_impact's dict or tuple); a pose rotates by its angle about the shape's origin,
// then translates. The library's Sweep interpolates the centre's world position and the angle.
#pragma once

#include "gjk/math.hpp"
#include "gjk/sweep.hpp"

namespace gjk::contract {

/// A sweep as the front ends give it: the rotation centre (local) and two poses.
struct SweepSpec {
    Vec2<double> center{};
    Vec2<double> from{}, to{}; ///< the shape's translation at t = 0 and t = 1
    double from_angle = 0, to_angle = 0;
};

/// The library's sweep for a SweepSpec in scalar T: the centre's world positions
/// c = rotate(angle, center) + translation at both ends.
template <class T> Sweep<T> to_sweep(const SweepSpec& s) {
    Sweep<T> sweep;
    sweep.local_center = {static_cast<T>(s.center.x), static_cast<T>(s.center.y)};
    const Transform<T> xf0 = Transform<T>::from(
        {static_cast<T>(s.from.x), static_cast<T>(s.from.y)}, static_cast<T>(s.from_angle));
    const Transform<T> xf1 = Transform<T>::from({static_cast<T>(s.to.x), static_cast<T>(s.to.y)},
                                                static_cast<T>(s.to_angle));
    sweep.c0 = apply(xf0, sweep.local_center);
    sweep.c1 = apply(xf1, sweep.local_center);
    sweep.a0 = static_cast<T>(s.from_angle);
    sweep.a1 = static_cast<T>(s.to_angle);
    return sweep;
}

} // namespace gjk::contract
