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
// The SVG writer (numbers, XML text, elements, text metrics) is svg_writer; the world-to-pixel
// mapping svg_viewport; the layout and palette svg_style; the markers svg_markers.
#include "svg.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "svg_markers.hpp"
#include "svg_style.hpp"
#include "svg_viewport.hpp"
#include "svg_writer.hpp"

namespace gjk::cli {
namespace {

using namespace detail;

// ---------------------------------------------------------------------------------------------
// A panel's drawing surface, with label placement

/// An axis-aligned box in pixels; as an obstacle, `weight` says how much covering it costs.
struct Box {
    double x0, y0, x1, y1;
    double weight = 1;
};

double overlap_area(const Box& a, const Box& b) {
    const double w = std::min(a.x1, b.x1) - std::max(a.x0, b.x0);
    const double h = std::min(a.y1, b.y1) - std::max(a.y0, b.y0);
    return w > 0 && h > 0 ? w * h : 0;
}

/// One panel's output. Geometry is written at once; labels wait until the geometry is done
/// (so that they are drawn on top) and are then placed greedily, most important first: each
/// tries positions around its point, its preferred direction first, and takes the first that
/// overlaps no marker, line or earlier label and stays in the panel - or the least bad one.
/// Markers and lines register themselves as obstacles, as boxes (a line as a row of small
/// boxes), which is plenty for a handful of labels.
class Canvas {
  public:
    Canvas(std::string& out, Rect area) : out_(out), area_(area) {}

    std::string& out() { return out_; }

    /// A marker of radius r at p that labels should not cover.
    void block(V p, double r, double weight = 1) {
        boxes_.push_back({p.x - r, p.y - r, p.x + r, p.y + r, weight});
    }

    /// A line from p to q that labels should not cover.
    void block_line(V p, V q, double half_width = 2, double weight = 1) {
        const int steps = std::clamp(static_cast<int>(length(q - p) / 4), 1, 400);
        for (int i = 0; i <= steps; ++i) {
            block(p + (static_cast<double>(i) / steps) * (q - p), half_width, weight);
        }
    }

    /// A polyline (pixels) that labels should not cover; a thin one costs less to cross.
    void block_polyline(const std::vector<V>& px, bool closed, double weight = 1) {
        for (std::size_t i = 0; i + 1 < px.size(); ++i) {
            block_line(px[i], px[i + 1], 2, weight);
        }
        if (closed && px.size() > 2) {
            block_line(px.back(), px.front(), 2, weight);
        }
    }

    /// A label `offset` px from p, preferably in the unit direction `dir`. Lower priorities
    /// are placed first.
    void label(V p, V dir, double offset, std::string content, const char* color, double size,
               int priority, bool optional = false) {
        if (!(dir == dir) || dir == V{}) { // zero, or NaN from degenerate input: any way
            dir = normalized(V{1, -1});
        }
        requests_.push_back(
            {p, dir, offset, std::move(content), color, size, priority, false, optional, {}});
    }

    /// A bold label (a shape's name) centred on the first free spot of `spots`, else near
    /// the first spot. Placed after the labels of points, which have less choice.
    void name_label(std::vector<V> spots, std::string content, const char* color, double size) {
        if (!spots.empty()) {
            requests_.push_back({spots[0],
                                 {},
                                 0,
                                 std::move(content),
                                 color,
                                 size,
                                 3,
                                 true,
                                 false,
                                 std::move(spots)});
        }
    }

    /// Places and draws the labels.
    void finish() {
        std::stable_sort(
            requests_.begin(), requests_.end(),
            [](const Request& a, const Request& b) { return a.priority < b.priority; });
        for (const Request& r : requests_) {
            place(r);
        }
        requests_.clear();
    }

  private:
    struct Request {
        V p, dir; // dir zero: a name, centred
        double offset;
        std::string content;
        const char* color;
        double size;
        int priority;
        bool bold;
        bool optional;        // dropped rather than drawn over much
        std::vector<V> spots; // a name's preferred centres
    };
    struct Candidate {
        V q;
        const char* anchor;
        double penalty = 0; // px^2: a little worse than the candidates before it
    };

    /// The text-anchor that makes a label extend away from its point along dir.
    static const char* anchor_for(V dir) {
        return dir.x > 0.35 ? "start" : dir.x < -0.35 ? "end" : "middle";
    }

    /// Where a label may go, best first: around its point, turning away from the preferred
    /// direction step by step, then the same a little further out. A name tries its spots,
    /// then two rings around the first.
    static std::vector<Candidate> candidates(const Request& r) {
        static constexpr double kTurns[] = {0, 45, -45, 90, -90, 135, -135, 180};
        std::vector<Candidate> out;
        if (r.dir == V{}) {
            for (const V& spot : r.spots) {
                out.push_back({spot, "middle"});
            }
            // A name inside its shape across a thin line beats one outside it.
            for (const double ring : {14.0, 28.0}) {
                for (const double turn : kTurns) {
                    out.push_back({r.p + ring * rotated(V{0, -1}, turn), "middle", 3 * ring});
                }
            }
            return out;
        }
        for (const double extra : {0.0, 10.0}) {
            for (const double turn : kTurns) {
                const V dir = rotated(r.dir, turn);
                out.push_back({r.p + (r.offset + extra) * dir, anchor_for(dir), extra});
            }
        }
        return out;
    }

    static Box text_box(V q, const char* anchor, double width, double size) {
        const std::string_view a = anchor;
        const double x0 = a == "start" ? q.x : a == "end" ? q.x - width : q.x - width / 2;
        return {x0 - 1, q.y - 0.5 * size, x0 + width + 1, q.y + 0.5 * size};
    }

    /// How much a label's box covers other things, in px^2; leaving the panel counts more.
    double badness(const Box& b) const {
        double bad = 0;
        for (const Box& o : boxes_) {
            bad += o.weight * overlap_area(b, o);
        }
        const double inside =
            overlap_area(b, {area_.x, area_.y, area_.x + area_.w, area_.y + area_.h});
        return bad + 4 * ((b.x1 - b.x0) * (b.y1 - b.y0) - inside);
    }

    void place(const Request& r) {
        const double width = text_width(r.content, r.size, r.bold);
        double best_bad = std::numeric_limits<double>::infinity();
        Candidate best{r.p, "middle"};
        Box best_box{};
        for (const Candidate& c : candidates(r)) {
            const Box box = text_box(c.q, c.anchor, width, r.size);
            const double bad = badness(box) + c.penalty;
            if (bad < best_bad) {
                best_bad = bad;
                best = c;
                best_box = box;
            }
            if (bad == 0) {
                break;
            }
        }
        const double area = (best_box.x1 - best_box.x0) * (best_box.y1 - best_box.y0);
        if (r.optional && best_bad > 0.08 * area) {
            return;
        }
        // A name is big and bold: covering even a corner of it spoils it.
        best_box.weight = r.bold ? 6 : 1;
        boxes_.push_back(best_box);
        const std::string style = std::string("fill=\"") + r.color + "\" class=\"halo\"" +
                                  (r.bold ? " font-weight=\"bold\"" : "");
        text(out_, best.q, r.content, style, best.anchor, r.size);
    }

    std::string& out_;
    Rect area_;
    std::vector<Box> boxes_;
    std::vector<Request> requests_;
};

// ---------------------------------------------------------------------------------------------
// Shapes

/// The hull as given, cleaned for drawing: non-finite points and repeats dropped, turned
/// counter-clockwise if it came clockwise (the rounded outline needs to know the outside).
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

/// The outward unit normals of a counter-clockwise polygon's edges (edge i: hull[i] to
/// hull[i+1]); a segment is the segment there and back, with two opposite normals.
std::vector<V> edge_normals(const std::vector<V>& hull) {
    const std::size_t n = hull.size();
    std::vector<V> normal(n);
    for (std::size_t i = 0; i < n; ++i) {
        const V e = hull[(i + 1) % n] - hull[i];
        normal[i] = normalized(V{e.y, -e.x}); // right of a counter-clockwise edge: outside
    }
    return normal;
}

/// The SVG path of the points within r of a convex polygon (counter-clockwise, >= 2 points):
/// every edge pushed out by r along its outward normal, consecutive edges joined by an arc of
/// radius r around their common vertex. A segment gives a capsule.
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

/// The same outline as a polyline in pixels (arcs in steps of at most 30 degrees), for label
/// placement. A single point gives its circle.
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

/// A point, segment or polygon (the core of a shape, or Z) as one SVG element.
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

/// A shape: with a radius, the rounded outline filled and the core hull as a thin line;
/// without, the hull itself (a dot, a segment or a filled polygon). Then its name.
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

// ---------------------------------------------------------------------------------------------
// Simplices

int vertex_count(const Simplex<double>& sx) {
    return std::clamp(sx.count, 0, 3);
}

/// A simplex of Z: the triangle filled lightly, the edges, the vertices as dots with their
/// weights beside them (outward from the simplex's centre; for a single vertex, toward
/// `lone_label_dir`, a unit screen vector: P, on that vertex, is labelled away from O).
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

/// The origin: a cross labelled O.
void draw_origin(Canvas& c, const Viewport& vp) {
    const V o = vp.map(V{});
    cross_marker(c.out(), o);
    c.block(o, 6);
    c.label(o, normalized(V{-1, 1}), 10, "O", kColorInk, 13, 0);
}

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

/// The closest point P with a dotted line from the origin (its length is |P|), labelled on
/// the side away from the origin.
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

std::string simplex_name(const Simplex<double>& sx) {
    // Counted by dimension, as the talk does: a point is a 0-simplex, a triangle a 2-simplex.
    return std::to_string(std::max(vertex_count(sx) - 1, 0)) + "-simplex";
}

// ---------------------------------------------------------------------------------------------
// Panels

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

/// The legend: one line per colour or marker, each with a small sample.
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

} // namespace

std::string render_svg(const SvgInput& in) {
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
