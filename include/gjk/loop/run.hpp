// gjk/loop/run.hpp - the GJK loop itself, once for both dimensions (the overview is at the top of
// gjk/distance.hpp, and of gjk/distance3.hpp in space): every iteration's steps and the ways out,
// with the talk's termination cases, and the trace of every iteration.
//
// The loop is written over the simplex it keeps: LoopSimplex in the plane (gjk/loop/simplex.hpp),
// LoopSimplex3 in space (gjk/loop/simplex3.hpp). Each dimension's header supplies the steps that
// differ - solve(), cull(), search_direction(), largest_vertex2(), settle() - found by argument-
// dependent lookup on the simplex; the rules that hold in both (the stall rule, case 1) are
// gjk/loop/rules.hpp's.
#pragma once

#include <cstdint>
#include <limits>
#include <type_traits>
#include <vector>

#include "gjk/distance_types.hpp"
#include "gjk/loop/policy.hpp"
#include "gjk/loop/result.hpp"
#include "gjk/loop/rules.hpp"

namespace gjk {

namespace detail {

/// A vertex of the simplex with its shape points, in the world frame (for traces). The indices
/// are those of the shapes' input points where the support knows them (PreparedShape::
/// source_index for a prepared shape in the plane), else the support's own.
template <class Vertex, class Support, class Transform, class T>
Vertex world_vertex(const Support& z, const Transform& xf_a, int index_a, int index_b, T weight) {
    const auto m = z.vertex(index_a, index_b);
    Vertex v;
    v.a = apply(xf_a, m.a);
    v.b = apply(xf_a, m.b);
    v.w = rotate(xf_a.q, m.w);
    v.weight = weight;
    v.index_a = index_a;
    v.index_b = index_b;
    if constexpr (requires { z.a.source(index_a); }) {
        v.index_a = z.a.source(index_a);
    }
    if constexpr (requires { z.b.source(index_b); }) {
        v.index_b = z.b.source(index_b);
    }
    return v;
}

/// The loop's simplex `s` in the world frame, each vertex with its shape points (for traces).
template <class Simplex, class Support, class Transform, class LoopSimplexT>
Simplex world_simplex(const Support& z, const Transform& xf_a, const LoopSimplexT& s) {
    using Vertex = std::remove_cvref_t<decltype(Simplex{}.v[0])>;
    Simplex r;
    r.count = s.count;
    for (int i = 0; i < s.count; ++i) {
        r.v[i] = world_vertex<Vertex>(z, xf_a, s.index_a(i), s.index_b(i), s.weight[i]);
    }
    return r;
}

/// The GJK loop on the support `z`, from the simplex `s`, which it leaves culled and weighted as
/// the loop's answer. In order, each iteration:
///   1. solve: the closest point P of the simplex to the origin, by its Voronoi regions;
///   2. case 2, containment: every vertex contributes (the origin inside the triangle, or in
///      space the tetrahedron): overlap;
///   3. the stall rule (gjk/loop/rules.hpp): |P| must decrease, or the loop ends with the
///      previous simplex;
///   4. cull: keep the vertices of P's region;
///   5. the search direction d toward the origin, perpendicular to the kept feature; zero when
///      the origin lies on it: cases 3a (a vertex), 3b and 4 (an edge, in space a face);
///   6. the iteration cap;
///   7. the support w of Z along d; case 1: w already in the simplex; with `separation_radius`
///      >= 0, the overlap test's early out; no progress: w not beyond the simplex along d;
///   8. push w.
/// With `separation_radius` >= 0 it is the overlap test of the second GJK article: it also stops
/// as soon as a support plane shows that Z stays further than that radius from the origin
/// (Termination::separating_axis). The two endings that found no closer point (no_progress,
/// repeated_support) are settled after the loop (settle(), per dimension).
/// With kTraced, every iteration is recorded in `trace` (the talk's Output::simplices), in the
/// world frame by A's pose `xf_a`; without, that code is compiled out. `first_direction` is the
/// direction of the support query that made the first vertex (start()'s answer): the last
/// support direction until the loop makes one of its own. `Policy` says which guarantees the
/// loop keeps (gjk/loop/policy.hpp): the stall rule, resolvable directions, settled endings.
template <bool kTraced, class Policy = Guaranteed, class Support, class S, class Transform,
          class Step>
LoopResult<typename S::Vector>
run(const Support& z, S& s, int max_iterations, typename S::Scalar separation_radius,
    const Transform& xf_a, std::vector<Step>* trace, typename S::Vector first_direction = {}) {
    using T = typename S::Scalar;
    using Vec = typename S::Vector;
    using Simplex = decltype(Step::simplex);
    using Vertex = decltype(Step::support);
    LoopResult<Vec> out;
    out.last_support_direction = first_direction;
    if constexpr (S::kSettlesOnLastSupport) {
        out.last_support = s.w[0];
    }
    T previous_distance2 = std::numeric_limits<T>::infinity();
    int stalls = 0;
    Step* step = nullptr; // this iteration's, with kTraced
    // Every way out names the solved simplex it keeps; `s` is that simplex afterwards.
    auto finish = [&](Termination t, Vec closest) {
        out.termination = t;
        out.closest = closest;
        if constexpr (kTraced) {
            step->simplex = world_simplex<Simplex>(z, xf_a, s);
            step->closest = rotate(xf_a.q, closest);
            step->termination = t;
        }
        return out;
    };

    // The loop leaves by a return, or by a break on the two endings that found no closer point
    // (no_progress, repeated_support), which settle() decides once, after the loop.
    for (;;) {
        ++out.iterations;

        // Closest point of the simplex (not culled yet: the loop may keep the previous one).
        const auto solution = solve(s);
        const T distance2 = s.square(solution.closest);

        if constexpr (kTraced) {
            step = &trace->emplace_back();
        }

        // Case 2: every vertex contributes, so the origin is inside the simplex.
        if (solution.region == S::kAll) {
            cull(s, solution);
            return finish(Termination::containment, solution.closest);
        }

        // The stall rule (gjk/loop/rules.hpp): a distance that did not decrease, beyond the
        // round-off of computing it or past kStalls chances, ends the loop with the previous
        // simplex - this one without its newest vertex, weights as they were. NaN fails safe.
        if constexpr (Policy::stall_rule) {
            if (!(distance2 < previous_distance2) &&
                !stall_allowed(distance2, previous_distance2, largest_vertex2(s), stalls)) {
                --s.count; // out.closest stays the previous simplex's
                out.termination = Termination::no_progress;
                break;
            }
        }

        // Case 1 compares the new support point with the simplex as it was before culling
        // (gjk/loop/rules.hpp). (All slots are copied: a copy of fixed size.)
        const int saved_count = s.count;
        constexpr int kSlots = int(std::extent_v<decltype(S::pair)>);
        std::uint64_t saved[kSlots];
        for (int i = 0; i < kSlots; ++i) {
            saved[i] = s.pair[i];
        }
        cull(s, solution);
        previous_distance2 = distance2;
        out.closest = solution.closest;

        const Vec d = search_direction<Policy>(s);
        out.direction = d;
        if constexpr (kTraced) {
            step->direction = rotate(xf_a.q, d);
        }
        if (d == Vec{}) {
            // Cases 3a, 3b and 4: the origin is on the simplex, so in Z.
            return finish(contact_ending(s.count), solution.closest);
        }
        if (out.iterations >= max_iterations) {
            return finish(Termination::max_iterations, solution.closest);
        }

        const auto v = z(d);
        out.last_support_direction = d;
        if constexpr (S::kSettlesOnLastSupport) {
            out.last_support = v.w;
        }
        if constexpr (kTraced) {
            step->has_support = true;
            step->support = world_vertex<Vertex>(z, xf_a, v.index_a, v.index_b, T(0));
        }

        // Case 1: a repeated support point; the simplex holds the closest feature.
        const std::uint64_t pair = pack_pair(v.index_a, v.index_b);
        if (repeated_support(pair, saved, saved_count)) {
            out.beyond = pair != s.pair[0];
            out.termination = Termination::repeated_support;
            break;
        }

        const T reach = dot(d, v.w);
        // The overlap test's early out: every point z of Z has dot(z, d) <= reach < 0, so Z
        // is further than -reach/|d| from the origin; beyond the radius, that settles it.
        if (separation_radius >= T(0) && reach < T(0) &&
            reach * reach > separation_radius * separation_radius * length_squared(d)) {
            return finish(Termination::separating_axis, solution.closest);
        }

        // The new point must lie beyond the simplex along d, or the distance cannot decrease.
        if (!(reach > dot(d, s.w[0]))) {
            out.termination = Termination::no_progress;
            break;
        }

        if constexpr (kTraced) {
            step->simplex = world_simplex<Simplex>(z, xf_a, s);
            step->closest = rotate(xf_a.q, solution.closest);
        }
        s.push(v);
    }
    return finish(settle<Policy>(s, out), out.closest);
}

/// The loop with or without a trace (the trace-free one has no trace code at all).
template <class Policy = Guaranteed, class Support, class S, class Transform, class Step>
LoopResult<typename S::Vector>
run(const Support& z, S& s, int max_iterations, typename S::Scalar separation_radius,
    const Transform& xf_a, std::vector<Step>* trace, typename S::Vector first_direction = {}) {
    return trace ? run<true, Policy>(z, s, max_iterations, separation_radius, xf_a, trace,
                                     first_direction)
                 : run<false, Policy>(z, s, max_iterations, separation_radius, xf_a, trace,
                                      first_direction);
}

} // namespace detail

} // namespace gjk
