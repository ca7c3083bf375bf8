// cli/svg_panels.hpp - the panels of a picture: the shapes, Z, one iteration, the legend.
//
// Each panel is framed, headed, footnoted and clipped at its place (x, y) on the page, and maps
// its own world bounds into its plot rectangle (svg_viewport.hpp).
#pragma once

#include <string>

#include "svg.hpp"

namespace gjk::cli::detail {

/// The shapes with their radii, witness points, the segment between them and the normal; with
/// `draw_manifold`, the contact manifold too.
void shapes_panel(std::string& s, const SvgInput& in, double x, double y);

/// Z = B - A with the origin and the final simplex and closest point; Z grown by the radii,
/// dashed; with `voronoi`, the Voronoi regions of Z's features.
void minkowski_panel(std::string& s, const SvgInput& in, double x, double y);

/// Iteration k: Z, the simplex, its closest point to the origin, the search direction and the
/// new support point.
void iteration_panel(std::string& s, const SvgInput& in, const TraceStep<double>& step, int k,
                     double x, double y);

/// The legend: one line per colour or marker, each with a small sample.
void legend_panel(std::string& s, double x, double y);

} // namespace gjk::cli::detail
