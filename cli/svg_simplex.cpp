// cli/svg_simplex.cpp - GJK's state on Z as drawn (svg_simplex.hpp).
#include "svg_simplex.hpp"

#include <algorithm>
#include <vector>

#include "svg_markers.hpp"
#include "svg_style.hpp"
#include "svg_writer.hpp"

namespace gjk::cli::detail {

int vertex_count(const Simplex<double>& sx) {
    return std::clamp(sx.count, 0, 3);
}

void draw_simplex(Canvas& c, const Viewport& vp, const Simplex<double>& sx, V lone_label_dir) {
    const int n = vertex_count(sx);
    for (int i = 0; i < n; ++i) {
        if (!is_finite(sx.v[i].w)) {
            return; // nothing sensible to draw
        }
    }
    if (n == 0) {
        return;
    }
    std::string& s = c.out();
    std::vector<V> px;
    V center{};
    for (int i = 0; i < n; ++i) {
        px.push_back(vp.map(sx.v[i].w));
        center += px.back();
    }
    center = (1.0 / n) * center;
    const std::string col = kColorSimplex;
    if (n == 3) {
        polygon(s, px,
                "fill=\"" + col + "\" fill-opacity=\"0.15\" stroke=\"" + col +
                    "\" stroke-width=\"2\" stroke-linejoin=\"round\"");
    } else if (n == 2) {
        line(s, px[0], px[1], "stroke=\"" + col + "\" stroke-width=\"2.5\"");
    }
    c.block_polyline(px, true);
    for (const V& p : px) {
        circle(s, p, 4.5, "fill=\"" + col + "\" stroke=\"white\" stroke-width=\"1\"");
        c.block(p, 5);
    }
    for (int i = 0; i < n; ++i) {
        const V dir =
            n == 1 ? lone_label_dir : normalized(px[static_cast<std::size_t>(i)] - center);
        c.label(px[static_cast<std::size_t>(i)], dir, 10, label_number(sx.v[i].weight, 3),
                kColorSimplex, 11, 4);
    }
}

void draw_origin(Canvas& c, const Viewport& vp) {
    const V o = vp.map(V{});
    cross_marker(c.out(), o);
    c.block(o, 6);
    c.label(o, normalized(V{-1, 1}), 10, "O", kColorInk, 13, 0);
}

void draw_closest(Canvas& c, const Viewport& vp, V closest) {
    if (!is_finite(closest)) {
        return;
    }
    const V o = vp.map(V{}), p = vp.map(closest);
    line(c.out(), o, p,
         std::string("stroke=\"") + kColorP + "\" stroke-width=\"1.2\" stroke-dasharray=\"2 3\"");
    circle(c.out(), p, 4.5,
           std::string("fill=\"") + kColorP + "\" stroke=\"white\" stroke-width=\"1\"");
    c.block_line(o, p, 1.5);
    c.block(p, 5);
    c.label(p, normalized(p - o), 10, "P", kColorP, 13, 1);
}

std::string simplex_name(const Simplex<double>& sx) {
    // Counted by dimension, as the talk does: a point is a 0-simplex, a triangle a 2-simplex.
    return std::to_string(std::max(vertex_count(sx) - 1, 0)) + "-simplex";
}

} // namespace gjk::cli::detail
