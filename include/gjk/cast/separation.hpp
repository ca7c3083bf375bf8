// gjk/cast/separation.hpp - the separation functions of a time of impact query: the signed
// distance along one axis between the closest features GJK found, followed along the sweeps.
//
// With rotation the bound mu is loose (|omega| rho counts every point as moving straight at the
// other shape), advancement gains only a fraction of the gap per step, and the convergence is
// linear. Time of impact therefore takes its steps from separation functions (Catto, GDC 2013,
// "Continuous collision"; Box2D's b2TimeOfImpact). GJK at t1 leaves a simplex cache: the
// features of A and B whose closest points realise d(t1). They define an axis that moves
// with the shapes, and the separation of a pair of points (i of A, j of B) along it:
//     points  (one vertex each):     n = (B_j(t1) - A_i(t1)) / |.|, fixed in the world;
//                                    s_ij(t) = dot(B_j(t) - A_i(t), n)
//     face_a  (an edge a1 a2 of A):  n_A = perp(a2 - a1) / |.| in A's frame, oriented so
//                                    that s(t1) >= 0, p_A A's extreme point along n_A;
//                                    s_j(t) = dot(B_j(t) - xf_a(t) p_A, R_a(t) n_A)
//     face_b  (an edge of B):        the same with the roles swapped; s_i(t) for A's points.
// Each s is a smooth function of t, and the deepest pair along the axis at t (the supports
// of A along n and of B along -n; for a face, its line passes through its shape's extreme
// point along n) gives s_min(t) = min over pairs, a lower bound on d(t) at that t: any unit
// axis separates the shapes by at most their distance.
#pragma once

#include "gjk/cast/advancement.hpp"
#include "gjk/distance_types.hpp"
#include "gjk/shape.hpp"
#include "gjk/sweep.hpp"

namespace gjk::detail {

/// Bounds on the motion of one time of impact query (gjk/cast/toi_step.hpp, "Every step
/// proved"): how fast the distance can change, and how fast each kind of separation function
/// can bend.
template <class T> struct SweepBounds {
    T speed{0};       ///< |v_a - v_b| + |omega_a| rho_a + |omega_b| rho_b
    T bend_points{0}; ///< |s''| of a points function: omega_a^2 rho_a + omega_b^2 rho_b
    T bend_face_a{0}; ///< |s''| of a face of A: B's points seen from A's turning frame
    T bend_face_b{0}; ///< |s''| of a face of B: A's points seen from B's turning frame
};

/// The separation function of the closest features at t1 (see the top of this file): the
/// signed distance along one axis between the features GJK's simplex cache names, followed
/// to any time t along the sweeps. `deepest` gives the pair deepest along the axis at t
/// (A's and B's support points against it) and s = the separation of that pair; `evaluate`
/// the separation of a given pair at t. Both take t as the sweeps' transforms at t
/// (SweepMotion::at): the caller keeps the ones it needs again.
template <class T> struct SeparationFunction {
    enum class Kind : unsigned char { none, points, face_a, face_b };
    Kind kind{Kind::none};
    ShapeView<T> a{}, b{};
    const SweepMotion<T>* motion_a{nullptr};
    const SweepMotion<T>* motion_b{nullptr};
    Vec2<T> axis{};        ///< points: world axis; face_a / face_b: the face's local normal
    Vec2<T> local_point{}; ///< face_a / face_b: the face's midpoint in its shape's frame
    struct Pair {
        int index_a{0}, index_b{0};
        T s{0};
    };

    /// Builds the function from the cache of GJK at t1, where the sweeps' transforms are xf_a
    /// and xf_b; kind stays none when the cache names no usable feature (an empty or full
    /// simplex, a face of zero length).
    SeparationFunction(const SimplexCache<T>& cache, const ShapeView<T>& a_, const ShapeView<T>& b_,
                       const SweepMotion<T>& ma, const SweepMotion<T>& mb, const Transform<T>& xf_a,
                       const Transform<T>& xf_b)
        : a(a_), b(b_), motion_a(&ma), motion_b(&mb) {
        auto pa = [&](int i) { return a.points[static_cast<std::size_t>(i)]; };
        auto pb = [&](int i) { return b.points[static_cast<std::size_t>(i)]; };
        if (cache.count == 2 && !(pa(cache.index_a[0]) == pa(cache.index_a[1]))) {
            // Face A: B's point against A's edge a1 a2.
            const Vec2<T> a1 = pa(cache.index_a[0]), a2 = pa(cache.index_a[1]);
            const Vec2<T> normal = normalized(perp(a2 - a1));
            if (!(length_squared(normal) > T(0))) {
                return;
            }
            local_point = T(0.5) * (a1 + a2);
            const Vec2<T> n = rotate(xf_a.q, normal);
            const T s = dot(apply(xf_b, pb(cache.index_b[0])) - apply(xf_a, local_point), n);
            axis = s < T(0) ? -normal : normal;
            // The face's line through A's extreme point along the axis: a1 and a2 are support
            // points, but need not be neighbours on A's hull (a chord of a point set), and a
            // chord's midpoint lies inside A: the function was then no lower bound on the
            // distance, and the step overshot the contact by 0.1 (fuzz_kernel;
            // TEST(TimeOfImpactFloat, ChordOfAPointSetIsNoFace)). On a true face it is a1 or a2.
            local_point = pa(support_index_of(a, axis));
            kind = Kind::face_a;
        } else if (cache.count == 2 && !(pb(cache.index_b[0]) == pb(cache.index_b[1]))) {
            // Face B: A's point against B's edge b1 b2.
            const Vec2<T> b1 = pb(cache.index_b[0]), b2 = pb(cache.index_b[1]);
            const Vec2<T> normal = normalized(perp(b2 - b1));
            if (!(length_squared(normal) > T(0))) {
                return;
            }
            local_point = T(0.5) * (b1 + b2);
            const Vec2<T> n = rotate(xf_b.q, normal);
            const T s = dot(apply(xf_a, pa(cache.index_a[0])) - apply(xf_b, local_point), n);
            axis = s < T(0) ? -normal : normal;
            local_point = pb(support_index_of(b, axis)); // B's extreme point: as for face A
            kind = Kind::face_b;
        } else if (cache.count == 1 || cache.count == 2) {
            // Points: the axis from A's point to B's, fixed in the world.
            axis =
                normalized(apply(xf_b, pb(cache.index_b[0])) - apply(xf_a, pa(cache.index_a[0])));
            if (length_squared(axis) > T(0)) {
                kind = Kind::points;
            }
        }
    }

    Pair deepest(const Transform<T>& xf_a, const Transform<T>& xf_b) const {
        Pair p;
        switch (kind) {
        case Kind::points:
            p.index_a = support_index_of(a, inv_rotate(xf_a.q, axis));
            p.index_b = support_index_of(b, inv_rotate(xf_b.q, -axis));
            break;
        case Kind::face_a:
            p.index_b = support_index_of(b, inv_rotate(xf_b.q, -rotate(xf_a.q, axis)));
            break;
        case Kind::face_b:
            p.index_a = support_index_of(a, inv_rotate(xf_a.q, -rotate(xf_b.q, axis)));
            break;
        case Kind::none:
            break;
        }
        p.s = evaluate(p.index_a, p.index_b, xf_a, xf_b);
        return p;
    }

    T evaluate(int index_a, int index_b, const Transform<T>& xf_a, const Transform<T>& xf_b) const {
        return value<false>(index_a, index_b, xf_a, xf_b).s;
    }

    /// The bound on |s''| of every pair of this function over the step (gjk/cast/toi_step.hpp,
    /// "Every step proved").
    T bend(const SweepBounds<T>& bounds) const {
        switch (kind) {
        case Kind::points:
            return bounds.bend_points;
        case Kind::face_a:
            return bounds.bend_face_a;
        case Kind::face_b:
            return bounds.bend_face_b;
        default:
            return T(0);
        }
    }

    /// s of a pair at t and its slope ds/dt (gjk/cast/toi_step.hpp, step 2).
    struct Slope {
        T s{0}, ds{0};
    };
    Slope evaluate_with_slope(int index_a, int index_b, const Transform<T>& xf_a,
                              const Transform<T>& xf_b) const {
        return value<true>(index_a, index_b, xf_a, xf_b);
    }

  private:
    /// The velocity (per unit of t) of the point p (in its shape's frame) of the shape moving
    /// by `m`, at the pose `xf`: v + omega perp(R (p - local_center)).
    static Vec2<T> velocity(const SweepMotion<T>& m, const Transform<T>& xf, Vec2<T> p) {
        return m.velocity() + m.omega() * perp(rotate(xf.q, p - m.local_center()));
    }
    /// A face function's value (and slope): the point p of the other shape against the face
    /// (local_point, axis) of the shape whose motion and transform are `face` and `xf_face`.
    /// The face turns with its shape: the slope adds omega * dot(d, perp(n)).
    template <bool with_slope>
    Slope against_face(const SweepMotion<T>& face, const Transform<T>& xf_face,
                       const SweepMotion<T>& other, const Transform<T>& xf_other, Vec2<T> p) const {
        Slope r;
        const Vec2<T> d = apply(xf_other, p) - apply(xf_face, local_point);
        const Vec2<T> n = rotate(xf_face.q, axis);
        r.s = dot(d, n);
        if constexpr (with_slope) {
            r.ds = dot(velocity(other, xf_other, p) - velocity(face, xf_face, local_point), n) +
                   face.omega() * dot(d, perp(n));
        }
        return r;
    }

    template <bool with_slope>
    Slope value(int index_a, int index_b, const Transform<T>& xf_a,
                const Transform<T>& xf_b) const {
        const Vec2<T> pa = a.points[static_cast<std::size_t>(index_a)];
        const Vec2<T> pb = b.points[static_cast<std::size_t>(index_b)];
        Slope r;
        switch (kind) {
        case Kind::points: {
            r.s = dot(apply(xf_b, pb) - apply(xf_a, pa), axis);
            if constexpr (with_slope) {
                r.ds = dot(velocity(*motion_b, xf_b, pb) - velocity(*motion_a, xf_a, pa), axis);
            }
            break;
        }
        case Kind::face_a:
            r = against_face<with_slope>(*motion_a, xf_a, *motion_b, xf_b, pb);
            break;
        case Kind::face_b:
            r = against_face<with_slope>(*motion_b, xf_b, *motion_a, xf_a, pa);
            break;
        case Kind::none:
            break;
        }
        return r;
    }
};

} // namespace gjk::detail
