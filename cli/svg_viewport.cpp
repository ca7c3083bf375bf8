// cli/svg_viewport.cpp - a panel's world-to-pixel mapping (svg_viewport.hpp).
#include "svg_viewport.hpp"

namespace gjk::cli::detail {

Viewport fit(Bounds b, const Rect& r) {
    if (b.empty()) {
        b.add(V{});
    }
    const V center{0.5 * (b.min_x + b.max_x), 0.5 * (b.min_y + b.max_y)};
    double size = std::max(b.max_x - b.min_x, b.max_y - b.min_y);
    if (!(size > 0) || !std::isfinite(r.w / size)) { // zero, or so small the scale overflows
        size = 1;
        b.add(center, 0.5);
    }
    const double pad = 0.08 * size;
    // Both extents are positive after padding, so neither division is by zero; a thin
    // segment is limited by its long side only.
    const double w = (b.max_x - b.min_x) + 2 * pad, h = (b.max_y - b.min_y) + 2 * pad;
    double scale = std::min(r.w / w, r.h / h);
    if (!std::isfinite(scale)) { // coordinates so large that their extent overflowed
        scale = 0;
    }
    return {center, {r.x + 0.5 * r.w, r.y + 0.5 * r.h}, scale};
}

} // namespace gjk::cli::detail
