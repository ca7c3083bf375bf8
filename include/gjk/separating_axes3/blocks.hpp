// gjk/separating_axes3/blocks.hpp - the separating axis test's data in blocks of lanes (the top
// of gjk/separating_axes3.hpp): corners in A's frame as arrays, the rotation's matrix, B's arcs
// in float, and the projections of every corner along an axis.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>
#include <span>
#include <type_traits>

#include "gjk/features3.hpp"
#include "gjk/math3.hpp"
#include "gjk/prepared3.hpp"
#include "gjk/separating_axes3/edge_pairs.hpp"

namespace gjk::detail {

/// The lanes of the test's blocks: eight values side by side, a loop of fixed length that GCC
/// and clang turn into vector instructions (as PreparedShape3::scan()).
inline constexpr int kLanes = 8;
/// n rounded up to whole blocks of kLanes.
constexpr int whole_lanes(int n) {
    return (n + kLanes - 1) / kLanes * kLanes;
}

/// A polyhedron's corners in A's frame as arrays of x, y and z, room for N, padded with copies
/// of corner 0.
template <class T, int N> struct Corners {
    static constexpr int kCount = N;
    static_assert(kCount % kLanes == 0);
    alignas(32) T x[kCount], y[kCount], z[kCount];

    /// The least and the largest m . v over the corners, in one pass.
    void range(Vec3<T> m, T& m_least, T& m_most) const {
        T low[kLanes], high[kLanes];
        for (int k = 0; k < kLanes; ++k) {
            low[k] = high[k] = m.x * x[k] + m.y * y[k] + m.z * z[k];
        }
        for (int first = kLanes; first < kCount; first += kLanes) {
            for (int k = 0; k < kLanes; ++k) {
                const T d = m.x * x[first + k] + m.y * y[first + k] + m.z * z[first + k];
                low[k] = d < low[k] ? d : low[k];
                high[k] = d > high[k] ? d : high[k];
            }
        }
        m_least = low[0], m_most = high[0];
        for (int k = 1; k < kLanes; ++k) {
            m_least = low[k] < m_least ? low[k] : m_least;
            m_most = high[k] > m_most ? high[k] : m_most;
        }
    }

    /// The least m . v over the corners.
    T least(Vec3<T> m) const {
        T lanes[kLanes];
        for (int k = 0; k < kLanes; ++k) {
            lanes[k] = m.x * x[k] + m.y * y[k] + m.z * z[k];
        }
        for (int first = kLanes; first < kCount; first += kLanes) {
            for (int k = 0; k < kLanes; ++k) {
                const T d = m.x * x[first + k] + m.y * y[first + k] + m.z * z[first + k];
                lanes[k] = d < lanes[k] ? d : lanes[k];
            }
        }
        T m_least = lanes[0];
        for (int k = 1; k < kLanes; ++k) {
            m_least = lanes[k] < m_least ? lanes[k] : m_least;
        }
        return m_least;
    }
};

/// The rotation of a unit quaternion as its matrix, for turning many normals.
template <class T> struct Rotation3 {
    Vec3<T> r0, r1, r2; // the rows
    explicit Rotation3(Quat<T> q) {
        const T x2 = q.x + q.x, y2 = q.y + q.y, z2 = q.z + q.z;
        const T xx = q.x * x2, yy = q.y * y2, zz = q.z * z2;
        const T xy = q.x * y2, xz = q.x * z2, yz = q.y * z2;
        const T wx = q.w * x2, wy = q.w * y2, wz = q.w * z2;
        r0 = {T(1) - (yy + zz), xy - wz, xz + wy};
        r1 = {xy + wz, T(1) - (xx + zz), yz - wx};
        r2 = {xz - wy, yz + wx, T(1) - (xx + yy)};
    }
    Vec3<T> operator()(Vec3<T> v) const { return {dot(r0, v), dot(r1, v), dot(r2, v)}; }
};

/// A vector in float: the arc tests' precision (their tolerance is far above float's eps).
template <class T> Vec3<float> to_float(Vec3<T> v) {
    return {float(v.x), float(v.y), float(v.z)};
}

/// B's edges' arcs in A's frame as arrays of floats (for either T: the arc tests only compare
/// with kArcTolerance, and float's lanes are twice double's): each edge's two plane normals
/// (n0, n1: the arc of -B's edge runs from -n0 to -n1) and its circle's normal k.
template <int N> struct Arcs {
    alignas(32) float n0x[N], n0y[N], n0z[N], n1x[N], n1y[N], n1z[N], kx[N], ky[N], kz[N];

    void set(int j, Vec3<float> n0, Vec3<float> n1, Vec3<float> k) {
        n0x[j] = n0.x, n0y[j] = n0.y, n0z[j] = n0.z;
        n1x[j] = n1.x, n1y[j] = n1.y, n1z[j] = n1.z;
        kx[j] = k.x, ky[j] = k.y, kz[j] = k.z;
    }
    Vec3<float> n0(int j) const { return {n0x[j], n0y[j], n0z[j]}; }
    Vec3<float> n1(int j) const { return {n1x[j], n1y[j], n1z[j]}; }
    Vec3<float> k(int j) const { return {kx[j], ky[j], kz[j]}; }

    /// A bit for each edge j of the block from `first` whose arc may cross A's arc (m0, m1,
    /// circle ka): no test of the top of gjk/separating_axes3.hpp says "no" beyond
    /// kArcTolerance. The signs as 0/1 lanes, without a branch.
    unsigned may_cross(int first, Vec3<float> ka, Vec3<float> m0, Vec3<float> m1) const {
        const float tol = kArcTolerance<float>;
        int no[kLanes];
        for (int k = 0; k < kLanes; ++k) {
            const int j = first + k;
            const float cba = -(n0x[j] * ka.x + n0y[j] * ka.y + n0z[j] * ka.z);
            const float dba = -(n1x[j] * ka.x + n1y[j] * ka.y + n1z[j] * ka.z);
            const float adc = m0.x * kx[j] + m0.y * ky[j] + m0.z * kz[j];
            const float bdc = m1.x * kx[j] + m1.y * ky[j] + m1.z * kz[j];
            // Both of -B's ends on one side of A's circle, both of A's on one side of -B's, or
            // the crossing's antipode (cba and bdc surely of opposite signs); & and |, not &&
            // and ||: no branch.
            const int c_up = cba > tol, c_down = cba<-tol, d_up = dba> tol, d_down = dba < -tol;
            const int a_up = adc > tol, a_down = adc<-tol, b_up = bdc> tol, b_down = bdc < -tol;
            no[k] = (c_up & d_up) | (c_down & d_down) | (a_up & b_up) | (a_down & b_down) |
                    (c_up & b_down) | (c_down & b_up);
        }
        unsigned mask = 0;
        for (int k = 0; k < kLanes; ++k) {
            mask |= unsigned(no[k] == 0) << k;
        }
        return mask;
    }
};

/// The larger separation of the corner sets along u and -u, by projecting every corner: a
/// lower bound on -depth along any axis. u is turned to the side that gave it (from A to B).
template <class T, int N>
T projected_separation(const Corners<T, N>& ca, const Corners<T, N>& cb, Vec3<T>& u) {
    T a_least, a_most, b_least, b_most;
    ca.range(u, a_least, a_most);
    cb.range(u, b_least, b_most);
    if (a_least - b_most > b_least - a_most) {
        u = -u;
        return a_least - b_most;
    }
    return b_least - a_most;
}

/// The index of the point with the least u . v (the first among equals).
template <class T> int deepest(std::span<const Vec3<T>> points, Vec3<T> u) {
    int best = 0;
    T least = dot(u, points[0]);
    for (int i = 1; i < int(points.size()); ++i) {
        const T x = dot(u, points[std::size_t(i)]);
        if (x < least) {
            least = x, best = i;
        }
    }
    return best;
}

} // namespace gjk::detail
