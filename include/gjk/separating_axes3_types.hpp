// gjk/separating_axes3_types.hpp - what the separating axis test in space gives (gjk/
// separating_axes3.hpp): its answer in A's frame, which features won, and its round-off guard.
#pragma once

#include <limits>

#include "gjk/math3.hpp"

namespace gjk {

/// The guard of the separating axis test in space, in eps of the largest coordinate (the top of
/// gjk/separating_axes3.hpp): about 30 eps of round-off, with room to spare. A larger guard only
/// sends more pairs that nearly touch to GJK and EPA.
inline constexpr int kSeparatingAxisUlps3 = 64;

/// Which feature pair gave the separating axis test's answer.
enum class AxisFeature3 {
    none,   ///< no axis was measured
    face_a, ///< a face of A, against B's deepest corner
    face_b, ///< a face of B, against A's deepest corner
    edges,  ///< an edge of A and an edge of B
};

/// The separating axis test's answer in A's frame (gjk/separating_axes3.hpp).
template <class T> struct SeparatingAxes3 {
    T separation{-std::numeric_limits<T>::infinity()}; ///< s*, the largest separation measured
    T guard{0};                                        ///< the round-off bound of separations
    Vec3<T> normal{};                                  ///< the winning axis, unit, from A to B
    Vec3<T> point_a{};                                 ///< witness on A (A's frame)
    Vec3<T> point_b{};                                 ///< witness on B: point_a + s* normal
    AxisFeature3 feature{AxisFeature3::none};          ///< the winning axis's features
    int index_a{-1};  ///< A's plane (face_a) or edge (edges); A's deepest corner (face_b)
    int index_b{-1};  ///< B's plane (face_b) or edge (edges); B's deepest corner (face_a)
    int measured{0};  ///< edge pairs whose arcs cross, or may
    int projected{0}; ///< edge pairs measured by projecting every corner (not sure of the arcs)

    /// The cores overlap by more than round-off: the depth -s* and the normal are the test's.
    bool decides_overlap() const { return feature != AxisFeature3::none && separation < -guard; }
};

} // namespace gjk
