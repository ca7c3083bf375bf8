// cli/svg_shapes.hpp - a shape as drawn: its cleaned hull, rounded outline, core and name.
#pragma once

#include <string>
#include <vector>

#include "svg.hpp"
#include "svg_labels.hpp"
#include "svg_viewport.hpp"

namespace gjk::cli::detail {

/// The hull as given, cleaned for drawing: non-finite points and repeats dropped, turned
/// counter-clockwise if it came clockwise (the rounded outline needs to know the outside).
std::vector<V> clean_hull(const std::vector<V>& hull);

/// A radius as drawn: 0 unless finite and positive.
double usable_radius(double r);

/// The outward unit normals of a counter-clockwise polygon's edges (edge i: hull[i] to
/// hull[i+1]); a segment is the segment there and back, with two opposite normals.
std::vector<V> edge_normals(const std::vector<V>& hull);

/// The SVG path of the points within r of a convex polygon (counter-clockwise, >= 2 points):
/// every edge pushed out by r along its outward normal, consecutive edges joined by an arc of
/// radius r around their common vertex. A segment gives a capsule.
std::string rounded_path(const Viewport& vp, const std::vector<V>& hull, double r);

/// The same outline as a polyline in pixels (arcs in steps of at most 30 degrees), for label
/// placement. A single point gives its circle.
std::vector<V> outline_pixels(const Viewport& vp, const std::vector<V>& hull, double r);

/// A point, segment or polygon (the core of a shape, or Z) as one SVG element.
void core_element(std::string& s, const Viewport& vp, const std::vector<V>& hull,
                  const std::string& style, double dot_radius);

/// A shape: with a radius, the rounded outline filled and the core hull as a thin line;
/// without, the hull itself (a dot, a segment or a filled polygon). Then its name.
void draw_shape(Canvas& c, const Viewport& vp, const SvgShape& shape, const char* color,
                const char* name);

} // namespace gjk::cli::detail
