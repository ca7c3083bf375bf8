// cli/svg_shapes.cpp - a shape as drawn (svg_shapes.hpp).
#include "svg_shapes.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include "svg_writer.hpp"

namespace gjk::cli::detail {

std::vector<V> clean_hull(const std::vector<V>& hull) {
    std::vector<V> h;
    for (const V& p : hull) {
        if (is_finite(p) && (h.empty() || !(h.back() == p))) {
            h.push_back(p);
        }
    }
    while (h.size() > 1 && h.back() == h.front()) {
        h.pop_back();
    }
    double area2 = 0;
    for (std::size_t i = 0; i < h.size(); ++i) {
        area2 += cross(h[i], h[(i + 1) % h.size()]);
    }
    if (area2 < 0) {
        std::reverse(h.begin(), h.end());
    }
    return h;
}

double usable_radius(double r) {
    return std::isfinite(r) && r > 0 ? r : 0;
}

std::vector<V> edge_normals(const std::vector<V>& hull) {
    const std::size_t n = hull.size();
    std::vector<V> normal(n);
    for (std::size_t i = 0; i < n; ++i) {
        const V e = hull[(i + 1) % n] - hull[i];
        normal[i] = normalized(V{e.y, -e.x}); // right of a counter-clockwise edge: outside
    }
    return normal;
}

std::string rounded_path(const Viewport& vp, const std::vector<V>& hull, double r) {
    const std::size_t n = hull.size();
    const std::vector<V> normal = edge_normals(hull);
    const std::string rp = num(r * vp.scale);
    std::string d;
    for (std::size_t i = 0; i < n; ++i) {
        const V from = hull[i] + r * normal[(i + n - 1) % n];
        const V to = hull[i] + r * normal[i];
        // The outline turns counter-clockwise around a convex vertex, in the world and (y up)
        // on the screen too, which is SVG's negative-angle direction (its y points down):
        // sweep-flag 0. Each turn is at most half a circle: large-arc-flag 0.
        d +=
            (i ? " L" : "M") + pt(vp.map(from)) + " A" + rp + "," + rp + " 0 0 0 " + pt(vp.map(to));
    }
    return d + " Z";
}

std::vector<V> outline_pixels(const Viewport& vp, const std::vector<V>& hull, double r) {
    std::vector<V> px;
    if (r <= 0 || hull.empty()) {
        for (const V& p : hull) {
            px.push_back(vp.map(p));
        }
        return px;
    }
    const std::size_t n = hull.size();
    const std::vector<V> normal =
        n == 1 ? std::vector<V>{V{1, 0}} : edge_normals(hull); // one point: a full turn
    for (std::size_t i = 0; i < n; ++i) {
        const V from = n == 1 ? V{1, 0} : normal[(i + n - 1) % n];
        double turn = n == 1 ? 2 * kPi : std::atan2(cross(from, normal[i]), dot(from, normal[i]));
        if (n == 2) {
            turn = kPi; // a capsule's ends are half circles
        }
        const int steps = std::max(1, static_cast<int>(std::ceil(std::abs(turn) / 0.52)));
        for (int k = 0; k <= steps; ++k) {
            const double a = turn * k / steps;
            const V dir{from.x * std::cos(a) - from.y * std::sin(a),
                        from.x * std::sin(a) + from.y * std::cos(a)};
            px.push_back(vp.map(hull[i] + r * dir));
        }
    }
    return px;
}

void core_element(std::string& s, const Viewport& vp, const std::vector<V>& hull,
                  const std::string& style, double dot_radius) {
    if (hull.size() == 1) {
        circle(s, vp.map(hull[0]), dot_radius, style);
    } else if (hull.size() == 2) {
        line(s, vp.map(hull[0]), vp.map(hull[1]), style);
    } else if (hull.size() >= 3) {
        std::vector<V> px;
        for (const V& p : hull) {
            px.push_back(vp.map(p));
        }
        polygon(s, px, style);
    }
}

void draw_shape(Canvas& c, const Viewport& vp, const SvgShape& shape, const char* color,
                const char* name) {
    const std::vector<V> hull = clean_hull(shape.hull);
    if (hull.empty()) {
        return;
    }
    std::string& s = c.out();
    const std::string col = color;
    const double r = usable_radius(shape.radius);
    const std::string filled =
        "fill=\"" + col + "\" fill-opacity=\"0.22\" stroke=\"" + col + "\" stroke-width=\"2\"";
    if (r > 0) {
        if (hull.size() == 1) {
            circle(s, vp.map(hull[0]), r * vp.scale, filled);
        } else {
            s += "<path d=\"" + rounded_path(vp, hull, r) + "\" " + filled + "/>\n";
        }
        core_element(
            s, vp, hull,
            "fill=\"none\" stroke=\"" + col + "\" stroke-width=\"1\" stroke-opacity=\"0.8\"", 2);
    } else if (hull.size() == 1) {
        circle(s, vp.map(hull[0]), 4.5, "fill=\"" + col + "\"");
    } else if (hull.size() == 2) {
        core_element(s, vp, hull,
                     "stroke=\"" + col + "\" stroke-width=\"3\" stroke-linecap=\"round\"", 0);
    } else {
        core_element(s, vp, hull, filled + " stroke-linejoin=\"round\"", 0);
    }
    const std::vector<V> outline = outline_pixels(vp, hull, r);
    c.block_polyline(outline, true);
    if (r > 0) {
        c.block_polyline(outline_pixels(vp, hull, 0), true, 0.3); // the thin core hull
    }
    if (outline.size() == 1) {
        c.block(outline[0], 5);
    }

    // The name inside the shape: at its centre, else part-way toward one of its vertices. A
    // shape too small on screen to hold it (a point, a segment, a small circle) has it above.
    Bounds px;
    V centroid{};
    for (const V& p : hull) {
        px.add(vp.map(p), r * vp.scale);
        centroid += vp.map(p);
    }
    centroid = (1.0 / static_cast<double>(hull.size())) * centroid;
    std::vector<V> spots;
    if (px.max_x - px.min_x >= 40 && px.max_y - px.min_y >= 40) {
        spots.push_back(centroid);
        for (const double f : {0.5, 0.7}) {
            for (const V& p : hull) {
                spots.push_back(centroid + f * (vp.map(p) - centroid));
            }
        }
    } else {
        spots.push_back({0.5 * (px.min_x + px.max_x), px.min_y - 14});
    }
    c.name_label(std::move(spots), name, color, 18);
}

} // namespace gjk::cli::detail
