// cli/svg_voronoi.hpp - the Voronoi regions of Z's vertices and edges, shaded and named.
#pragma once

#include <vector>

#include "svg_labels.hpp"
#include "svg_viewport.hpp"

namespace gjk::cli::detail {

/// The Voronoi regions of Z's features (the talk's sections 1 and 2, drawn around Z): for a
/// counter-clockwise convex polygon, edge i's region is the strip over the edge between the
/// two lines perpendicular to it at its ends (outward normal n_i); vertex i's region is the
/// wedge between the outward normals of the edges meeting there, n_{i-1} and n_i. A segment
/// is the polygon A -> B -> A: its edge region is the strip on both sides, each end's region
/// the half-plane behind it. The interior is Z itself, already drawn. Regions are shaded (the
/// vertex wedges and the edge strips in two tints), their borders dashed, and each is named
/// after its vertices, Z's vertices being lettered A, B, C, ... counter-clockwise from the
/// lowest-leftmost one (as convex_hull returns them). One point has a single region, the whole
/// plane: nothing to draw.
void draw_voronoi(Canvas& c, const Viewport& vp, const std::vector<V>& z);

} // namespace gjk::cli::detail
