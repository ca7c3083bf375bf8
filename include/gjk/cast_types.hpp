// gjk/cast_types.hpp - what a shape cast and a time of impact query take and give: their
// inputs, the output they share, how a query ended (CastStatus) and what is wrong with a motion
// (MotionError). The algorithms: gjk/shape_cast.hpp and gjk/time_of_impact.hpp.
#pragma once

#include "gjk/distance_types.hpp"
#include "gjk/shape.hpp"
#include "gjk/sweep.hpp"

namespace gjk {

/// Iteration cap of a shape cast. A face contact takes one step plus the check, a vertex
/// contact converges quadratically: the oracle test's 3,360 casts per scalar type take at most
/// 7 (tests/test_shape_cast.cpp prints the maximum). Only a grazing contact converges linearly,
/// about one bit of the gap per iteration, and 64 covers a double's relative precision.
inline constexpr int kMaxCastIterations = 64;

/// Iteration cap of a time of impact query (outer steps, one GJK call each). Root finding on
/// the separation functions needs a handful of steps (the oracle test asks for at most 30 on
/// sweeps turning up to 1.5 radians, tests/test_time_of_impact.cpp prints the maximum and the
/// mean); the cap is for the fallback, conservative advancement, which converges linearly with
/// rotation.
inline constexpr int kMaxToiIterations = 1024;

/// The default tolerance, in units of eps times the scale (gjk/cast/advancement.hpp, "The
/// tolerance").
inline constexpr int kCastToleranceUlps = 64;

/// How a cast or time of impact query ended.
enum class CastStatus : unsigned char {
    hit,                   ///< first contact at `fraction`
    separated,             ///< no contact in [0, 1] (or touching at t = 0 and moving apart)
    initially_overlapping, ///< the rounded shapes overlap at t = 0: a hit at t = 0
    max_iterations,        ///< the cap was reached; `fraction` is a safe time (no contact yet)
    invalid_input,         ///< see `error` and `motion_error`
};

/// A short English word for a CastStatus (the `gjk cast` tool's "status").
constexpr const char* to_string(CastStatus s) {
    switch (s) {
    case CastStatus::hit:
        return "hit";
    case CastStatus::separated:
        return "separated";
    case CastStatus::initially_overlapping:
        return "initially_overlapping";
    case CastStatus::max_iterations:
        return "max_iterations";
    case CastStatus::invalid_input:
        return "invalid_input";
    }
    return "?";
}

/// What is wrong with a motion (the shapes' own errors are InputError).
enum class MotionError : unsigned char {
    none,
    bad_translation_a, ///< translation_a is not finite
    bad_translation_b, ///< translation_b is not finite
    bad_sweep_a,       ///< sweep_a has a value that is not finite
    bad_sweep_b,       ///< sweep_b has a value that is not finite
    bad_target,        ///< target_separation is negative or not finite
    bad_tolerance,     ///< tolerance is negative or not finite
    bad_max_fraction,  ///< max_fraction is not in [0, 1]
};

/// A sentence naming what is wrong with a motion.
constexpr const char* to_string(MotionError e) {
    switch (e) {
    case MotionError::none:
        return "no error";
    case MotionError::bad_translation_a:
        return "translation_a is not finite";
    case MotionError::bad_translation_b:
        return "translation_b is not finite";
    case MotionError::bad_sweep_a:
        return "sweep_a is not finite";
    case MotionError::bad_sweep_b:
        return "sweep_b is not finite";
    case MotionError::bad_target:
        return "target_separation is negative or not finite";
    case MotionError::bad_tolerance:
        return "tolerance is negative or not finite";
    case MotionError::bad_max_fraction:
        return "max_fraction is not in [0, 1]";
    }
    return "?";
}

/// Input of a shape cast: B (and optionally A) translates over the step.
template <class T> struct CastInput {
    ShapeView<T> a{};                       ///< shape A (its radius counts)
    ShapeView<T> b{};                       ///< shape B (its radius counts)
    Transform<T> xf_a{};                    ///< A's transform at t = 0
    Transform<T> xf_b{};                    ///< B's transform at t = 0
    Vec2<T> translation_a{};                ///< A's translation over the step
    Vec2<T> translation_b{};                ///< B's translation over the step
    T target_separation{0};                 ///< >= 0; contact is this gap between the surfaces
    T max_fraction{1};                      ///< in [0, 1]; t runs over [0, max_fraction]
    T tolerance{0};                         ///< accepted gap above the target; 0: automatic
    int max_iterations{kMaxCastIterations}; ///< advancement cap (>= 1)
};

/// Input of a time of impact query: both shapes translate and rotate over the step.
template <class T> struct ToiInput {
    ShapeView<T> a{};                      ///< shape A (its radius counts)
    ShapeView<T> b{};                      ///< shape B (its radius counts)
    Sweep<T> sweep_a{};                    ///< A's motion
    Sweep<T> sweep_b{};                    ///< B's motion
    T target_separation{0};                ///< >= 0; contact is this gap between the surfaces
    T max_fraction{1};                     ///< in [0, 1]; t runs over [0, max_fraction]
    T tolerance{0};                        ///< accepted gap above the target; 0: automatic
    int max_iterations{kMaxToiIterations}; ///< outer iterations cap (>= 1)
};

/// Output of a shape cast or a time of impact query. Every field is set on every path.
template <class T> struct CastOutput {
    bool hit{false}; ///< the shapes come within the target during [0, max_fraction]
    bool initially_overlapping{false}; ///< they overlap at t = 0 (then hit, fraction 0)
    /// The time of first contact in [0, max_fraction] when hit; max_fraction when the step
    /// ends without contact; the last safe time when the cap stopped the loop.
    T fraction{0};
    /// On a hit, the point of A's surface nearest B at `fraction` (where they touch for a
    /// target of 0), in the world; initially overlapping, A's point deepest in B.
    Vec2<T> point{};
    /// Unit normal from A to B at `fraction` (the penetration normal when initially
    /// overlapping; at a sharp vertex the one facing the approach, see gjk/cast/advancement.hpp);
    /// valid whenever the distance query gave one, always on a hit.
    Vec2<T> normal{};
    int iterations{0};                            ///< advancement iterations (GJK calls)
    CastStatus status{CastStatus::invalid_input}; ///< how it ended
    InputError error{InputError::none};           ///< the shapes' problem, if any
    MotionError motion_error{MotionError::none};  ///< the motion's problem, if any
};

/// A sentence naming what is wrong with an invalid query (or "no error").
template <class T> const char* error_message(const CastOutput<T>& out) {
    return out.error != InputError::none ? to_string(out.error) : to_string(out.motion_error);
}

} // namespace gjk
