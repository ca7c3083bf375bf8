// gjk/penetration3_types.hpp - what a penetration query in space gives (gjk/penetration3.hpp
// answers it): gjk/penetration_types.hpp's outputs on 3-vectors, PenetrationOutput3 and
// SignedDistance3. EPA's terminations and its iteration cap are the plane's.
#pragma once

#include "gjk/distance3_types.hpp"
#include "gjk/distance_types.hpp"
#include "gjk/math3.hpp"
#include "gjk/penetration_types.hpp" // EpaTermination, kMaxEpaIterations

namespace gjk {

/// penetration()'s output in space (gjk/penetration_types.hpp's PenetrationOutputOf).
template <class T> using PenetrationOutput3 = PenetrationOutputOf<Vec3<T>>;

/// The two answers in space (distance_and_penetration()).
template <class T>
using DistanceAndPenetration3 = DistanceAndPenetrationOf<DistanceOutput3<T>, PenetrationOutput3<T>>;

/// signed_distance()'s output in space.
template <class T> using SignedDistance3 = SignedDistanceOf<Vec3<T>>;

} // namespace gjk
