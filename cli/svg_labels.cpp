// cli/svg_labels.cpp - the placement of a panel's labels (svg_labels.hpp).
#include "svg_labels.hpp"

#include <algorithm>
#include <limits>
#include <string_view>

namespace gjk::cli::detail {
namespace {

double overlap_area(const Box& a, const Box& b) {
    const double w = std::min(a.x1, b.x1) - std::max(a.x0, b.x0);
    const double h = std::min(a.y1, b.y1) - std::max(a.y0, b.y0);
    return w > 0 && h > 0 ? w * h : 0;
}

} // namespace

void Canvas::finish() {
    std::stable_sort(requests_.begin(), requests_.end(),
                     [](const Request& a, const Request& b) { return a.priority < b.priority; });
    for (const Request& r : requests_) {
        place(r);
    }
    requests_.clear();
}

const char* Canvas::anchor_for(V dir) {
    return dir.x > 0.35 ? "start" : dir.x < -0.35 ? "end" : "middle";
}

std::vector<Canvas::Candidate> Canvas::candidates(const Request& r) {
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

Box Canvas::text_box(V q, const char* anchor, double width, double size) {
    const std::string_view a = anchor;
    const double x0 = a == "start" ? q.x : a == "end" ? q.x - width : q.x - width / 2;
    return {x0 - 1, q.y - 0.5 * size, x0 + width + 1, q.y + 0.5 * size};
}

double Canvas::badness(const Box& b) const {
    double bad = 0;
    for (const Box& o : boxes_) {
        bad += o.weight * overlap_area(b, o);
    }
    const double inside = overlap_area(b, {area_.x, area_.y, area_.x + area_.w, area_.y + area_.h});
    return bad + 4 * ((b.x1 - b.x0) * (b.y1 - b.y0) - inside);
}

void Canvas::place(const Request& r) {
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

} // namespace gjk::cli::detail
