// cli/svg_simplex.hpp - GJK's state on Z as drawn: the simplex, the origin, the closest point P.
#pragma once

#include <string>

#include "gjk/distance_types.hpp"
#include "svg_labels.hpp"
#include "svg_viewport.hpp"

namespace gjk::cli::detail {

/// How many of the simplex's vertices are drawn: its count, within 0..3.
int vertex_count(const Simplex<double>& sx);

/// A simplex of Z: the triangle filled lightly, the edges, the vertices as dots with their
/// weights beside them (outward from the simplex's centre; for a single vertex, toward
/// `lone_label_dir`, a unit screen vector: P, on that vertex, is labelled away from O).
void draw_simplex(Canvas& c, const Viewport& vp, const Simplex<double>& sx, V lone_label_dir);

/// The origin: a cross labelled O.
void draw_origin(Canvas& c, const Viewport& vp);

/// The closest point P with a dotted line from the origin (its length is |P|), labelled on
/// the side away from the origin.
void draw_closest(Canvas& c, const Viewport& vp, V closest);

/// The simplex's name in a panel's caption, e.g. "2-simplex".
std::string simplex_name(const Simplex<double>& sx);

} // namespace gjk::cli::detail
