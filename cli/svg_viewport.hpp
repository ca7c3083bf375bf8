// cli/svg_viewport.hpp - from the world to a panel's pixels, and directions on the screen.
//
// The bounds of what a panel shows, and the mapping with one scale for both axes and y flipped
// (world y up, SVG y down).
//
// Robustness: non-finite points are left out of the bounds, and a view of zero size gets a
// default extent.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "gjk/math.hpp"
#include "svg_writer.hpp"

namespace gjk::cli::detail {

inline constexpr double kPi = 3.14159265358979323846;

/// An axis-aligned box of world points; empty until a finite point is added.
struct Bounds {
    double min_x = std::numeric_limits<double>::infinity();
    double min_y = std::numeric_limits<double>::infinity();
    double max_x = -std::numeric_limits<double>::infinity();
    double max_y = -std::numeric_limits<double>::infinity();

    /// Adds the disc of radius r around p (r = 0: the point).
    void add(V p, double r = 0) {
        if (!is_finite(p) || !std::isfinite(r)) {
            return;
        }
        min_x = std::min(min_x, p.x - r);
        min_y = std::min(min_y, p.y - r);
        max_x = std::max(max_x, p.x + r);
        max_y = std::max(max_y, p.y + r);
    }
    void add(const std::vector<V>& points, double r = 0) {
        for (const V& p : points) {
            add(p, r);
        }
    }
    bool empty() const { return !(min_x <= max_x && min_y <= max_y); }
};

/// World to pixels: one scale for both axes, y flipped, `world_center` at `pixel_center`.
struct Viewport {
    V world_center;
    V pixel_center;
    double scale = 1; // px per world unit

    V map(V p) const {
        return {pixel_center.x + (p.x - world_center.x) * scale,
                pixel_center.y - (p.y - world_center.y) * scale};
    }
};

/// The viewport that shows `b` centred in `r` with a margin of 8% of its size. Bounds of zero
/// size (one point, or nothing) get an extent of 1 world unit: any choice is arbitrary then.
Viewport fit(Bounds b, const Rect& r);

/// A unit screen vector for the world direction d (y flipped); zero stays zero.
inline V screen_direction(V d) {
    return normalized(V{d.x, -d.y});
}

/// A screen vector turned by `degrees`.
inline V rotated(V v, double degrees) {
    const double a = degrees * kPi / 180;
    return {v.x * std::cos(a) - v.y * std::sin(a), v.x * std::sin(a) + v.y * std::cos(a)};
}

} // namespace gjk::cli::detail
