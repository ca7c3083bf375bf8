// gjk/penetration3_types.hpp - what a penetration query in space gives (gjk/penetration3.hpp
// answers it): the 3D twins of gjk/penetration_types.hpp's PenetrationOutput and
// SignedDistance. EPA's terminations and its iteration cap are 2D's.
#pragma once

#include "gjk/distance_types.hpp"
#include "gjk/math3.hpp"
#include "gjk/penetration_types.hpp" // EpaTermination, kMaxEpaIterations

namespace gjk {

/// Output of a penetration (signed distance) query in space. Every field is filled on every
/// path.
template <class T> struct PenetrationOutput3 {
    /// Signed distance between the rounded shapes: the gap when apart (as distance()), minus
    /// the penetration depth when they overlap, 0 when they touch.
    T signed_distance{0};
    /// Penetration depth, max(0, -signed_distance): translating B by depth * normal leaves
    /// the shapes touching (the minimum translation).
    T depth{0};
    /// Unit normal from A to B: the direction of the gap when apart, the minimum translation
    /// direction of B when overlapping. Valid (unit length) whenever status is separated,
    /// touching or overlapping.
    Vec3<T> normal{};
    /// Witness on A (world): apart, the closest point; overlapping, A's point deepest in B.
    Vec3<T> point_a{};
    /// Witness on B (world): point_b - point_a = signed_distance * normal.
    Vec3<T> point_b{};
    int iterations{0};                                ///< GJK iterations
    int epa_iterations{0};                            ///< EPA iterations (0 when EPA did not run)
    Status status{Status::invalid_input};             ///< separated / touching / overlapping / ...
    EpaTermination termination{EpaTermination::none}; ///< how EPA ended
    InputError error{InputError::none}; ///< what is wrong when status is invalid_input
};

/// A compact signed distance in space: negative inside.
template <class T> struct SignedDistance3 {
    T value{0};                           ///< > 0 apart, 0 touching, -depth overlapping
    Vec3<T> normal{};                     ///< unit normal from A to B (see PenetrationOutput3)
    Status status{Status::invalid_input}; ///< as PenetrationOutput3::status
    InputError error{InputError::none};   ///< what is wrong when status is invalid_input
};

} // namespace gjk
