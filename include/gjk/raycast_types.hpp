// gjk/raycast_types.hpp - what a ray cast gives (RayCastOutput) and what is wrong with a ray
// (RayError). How it is cast: gjk/raycast.hpp.
#pragma once

#include "gjk/cast_types.hpp"
#include "gjk/distance_types.hpp"
#include "gjk/math.hpp"

namespace gjk {

/// The cap on advancement steps. A face takes one step plus the check and a vertex converges
/// quadratically; only a grazing ray converges linearly, about one bit per step, and 64 covers
/// a double's precision (as kMaxCastIterations).
inline constexpr int kMaxRayIterations = 64;

/// What is wrong with a ray (the shape's own errors are InputError).
enum class RayError : unsigned char {
    none,
    bad_origin,       ///< the origin is not finite or beyond the kernel's range
    bad_translation,  ///< the translation is not finite or beyond the kernel's range
    bad_max_fraction, ///< max_fraction is negative or not finite
};

/// A sentence naming what is wrong with a ray.
constexpr const char* to_string(RayError e) {
    switch (e) {
    case RayError::none:
        return "no error";
    case RayError::bad_origin:
        return "origin is not finite or beyond the kernel's range";
    case RayError::bad_translation:
        return "translation is not finite or beyond the kernel's range";
    case RayError::bad_max_fraction:
        return "max_fraction is negative or not finite";
    }
    return "?";
}

/// The answer of a ray cast. Every field is set on every path.
template <class T> struct RayCastOutput {
    bool hit{false};   ///< the ray meets the shape within [0, max_fraction]
    T fraction{0};     ///< t of the first contact when hit; max_fraction on a miss
    Vec2<T> point{};   ///< origin + fraction * translation (world): on the surface when hit
    Vec2<T> normal{};  ///< outward unit normal at the hit (world); zero from inside or a miss
    int iterations{0}; ///< advancement steps (GJK calls)
    CastStatus status{CastStatus::invalid_input}; ///< hit, separated (a miss),
                                                  ///< initially_overlapping (from inside),
                                                  ///< max_iterations, invalid_input
    InputError error{InputError::none};           ///< the shape's problem (as shape a)
    RayError ray_error{RayError::none};           ///< the ray's problem
};

/// A sentence naming what is wrong with an invalid ray cast (or "no error").
template <class T> const char* error_message(const RayCastOutput<T>& out) {
    return out.error != InputError::none ? to_string(out.error) : to_string(out.ray_error);
}

} // namespace gjk
