// contract/words.hpp - the words every front end answers with, in one place.
//
// The status, termination and error words are the kernel's own to_string() and error_message()
// (gjk/distance_types.hpp, gjk/cast.hpp, gjk/raycast.hpp, gjk/penetration.hpp): the front ends
// call those and nothing else. Here are the words the kernel has no to_string for: the
// precisions, the Voronoi regions of the talk's sections 1 and 2, and the sentences that name
// the kernel's range and a prepared shape's error.
#pragma once

#include <cstdio>
#include <string>
#include <type_traits>

#include "gjk/prepared.hpp"
#include "gjk/segment.hpp"
#include "gjk/triangle.hpp"

namespace gjk::contract {

/// "float" or "double": the tool's --precision values, the Python package's precision= values.
template <class T> constexpr const char* precision_name() {
    return std::is_same_v<T, float> ? "float" : "double";
}

/// The region's name in the talk: "A", "B" or "AB".
constexpr const char* region_name(SegmentRegion r) {
    switch (r) {
    case SegmentRegion::A:
        return "A";
    case SegmentRegion::B:
        return "B";
    case SegmentRegion::AB:
        return "AB";
    }
    return "?";
}

/// The region's name in the talk: "A", "B", "C", "AB", "BC", "CA" or "ABC".
constexpr const char* region_name(TriangleRegion r) {
    switch (r) {
    case TriangleRegion::A:
        return "A";
    case TriangleRegion::B:
        return "B";
    case TriangleRegion::C:
        return "C";
    case TriangleRegion::AB:
        return "AB";
    case TriangleRegion::BC:
        return "BC";
    case TriangleRegion::CA:
        return "CA";
    case TriangleRegion::ABC:
        return "ABC";
    }
    return "?";
}

/// "%g" of a number, as every message writes one.
inline std::string short_number(double x) {
    char text[32];
    std::snprintf(text, sizeof text, "%g", x);
    return text;
}

/// "the kernel's range in double (|value| <= 8.38e+152)": how a message names the largest
/// |value| the kernel computes with in T (gjk::kernel_range).
template <class T> std::string kernel_range_words() {
    return std::string("the kernel's range in ") + precision_name<T>() +
           " (|value| <= " + short_number(static_cast<double>(kernel_range<T>())) + ")";
}

/// What is wrong with a shape prepared in T, as a predicate of the shape ("has no points"):
/// the caller puts the shape's name before it.
template <class T> std::string shape_error_words(ShapeError e) {
    const std::string in = std::string(" in ") + precision_name<T>();
    switch (e) {
    case ShapeError::none:
        return "no error";
    case ShapeError::empty:
        return "has no points";
    case ShapeError::too_many_points:
        return "has more points than an int can index";
    case ShapeError::nonfinite_point:
        return "has a point that is not finite" + in;
    case ShapeError::bad_radius:
        return "has a radius that is negative, not finite or beyond " + kernel_range_words<T>();
    case ShapeError::out_of_range:
        return "has a coordinate beyond " + kernel_range_words<T>();
    }
    return "?";
}

} // namespace gjk::contract
