// cli/svg_voronoi.cpp - the Voronoi regions of Z's features (svg_voronoi.hpp).
#include "svg_voronoi.hpp"

#include <string>

#include "svg_shapes.hpp"
#include "svg_style.hpp"
#include "svg_writer.hpp"

namespace gjk::cli::detail {

void draw_voronoi(Canvas& c, const Viewport& vp, const std::vector<V>& z) {
    const std::size_t n = z.size();
    if (n < 2) {
        return;
    }
    std::string& s = c.out();
    // Far enough in pixels to leave any panel from any point inside it; the panel's clip path
    // cuts the rest.
    constexpr double kFar = 4 * (kPanelW + kPanelH);
    const std::vector<V> normal = edge_normals(z); // world, outward
    const auto px_dir = [](V world) { return screen_direction(world); };
    const auto name = [&](std::size_t i) { return std::string(1, char('A' + i)); };
    const bool named = n <= 26;
    std::string regions, borders;
    for (std::size_t i = 0; i < n; ++i) {
        const std::size_t j = (i + 1) % n;
        const V vi = vp.map(z[i]), vj = vp.map(z[j]);
        const V n_in = px_dir(normal[(i + n - 1) % n]), n_out = px_dir(normal[i]);
        // Vertex i: the wedge from n_in to n_out. Its bisector, or, when the two normals are
        // opposite (a segment's end), the direction pointing away from the next vertex.
        V mid = normalized(n_in + n_out);
        if (mid == V{}) {
            mid = normalized(vi - vj);
        }
        polygon(regions, {vi, vi + kFar * n_in, vi + 2 * kFar * mid, vi + kFar * n_out},
                "fill=\"#0891b2\" fill-opacity=\"0.07\"");
        // Edge i: the strip over it. A segment's way back (B -> A) is the other side of AB.
        polygon(regions, {vi, vj, vj + kFar * n_out, vi + kFar * n_out},
                "fill=\"#ca8a04\" fill-opacity=\"0.08\"");
        for (const V dir : {n_in, n_out}) {
            line(borders, vi, vi + kFar * dir,
                 "stroke=\"#6b7280\" stroke-width=\"1\" stroke-dasharray=\"4 4\"");
        }
        if (named) {
            c.label(vi, mid, 16, "region " + name(i), kColorMuted, 11, 4, true);
            if (!(n == 2 && i == 1)) {
                c.label(0.5 * (vi + vj), n_out, 22, "region " + name(i) + name(j), kColorMuted, 11,
                        4, true);
            }
            c.label(vi, -mid, 10, name(i), kColorZ, 12, 1);
        }
    }
    if (n == 3 && named) {
        const V centroid = (1.0 / 3.0) * (vp.map(z[0]) + vp.map(z[1]) + vp.map(z[2]));
        c.label(centroid, V{0, 1}, 0, "region ABC", kColorMuted, 11, 4, true);
    }
    s += "<g class=\"voronoi\">\n" + regions + borders + "</g>\n";
}

} // namespace gjk::cli::detail
