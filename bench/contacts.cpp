// bench/contacts.cpp - gjk_bench's contact rows on the Pairs8 pairs: Overlap8, Penetration8,
// Manifold8 and Ray8 beside Box2D's, and Manifold4096 and Ray4096 against one big polygon.
#include <box2d/b2_collision.h>
#include <box2d/b2_polygon_shape.h>

#include <cmath>
#include <vector>

#include "gjk/gjk.hpp"
#include "rows.hpp"
#include "workloads.hpp"

namespace gjk_bench {

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

namespace {

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

} // namespace

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

namespace {

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

} // namespace

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

// --- Manifold4096, Ray4096 -------------------------------------------------------------------

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

// The scalars main.cpp registers.
template void gjk_penetration<float>(benchmark::State&);
template void gjk_penetration<double>(benchmark::State&);
template void gjk_rays<float>(benchmark::State&);
template void gjk_rays<double>(benchmark::State&);
template void gjk_manifold<float>(benchmark::State&);
template void gjk_manifold<double>(benchmark::State&);
template void gjk_manifold_big<float>(benchmark::State&);
template void gjk_rays_big<float>(benchmark::State&);
template void gjk_rays_big<double>(benchmark::State&);

} // namespace gjk_bench
