// gjk/manifold_types.hpp - what a contact manifold gives: its points with their separations
// and feature ids (ContactPoint, ContactId), the output (ManifoldOutput), and the reference
// face's tolerance. How they are made: gjk/manifold.hpp.
#pragma once

#include <cstdint>

#include "gjk/distance_types.hpp"
#include "gjk/math.hpp"

namespace gjk {

/// How much more parallel to the normal B's face must be than A's to be the reference face:
/// the difference of the sines of their angles to it. 1e-3 rad is Box2D 2.4.1's preference for A
/// (0.1 linear slop of separation on faces about a metre long; see the top of gjk/manifold.hpp),
/// large against the round-off of EPA's normal (float: about 1e-6) and small against the angles
/// between the faces of any polygon a game uses. TEST(Manifold, NearParallelFacesPreferA)
/// pins the preference, TEST(ManifoldBox2d, MatchesB2CollidePolygons) counts the ties.
inline constexpr double kReferenceTolerance = 1e-3;

/// A feature id: see the top of gjk/manifold.hpp for its bits.
using ContactId = std::uint32_t;

/// One contact point.
template <class T> struct ContactPoint {
    Vec2<T> point{}; ///< world position, midway between the two surfaces
    T separation{0}; ///< signed gap along the normal, radii included (< 0 when penetrating)
    ContactId id{0}; ///< the pair of features that made it (see the top of gjk/manifold.hpp)
};

/// Output of a manifold query. Every field is filled on every return path.
template <class T> struct ManifoldOutput {
    Vec2<T> normal{};            ///< unit normal from A to B (zero when there are no points)
    ContactPoint<T> points[2]{}; ///< the first `count` are used
    int count{0};                ///< 0, 1 or 2
    bool reference_is_b{false};  ///< whether the reference face is B's
    int reference_edge{-1};      ///< the reference face's hull edge (-1: a point shape)
    int incident_edge{-1};       ///< the incident face's hull edge (-1: a point shape)
    Status status{Status::invalid_input}; ///< penetration()'s status; separated with 0
                                          ///< points when farther apart than the margin
    InputError error{InputError::none};   ///< what is wrong when status is invalid_input
};

} // namespace gjk
