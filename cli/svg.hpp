// SVG pictures of a GJK query: the shapes, the Minkowski difference, one panel per iteration.
#pragma once

#include <string>
#include <vector>

#include "gjk/gjk.hpp"

namespace gjk::cli {

/// A shape as drawn: the convex hull of its core points (world frame, counter-clockwise; 1 or
/// 2 points for a point or a segment) and its radius.
struct SvgShape {
    std::vector<Vec2<double>> hull;
    double radius = 0;
};

/// Everything one picture shows. All geometry is in the world frame.
struct SvgInput {
    std::string title;                    ///< heading, e.g. a scene's name and description
    SvgShape a, b;                        ///< the two shapes
    DistanceOutput<double> result;        ///< the distance query's answer
    std::vector<TraceStep<double>> trace; ///< one step per iteration (the talk's simplices)
    std::vector<Vec2<double>> minkowski;  ///< hull of B - A (cores), counter-clockwise
    int only_iteration = 0;               ///< 0: a panel for every iteration; k >= 1: only k
    bool voronoi = false; ///< shade the Voronoi regions of Z's vertices and edges (sections 1-2)
    /// With `--manifold`: the contact manifold drawn on the shapes panel (the reference face,
    /// each point with its separation), and the reference face's world endpoints (none when
    /// the manifold has no face: a point shape, a single vertex-against-vertex point).
    bool draw_manifold = false;
    ManifoldOutput<double> manifold{};
    std::vector<Vec2<double>> reference_face;
};

/// A standalone SVG document (UTF-8 text). Layout: the shapes with witness points, their
/// segment and the normal; beside it the Minkowski difference with the origin and the final
/// simplex (with `voronoi`, over the Voronoi regions of Z's features, named after Z's vertices
/// A, B, C, ... counter-clockwise from the lowest-leftmost); then one panel per iteration, each a
/// <g class="iteration" data-iteration="K"> showing Z, the simplex, its closest point to the
/// origin, the search direction and the new support point. A legend explains the palette.
std::string render_svg(const SvgInput& in);

} // namespace gjk::cli
