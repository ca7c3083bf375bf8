// cli/svg_panels.cpp - the panels of a picture (svg_panels.hpp).
#include "svg_panels.hpp"

#include <string_view>
#include <vector>

#include "svg_labels.hpp"
#include "svg_markers.hpp"
#include "svg_shapes.hpp"
#include "svg_simplex.hpp"
#include "svg_style.hpp"
#include "svg_viewport.hpp"
#include "svg_voronoi.hpp"
#include "svg_writer.hpp"

namespace gjk::cli::detail {
namespace {

/// The simplex and closest point the Minkowski panel shows: the last trace step's, or the
/// result's when there is no trace.
struct FinalState {
    Simplex<double> simplex;
    V closest;
    bool valid = false;
};

FinalState final_state(const SvgInput& in) {
    if (!in.trace.empty()) {
        return {in.trace.back().simplex, in.trace.back().closest, true};
    }
    return FinalState{Simplex<double>{}, V{}, false}; // no trace, no simplex to show
}

constexpr const char* kFrameStyle = "rx=\"6\" fill=\"white\" stroke=\"#d1d5db\" stroke-width=\"1\"";

/// The frame, heading and footnote of a panel at (x, y); returns the plot rectangle.
Rect panel_frame(std::string& s, double x, double y, std::string_view title,
                 std::string_view foot) {
    rect(s, {x, y, kPanelW, kPanelH}, kFrameStyle);
    fitted_text(s, {x + 10, y + 14}, title,
                std::string("fill=\"") + kColorInk + "\" font-weight=\"bold\"", 12.5, 9,
                kPanelW - 20, true);
    fitted_text(s, {x + 10, y + kPanelH - 11}, foot, std::string("fill=\"") + kColorMuted + "\"",
                11, 9, kPanelW - 20, false);
    return {x + 16, y + kTitleBand + 10, kPanelW - 32, kPanelH - kTitleBand - kFootBand - 20};
}

/// Where a panel's labels may go: inside its frame, between the heading and the footnote.
Rect label_area(double x, double y) {
    return {x + 4, y + kTitleBand + 2, kPanelW - 8, kPanelH - kTitleBand - kFootBand - 4};
}

/// Appends a clip path for a panel, so that nothing drawn for it strays onto its neighbours,
/// and returns the attribute that applies it.
std::string clip_to_panel(std::string& s, const std::string& id, double x, double y) {
    s += "<clipPath id=\"" + id + "\">";
    s += "<rect x=\"" + num(x) + "\" y=\"" + num(y) + "\" width=\"" + num(kPanelW) +
         "\" height=\"" + num(kPanelH) + "\"/></clipPath>\n";
    return "clip-path=\"url(#" + id + ")\"";
}

} // namespace

void shapes_panel(std::string& s, const SvgInput& in, double x, double y) {
    const DistanceOutput<double>& r = in.result;
    const bool has_normal = is_finite(r.normal) && !(r.normal == V{});
    std::string foot =
        "radius A = " + label_number(in.a.radius, 3) + ", B = " + label_number(in.b.radius, 3);
    foot += has_normal ? ", normal = " + label_point(r.normal) : ", normal unknown";
    const std::string clip = clip_to_panel(s, "clip-shapes", x, y);
    s += "<g class=\"panel\" id=\"shapes\" " + clip + ">\n";
    const Rect plot = panel_frame(s, x, y, "shapes", foot);
    Canvas c(s, label_area(x, y));

    Bounds b;
    b.add(clean_hull(in.a.hull), usable_radius(in.a.radius));
    b.add(clean_hull(in.b.hull), usable_radius(in.b.radius));
    const bool has_witness =
        r.status != Status::invalid_input && is_finite(r.point_a) && is_finite(r.point_b);
    if (has_witness) {
        b.add(r.point_a);
        b.add(r.point_b);
    }
    const Viewport vp = fit(b, plot);
    draw_shape(c, vp, in.a, kColorA, "A");
    draw_shape(c, vp, in.b, kColorB, "B");
    if (has_witness) {
        const V pa = vp.map(r.point_a), pb = vp.map(r.point_b);
        line(s, pa, pb,
             std::string("stroke=\"") + kColorInk +
                 "\" stroke-width=\"1.5\" stroke-dasharray=\"5 3\"");
        c.block_line(pa, pb);
        // The normal's length on screen is fixed: the distance may be 0.
        const V n = has_normal ? screen_direction(r.normal) : V{};
        if (has_normal) {
            arrow(s, pa, n, kArrowLen, kColorInk);
            c.block_line(pa, pa + kArrowLen * n, 3);
            c.label(pa + kArrowLen * n, n, 6, "normal", kColorInk, 11, 5, true);
        }
        circle(s, pa, 4.5,
               std::string("fill=\"") + kColorA + "\" stroke=\"white\" stroke-width=\"1\"");
        circle(s, pb, 4.5,
               std::string("fill=\"") + kColorB + "\" stroke=\"white\" stroke-width=\"1\"");
        c.block(pa, 5);
        c.block(pb, 5);
        // point_a's label preferably goes back along the normal (into A), point_b's beyond
        // it: the arrow occupies the way between.
        c.label(pa, has_normal ? -n : V{-1, 0}, 10, "point_a", kColorA, 12, 1);
        c.label(pb, has_normal ? rotated(n, -60) : V{1, 0}, 10, "point_b", kColorB, 12, 2);
    }
    if (in.draw_manifold) {
        // The contact manifold: the reference face thick in its shape's colour, each contact
        // point in the closest point's red with its separation (data-separation: every digit).
        const ManifoldOutput<double>& m = in.manifold;
        s += "<g class=\"manifold\" data-count=\"" + std::to_string(m.count) + "\">\n";
        if (in.reference_face.size() == 2) {
            line(s, vp.map(in.reference_face[0]), vp.map(in.reference_face[1]),
                 std::string("class=\"reference-face\" stroke=\"") +
                     (m.reference_is_b ? kColorB : kColorA) +
                     "\" stroke-width=\"6\" stroke-linecap=\"round\" stroke-opacity=\"0.7\"");
        }
        for (int i = 0; i < m.count; ++i) {
            const V p = vp.map(m.points[i].point);
            s += "<circle class=\"contact\" cx=\"" + num(p.x) + "\" cy=\"" + num(p.y) +
                 "\" r=\"5\" fill=\"" + kColorP + "\" stroke=\"white\" stroke-width=\"1\"" +
                 " data-separation=\"" + num(m.points[i].separation) + "\" data-id=\"" +
                 std::to_string(m.points[i].id) + "\"/>\n";
            c.block(p, 6);
            c.label(p, V{1, -1}, 8, "s = " + label_number(m.points[i].separation, 3), kColorP, 11,
                    10 + i);
        }
        s += "</g>\n";
    }
    c.finish();
    s += "</g>\n";
}

void minkowski_panel(std::string& s, const SvgInput& in, double x, double y) {
    const FinalState f = final_state(in);
    const double rounding = usable_radius(in.a.radius) + usable_radius(in.b.radius);
    const std::vector<V> z = clean_hull(in.minkowski);
    std::string foot =
        f.valid ? "final " + simplex_name(f.simplex) + ", |P| = " + label_number(length(f.closest))
                : "no simplex";
    if (rounding > 0) {
        foot += "; dashed: Z grown by rA + rB";
    }
    if (in.voronoi) {
        foot += "; shaded: Voronoi regions";
    }
    const std::string clip = clip_to_panel(s, "clip-minkowski", x, y);
    s += "<g class=\"panel\" id=\"minkowski\" " + clip + ">\n";
    const Rect plot = panel_frame(s, x, y, "Minkowski difference Z = B \u2212 A", foot);
    Canvas c(s, label_area(x, y));

    Bounds b;
    b.add(V{});
    b.add(z, rounding);
    for (int i = 0; f.valid && i < vertex_count(f.simplex); ++i) {
        b.add(f.simplex.v[i].w);
    }
    if (f.valid) {
        b.add(f.closest);
    }
    const Viewport vp = fit(b, plot);
    const std::string col = kColorZ;
    if (rounding > 0 && !z.empty()) {
        const std::string dashed =
            "fill=\"none\" stroke=\"" + col + "\" stroke-width=\"1.2\" stroke-dasharray=\"5 4\"";
        if (z.size() == 1) {
            circle(s, vp.map(z[0]), rounding * vp.scale, dashed);
        } else {
            s += "<path d=\"" + rounded_path(vp, z, rounding) + "\" " + dashed + "/>\n";
        }
    }
    if (in.voronoi) {
        draw_voronoi(c, vp, z);
    }
    core_element(s, vp, z,
                 "fill=\"" + col + "\" fill-opacity=\"0.16\" stroke=\"" + col +
                     "\" stroke-width=\"1.5\" stroke-linejoin=\"round\"",
                 4);
    c.block_polyline(outline_pixels(vp, z, 0), true);
    draw_origin(c, vp);
    if (f.valid) {
        draw_simplex(c, vp, f.simplex, rotated(normalized(vp.map(f.closest) - vp.map(V{})), -90));
        draw_closest(c, vp, f.closest);
    }
    c.finish();
    s += "</g>\n";
}

void iteration_panel(std::string& s, const SvgInput& in, const TraceStep<double>& step, int k,
                     double x, double y) {
    std::string caption = "iteration " + std::to_string(k) + ": " + simplex_name(step.simplex) +
                          ", |P| = " + label_number(length(step.closest));
    if (step.termination != Termination::none) { // set on the last step only
        caption += std::string(", ") + to_string(step.termination);
    }
    const bool has_direction = is_finite(step.direction) && !(step.direction == V{});
    std::string foot = has_direction ? "d/|d| = " + label_point(normalized(step.direction))
                                     : "no search direction";
    if (step.has_support) {
        foot += ", support = " + label_point(step.support.w);
    }
    const std::string id = std::to_string(k);
    const std::string clip = clip_to_panel(s, "clip-iteration-" + id, x, y);
    s += "<g class=\"iteration\" data-iteration=\"" + id + "\" " + clip + ">\n";
    const Rect plot = panel_frame(s, x, y, caption, foot);
    Canvas c(s, label_area(x, y));

    const std::vector<V> z = clean_hull(in.minkowski);
    Bounds b;
    b.add(V{});
    b.add(z);
    b.add(step.closest);
    for (int i = 0; i < vertex_count(step.simplex); ++i) {
        b.add(step.simplex.v[i].w);
    }
    if (step.has_support) {
        b.add(step.support.w);
    }
    const Viewport vp = fit(b, plot);

    const std::string col = kColorZ;
    core_element(s, vp, z,
                 "fill=\"" + col + "\" fill-opacity=\"0.07\" stroke=\"" + col +
                     "\" stroke-opacity=\"0.35\" stroke-width=\"1\"",
                 4);
    c.block_polyline(outline_pixels(vp, z, 0), true);
    draw_origin(c, vp);
    const V d = has_direction ? screen_direction(step.direction) : V{};
    draw_simplex(c, vp, step.simplex, rotated(-d, -90));
    draw_closest(c, vp, step.closest);
    if (has_direction && is_finite(step.closest)) {
        // Unit length on screen, from P: the direction matters, not its magnitude.
        const V p = vp.map(step.closest);
        arrow(s, p, d, kArrowLen, kColorDir);
        c.block_line(p, p + kArrowLen * d, 3);
        c.label(p + kArrowLen * d, d, 7, "d", kColorDir, 13, 3);
    }
    if (step.has_support && is_finite(step.support.w)) {
        const V w = vp.map(step.support.w);
        diamond(s, w, 7,
                std::string("fill=\"") + kColorSupport + "\" stroke=\"white\" stroke-width=\"1\"");
        c.block(w, 7);
        // Preferably beyond the support point along d: Z has nothing further that way.
        c.label(w, d, 12, "support", kColorSupport, 12, 2);
    }
    c.finish();
    s += "</g>\n";
}

void legend_panel(std::string& s, double x, double y) {
    s += "<g class=\"legend\">\n";
    rect(s, {x, y, kPanelW, kPanelH}, kFrameStyle);
    text(s, {x + 10, y + 14}, "legend",
         std::string("fill=\"") + kColorInk + "\" font-weight=\"bold\"", "start", 13);
    const double gx = x + 16, tx = x + 64; // sample, text
    double row = y + kTitleBand + 14;
    const auto entry = [&](std::string_view label) {
        text(s, {tx, row}, label, std::string("fill=\"") + kColorInk + "\"", "start", 12);
        row += 22;
    };
    const auto filled = [](const char* color, const char* opacity) {
        return std::string("fill=\"") + color + "\" fill-opacity=\"" + opacity + "\" stroke=\"" +
               color + "\" stroke-width=\"2\"";
    };
    const auto stroke = [](const char* color, const char* rest) {
        return std::string("stroke=\"") + color + "\" " + rest;
    };
    const auto fill = [](const char* color) { return std::string("fill=\"") + color + "\""; };

    rect(s, {gx, row - 7, 36, 14}, filled(kColorA, "0.22"));
    entry("shape A");
    rect(s, {gx, row - 7, 36, 14}, filled(kColorB, "0.22"));
    entry("shape B");
    rect(s, {gx, row - 8, 36, 16},
         "rx=\"8\" fill=\"none\" " + stroke(kColorInk, "stroke-width=\"2\""));
    line(s, {gx + 8, row}, {gx + 28, row}, stroke(kColorInk, "stroke-width=\"1\""));
    entry("radius outline; thin line: core hull");
    line(s, {gx, row}, {gx + 36, row},
         stroke(kColorInk, "stroke-width=\"1.5\" stroke-dasharray=\"5 3\""));
    circle(s, {gx, row}, 4.5, fill(kColorA));
    circle(s, {gx + 36, row}, 4.5, fill(kColorB));
    entry("witness points point_a, point_b");
    arrow(s, {gx, row}, {1, 0}, 36, kColorInk);
    entry("normal, from A to B (fixed length)");
    rect(s, {gx, row - 7, 36, 14}, filled(kColorZ, "0.16"));
    entry("Z = B \u2212 A of the cores");
    cross_marker(s, {gx + 18, row});
    entry("origin O");
    polygon(s, {{gx, row + 7}, {gx + 36, row + 7}, {gx + 18, row - 8}},
            filled(kColorSimplex, "0.15"));
    circle(s, {gx + 18, row - 8}, 3.5, fill(kColorSimplex));
    entry("simplex; numbers: vertex weights");
    line(s, {gx, row}, {gx + 32, row},
         stroke(kColorP, "stroke-width=\"1.2\" stroke-dasharray=\"2 3\""));
    circle(s, {gx + 32, row}, 4.5, fill(kColorP));
    entry("P: closest point to O; dotted: |P|");
    arrow(s, {gx, row}, {1, 0}, 36, kColorDir);
    entry("d: search direction (unit length)");
    diamond(s, {gx + 18, row}, 7, fill(kColorSupport));
    entry("support point of Z along d");
    s += "</g>\n";
}

} // namespace gjk::cli::detail
