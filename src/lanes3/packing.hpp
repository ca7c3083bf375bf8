// src/lanes3/packing.hpp - what the packing of queries into the lanes (src/batch3.cpp) shares
// with the conclusion of each lane: a lane's corners read back as a shape's support (for
// conclude3()'s Z), and the copy of one lane into an unused one of a partial group.
#pragma once

#include "gjk/math3.hpp"
#include "lanes3/arrays.hpp"

namespace gjk::detail {

/// One lane's points in the lanes' arrays (corner j of lane k at [j][k]), as the support of a
/// shape in A's frame (ScannedSupport3's: the first of the points furthest along d), for the
/// lane's Z in conclude3().
template <class T, int Bytes> struct LaneCorners3 {
    static constexpr int N = Lanes3<T, Bytes>::N;
    const T (*x)[N];
    const T (*y)[N];
    const T (*z)[N];
    int count;
    int lane;
    /// The index of the first point furthest along d (first_furthest_scalar's order).
    int index(Vec3<T> d) const {
        int best = 0;
        T reach = x[0][lane] * d.x + y[0][lane] * d.y + z[0][lane] * d.z;
        for (int i = 1; i < count; ++i) {
            const T r = x[i][lane] * d.x + y[i][lane] * d.y + z[i][lane] * d.z;
            if (reach < r) {
                best = i, reach = r;
            }
        }
        return best;
    }
    /// Point i.
    Vec3<T> point(int i) const { return {x[i][lane], y[i][lane], z[i][lane]}; }
};

/// Lane k of the inputs from lane `from` (the unused lanes of a partial group copy lane 0), its
/// corners as far as the group's arrays are filled.
template <class T, int Bytes> void copy_lane(Lanes3<T, Bytes>& l, int k, int from) {
    for (int j = 0; j < l.corners_a; ++j) {
        l.ax[j][k] = l.ax[j][from], l.ay[j][k] = l.ay[j][from], l.az[j][k] = l.az[j][from];
    }
    for (int j = 0; j < l.corners_b; ++j) {
        l.bx[j][k] = l.bx[j][from], l.by[j][k] = l.by[j][from], l.bz[j][k] = l.bz[j][from];
    }
    for (int i = 0; i < 4; ++i) {
        l.cache_a[i][k] = l.cache_a[i][from], l.cache_b[i][k] = l.cache_b[i][from];
    }
    l.count_a[k] = l.count_a[from], l.count_b[k] = l.count_b[from];
    l.inverse_a[k] = l.inverse_a[from], l.inverse_b[k] = l.inverse_b[from];
    l.xf_px[k] = l.xf_px[from], l.xf_py[k] = l.xf_py[from], l.xf_pz[k] = l.xf_pz[from];
    l.xf_qx[k] = l.xf_qx[from], l.xf_qy[k] = l.xf_qy[from], l.xf_qz[k] = l.xf_qz[from];
    l.xf_qw[k] = l.xf_qw[from];
    l.world_px[k] = l.world_px[from], l.world_py[k] = l.world_py[from];
    l.world_pz[k] = l.world_pz[from], l.world_qx[k] = l.world_qx[from];
    l.world_qy[k] = l.world_qy[from], l.world_qz[k] = l.world_qz[from];
    l.world_qw[k] = l.world_qw[from];
    l.radius_a[k] = l.radius_a[from], l.radius_b[k] = l.radius_b[from];
    l.max_iterations[k] = l.max_iterations[from];
    l.cache_count[k] = l.cache_count[from];
    l.live[k] = 0;
}

} // namespace gjk::detail
