// cli/svg_labels.hpp - a panel's drawing surface and the placement of its labels.
#pragma once

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "svg_viewport.hpp"
#include "svg_writer.hpp"

namespace gjk::cli::detail {

/// An axis-aligned box in pixels; as an obstacle, `weight` says how much covering it costs.
struct Box {
    double x0, y0, x1, y1;
    double weight = 1;
};

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
    void finish();

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
    static const char* anchor_for(V dir);

    /// Where a label may go, best first: around its point, turning away from the preferred
    /// direction step by step, then the same a little further out. A name tries its spots,
    /// then two rings around the first.
    static std::vector<Candidate> candidates(const Request& r);

    static Box text_box(V q, const char* anchor, double width, double size);

    /// How much a label's box covers other things, in px^2; leaving the panel counts more.
    double badness(const Box& b) const;

    void place(const Request& r);

    std::string& out_;
    Rect area_;
    std::vector<Box> boxes_;
    std::vector<Request> requests_;
};

} // namespace gjk::cli::detail
