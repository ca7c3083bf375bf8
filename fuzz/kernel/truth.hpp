// fuzz/kernel/truth.hpp - what the independent oracle (tests/oracle) says about a query: its
// world hulls, distance, depth and tolerance.
#pragma once

#include <algorithm>
#include <cmath>
#include <vector>

#include "gjk/gjk.hpp"
#include "oracle/oracle.hpp"
#include "query.hpp"

namespace fuzz_kernel {

/// What the oracle says about a query.
struct Truth {
    std::vector<oracle::P> ha, hb; // world hulls of the cores
    long double ra{0}, rb{0};      // radii in use
    long double distance{0};       // of the rounded shapes
    long double depth{0};          // how far into each other (0 when apart)
    long double tol{0};            // tolerance() * scale
};

template <class T> Truth truth_of(const Query<T>& q) {
    auto world = [](const std::vector<gjk::Vec2<T>>& pts, const gjk::Transform<T>& xf) {
        std::vector<oracle::P> out;
        const long double c = xf.q.c, s = xf.q.s;
        for (const auto& p : pts)
            out.push_back({c * p.x - s * p.y + xf.p.x, s * p.x + c * p.y + xf.p.y});
        return out;
    };
    Truth t;
    const auto wa = world(q.a, q.xa), wb = world(q.b, q.xb);
    t.ra = q.use_radii ? q.ra : 0;
    t.rb = q.use_radii ? q.rb : 0;
    // The scale of the rounding: a world coordinate is summed from the rotated local point and
    // the translation, and rounds relative to those terms, not to the (possibly cancelled)
    // result: two coincident point sets at (15.375, 15.375) rotated by 173.6 degrees and moved
    // by (15.375, 15.375) land near (-1.6, 1.7) with float's error of 17.
    long double scale = 0;
    for (const auto* w : {&wa, &wb})
        for (const auto& p : *w)
            scale = std::max({scale, std::fabs(p.x), std::fabs(p.y)});
    for (const auto* s : {&q.a, &q.b}) {
        const gjk::Transform<T>& xf = s == &q.a ? q.xa : q.xb;
        for (const auto& p : *s)
            scale = std::max(scale, (long double)std::fabs(p.x) + std::fabs(p.y) +
                                        std::fabs(xf.p.x) + std::fabs(xf.p.y));
    }
    t.tol = tolerance<T>() * std::max(1.0L, scale + t.ra + t.rb);
    t.ha = oracle::hull(wa);
    t.hb = oracle::hull(wb);
    t.distance = oracle::rounded_distance(t.ha, t.ra, t.hb, t.rb);
    if (oracle::intersect(t.ha, t.hb)) {
        t.depth = oracle::depth(t.ha, t.hb) + t.ra + t.rb;
    } else {
        t.depth = std::max(0.0L, t.ra + t.rb - oracle::distance(t.ha, t.hb).distance);
    }
    return t;
}

} // namespace fuzz_kernel
