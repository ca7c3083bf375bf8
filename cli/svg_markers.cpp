// cli/svg_markers.cpp - the markers every panel draws (svg_markers.hpp).
#include "svg_markers.hpp"

#include "svg_style.hpp"

namespace gjk::cli::detail {

void arrow(std::string& s, V p, V dir, double length, const char* color, double width) {
    const double head = 9, half = 4.5;
    const V tip = p + length * dir;
    const V base = tip - head * dir;
    const V side{-dir.y, dir.x};
    line(s, p, base, std::string("stroke=\"") + color + "\" stroke-width=\"" + num(width) + "\"");
    polygon(s, {tip, base + half * side, base - half * side},
            std::string("fill=\"") + color + "\"");
}

void cross_marker(std::string& s, V o) {
    const std::string style = std::string("stroke=\"") + kColorInk + "\" stroke-width=\"1.5\"";
    line(s, o + V{-6, -6}, o + V{6, 6}, style);
    line(s, o + V{-6, 6}, o + V{6, -6}, style);
}

void diamond(std::string& s, V p, double r, const std::string& style) {
    polygon(s, {p + V{0, -r}, p + V{r, 0}, p + V{0, r}, p + V{-r, 0}}, style);
}

} // namespace gjk::cli::detail
