// bench/workloads.hpp - what every row of gjk_bench shares: the seeded pairs of 8-gons (Pairs8)
// and the BigN pairs, each library's workload made of them (built once, on first use), the
// double kernel's reference answers, and the counters every row reports.
#pragma once

#include <benchmark/benchmark.h>
#include <box2d/b2_distance.h>
#include <box2d/b2_math.h>

#include <cstddef>
#include <random>
#include <vector>

#include "gjk/gjk.hpp"

namespace gjk_bench {

constexpr int kPairs = 10000;
constexpr int kWarmSteps = 100;

struct Pair {
    std::vector<gjk::Vec2<double>> a, b; // local points
    double ax, ay, aangle, bx, by, bangle;
    double vx, vy, vangle; // B's motion per warm step
};

/// A convex polygon: n points at sorted random angles on an ellipse, counter-clockwise.
std::vector<gjk::Vec2<double>> convex(std::mt19937_64& rng, int n, double size);

/// Random pairs; B is placed at a distance from A's centre that makes about half of them
/// overlap (measured: see the "overlapping" counter).
std::vector<Pair> make_pairs(int count, int n_a, int n_b, unsigned seed);

template <class T> std::vector<gjk::Vec2<T>> cast(const std::vector<gjk::Vec2<double>>& pts) {
    std::vector<gjk::Vec2<T>> out;
    for (const auto& p : pts)
        out.push_back({T(p.x), T(p.y)});
    return out;
}

std::vector<b2Vec2> to_b2(const std::vector<gjk::Vec2<double>>& pts);

/// The workload as each library takes it: points and one transform pair per step.
template <class T> struct GjkWorkload {
    std::vector<std::vector<gjk::Vec2<T>>> a, b;
    std::vector<gjk::PreparedShape<T>> prepared_a, prepared_b; // unused by plain workloads
    std::vector<gjk::DistanceInput<T>> inputs; // step-major: inputs[step * pairs + i]
    int pairs = 0, steps = 0;
};

/// With `prepared`, the shapes are gjk::PreparedShape objects (made once, outside the timing,
/// as Box2D's polygons are); without, plain point views validated and scanned on every call.
/// With `share_a`, every pair's A is pair 0's one object (BigNShared: it stays in the cache).
template <class T>
GjkWorkload<T> gjk_workload(const std::vector<Pair>& pairs, int steps, bool prepared = true,
                            bool share_a = false) {
    GjkWorkload<T> w;
    w.pairs = static_cast<int>(pairs.size());
    w.steps = steps;
    for (const Pair& p : pairs) {
        w.a.push_back(cast<T>(p.a));
        w.b.push_back(cast<T>(p.b));
    }
    w.prepared_a.reserve(pairs.size());
    w.prepared_b.reserve(pairs.size());
    for (std::size_t i = 0; i < pairs.size(); ++i) {
        if (!share_a || i == 0) {
            w.prepared_a.push_back(gjk::PreparedShape<T>::make(w.a[i]));
        }
        w.prepared_b.push_back(gjk::PreparedShape<T>::make(w.b[i]));
    }
    for (int s = 0; s < steps; ++s) {
        for (std::size_t i = 0; i < pairs.size(); ++i) {
            const Pair& p = pairs[i];
            gjk::DistanceInput<T> in;
            const std::size_t ia = share_a ? 0 : i;
            in.a = prepared ? w.prepared_a[ia].view() : gjk::ShapeView<T>(w.a[ia]);
            in.b = prepared ? w.prepared_b[i].view() : gjk::ShapeView<T>(w.b[i]);
            in.xf_a = gjk::Transform<T>::from({T(p.ax), T(p.ay)}, T(p.aangle));
            in.xf_b = gjk::Transform<T>::from({T(p.bx + s * p.vx), T(p.by + s * p.vy)},
                                              T(p.bangle + s * p.vangle));
            w.inputs.push_back(in);
        }
    }
    return w;
}

struct Box2dWorkload {
    std::vector<std::vector<b2Vec2>> a, b;
    std::vector<b2DistanceInput> inputs;
    int pairs = 0, steps = 0;
};

Box2dWorkload box2d_workload(const std::vector<Pair>& pairs, int steps, bool share_a = false);

/// Reference distances: the double kernel on the double data.
std::vector<double> reference(const GjkWorkload<double>& w);

double scale_of(const Pair& p);

// --- the workloads, built once ---------------------------------------------------------------

const std::vector<Pair>& pairs8();

/// Query k of a Pairs8 workload (step-major: pair k % kPairs), its distance's error against
/// the reference, as a fraction of the pair's scale: the max_error counter's term.
double pairs8_error(std::size_t k, double distance, const std::vector<double>& ref);
template <class T> const GjkWorkload<T>& gjk_cold() {
    static const GjkWorkload<T> w = gjk_workload<T>(pairs8(), 1);
    return w;
}
template <class T> const GjkWorkload<T>& gjk_warm() {
    static const GjkWorkload<T> w = gjk_workload<T>(pairs8(), kWarmSteps);
    return w;
}
template <class T> const GjkWorkload<T>& gjk_view_cold() {
    static const GjkWorkload<T> w = gjk_workload<T>(pairs8(), 1, false);
    return w;
}
template <class T> const GjkWorkload<T>& gjk_view_warm() {
    static const GjkWorkload<T> w = gjk_workload<T>(pairs8(), kWarmSteps, false);
    return w;
}
const Box2dWorkload& box2d_cold();
const Box2dWorkload& box2d_warm();
const std::vector<double>& reference_cold();
/// Reference overlap verdicts: the double kernel's gjk::overlap on the double cold pairs.
const std::vector<bool>& reference_overlap_cold();
const std::vector<double>& reference_warm();

void set_counters(benchmark::State& state, std::size_t queries, double iterations,
                  double max_error);

/// The BigN pairs: 1000 different n-gons (each query meets a polygon that is not in the
/// cache), or with `shared` one n-gon against 1000 different 8-gons (the polygon stays in the
/// cache: the algorithm's cost without the memory's).
std::vector<Pair> big_pairs(int n, bool shared);

} // namespace gjk_bench
