// cli/svg_markers.hpp - the markers every panel draws: an arrow, the origin's cross, a diamond.
#pragma once

#include <string>

#include "svg_writer.hpp"

namespace gjk::cli::detail {

/// An arrow from p along the unit vector dir, `length` px long, with a filled head.
void arrow(std::string& s, V p, V dir, double length, const char* color, double width = 2);

/// The origin's cross (its label is placed with the others).
void cross_marker(std::string& s, V o);

/// A diamond marker centred on p.
void diamond(std::string& s, V p, double r, const std::string& style);

} // namespace gjk::cli::detail
