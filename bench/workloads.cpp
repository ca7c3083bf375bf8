// bench/workloads.cpp - the shared pairs and workloads of gjk_bench (workloads.hpp).
#include "workloads.hpp"

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

namespace gjk_bench {

std::vector<gjk::Vec2<double>> convex(std::mt19937_64& rng, int n, double size) {
    std::uniform_real_distribution<double> u(0, 6.283185307179586);
    std::vector<double> angles(static_cast<std::size_t>(n));
    for (double& a : angles)
        a = u(rng);
    std::sort(angles.begin(), angles.end());
    const double aspect = std::uniform_real_distribution<double>(0.4, 1)(rng);
    std::vector<gjk::Vec2<double>> pts;
    for (double a : angles)
        pts.push_back({size * std::cos(a), size * aspect * std::sin(a)});
    return pts;
}

std::vector<Pair> make_pairs(int count, int n_a, int n_b, unsigned seed) {
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> u(-1, 1);
    std::vector<Pair> pairs;
    for (int i = 0; i < count; ++i) {
        Pair p;
        p.a = convex(rng, n_a, 1.0);
        p.b = convex(rng, n_b, 1.0);
        p.ax = u(rng) * 10, p.ay = u(rng) * 10, p.aangle = u(rng) * 3.14159;
        const double r = std::uniform_real_distribution<double>(0, 2.6)(rng), t = u(rng) * 3.14159;
        p.bx = p.ax + r * std::cos(t), p.by = p.ay + r * std::sin(t), p.bangle = u(rng) * 3.14159;
        p.vx = u(rng) * 0.01, p.vy = u(rng) * 0.01, p.vangle = u(rng) * 0.01;
        pairs.push_back(std::move(p));
    }
    return pairs;
}

std::vector<b2Vec2> to_b2(const std::vector<gjk::Vec2<double>>& pts) {
    std::vector<b2Vec2> out;
    for (const auto& p : pts)
        out.emplace_back(float(p.x), float(p.y));
    return out;
}

Box2dWorkload box2d_workload(const std::vector<Pair>& pairs, int steps, bool share_a) {
    Box2dWorkload w;
    w.pairs = static_cast<int>(pairs.size());
    w.steps = steps;
    for (const Pair& p : pairs) {
        w.a.push_back(to_b2(p.a));
        w.b.push_back(to_b2(p.b));
    }
    for (int s = 0; s < steps; ++s) {
        for (std::size_t i = 0; i < pairs.size(); ++i) {
            const Pair& p = pairs[i];
            b2DistanceInput in;
            const std::size_t ia = share_a ? 0 : i;
            in.proxyA.Set(w.a[ia].data(), static_cast<int32>(w.a[ia].size()), 0.0f);
            in.proxyB.Set(w.b[i].data(), static_cast<int32>(w.b[i].size()), 0.0f);
            in.transformA.Set(b2Vec2(float(p.ax), float(p.ay)), float(p.aangle));
            in.transformB.Set(b2Vec2(float(p.bx + s * p.vx), float(p.by + s * p.vy)),
                              float(p.bangle + s * p.vangle));
            in.useRadii = true;
            w.inputs.push_back(in);
        }
    }
    return w;
}

std::vector<double> reference(const GjkWorkload<double>& w) {
    std::vector<double> d;
    for (const auto& in : w.inputs)
        d.push_back(gjk::distance(in).distance);
    return d;
}

double scale_of(const Pair& p) {
    return std::max({1.0, std::abs(p.ax), std::abs(p.ay), std::abs(p.bx), std::abs(p.by)}) + 1.0;
}

// --- the workloads, built once ---------------------------------------------------------------

const std::vector<Pair>& pairs8() {
    static const std::vector<Pair> p = make_pairs(kPairs, 8, 8, 42);
    return p;
}

double pairs8_error(std::size_t k, double distance, const std::vector<double>& ref) {
    return std::abs(distance - ref[k]) / scale_of(pairs8()[k % pairs8().size()]);
}
const Box2dWorkload& box2d_cold() {
    static const Box2dWorkload w = box2d_workload(pairs8(), 1);
    return w;
}
const Box2dWorkload& box2d_warm() {
    static const Box2dWorkload w = box2d_workload(pairs8(), kWarmSteps);
    return w;
}
const std::vector<double>& reference_cold() {
    static const std::vector<double> d = reference(gjk_cold<double>());
    return d;
}
const std::vector<bool>& reference_overlap_cold() {
    static const std::vector<bool> v = [] {
        std::vector<bool> r;
        for (const auto& in : gjk_cold<double>().inputs)
            r.push_back(gjk::overlap(in).overlap);
        return r;
    }();
    return v;
}
const std::vector<double>& reference_warm() {
    static const std::vector<double> d = reference(gjk_warm<double>());
    return d;
}

void set_counters(benchmark::State& state, std::size_t queries, double iterations,
                  double max_error) {
    state.counters["ns_per_query"] =
        benchmark::Counter(double(queries), benchmark::Counter::kIsIterationInvariantRate |
                                                benchmark::Counter::kInvert);
    state.counters["iterations"] = iterations;
    state.counters["max_error"] = max_error;
}

// --- BigN ------------------------------------------------------------------------------------

std::vector<Pair> big_pairs(int n, bool shared) {
    std::vector<Pair> pairs = make_pairs(1000, n, 8, 7 + static_cast<unsigned>(n));
    if (shared) {
        for (Pair& p : pairs)
            p.a = pairs[0].a;
    }
    return pairs;
}

} // namespace gjk_bench
