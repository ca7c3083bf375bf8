// bench/casts.cpp - gjk_bench's rows of moving shapes: shape casts (Cast8, Cast4096) and times of
// impact (Toi, Toi/slop_tolerance, Toi4096, gjk_view/Toi) beside Box2D's b2TimeOfImpact.
#include <box2d/b2_polygon_shape.h>
#include <box2d/b2_time_of_impact.h>

#include <cmath>
#include <random>
#include <type_traits>
#include <vector>

#include "gjk/gjk.hpp"
#include "rows.hpp"
#include "workloads.hpp"

// Box2D 2.4.1 counts time of impact iterations in this global (b2_time_of_impact.cpp, exported
// but not declared in a header).
extern int32 b2_toiIters;

namespace gjk_bench {

// --- Cast8, Cast4096 --------------------------------------------------------------------------

namespace {

/// The one prepared 4096-gon of the Cast4096 and Toi4096 rows: a convex polygon of the Pairs8
/// polygons' size (on an ellipse of radius 1), made once; every query of a row meets it, so it
/// stays in the cache (the algorithm's cost, as BigNShared's).
const gjk::PreparedShape<float>& polygon4096() {
    static const gjk::PreparedShape<float> shape = [] {
        std::mt19937_64 rng(4096);
        return gjk::PreparedShape<float>::make(cast<float>(convex(rng, 4096, 1.0)));
    }();
    return shape;
}

} // namespace

/// Shape casts of the Pairs8 pairs on prepared shapes (gjk/Cast8): B starts 3 to 8.2 from A
/// along the pair's offset (never overlapping, the polygons' radius being at most 1) and moves
/// 1.25 times that back toward A's origin, off by up to 2 sideways, so most casts hit (counter
/// `hits`). With `big`, every A is polygon4096() at the pair's pose (gjk/Cast4096).
void gjk_casts(benchmark::State& state, bool big) {
    const GjkWorkload<float>& w = gjk_cold<float>();
    const std::vector<Pair>& pairs = pairs8();
    std::vector<gjk::CastInput<float>> inputs(pairs.size());
    for (std::size_t i = 0; i < pairs.size(); ++i) {
        const Pair& p = pairs[i];
        const double r = std::hypot(p.bx - p.ax, p.by - p.ay);
        const double ux = (p.bx - p.ax) / r, uy = (p.by - p.ay) / r;
        const double start = 3 + 2 * r, side = 2 * std::sin(7 * p.aangle);
        gjk::CastInput<float>& in = inputs[i];
        in.a = big ? polygon4096().view() : w.prepared_a[i].view();
        in.b = w.prepared_b[i].view();
        in.xf_a = w.inputs[i].xf_a;
        in.xf_b = gjk::Transform<float>::from({float(p.ax + start * ux), float(p.ay + start * uy)},
                                              float(p.bangle));
        in.translation_b = {float(-1.25 * start * ux - side * uy),
                            float(-1.25 * start * uy + side * ux)};
    }
    double iterations = 0;
    int hits = 0;
    for (const auto& in : inputs) {
        const auto out = gjk::shape_cast(in);
        iterations += out.iterations;
        hits += out.hit;
    }
    for (auto _ : state) {
        for (const auto& in : inputs)
            benchmark::DoNotOptimize(gjk::shape_cast(in));
    }
    set_counters(state, inputs.size(), iterations / double(inputs.size()), 0);
    state.counters["hits"] = hits;
}

// --- Toi -------------------------------------------------------------------------------------

namespace {

/// One time of impact query: two 8-gons and their sweeps (centres at the polygons' origins).
struct ToiCase {
    std::vector<gjk::Vec2<double>> a, b;
    double a_c0x, a_c0y, a_c1x, a_c1y, a_a0, a_a1;
    double b_c0x, b_c0y, b_c1x, b_c1y, b_a0, b_a1;
};

/// B starts 3 to 6 from A and flies at it (0.5 to 2 times the distance, off by up to a
/// quarter of it sideways), turning up to 1.5 rad; A drifts and turns up to 0.5 rad.
const std::vector<ToiCase>& toi_cases() {
    static const std::vector<ToiCase> cases = [] {
        std::mt19937_64 rng(2024);
        std::uniform_real_distribution<double> u(-1, 1);
        std::vector<ToiCase> out;
        for (int i = 0; i < kPairs; ++i) {
            ToiCase c;
            c.a = convex(rng, 8, 1.0);
            c.b = convex(rng, 8, 1.0);
            c.a_c0x = u(rng) * 10, c.a_c0y = u(rng) * 10, c.a_a0 = u(rng) * 3.14159;
            c.a_c1x = c.a_c0x + u(rng) * 0.2, c.a_c1y = c.a_c0y + u(rng) * 0.2;
            c.a_a1 = c.a_a0 + u(rng) * 0.5;
            const double r = 3 + 1.5 * (u(rng) + 1), dir = u(rng) * 3.14159;
            const double dx = std::cos(dir), dy = std::sin(dir);
            c.b_c0x = c.a_c0x + r * dx, c.b_c0y = c.a_c0y + r * dy, c.b_a0 = u(rng) * 3.14159;
            const double reach = r * (1.25 + 0.75 * u(rng)), side = r * 0.25 * u(rng);
            c.b_c1x = c.b_c0x - reach * dx - side * dy, c.b_c1y = c.b_c0y - reach * dy + side * dx;
            c.b_a1 = c.b_a0 + u(rng) * 1.5;
            out.push_back(std::move(c));
        }
        return out;
    }();
    return cases;
}

/// The Toi queries on gjk::PreparedShape objects, made once outside the timing as Box2D's
/// b2PolygonShape objects are (b2PolygonShape::Set computes the hull, normals and centroid).
template <class T> struct ToiWorkload {
    std::vector<std::vector<gjk::Vec2<T>>> a, b;
    std::vector<gjk::PreparedShape<T>> prepared_a, prepared_b;
    std::vector<gjk::ToiInput<T>> inputs;
};

template <class T> const ToiWorkload<T>& toi_workload() {
    static const ToiWorkload<T> w = [] {
        ToiWorkload<T> w;
        const auto& cases = toi_cases();
        w.prepared_a.reserve(cases.size()); // the views point into them: no reallocation
        w.prepared_b.reserve(cases.size());
        for (const ToiCase& c : cases) {
            w.a.push_back(cast<T>(c.a));
            w.b.push_back(cast<T>(c.b));
            w.prepared_a.push_back(gjk::PreparedShape<T>::make(w.a.back()));
            w.prepared_b.push_back(gjk::PreparedShape<T>::make(w.b.back()));
        }
        for (std::size_t i = 0; i < cases.size(); ++i) {
            const ToiCase& c = cases[i];
            gjk::ToiInput<T> in;
            in.a = w.prepared_a[i].view();
            in.b = w.prepared_b[i].view();
            in.sweep_a = {
                {}, {T(c.a_c0x), T(c.a_c0y)}, {T(c.a_c1x), T(c.a_c1y)}, T(c.a_a0), T(c.a_a1)};
            in.sweep_b = {
                {}, {T(c.b_c0x), T(c.b_c0y)}, {T(c.b_c1x), T(c.b_c1y)}, T(c.b_a0), T(c.b_a1)};
            in.target_separation = T(b2_linearSlop); // Box2D's core target for these radii
            w.inputs.push_back(in);
        }
        return w;
    }();
    return w;
}

} // namespace

/// gjk::time_of_impact on the Toi workload; with `plain`, on plain point views (validated and
/// scanned on every call) instead of the prepared shapes (gjk_view/Toi); with `big`, A is
/// polygon4096() on A's sweep (gjk/Toi4096).
template <class T>
void gjk_toi(benchmark::State& state, bool slop_tolerance, bool plain, bool big) {
    const ToiWorkload<T>& w = toi_workload<T>();
    std::vector<gjk::ToiInput<T>> inputs = w.inputs;
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        if (slop_tolerance)
            inputs[i].tolerance = T(0.25 * b2_linearSlop);
        if (plain) {
            inputs[i].a = gjk::ShapeView<T>(w.a[i]);
            inputs[i].b = gjk::ShapeView<T>(w.b[i]);
        }
        if constexpr (std::is_same_v<T, float>) {
            if (big)
                inputs[i].a = polygon4096().view();
        }
    }
    double iterations = 0;
    int hits = 0;
    for (const auto& in : inputs) {
        const auto out = gjk::time_of_impact(in);
        iterations += out.iterations;
        hits += out.hit;
    }
    for (auto _ : state) {
        for (const auto& in : inputs)
            benchmark::DoNotOptimize(gjk::time_of_impact(in));
    }
    set_counters(state, inputs.size(), iterations / double(inputs.size()), 0);
    state.counters["hits"] = hits;
}

void box2d_toi(benchmark::State& state) {
    const auto& cases = toi_cases();
    std::vector<b2PolygonShape> a(cases.size()), b(cases.size());
    std::vector<b2TOIInput> inputs(cases.size());
    for (std::size_t i = 0; i < cases.size(); ++i) {
        const ToiCase& c = cases[i];
        const std::vector<b2Vec2> pa = to_b2(c.a), pb = to_b2(c.b);
        a[i].Set(pa.data(), static_cast<int32>(pa.size())); // radius b2_polygonRadius
        b[i].Set(pb.data(), static_cast<int32>(pb.size()));
        b2TOIInput& in = inputs[i];
        in.proxyA.Set(&a[i], 0);
        in.proxyB.Set(&b[i], 0);
        auto sweep = [](double c0x, double c0y, double c1x, double c1y, double a0, double a1) {
            b2Sweep s;
            s.localCenter.SetZero();
            s.c0.Set(float(c0x), float(c0y));
            s.c.Set(float(c1x), float(c1y));
            s.a0 = float(a0);
            s.a = float(a1);
            s.alpha0 = 0.0f;
            return s;
        };
        in.sweepA = sweep(c.a_c0x, c.a_c0y, c.a_c1x, c.a_c1y, c.a_a0, c.a_a1);
        in.sweepB = sweep(c.b_c0x, c.b_c0y, c.b_c1x, c.b_c1y, c.b_a0, c.b_a1);
        in.tMax = 1.0f;
    }
    const int32 before = b2_toiIters;
    int hits = 0;
    for (const auto& in : inputs) {
        b2TOIOutput out;
        b2TimeOfImpact(&out, &in);
        hits += out.state == b2TOIOutput::e_touching;
    }
    const double iterations = double(b2_toiIters - before) / double(inputs.size());
    for (auto _ : state) {
        for (const auto& in : inputs) {
            b2TOIOutput out;
            b2TimeOfImpact(&out, &in);
            benchmark::DoNotOptimize(out);
        }
    }
    set_counters(state, inputs.size(), iterations, 0);
    state.counters["hits"] = hits;
}

// The scalars main.cpp registers.
template void gjk_toi<float>(benchmark::State&, bool, bool, bool);
template void gjk_toi<double>(benchmark::State&, bool, bool, bool);

} // namespace gjk_bench
