// gjk/penetration_types.hpp - what a penetration query gives, in either dimension:
// PenetrationOutputOf and the compact SignedDistanceOf on a vector type (PenetrationOutput and
// SignedDistance in the plane; gjk/penetration3_types.hpp names them in space), how EPA ended
// (EpaTermination) and its iteration cap. How: gjk/penetration.hpp, gjk/penetration3.hpp.
#pragma once

#include "gjk/distance_types.hpp"
#include "gjk/math.hpp"

namespace gjk {

/// The iteration cap of EPA. EPA adds one vertex of Z per iteration; over the 10,000 pairs per
/// scalar type of the oracle test (1024-gons included) it needs at most 21 (tests/
/// test_penetration.cpp prints the maximum). 256 leaves room for huge, round shapes with the
/// origin near Z's centre, while bounding the cost.
inline constexpr int kMaxEpaIterations = 256;

/// How the penetration query ended.
enum class EpaTermination : unsigned char {
    none,             ///< not run: invalid input, GJK's cap, or the cores are apart
    touching,         ///< the origin is on Z's boundary: core depth 0 with a proven normal
    converged,        ///< the closest edge's support gap fell within round-off
    repeated_support, ///< the support point was already a vertex of the polygon
    max_iterations,   ///< kMaxEpaIterations (or the input's cap) was reached
    separating_axis,  ///< not run: the separating axis test decided (gjk/separating_axes.hpp)
};

/// A short English description of an EpaTermination.
constexpr const char* to_string(EpaTermination t) {
    switch (t) {
    case EpaTermination::none:
        return "none";
    case EpaTermination::touching:
        return "touching";
    case EpaTermination::converged:
        return "converged";
    case EpaTermination::repeated_support:
        return "repeated_support";
    case EpaTermination::max_iterations:
        return "max_iterations";
    case EpaTermination::separating_axis:
        return "separating_axis";
    }
    return "?";
}

/// The scalar of a vector type (Vec2<T> or Vec3<T>): T.
template <class Vec> using ScalarOf = decltype(Vec{}.x);

/// Output of a penetration (signed distance) query, in either dimension (Vec: Vec2<T> or
/// Vec3<T>; PenetrationOutput<T> and PenetrationOutput3<T> name the two). Every field is filled
/// on every path.
template <class Vec> struct PenetrationOutputOf {
    /// Signed distance between the rounded shapes: the gap when apart (as distance()), minus
    /// the penetration depth when they overlap, 0 when they touch.
    ScalarOf<Vec> signed_distance{0};
    /// Penetration depth, max(0, -signed_distance): translating B by depth * normal leaves
    /// the shapes touching (the minimum translation).
    ScalarOf<Vec> depth{0};
    /// Unit normal from A to B: the direction of the gap when apart, the minimum translation
    /// direction of B when overlapping. Valid (unit length) whenever status is separated,
    /// touching or overlapping.
    Vec normal{};
    /// Witness on A (world): apart, the closest point; overlapping, A's point deepest in B.
    Vec point_a{};
    /// Witness on B (world): point_b - point_a = signed_distance * normal.
    Vec point_b{};
    int iterations{0};                                ///< GJK iterations
    int epa_iterations{0};                            ///< EPA iterations (0 when EPA did not run)
    Status status{Status::invalid_input};             ///< separated / touching / overlapping / ...
    EpaTermination termination{EpaTermination::none}; ///< how EPA ended
    InputError error{InputError::none}; ///< what is wrong when status is invalid_input
};

/// A compact signed distance, negative inside, in either dimension (SignedDistance<T>,
/// SignedDistance3<T>).
template <class Vec> struct SignedDistanceOf {
    ScalarOf<Vec> value{0};               ///< > 0 apart, 0 touching, -depth overlapping
    Vec normal{};                         ///< unit normal from A to B (see PenetrationOutputOf)
    Status status{Status::invalid_input}; ///< as PenetrationOutputOf::status
    InputError error{InputError::none};   ///< what is wrong when status is invalid_input
};

/// penetration()'s output in the plane.
template <class T> using PenetrationOutput = PenetrationOutputOf<Vec2<T>>;

/// distance()'s and penetration()'s answers on one input from one GJK run
/// (distance_and_penetration(), in either dimension).
template <class Distance, class Penetration> struct DistanceAndPenetrationOf {
    Distance distance{};         ///< distance(input)'s answer
    Penetration penetration{};   ///< penetration(input)'s, when has_penetration
    bool has_penetration{false}; ///< penetration() was asked for or the shapes are in contact
};

/// The two answers in the plane.
template <class T>
using DistanceAndPenetration = DistanceAndPenetrationOf<DistanceOutput<T>, PenetrationOutput<T>>;

/// signed_distance()'s output in the plane.
template <class T> using SignedDistance = SignedDistanceOf<Vec2<T>>;

} // namespace gjk
