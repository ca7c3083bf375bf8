// cli/svg.cpp - the SVG picture of a GJK query: the page and its grid of panels (svg.hpp).
//
// The page is a grid of panels, three to a row: the shapes, the Minkowski difference and the
// legend on the first row, then one panel per iteration. Every panel maps its own world
// bounds into its plot rectangle with one scale for both axes and y flipped (world y up, SVG
// y down). All coordinates are written in pixels, so markers, arrows and labels have a fixed
// size whatever the geometry's scale: an arrow shows a direction, not a length.
//
// Robustness: the input comes from users (JSON files), so nothing here trusts it. Non-finite
// points are left out of the bounds, a view of zero size gets a default extent, every number
// goes through num() or label_number(), which never print nan or inf, and every text goes
// through xml_text(), which escapes markup and replaces what XML 1.0 cannot hold.
//
// The pieces, one concept each: svg_writer (numbers, XML text, elements, text metrics),
// svg_viewport (world to pixels), svg_style (layout and palette), svg_markers, svg_labels (a
// panel's surface and its label placement), svg_shapes, svg_simplex, svg_voronoi, and
// svg_panels, which draws each panel with them.
#include "svg.hpp"

#include <string>
#include <vector>

#include "svg_panels.hpp"
#include "svg_style.hpp"
#include "svg_writer.hpp"

namespace gjk::cli {

std::string render_svg(const SvgInput& in) {
    using namespace detail;
    // Which iterations get a panel.
    std::vector<int> steps;
    const int count = static_cast<int>(in.trace.size());
    for (int k = 1; k <= count; ++k) {
        if (in.only_iteration < 1 || in.only_iteration == k) {
            steps.push_back(k);
        }
    }
    const int rows = 1 + (static_cast<int>(steps.size()) + kColumns - 1) / kColumns;
    const double width = 2 * kMargin + kColumns * kPanelW + (kColumns - 1) * kGap;
    const double height = kHeaderH + rows * kPanelH + (rows - 1) * kGap + kMargin;

    std::string s;
    s += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    s += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + num(width) + "\" height=\"" +
         num(height) + "\" viewBox=\"0 0 " + num(width) + " " + num(height) + "\">\n";
    s += "<title>" + xml_text(in.title) + "</title>\n";
    s += "<style>text { font-family: sans-serif; } "
         ".halo { paint-order: stroke; stroke: white; stroke-width: 3px; "
         "stroke-linejoin: round; }</style>\n";
    rect(s, {0, 0, width, height}, "fill=\"#f9fafb\"");

    // Heading and the one-line summary.
    const DistanceOutput<double>& r = in.result;
    std::string summary = "distance = " + label_number(r.distance, 6) +
                          "  \u00b7  iterations = " + std::to_string(r.iterations) +
                          "  \u00b7  status = " + to_string(r.status) + " (" +
                          to_string(r.termination) + ")";
    if (r.error != InputError::none) {
        summary += std::string("  \u00b7  error: ") + to_string(r.error);
    }
    if (in.only_iteration >= 1) {
        summary += "  \u00b7  showing iteration " + std::to_string(in.only_iteration) +
                   (steps.empty() ? " (not in the trace)" : "");
    }
    const std::string ink = std::string("fill=\"") + kColorInk + "\"";
    // xml:space keeps the summary's double spaces around its separators.
    fitted_text(s, {kMargin, 28}, in.title.empty() ? "GJK distance" : in.title,
                ink + " font-weight=\"bold\"", 20, 11, width - 2 * kMargin, true);
    fitted_text(s, {kMargin, 54}, summary, ink + " xml:space=\"preserve\"", 14, 10,
                width - 2 * kMargin, false);

    const auto cell = [&](int index) {
        const int col = index % kColumns, row = index / kColumns;
        return V{kMargin + col * (kPanelW + kGap), kHeaderH + row * (kPanelH + kGap)};
    };
    V c = cell(0);
    shapes_panel(s, in, c.x, c.y);
    c = cell(1);
    minkowski_panel(s, in, c.x, c.y);
    c = cell(2);
    legend_panel(s, c.x, c.y);
    for (std::size_t i = 0; i < steps.size(); ++i) {
        c = cell(kColumns + static_cast<int>(i));
        const int k = steps[i];
        iteration_panel(s, in, in.trace[static_cast<std::size_t>(k - 1)], k, c.x, c.y);
    }
    s += "</svg>\n";
    return s;
}

} // namespace gjk::cli
