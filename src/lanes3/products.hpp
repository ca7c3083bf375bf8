// src/lanes3/products.hpp - the products of the solve and the search direction in every lane,
// each equal to its scalar function (gjk/segment3.hpp, gjk/perpendicular3.hpp,
// gjk/triangle3.hpp): the segment's coordinates, the conditioning test, the face's normal, the
// conditioned cross product and the face's sub-areas. In float the edges and the cross products
// are exact in double, so they have no branch; in double they are plain where well conditioned,
// and `rare` gains the lanes where they are not.
#pragma once

#include "lanes3/types.hpp"

namespace gjk::detail::lanes3 {

/// segment_coordinates(a, b, q): (b - q).e and (q - a).e with e = b - a.
template <class T, int Bytes> struct SegmentCoordinates3 { typename Types<T, Bytes>::V u, v; };
template <class T, int Bytes>
GJK_LANE_STEP SegmentCoordinates3<T, Bytes> segment_coordinates(typename Types<T, Bytes>::V3 a,
                                                                typename Types<T, Bytes>::V3 b,
                                                                typename Types<T, Bytes>::V3 q) {
    using Ty = Types<T, Bytes>;
    const typename Ty::V3 e = Ty::sub(b, a);
    return {Ty::dot(Ty::sub(b, q), e), Ty::dot(Ty::sub(q, a), e)};
}

/// well_conditioned(): |u x v|^2 >= 2^-10 |u|^2 |v|^2, the product's plain round-off within 32
/// eps of its length.
template <class T, int Bytes>
GJK_LANE_STEP typename Types<T, Bytes>::M well_conditioned(typename Types<T, Bytes>::V3 product,
                                                           typename Types<T, Bytes>::V3 u,
                                                           typename Types<T, Bytes>::V3 v) {
    using Ty = Types<T, Bytes>;
    return Ty::dot(product, product) >= Ty::values(T(1.0 / 1024)) * (Ty::dot(u, u) * Ty::dot(v, v));
}

/// face_normal(): (w1 - w0) x (w2 - w0). In float the edges and the product are exact in
/// double, rounded; in double the plain product where it is well conditioned, and `rare` gains
/// the lanes where it is not (the exact path).
template <class T, int Bytes>
GJK_LANE_STEP typename Types<T, Bytes>::V3
face_normal(typename Types<T, Bytes>::V3 w0, typename Types<T, Bytes>::V3 w1,
            typename Types<T, Bytes>::V3 w2, typename Types<T, Bytes>::M& rare) {
    using Ty = Types<T, Bytes>;
    if constexpr (std::is_same_v<T, float>) {
        const typename Ty::D3 d0 = Ty::widen(w0);
        return Ty::narrow(Ty::cross(Ty::sub(Ty::widen(w1), d0), Ty::sub(Ty::widen(w2), d0)));
    } else {
        const typename Ty::V3 e1 = Ty::sub(w1, w0), e2 = Ty::sub(w2, w0);
        const typename Ty::V3 n = Ty::cross(e1, e2);
        rare |= ~well_conditioned<T, Bytes>(n, e1, e2);
        return n;
    }
}

/// conditioned_cross(): u x v. In float exact in double, rounded; in double the plain product
/// where it is well conditioned, and `rare` gains the lanes where it is not.
template <class T, int Bytes>
GJK_LANE_STEP typename Types<T, Bytes>::V3 conditioned_cross(typename Types<T, Bytes>::V3 u,
                                                             typename Types<T, Bytes>::V3 v,
                                                             typename Types<T, Bytes>::M& rare) {
    using Ty = Types<T, Bytes>;
    if constexpr (std::is_same_v<T, float>) {
        return Ty::narrow(Ty::cross(Ty::widen(u), Ty::widen(v)));
    } else {
        const typename Ty::V3 plain = Ty::cross(u, v);
        rare |= ~well_conditioned<T, Bytes>(plain, u, v);
        return plain;
    }
}

/// face_coordinates(a, b, c, q): the face's three sub-areas along its normal, on the points
/// seen from q scaled by unit_scale.
template <class T, int Bytes> struct FaceCoordinates3 { typename Types<T, Bytes>::V u, v, w; };
template <class T, int Bytes>
GJK_LANE_STEP FaceCoordinates3<T, Bytes>
face_coordinates(typename Types<T, Bytes>::V3 a, typename Types<T, Bytes>::V3 b,
                 typename Types<T, Bytes>::V3 c, typename Types<T, Bytes>::V3 q,
                 typename Types<T, Bytes>::M& rare) {
    using Ty = Types<T, Bytes>;
    using V3 = typename Ty::V3;
    const V3 aq = Ty::sub(a, q), bq = Ty::sub(b, q), cq = Ty::sub(c, q);
    typename Ty::V largest = Ty::values(0);
    largest = largest_with<T, Bytes>(largest, aq);
    largest = largest_with<T, Bytes>(largest, bq);
    largest = largest_with<T, Bytes>(largest, cq);
    const typename Ty::V s = unit_scale<T, Bytes>(largest, rare);
    const V3 sa = Ty::times(s, aq), sb = Ty::times(s, bq), sc = Ty::times(s, cq);
    const V3 n = face_normal<T, Bytes>(sa, sb, sc, rare);
    return {Ty::dot(conditioned_cross<T, Bytes>(sb, sc, rare), n),
            Ty::dot(conditioned_cross<T, Bytes>(sc, sa, rare), n),
            Ty::dot(conditioned_cross<T, Bytes>(sa, sb, rare), n)};
}

} // namespace gjk::detail::lanes3
