// gjk/distance_types.hpp - what a distance query takes and gives: its input, its output with
// the status and the talk's termination case, the trace of every iteration (the talk's
// Output::simplices) and the warm-start cache, each with a to_string for people.
#pragma once

#include <type_traits>
#include <utility>

#include "gjk/math.hpp"
#include "gjk/shape.hpp"

namespace gjk {

/// The iteration cap of every GJK loop in the library, unless the input sets another. GJK on
/// polygons ends in as many iterations as Z has vertices at most, and in practice in a handful
/// (the oracle tests, 1024-gons included, see at most 12: tests/test_distance_oracle.cpp);
/// 64 leaves room for worse while keeping a stuck loop cheap.
inline constexpr int kMaxIterations = 64;

/// What the query found.
enum class Status : unsigned char {
    separated,      ///< distance > 0; normal and witness points are the closest pair
    touching,       ///< distance == 0 and the shapes' boundaries meet; the normal is valid
    overlapping,    ///< the shapes' interiors overlap; distance is 0
    max_iterations, ///< the loop hit the cap; the answer is the best found (an upper bound)
    invalid_input,  ///< the input broke a precondition; see `error`
};

/// Whether the shapes are in contact (touching or overlapping): the statuses whose answer
/// takes penetration()'s normal and depth (distance_and_penetration(), the tool's distance line).
constexpr bool in_contact(Status s) {
    return s == Status::touching || s == Status::overlapping;
}

/// Which way the loop ended (the talk's termination cases, and the library's own).
enum class Termination : unsigned char {
    none,             ///< not run (invalid input)
    repeated_support, ///< case 1: the support point is already in the simplex
    containment,      ///< case 2: a triangle of Z contains the origin
    vertex_overlap,   ///< case 3a: the origin is a vertex of the simplex
    edge_overlap,     ///< cases 3b and 4: the origin lies on an edge of the simplex
    no_progress,      ///< the squared distance did not strictly decrease
    separating_axis,  ///< overlap test only: a support plane separates Z from the origin
    max_iterations,   ///< the iteration cap
    face_overlap,     ///< in space: the origin lies on a triangle of the simplex
};

/// What is wrong with an invalid input.
enum class InputError : unsigned char {
    none,               ///< the input is valid
    empty_a,            ///< shape A has no points
    empty_b,            ///< shape B has no points
    too_many_points_a,  ///< shape A has more points than an int can index
    too_many_points_b,  ///< shape B has more points than an int can index
    nonfinite_point_a,  ///< a point of A is NaN or infinite
    nonfinite_point_b,  ///< a point of B is NaN or infinite
    bad_radius_a,       ///< A's radius is negative, NaN, infinite or beyond kernel_range<T>()
    bad_radius_b,       ///< B's radius is negative, NaN, infinite or beyond kernel_range<T>()
    bad_transform_a,    ///< A's translation is not finite or beyond the range, or its rotation
                        ///< is not unit length
    bad_transform_b,    ///< the same for B's transform
    bad_max_iterations, ///< max_iterations < 1
    nonfinite_result,   ///< the arithmetic overflowed (coordinates too large for the scalar)
    out_of_range_a,     ///< a point of A is beyond kernel_range<T>() (gjk/math.hpp)
    out_of_range_b,     ///< a point of B is beyond kernel_range<T>()
    bad_margin,         ///< manifold(): the margin is negative, NaN or infinite
};

/// A short English description of a Status.
constexpr const char* to_string(Status s) {
    switch (s) {
    case Status::separated:
        return "separated";
    case Status::touching:
        return "touching";
    case Status::overlapping:
        return "overlapping";
    case Status::max_iterations:
        return "max_iterations";
    case Status::invalid_input:
        return "invalid_input";
    }
    return "?";
}

/// A short English description of a Termination.
constexpr const char* to_string(Termination t) {
    switch (t) {
    case Termination::none:
        return "none";
    case Termination::repeated_support:
        return "repeated_support";
    case Termination::containment:
        return "containment";
    case Termination::vertex_overlap:
        return "vertex_overlap";
    case Termination::edge_overlap:
        return "edge_overlap";
    case Termination::no_progress:
        return "no_progress";
    case Termination::separating_axis:
        return "separating_axis";
    case Termination::max_iterations:
        return "max_iterations";
    case Termination::face_overlap:
        return "face_overlap";
    }
    return "?";
}

/// A sentence naming what is wrong with the input.
constexpr const char* to_string(InputError e) {
    switch (e) {
    case InputError::none:
        return "no error";
    case InputError::empty_a:
        return "shape a has no points";
    case InputError::empty_b:
        return "shape b has no points";
    case InputError::too_many_points_a:
        return "shape a has too many points";
    case InputError::too_many_points_b:
        return "shape b has too many points";
    case InputError::nonfinite_point_a:
        return "shape a has a point that is not finite";
    case InputError::nonfinite_point_b:
        return "shape b has a point that is not finite";
    case InputError::bad_radius_a:
        return "shape a's radius is negative, not finite or beyond the kernel's range";
    case InputError::bad_radius_b:
        return "shape b's radius is negative, not finite or beyond the kernel's range";
    case InputError::bad_transform_a:
        return "shape a's transform is not finite, beyond the kernel's range or not a rotation";
    case InputError::bad_transform_b:
        return "shape b's transform is not finite, beyond the kernel's range or not a rotation";
    case InputError::bad_max_iterations:
        return "max_iterations must be at least 1";
    case InputError::nonfinite_result:
        return "the result overflowed: coordinates are too large for this precision";
    case InputError::out_of_range_a:
        return "shape a has a coordinate beyond the kernel's range (sqrt(max) / 16)";
    case InputError::out_of_range_b:
        return "shape b has a coordinate beyond the kernel's range (sqrt(max) / 16)";
    case InputError::bad_margin:
        return "margin must be finite and >= 0";
    }
    return "?";
}

/// One vertex of a simplex: a point of Z and the two shape points it was made from.
template <class T> struct SimplexVertex {
    Vec2<T> a{};    ///< point on A (world frame in outputs)
    Vec2<T> b{};    ///< point on B (world frame in outputs)
    Vec2<T> w{};    ///< Minkowski point b - a
    T weight{0};    ///< barycentric weight of w in the closest point (the talk's u)
    int index_a{0}; ///< index of a in A's points
    int index_b{0}; ///< index of b in B's points
};

/// A simplex of Z: a point, a segment or a triangle.
template <class T> struct Simplex {
    SimplexVertex<T> v[3]{}; ///< the vertices; only the first `count` are used
    int count{0};            ///< 1, 2 or 3 (0 when nothing was computed)
};

/// One iteration of the loop, for the talk's Output::simplices, in either dimension (`Simplex`
/// is Simplex or Simplex3): the simplex after its closest point was found and the
/// non-contributing vertices dropped, the closest point, and (unless the loop ended at this
/// step) the search direction and the support point it found. All in the world frame; Minkowski
/// quantities are in world orientation.
template <class Simplex> struct TraceStepOf {
    /// The simplex's vertex type (SimplexVertex or SimplexVertex3).
    using Vertex = std::remove_cvref_t<decltype(std::declval<Simplex>().v[0])>;
    /// The vector type (Vec2 or Vec3).
    using Vector = decltype(Vertex::w);

    Simplex simplex{};                          ///< vertices with their weights
    Vector closest{};                           ///< closest point of the simplex to the origin
    Vector direction{};                         ///< search direction (zero if none was built)
    Vertex support{};                           ///< the new support point, if has_support
    bool has_support{false};                    ///< whether a support point was computed
    Termination termination{Termination::none}; ///< set on the last step
};

/// One iteration of the loop in the plane.
template <class T> using TraceStep = TraceStepOf<Simplex<T>>;

/// Warm start: the last simplex's index pairs. Keep one per pair of shapes, zero-initialized,
/// and pass it to every call; shapes that moved a little start from where they were.
template <class T> struct SimplexCache {
    int count{0};     ///< number of cached vertices (0: cold start)
    int index_a[3]{}; ///< A's point of each vertex
    int index_b[3]{}; ///< B's point of each vertex
    T metric{0};      ///< the simplex's squared length or area when cached (see distance())
};

/// Input of a distance or overlap query.
template <class T> struct DistanceInput {
    ShapeView<T> a{};                   ///< shape A
    ShapeView<T> b{};                   ///< shape B
    Transform<T> xf_a{};                ///< A's local-to-world transform
    Transform<T> xf_b{};                ///< B's local-to-world transform
    bool use_radii{true};               ///< include the shapes' radii
    int max_iterations{kMaxIterations}; ///< iteration cap (>= 1)
};

/// Output of a distance query. Every field is filled on every return path.
template <class T> struct DistanceOutput {
    T distance{0};     ///< >= 0; the gap between the shapes (radii applied if asked)
    Vec2<T> point_a{}; ///< witness point on A (world); on overlap the common point
    Vec2<T> point_b{}; ///< witness point on B (world)
    Vec2<T> normal{};  ///< unit normal from A to B; zero only when it is unknown (overlap)
    int iterations{0}; ///< loop iterations (simplex solves)
    Status status{Status::invalid_input};       ///< what the query found
    Termination termination{Termination::none}; ///< which way the loop ended
    InputError error{InputError::none};         ///< what is wrong when status is invalid_input
};

} // namespace gjk
