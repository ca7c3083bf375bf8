// gjk against Box2D 2.4.1's b2Distance, on the same seeded workloads, in one binary.
//
//   gjk/<workload>         the float kernel
//   gjk_double/<workload>  the double kernel
//   box2d/<workload>       b2Distance (float)
//   gjk_view/<workload>    the float kernel on plain point views (validated and scanned on
//                          every call) instead of gjk::PreparedShape objects
//   floor/<workload>       gjk::detail::distance_unguaranteed: the library's loop with its
//   floor_double/...       guarantees compiled out (gjk/loop/policy.hpp: no validation, stall
//                          rule, output checks...): what they cost
//
// Workloads: Pairs8/cold (10,000 random convex 8-gon pairs, about half overlapping, random
// transforms, no cache), Overlap8/cold (the same pairs through the overlap test: gjk::overlap
// against b2TestOverlap), Manifold8/cold (the same pairs' contact manifolds: gjk::manifold
// against b2CollidePolygons, both with Box2D's 0.01 m skin), Pairs8/warm (the same pairs moving a
// little over 100 steps, cache reused), Pairs8/cold_batch and warm_batch (the same through
// gjk::distance_batch on one thread, lockstep across SIMD lanes; compared with Box2D's rows of the
// same pairs), BigN/<n> (an n-gon against an 8-gon, linear support for Box2D; 1000 different
// n-gons), BigNShared/<n> (one n-gon against 1000 8-gons: the n-gon stays in the cache), Batch (1e6
// pairs through gjk::distance_batch on 1 and 2 threads). Counters: ns_per_query, mean iterations,
// and max_error: the largest |distance - gjk double's distance| over the workload, divided by the
// pair's scale (the accuracy the speed is bought at). Toi (10,000 8-gon pairs on sweeps: B flies at
// A, both turn, B up to 1.5 rad; gjk::time_of_impact against b2TimeOfImpact, both stopping at a
// core distance of b2_linearSlop, on prepared shapes as Box2D's on b2PolygonShape objects;
// iterations = outer iterations, b2_toiIters for Box2D);
// gjk/Toi/slop_tolerance accepts Box2D's tolerance (b2_linearSlop / 4) instead of 64 eps,
// gjk_view/Toi takes plain point views, gjk/Toi4096 has one prepared 4096-gon as every A.
// Cast8 (gjk::shape_cast of the Pairs8 pairs on prepared shapes, B thrown at A from 3 to 8.2
// away) and Cast4096 (the same with one prepared 4096-gon as every A).
#include <benchmark/benchmark.h>
#include <box2d/b2_collision.h>
#include <box2d/b2_distance.h>
#include <box2d/b2_math.h>
#include <box2d/b2_polygon_shape.h>
#include <box2d/b2_time_of_impact.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <optional>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "contract/jsonl/distance.hpp"
#include "gjk/gjk.hpp"
#include "lockstep.hpp" // the lane widths (gjk_lanes_for_tests), for the rows of each width

// Box2D 2.4.1 counts time of impact iterations in this global (b2_time_of_impact.cpp, exported
// but not declared in a header).
extern int32 b2_toiIters;

namespace {

constexpr int kPairs = 10000;
constexpr int kWarmSteps = 100;

struct Pair {
    std::vector<gjk::Vec2<double>> a, b; // local points
    double ax, ay, aangle, bx, by, bangle;
    double vx, vy, vangle; // B's motion per warm step
};

/// A convex polygon: n points at sorted random angles on an ellipse, counter-clockwise.
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

/// Random pairs; B is placed at a distance from A's centre that makes about half of them
/// overlap (measured: see the "overlapping" counter).
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

template <class T> std::vector<gjk::Vec2<T>> cast(const std::vector<gjk::Vec2<double>>& pts) {
    std::vector<gjk::Vec2<T>> out;
    for (const auto& p : pts)
        out.push_back({T(p.x), T(p.y)});
    return out;
}

std::vector<b2Vec2> to_b2(const std::vector<gjk::Vec2<double>>& pts) {
    std::vector<b2Vec2> out;
    for (const auto& p : pts)
        out.emplace_back(float(p.x), float(p.y));
    return out;
}

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

Box2dWorkload box2d_workload(const std::vector<Pair>& pairs, int steps, bool share_a = false) {
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

/// Reference distances: the double kernel on the double data.
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

/// Query k of a Pairs8 workload (step-major: pair k % kPairs), its distance's error against
/// the reference, as a fraction of the pair's scale: the max_error counter's term.
double pairs8_error(std::size_t k, double distance, const std::vector<double>& ref) {
    return std::abs(distance - ref[k]) / scale_of(pairs8()[k % pairs8().size()]);
}
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
/// Reference overlap verdicts: the double kernel's gjk::overlap on the double cold pairs.
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

// --- Pairs8 ----------------------------------------------------------------------------------

template <class T> void gjk_pairs(benchmark::State& state, bool warm, bool prepared = true) {
    const GjkWorkload<T>& w = prepared ? (warm ? gjk_warm<T>() : gjk_cold<T>())
                                       : (warm ? gjk_view_warm<T>() : gjk_view_cold<T>());
    const std::vector<double>& ref = warm ? reference_warm() : reference_cold();
    std::vector<gjk::SimplexCache<T>> caches(static_cast<std::size_t>(w.pairs));
    double iterations = 0, max_error = 0;
    int overlapping = 0;
    for (std::size_t k = 0; k < w.inputs.size(); ++k) { // accuracy and iterations, untimed
        gjk::SimplexCache<T>* cache = warm ? &caches[k % caches.size()] : nullptr;
        const auto out = gjk::distance(w.inputs[k], cache);
        iterations += out.iterations;
        overlapping += out.distance == T(0);
        max_error = std::max(max_error, pairs8_error(k, double(out.distance), ref));
    }
    for (auto _ : state) {
        std::fill(caches.begin(), caches.end(), gjk::SimplexCache<T>{});
        for (std::size_t k = 0; k < w.inputs.size(); ++k) {
            gjk::SimplexCache<T>* cache = warm ? &caches[k % caches.size()] : nullptr;
            benchmark::DoNotOptimize(gjk::distance(w.inputs[k], cache));
        }
    }
    set_counters(state, w.inputs.size(), iterations / double(w.inputs.size()), max_error);
    state.counters["overlapping"] = double(overlapping) / double(w.inputs.size());
}

void box2d_pairs(benchmark::State& state, bool warm) {
    const Box2dWorkload& w = warm ? box2d_warm() : box2d_cold();
    const std::vector<double>& ref = warm ? reference_warm() : reference_cold();
    std::vector<b2SimplexCache> caches(static_cast<std::size_t>(w.pairs));
    auto reset = [&] {
        for (auto& c : caches)
            c.count = 0;
    };
    reset();
    double iterations = 0, max_error = 0;
    int overlapping = 0;
    for (std::size_t k = 0; k < w.inputs.size(); ++k) {
        b2SimplexCache cold{};
        b2SimplexCache* cache = warm ? &caches[k % caches.size()] : &cold;
        b2DistanceOutput out;
        b2Distance(&out, cache, &w.inputs[k]);
        iterations += out.iterations;
        overlapping += out.distance == 0.0f;
        max_error = std::max(max_error, pairs8_error(k, double(out.distance), ref));
    }
    for (auto _ : state) {
        reset();
        for (std::size_t k = 0; k < w.inputs.size(); ++k) {
            b2SimplexCache cold;
            cold.count = 0;
            b2SimplexCache* cache = warm ? &caches[k % caches.size()] : &cold;
            b2DistanceOutput out;
            b2Distance(&out, cache, &w.inputs[k]);
            benchmark::DoNotOptimize(out);
        }
    }
    set_counters(state, w.inputs.size(), iterations / double(w.inputs.size()), max_error);
    state.counters["overlapping"] = double(overlapping) / double(w.inputs.size());
}

/// The floor on the cold or warm pairs: gjk::distance's own loop with none of its guarantees
/// (gjk::detail::distance_unguaranteed, gjk/loop/policy.hpp), the fastest loop of this design
/// (warm: each pair's cache kept from step to step, as gjk/Pairs8/warm).
template <class T> void floor_pairs(benchmark::State& state, bool warm) {
    const GjkWorkload<T>& w = warm ? gjk_warm<T>() : gjk_cold<T>();
    const std::vector<double>& ref = warm ? reference_warm() : reference_cold();
    std::vector<gjk::SimplexCache<T>> caches(static_cast<std::size_t>(w.pairs));
    double iterations = 0, max_error = 0;
    for (std::size_t k = 0; k < w.inputs.size(); ++k) {
        gjk::SimplexCache<T>* cache = warm ? &caches[k % caches.size()] : nullptr;
        const gjk::DistanceOutput<T> r = gjk::detail::distance_unguaranteed(w.inputs[k], cache);
        iterations += r.iterations;
        max_error = std::max(max_error, pairs8_error(k, double(r.distance), ref));
    }
    for (auto _ : state) {
        std::fill(caches.begin(), caches.end(), gjk::SimplexCache<T>{});
        for (std::size_t k = 0; k < w.inputs.size(); ++k) {
            gjk::SimplexCache<T>* cache = warm ? &caches[k % caches.size()] : nullptr;
            benchmark::DoNotOptimize(gjk::detail::distance_unguaranteed(w.inputs[k], cache));
        }
    }
    set_counters(state, w.inputs.size(), iterations / double(w.inputs.size()), max_error);
}

double lane_bytes(gjk::detail::LaneWidth width) {
    using gjk::detail::LaneWidth;
    return width == LaneWidth::bytes16   ? 16
           : width == LaneWidth::bytes32 ? 32
           : width == LaneWidth::bytes64 ? 64
                                         : 0;
}

/// The Pairs8 pairs through gjk::distance_batch on one thread: the same answers as
/// gjk/Pairs8/cold and warm (the same bits: tests/test_batch.cpp), with the queries run in
/// lockstep across SIMD lanes (8 floats or 4 doubles with AVX2; src/lockstep.hpp). Warm: one
/// batch per step, each pair's cache kept from step to step. Throughput for many independent
/// pairs, against the same Box2D rows (which run one by one: Box2D has no batch API).
template <class T>
void gjk_pairs_batch(benchmark::State& state, bool warm,
                     std::optional<gjk::detail::LaneWidth> width = std::nullopt) {
    const GjkWorkload<T>& w = warm ? gjk_warm<T>() : gjk_cold<T>();
    const std::vector<double>& ref = warm ? reference_warm() : reference_cold();
    const std::size_t pairs = static_cast<std::size_t>(w.pairs);
    std::vector<gjk::SimplexCache<T>> caches(pairs);
    std::vector<gjk::DistanceOutput<T>> out(w.inputs.size());
    const std::span<const gjk::DistanceInput<T>> inputs(w.inputs);
    // One thread: distance_batch with the width it chooses, or lockstep_batch with `width`.
    auto batch = [&](std::span<const gjk::DistanceInput<T>> in, std::span<gjk::SimplexCache<T>> c,
                     std::span<gjk::DistanceOutput<T>> o) {
        if (width) {
            gjk::detail::lockstep_batch<T>(in, c, o, *width);
        } else {
            gjk::distance_batch<T>(in, c, o, 1);
        }
    };
    auto run = [&] {
        if (!warm) {
            batch(inputs, {}, out);
            return;
        }
        std::fill(caches.begin(), caches.end(), gjk::SimplexCache<T>{});
        for (std::size_t step = 0; step < static_cast<std::size_t>(w.steps); ++step) {
            batch(inputs.subspan(step * pairs, pairs), caches,
                  std::span(out).subspan(step * pairs, pairs));
        }
    };
    run();
    double iterations = 0, max_error = 0;
    for (std::size_t k = 0; k < out.size(); ++k) {
        iterations += out[k].iterations;
        max_error = std::max(max_error, pairs8_error(k, double(out[k].distance), ref));
    }
    for (auto _ : state) {
        run();
        benchmark::DoNotOptimize(out.data());
    }
    set_counters(state, w.inputs.size(), iterations / double(w.inputs.size()), max_error);
    // The lane width: the one given, or the one distance_batch chose on this machine.
    state.counters["lane_bytes"] =
        lane_bytes(width ? *width : gjk::detail::best_lane_width<T>(warm));
}

// --- Overlap8 --------------------------------------------------------------------------------

/// The cold pairs through the overlap test: gjk::overlap (which stops at the first separating
/// support plane) against Box2D's b2TestOverlap (b2Distance, then distance < 10 epsilon), on
/// b2PolygonShape polygons whose skin radius is set to 0 so both test the same shapes.
/// Counter `disagreements`: pairs whose verdicts differ.
void gjk_overlap(benchmark::State& state) {
    const GjkWorkload<float>& w = gjk_cold<float>();
    const std::vector<bool>& exact = reference_overlap_cold();
    double iterations = 0;
    int disagreements = 0;
    for (std::size_t k = 0; k < w.inputs.size(); ++k) {
        const auto out = gjk::overlap(w.inputs[k]);
        iterations += out.iterations;
        disagreements += out.overlap != exact[k];
    }
    for (auto _ : state) {
        for (const auto& in : w.inputs)
            benchmark::DoNotOptimize(gjk::overlap(in));
    }
    set_counters(state, w.inputs.size(), iterations / double(w.inputs.size()), 0);
    state.counters["disagreements"] = disagreements;
}

void box2d_overlap(benchmark::State& state) {
    const std::vector<Pair>& pairs = pairs8();
    const std::vector<bool>& exact = reference_overlap_cold();
    std::vector<b2PolygonShape> a(pairs.size()), b(pairs.size());
    std::vector<b2Transform> xa(pairs.size()), xb(pairs.size());
    for (std::size_t i = 0; i < pairs.size(); ++i) {
        const std::vector<b2Vec2> pa = to_b2(pairs[i].a), pb = to_b2(pairs[i].b);
        a[i].Set(pa.data(), static_cast<int32>(pa.size()));
        b[i].Set(pb.data(), static_cast<int32>(pb.size()));
        a[i].m_radius = 0.0f, b[i].m_radius = 0.0f; // the same shapes as gjk's (no skin)
        xa[i].Set(b2Vec2(float(pairs[i].ax), float(pairs[i].ay)), float(pairs[i].aangle));
        xb[i].Set(b2Vec2(float(pairs[i].bx), float(pairs[i].by)), float(pairs[i].bangle));
    }
    int disagreements = 0;
    for (std::size_t i = 0; i < pairs.size(); ++i) {
        disagreements += b2TestOverlap(&a[i], 0, &b[i], 0, xa[i], xb[i]) != exact[i];
    }
    for (auto _ : state) {
        for (std::size_t i = 0; i < pairs.size(); ++i)
            benchmark::DoNotOptimize(b2TestOverlap(&a[i], 0, &b[i], 0, xa[i], xb[i]));
    }
    set_counters(state, pairs.size(), 0, 0);
    state.counters["disagreements"] = disagreements;
}

// --- Penetration8 ----------------------------------------------------------------------------

/// The cold pairs' signed distances through gjk::penetration (GJK, then the minimum translation
/// where the cores overlap), on prepared shapes. Counter `overlapping`: the share of pairs whose
/// cores overlap.
template <class T> void gjk_penetration(benchmark::State& state) {
    const GjkWorkload<T>& w = gjk_cold<T>();
    double overlapping = 0;
    for (const auto& in : w.inputs)
        overlapping += gjk::penetration(in).status == gjk::Status::overlapping;
    for (auto _ : state) {
        for (const auto& in : w.inputs)
            benchmark::DoNotOptimize(gjk::penetration(in));
    }
    set_counters(state, w.inputs.size(), 0, 0);
    state.counters["overlapping"] = overlapping / double(w.inputs.size());
}

// --- Ray8 ------------------------------------------------------------------------------------

/// A ray per Pairs8 pair against its A polygon at A's pose: from three times B's offset beyond
/// B's position toward A's position plus a little noise, so most rays hit (counter `hits`), and
/// Box2D's b2PolygonShape::RayCast on the same polygons and rays. Counter `disagreements`: rays
/// whose hit/miss verdicts differ.
struct Ray {
    double ox, oy, tx, ty;
};
const std::vector<Ray>& rays8() {
    static const std::vector<Ray> rays = [] {
        std::vector<Ray> r;
        for (const Pair& p : pairs8()) {
            const double ox = p.bx + 3 * (p.bx - p.ax), oy = p.by + 3 * (p.by - p.ay);
            const double noise = 0.3 * std::sin(13 * p.vx + 7 * p.vy); // deterministic
            r.push_back({ox, oy, p.ax + noise - ox, p.ay - noise - oy});
        }
        return r;
    }();
    return rays;
}

template <class T> void gjk_rays(benchmark::State& state) {
    const GjkWorkload<T>& w = gjk_cold<T>();
    const std::vector<Ray>& rays = rays8();
    std::vector<gjk::Transform<T>> xf(rays.size());
    for (std::size_t i = 0; i < rays.size(); ++i) {
        xf[i] = w.inputs[i].xf_a;
    }
    double iterations = 0;
    int hits = 0;
    auto cast = [&](std::size_t i) {
        const Ray& r = rays[i];
        return gjk::ray_cast<T>(w.prepared_a[i].view(), xf[i], {T(r.ox), T(r.oy)},
                                {T(r.tx), T(r.ty)});
    };
    for (std::size_t i = 0; i < rays.size(); ++i) {
        const auto out = cast(i);
        iterations += out.iterations;
        hits += out.hit;
    }
    for (auto _ : state) {
        for (std::size_t i = 0; i < rays.size(); ++i)
            benchmark::DoNotOptimize(cast(i));
    }
    set_counters(state, rays.size(), iterations / double(rays.size()), 0);
    state.counters["hits"] = hits;
}

void box2d_rays(benchmark::State& state) {
    const std::vector<Pair>& pairs = pairs8();
    const std::vector<Ray>& rays = rays8();
    const GjkWorkload<double>& exact = gjk_cold<double>();
    std::vector<b2PolygonShape> a(pairs.size());
    std::vector<b2Transform> xa(pairs.size());
    std::vector<b2RayCastInput> in(pairs.size());
    for (std::size_t i = 0; i < pairs.size(); ++i) {
        const std::vector<b2Vec2> pa = to_b2(pairs[i].a);
        a[i].Set(pa.data(), static_cast<int32>(pa.size()));
        xa[i].Set(b2Vec2(float(pairs[i].ax), float(pairs[i].ay)), float(pairs[i].aangle));
        in[i].p1.Set(float(rays[i].ox), float(rays[i].oy));
        in[i].p2.Set(float(rays[i].ox + rays[i].tx), float(rays[i].oy + rays[i].ty));
        in[i].maxFraction = 1.0f;
    }
    // Box2D answers no hit for a ray that starts inside (gjk: a hit at 0); those are counted
    // apart (`from_inside`), not as disagreements.
    int hits = 0, disagreements = 0, from_inside = 0;
    for (std::size_t i = 0; i < pairs.size(); ++i) {
        b2RayCastOutput out;
        const bool hit = a[i].RayCast(&out, in[i], xa[i], 0);
        hits += hit;
        const Ray& r = rays[i];
        const auto ours = gjk::ray_cast<double>(exact.prepared_a[i].view(), exact.inputs[i].xf_a,
                                                {r.ox, r.oy}, {r.tx, r.ty});
        if (ours.status == gjk::CastStatus::initially_overlapping) {
            ++from_inside;
            continue;
        }
        disagreements += hit != ours.hit;
    }
    for (auto _ : state) {
        for (std::size_t i = 0; i < pairs.size(); ++i) {
            b2RayCastOutput out;
            benchmark::DoNotOptimize(a[i].RayCast(&out, in[i], xa[i], 0));
        }
    }
    set_counters(state, pairs.size(), 0, 0);
    state.counters["hits"] = hits;
    state.counters["disagreements"] = disagreements;
    state.counters["from_inside"] = from_inside;
}

// --- Manifold8 -------------------------------------------------------------------------------

/// The cold pairs' contact manifolds: gjk::manifold (penetration(), then the reference and
/// incident faces and clipping) against Box2D's b2CollidePolygons (SAT, the same clipping),
/// both with Box2D's skin (b2_polygonRadius) as the shapes' radius, margin 0, the same float
/// rotations. gjk's shapes are PreparedShape objects made once, as Box2D's polygons are.
/// Counters: points (the mean number of points per pair) and count_disagreements (pairs whose
/// numbers of points differ; the positions are compared by TEST(ManifoldBox2d, ...)).
template <class T> struct ManifoldWorkload {
    std::vector<gjk::PreparedShape<T>> a, b;
    std::vector<b2PolygonShape> box2d_a, box2d_b;
    std::vector<b2Transform> xa, xb;
    std::vector<gjk::DistanceInput<T>> inputs;
};

/// The workload in scalar T: the polygons and Box2D's float rotations, converted.
template <class T> const ManifoldWorkload<T>& manifold_workload() {
    static const ManifoldWorkload<T> w = [] {
        const std::vector<Pair>& pairs = pairs8();
        ManifoldWorkload<T> m;
        m.a.reserve(pairs.size());
        m.b.reserve(pairs.size());
        m.box2d_a.resize(pairs.size());
        m.box2d_b.resize(pairs.size());
        for (std::size_t i = 0; i < pairs.size(); ++i) {
            const Pair& p = pairs[i];
            const std::vector<b2Vec2> pa = to_b2(p.a), pb = to_b2(p.b);
            m.box2d_a[i].Set(pa.data(), static_cast<int32>(pa.size()));
            m.box2d_b[i].Set(pb.data(), static_cast<int32>(pb.size()));
            m.a.push_back(gjk::PreparedShape<T>::make(cast<T>(p.a), T(b2_polygonRadius)));
            m.b.push_back(gjk::PreparedShape<T>::make(cast<T>(p.b), T(b2_polygonRadius)));
            b2Transform xa, xb;
            xa.Set(b2Vec2(float(p.ax), float(p.ay)), float(p.aangle));
            xb.Set(b2Vec2(float(p.bx), float(p.by)), float(p.bangle));
            m.xa.push_back(xa);
            m.xb.push_back(xb);
        }
        for (std::size_t i = 0; i < pairs.size(); ++i) {
            gjk::DistanceInput<T> in;
            in.a = m.a[i].view();
            in.b = m.b[i].view();
            in.xf_a.p = {m.xa[i].p.x, m.xa[i].p.y};
            in.xf_a.q = {m.xa[i].q.c, m.xa[i].q.s};
            in.xf_b.p = {m.xb[i].p.x, m.xb[i].p.y};
            in.xf_b.q = {m.xb[i].q.c, m.xb[i].q.s};
            m.inputs.push_back(in);
        }
        return m;
    }();
    return w;
}

template <class T> void gjk_manifold(benchmark::State& state) {
    const ManifoldWorkload<T>& w = manifold_workload<T>();
    double points = 0;
    int disagreements = 0;
    for (std::size_t i = 0; i < w.inputs.size(); ++i) {
        const auto m = gjk::manifold(w.inputs[i]);
        b2Manifold bm;
        b2CollidePolygons(&bm, &w.box2d_a[i], w.xa[i], &w.box2d_b[i], w.xb[i]);
        points += m.count;
        disagreements += m.count != bm.pointCount;
    }
    for (auto _ : state) {
        for (const auto& in : w.inputs)
            benchmark::DoNotOptimize(gjk::manifold(in));
    }
    set_counters(state, w.inputs.size(), 0, 0);
    state.counters["points"] = points / double(w.inputs.size());
    state.counters["count_disagreements"] = disagreements;
}

void box2d_manifold(benchmark::State& state) {
    const ManifoldWorkload<float>& w = manifold_workload<float>();
    double points = 0;
    for (std::size_t i = 0; i < w.inputs.size(); ++i) {
        b2Manifold bm;
        b2CollidePolygons(&bm, &w.box2d_a[i], w.xa[i], &w.box2d_b[i], w.xb[i]);
        points += bm.pointCount;
    }
    for (auto _ : state) {
        for (std::size_t i = 0; i < w.inputs.size(); ++i) {
            b2Manifold bm;
            b2CollidePolygons(&bm, &w.box2d_a[i], w.xa[i], &w.box2d_b[i], w.xb[i]);
            benchmark::DoNotOptimize(bm);
        }
    }
    set_counters(state, w.inputs.size(), 0, 0);
    state.counters["points"] = points / double(w.inputs.size());
}

// --- BigN ------------------------------------------------------------------------------------

/// The BigN pairs: 1000 different n-gons (each query meets a polygon that is not in the
/// cache), or with `shared` one n-gon against 1000 different 8-gons (the polygon stays in the
/// cache: the algorithm's cost without the memory's).
std::vector<Pair> big_pairs(int n, bool shared) {
    std::vector<Pair> pairs = make_pairs(1000, n, 8, 7 + static_cast<unsigned>(n));
    if (shared) {
        for (Pair& p : pairs)
            p.a = pairs[0].a;
    }
    return pairs;
}

template <class T> void gjk_big(benchmark::State& state, int n, bool shared = false) {
    const std::vector<Pair> pairs = big_pairs(n, shared);
    const GjkWorkload<T> w = gjk_workload<T>(pairs, 1, true, shared);
    double iterations = 0;
    for (const auto& in : w.inputs)
        iterations += gjk::distance(in).iterations;
    for (auto _ : state) {
        for (const auto& in : w.inputs)
            benchmark::DoNotOptimize(gjk::distance(in));
    }
    set_counters(state, w.inputs.size(), iterations / double(w.inputs.size()), 0);
}

/// The contact queries against one big polygon: the BigNShared/4096 pairs (one prepared
/// 4096-gon against 1000 prepared 8-gons), their manifolds (Manifold4096, to compare with
/// Manifold8/cold) and a ray per pair from beyond B toward A, as Ray8's (Ray4096, to compare
/// with Ray8). Counters: points (mean per pair), hits.
template <class T> void gjk_manifold_big(benchmark::State& state) {
    const GjkWorkload<T> w = gjk_workload<T>(big_pairs(4096, true), 1, true, true);
    double points = 0;
    for (const auto& in : w.inputs)
        points += gjk::manifold(in).count;
    for (auto _ : state) {
        for (const auto& in : w.inputs)
            benchmark::DoNotOptimize(gjk::manifold(in));
    }
    set_counters(state, w.inputs.size(), 0, 0);
    state.counters["points"] = points / double(w.inputs.size());
}

template <class T> void gjk_rays_big(benchmark::State& state) {
    const std::vector<Pair> pairs = big_pairs(4096, true);
    const GjkWorkload<T> w = gjk_workload<T>(pairs, 1, true, true);
    std::vector<gjk::Vec2<T>> origins, translations;
    for (const Pair& p : pairs) {
        const double ox = p.bx + 3 * (p.bx - p.ax), oy = p.by + 3 * (p.by - p.ay);
        const double noise = 0.3 * std::sin(13 * p.vx + 7 * p.vy); // deterministic
        origins.push_back({T(ox), T(oy)});
        translations.push_back({T(p.ax + noise - ox), T(p.ay - noise - oy)});
    }
    int hits = 0;
    double iterations = 0;
    for (std::size_t i = 0; i < w.inputs.size(); ++i) {
        const auto out =
            gjk::ray_cast<T>(w.inputs[i].a, w.inputs[i].xf_a, origins[i], translations[i]);
        hits += out.hit;
        iterations += out.iterations;
    }
    for (auto _ : state) {
        for (std::size_t i = 0; i < w.inputs.size(); ++i)
            benchmark::DoNotOptimize(
                gjk::ray_cast<T>(w.inputs[i].a, w.inputs[i].xf_a, origins[i], translations[i]));
    }
    set_counters(state, w.inputs.size(), iterations / double(w.inputs.size()), 0);
    state.counters["hits"] = hits;
}

void box2d_big(benchmark::State& state, int n, bool shared = false) {
    const std::vector<Pair> pairs = big_pairs(n, shared);
    const Box2dWorkload w = box2d_workload(pairs, 1, shared);
    double iterations = 0;
    for (const auto& in : w.inputs) {
        b2SimplexCache cache{};
        b2DistanceOutput out;
        b2Distance(&out, &cache, &in);
        iterations += out.iterations;
    }
    for (auto _ : state) {
        for (const auto& in : w.inputs) {
            b2SimplexCache cache;
            cache.count = 0;
            b2DistanceOutput out;
            b2Distance(&out, &cache, &in);
            benchmark::DoNotOptimize(out);
        }
    }
    set_counters(state, w.inputs.size(), iterations / double(w.inputs.size()), 0);
}

// --- Cast8, Cast4096 --------------------------------------------------------------------------

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

/// gjk::time_of_impact on the Toi workload; with `plain`, on plain point views (validated and
/// scanned on every call) instead of the prepared shapes (gjk_view/Toi); with `big`, A is
/// polygon4096() on A's sweep (gjk/Toi4096).
template <class T>
void gjk_toi(benchmark::State& state, bool slop_tolerance = false, bool plain = false,
             bool big = false) {
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

// --- Batch -----------------------------------------------------------------------------------

void gjk_batch(benchmark::State& state, int threads) {
    const GjkWorkload<float>& w = gjk_warm<float>(); // 10,000 pairs x 100 steps = 1e6 queries
    std::vector<gjk::DistanceOutput<float>> out(w.inputs.size());
    for (auto _ : state) {
        gjk::distance_batch<float>(w.inputs, out, threads);
        benchmark::DoNotOptimize(out.data());
    }
    set_counters(state, w.inputs.size(), 0, 0);
}

// --- The tool's line path ---------------------------------------------------------------------

/// x as the shortest text that reads back to it.
void append_shortest(std::string& out, double x) {
    char buffer[32];
    out.append(buffer, std::to_chars(buffer, buffer + sizeof buffer, x).ptr);
}

/// The Pairs8 pairs as `gjk distance` lines: {"a": SHAPE, "b": SHAPE}, as a program writes them.
const std::vector<std::string>& lines8() {
    static const std::vector<std::string> lines = [] {
        std::vector<std::string> out;
        auto shape = [](std::string& line, const std::vector<gjk::Vec2<double>>& points, double x,
                        double y, double angle) {
            line += "{\"points\": [";
            for (std::size_t i = 0; i < points.size(); ++i) {
                line += i > 0 ? ", [" : "[";
                append_shortest(line, points[i].x);
                line += ", ";
                append_shortest(line, points[i].y);
                line += ']';
            }
            line += "], \"position\": [";
            append_shortest(line, x);
            line += ", ";
            append_shortest(line, y);
            line += "], \"angle\": ";
            append_shortest(line, angle);
            line += '}';
        };
        for (const Pair& p : pairs8()) {
            std::string line = "{\"a\": ";
            shape(line, p.a, p.ax, p.ay, p.aangle);
            line += ", \"b\": ";
            shape(line, p.b, p.bx, p.by, p.bangle);
            line += '}';
            out.push_back(std::move(line));
        }
        return out;
    }();
    return lines;
}

/// The tool's line path (contract::process_line: read, answer with the distance answer's rule,
/// write) on the Pairs8 pairs in double, on `threads` threads as `gjk distance --threads`.
void gjk_lines(benchmark::State& state, int threads) {
    const std::vector<std::string>& lines = lines8();
    std::vector<std::string> answers(lines.size());
    const gjk::contract::Options options;
    std::size_t bytes = 0;
    for (auto _ : state) {
        gjk::parallel_chunks(lines.size(), threads, [&](std::size_t begin, std::size_t end) {
            for (std::size_t i = begin; i < end; ++i) {
                bool error = false;
                answers[i] = gjk::contract::process_line(lines[i], options, error);
            }
        });
        benchmark::DoNotOptimize(answers.data());
    }
    for (const std::string& line : lines) {
        bytes += line.size() + 1;
    }
    set_counters(state, lines.size(), 0, 0);
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * bytes));
}

/// distance_batch on the same pairs as the lines (double, the points as given: no prepared
/// shapes), one thread: the kernel's pace the line path is measured against.
void gjk_lines_batch(benchmark::State& state) {
    const GjkWorkload<double>& w = gjk_view_cold<double>();
    std::vector<gjk::DistanceOutput<double>> out(w.inputs.size());
    for (auto _ : state) {
        gjk::distance_batch<double>(w.inputs, out, 1);
        benchmark::DoNotOptimize(out.data());
    }
    set_counters(state, w.inputs.size(), 0, 0);
}

/// The lines' answers without their text: the distance answer (contract::answer_distance: the
/// distance, then penetration on contact) on the same pairs, one thread. The line path's time
/// less this one is the cost of reading and writing the text.
void gjk_lines_answers(benchmark::State& state) {
    const GjkWorkload<double>& w = gjk_view_cold<double>();
    for (auto _ : state) {
        for (const gjk::DistanceInput<double>& in : w.inputs) {
            benchmark::DoNotOptimize(gjk::contract::answer_distance(in));
        }
    }
    set_counters(state, w.inputs.size(), 0, 0);
}

} // namespace

int main(int argc, char** argv) {
    using benchmark::RegisterBenchmark;
    const auto ms = benchmark::kMillisecond;
    for (bool warm : {false, true}) {
        const std::string w = warm ? "Pairs8/warm" : "Pairs8/cold";
        RegisterBenchmark(("gjk/" + w).c_str(), [warm](benchmark::State& s) {
            gjk_pairs<float>(s, warm);
        })->Unit(ms);
        RegisterBenchmark(("gjk_double/" + w).c_str(), [warm](benchmark::State& s) {
            gjk_pairs<double>(s, warm);
        })->Unit(ms);
        RegisterBenchmark(("box2d/" + w).c_str(), [warm](benchmark::State& s) {
            box2d_pairs(s, warm);
        })->Unit(ms);
        RegisterBenchmark(("gjk_view/" + w).c_str(), [warm](benchmark::State& s) {
            gjk_pairs<float>(s, warm, false);
        })->Unit(ms);
    }
    for (bool warm : {false, true}) {
        const std::string w = warm ? "Pairs8/warm_batch" : "Pairs8/cold_batch";
        RegisterBenchmark(("gjk/" + w).c_str(), [warm](benchmark::State& s) {
            gjk_pairs_batch<float>(s, warm);
        })->Unit(ms);
        RegisterBenchmark(("gjk_double/" + w).c_str(), [warm](benchmark::State& s) {
            gjk_pairs_batch<double>(s, warm);
        })->Unit(ms);
    }
    // Every lane width this processor runs, and none (one by one), cold and warm:
    // distance_batch takes the fastest of these on its calibration workload; these rows show
    // what it chose from.
    using gjk::detail::LaneWidth;
    for (LaneWidth width :
         {LaneWidth::none, LaneWidth::bytes16, LaneWidth::bytes32, LaneWidth::bytes64}) {
        if (!gjk::detail::lane_width_runs(width)) {
            continue;
        }
        const std::string suffix =
            width == LaneWidth::none ? "none" : std::to_string(int(lane_bytes(width)));
        for (bool warm : {false, true}) {
            const std::string row =
                std::string(warm ? "Pairs8/warm_batch_lanes:" : "Pairs8/cold_batch_lanes:") +
                suffix;
            RegisterBenchmark(("gjk/" + row).c_str(), [width, warm](benchmark::State& s) {
                gjk_pairs_batch<float>(s, warm, width);
            })->Unit(ms);
            RegisterBenchmark(("gjk_double/" + row).c_str(), [width, warm](benchmark::State& s) {
                gjk_pairs_batch<double>(s, warm, width);
            })->Unit(ms);
        }
    }
    RegisterBenchmark("gjk/Overlap8/cold", gjk_overlap)->Unit(ms);
    RegisterBenchmark("gjk/Penetration8/cold", gjk_penetration<float>)->Unit(ms);
    RegisterBenchmark("gjk_double/Penetration8/cold", gjk_penetration<double>)->Unit(ms);
    RegisterBenchmark("box2d/Overlap8/cold", box2d_overlap)->Unit(ms);
    RegisterBenchmark("gjk/Manifold8/cold", gjk_manifold<float>)->Unit(ms);
    RegisterBenchmark("gjk_double/Manifold8/cold", gjk_manifold<double>)->Unit(ms);
    RegisterBenchmark("box2d/Manifold8/cold", box2d_manifold)->Unit(ms);
    RegisterBenchmark("gjk/Ray8", gjk_rays<float>)->Unit(ms);
    RegisterBenchmark("gjk_double/Ray8", gjk_rays<double>)->Unit(ms);
    RegisterBenchmark("box2d/Ray8", box2d_rays)->Unit(ms);
    for (bool warm : {false, true}) {
        const std::string w = warm ? "Pairs8/warm" : "Pairs8/cold";
        RegisterBenchmark(("floor/" + w).c_str(), [warm](benchmark::State& s) {
            floor_pairs<float>(s, warm);
        })->Unit(ms);
        RegisterBenchmark(("floor_double/" + w).c_str(), [warm](benchmark::State& s) {
            floor_pairs<double>(s, warm);
        })->Unit(ms);
    }
    for (int n : {8, 64, 512, 4096}) {
        const std::string name = "BigN/" + std::to_string(n);
        RegisterBenchmark(("gjk/" + name).c_str(), [n](benchmark::State& s) {
            gjk_big<float>(s, n);
        })->Unit(ms);
        RegisterBenchmark(("gjk_double/" + name).c_str(), [n](benchmark::State& s) {
            gjk_big<double>(s, n);
        })->Unit(ms);
        RegisterBenchmark(("box2d/" + name).c_str(), [n](benchmark::State& s) {
            box2d_big(s, n);
        })->Unit(ms);
    }
    for (int n : {8, 4096}) {
        const std::string name = "BigNShared/" + std::to_string(n);
        RegisterBenchmark(("gjk/" + name).c_str(), [n](benchmark::State& s) {
            gjk_big<float>(s, n, true);
        })->Unit(ms);
        RegisterBenchmark(("box2d/" + name).c_str(), [n](benchmark::State& s) {
            box2d_big(s, n, true);
        })->Unit(ms);
    }
    RegisterBenchmark("gjk/Manifold4096", gjk_manifold_big<float>)->Unit(ms);
    RegisterBenchmark("gjk/Ray4096", gjk_rays_big<float>)->Unit(ms);
    RegisterBenchmark("gjk_double/Ray4096", gjk_rays_big<double>)->Unit(ms);
    RegisterBenchmark("gjk/Toi", [](benchmark::State& s) { gjk_toi<float>(s); })->Unit(ms);
    RegisterBenchmark("gjk_double/Toi", [](benchmark::State& s) { gjk_toi<double>(s); })->Unit(ms);
    RegisterBenchmark("gjk/Toi/slop_tolerance", [](benchmark::State& s) {
        gjk_toi<float>(s, true);
    })->Unit(ms);
    RegisterBenchmark("box2d/Toi", box2d_toi)->Unit(ms);
    RegisterBenchmark("gjk_view/Toi", [](benchmark::State& s) {
        gjk_toi<float>(s, false, true);
    })->Unit(ms);
    RegisterBenchmark("gjk/Toi4096", [](benchmark::State& s) {
        gjk_toi<float>(s, false, false, true);
    })->Unit(ms);
    RegisterBenchmark("gjk/Cast8", [](benchmark::State& s) { gjk_casts(s, false); })->Unit(ms);
    RegisterBenchmark("gjk/Cast4096", [](benchmark::State& s) { gjk_casts(s, true); })->Unit(ms);
    for (int threads : {1, 2}) {
        RegisterBenchmark(("gjk/Batch/threads:" + std::to_string(threads)).c_str(),
                          [threads](benchmark::State& s) { gjk_batch(s, threads); })
            ->Unit(ms)
            ->UseRealTime();
    }
    for (int threads : {1, 2}) {
        RegisterBenchmark(("gjk_double/Lines8/threads:" + std::to_string(threads)).c_str(),
                          [threads](benchmark::State& s) { gjk_lines(s, threads); })
            ->Unit(ms)
            ->UseRealTime();
    }
    RegisterBenchmark("gjk_double/Lines8/distance_batch", gjk_lines_batch)->Unit(ms)->UseRealTime();
    RegisterBenchmark("gjk_double/Lines8/answers", gjk_lines_answers)->Unit(ms)->UseRealTime();
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) {
        return 1;
    }
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
