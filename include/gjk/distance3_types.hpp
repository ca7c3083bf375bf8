// gjk/distance3_types.hpp - what a distance query in space takes and gives (gjk/distance3.hpp
// answers it): the 3D twins of gjk/distance_types.hpp's input, output, simplex vertex, trace
// step and cache. The statuses, terminations and input errors are 2D's (one enum each for both
// dimensions).
#pragma once

#include <span>

#include "gjk/distance_types.hpp" // Status, Termination, InputError, kMaxIterations
#include "gjk/math3.hpp"

namespace gjk {

template <class T> class PreparedShape3;

/// A convex shape in space: the convex hull of 1..N points, rounded by a radius. A point with a
/// radius is a sphere, a segment a capsule, eight corners a box; flat polygons, segments and
/// points are hulls too. The points are viewed, not copied: they must outlive the query.
///
/// A view made by PreparedShape3::view() also points at the prepared shape: its points are the
/// hull's corners, already validated, and the queries then skip checking them and climb the
/// hull for support points (gjk/prepared3.hpp). Do not change such a view's fields.
template <class T> struct ShapeView3 {
    std::span<const Vec3<T>> points; ///< in the shape's own frame; any order, duplicates allowed
    T radius{0};                     ///< >= 0
    const PreparedShape3<T>* prepared{nullptr}; ///< set by PreparedShape3::view() only

    /// No points (an invalid shape until points are set).
    ShapeView3() = default;
    /// A view of the points p, rounded by r.
    ShapeView3(std::span<const Vec3<T>> p, T r = T(0)) : points(p), radius(r) {}
};

/// A distance query in space: two shapes, each in the world by its transform.
template <class T> struct DistanceInput3 {
    ShapeView3<T> a;                    ///< shape A, in its own frame
    ShapeView3<T> b;                    ///< shape B, in its own frame
    Transform3<T> xf_a;                 ///< A's pose (a unit quaternion, within 1e-3)
    Transform3<T> xf_b;                 ///< B's pose
    bool use_radii{true};               ///< false: the cores' distance (radii taken as 0)
    int max_iterations{kMaxIterations}; ///< iteration cap (>= 1)
};

/// A vertex of the simplex: a point of Z = B - A (in A's frame) and the shape points it came
/// from, with their indices (what a cache keeps) and the vertex's barycentric weight.
template <class T> struct SimplexVertex3 {
    Vec3<T> a{};    ///< A's support point (A's frame)
    Vec3<T> b{};    ///< B's support point, moved into A's frame
    Vec3<T> w{};    ///< w = b - a
    int index_a{0}; ///< index of a in A's points
    int index_b{0}; ///< index of b in B's points
    T weight{0};    ///< barycentric weight in the closest point
};

/// The simplex: 1 to 4 vertices.
template <class T> struct Simplex3 {
    SimplexVertex3<T> v[4]; ///< the vertices; the first `count` are in use
    int count{0};           ///< 1 to 4 (0 before the first)
};

/// One iteration of the loop in space (TraceStepOf, gjk/distance_types.hpp): the simplex after
/// it was solved and culled, its closest point, the search direction and the support point, in
/// the world frame as the answer is: each vertex's a and b where the shapes are, w = b - a, the
/// closest point and the direction in world orientation.
template <class T> using TraceStep3 = TraceStepOf<Simplex3<T>>;

/// A warm start: the final simplex's vertex pairs, by index. A cache from another pair of
/// shapes, or one whose indices are out of range, is ignored (a cold start).
template <class T> struct SimplexCache3 {
    int count{0};     ///< vertices kept (0: a cold start)
    int index_a[4]{}; ///< each vertex's point of A, by index
    int index_b[4]{}; ///< each vertex's point of B, by index
};

/// The answer: the distance between the shapes, their closest points and the normal, in the
/// world frame, with how the loop ended.
template <class T> struct DistanceOutput3 {
    T distance{0};     ///< >= 0; 0 when the shapes touch or overlap
    Vec3<T> point_a{}; ///< on A (on its rounded surface when separated)
    Vec3<T> point_b{}; ///< on B; equal to point_a when the shapes meet
    Vec3<T> normal{};  ///< unit, from A to B, when separated or touching; else zero
    int iterations{0}; ///< iterations of the loop
    Status status{Status::invalid_input};       ///< the verdict
    Termination termination{Termination::none}; ///< how the loop ended
    InputError error{InputError::none};         ///< what is wrong with the input, if anything
};

} // namespace gjk
