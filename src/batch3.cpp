// Batches in space: distance_batch's float and double queries on small scanned shapes in lockstep
// across SIMD lanes (src/lockstep3.hpp), the rest one by one; the loop itself for 16-byte vectors.
#include "gjk/batch3.hpp"

#include <algorithm>
#include <memory>

#include "gjk/distance3.hpp"
#include "lanes3/loop.hpp"
#include "lanes3/packing.hpp"
#include "lockstep3.hpp"

namespace gjk::detail {

template void lockstep3_loop<float, 16>(Lanes3<float, 16>&);
template void lockstep3_loop<double, 16>(Lanes3<double, 16>&);

template <class T> bool lockstep3_eligible(const DistanceInput3<T>& in) {
    constexpr std::size_t most = std::size_t(Lanes3<T, 16>::kCorners);
    auto scanned = [](const ShapeView3<T>& shape) {
        return !shape.points.empty() && shape.points.size() <= most &&
               (shape.prepared == nullptr || !shape.prepared->climbs());
    };
    // validate()'s tests but the points', which the lanes make (a lane with a point out of
    // range is handed over, and distance() names it).
    return scanned(in.a) && scanned(in.b) && valid_radius(in.a.radius) &&
           valid_radius(in.b.radius) && valid_transform(in.xf_a) && valid_transform(in.xf_b) &&
           in.max_iterations >= 1;
}

LaneWidth widest_lane_width() {
    for (LaneWidth width : {LaneWidth::bytes64, LaneWidth::bytes32}) {
        if (lane_width_runs(width)) {
            return width;
        }
    }
    return LaneWidth::bytes16;
}

namespace {

/// The `n` queries of a group (each eligible) through the lanes; returns how many were handed
/// over.
template <class T, int Bytes>
std::size_t lockstep3_group(Lanes3<T, Bytes>& l, const DistanceInput3<T>* const* in,
                            SimplexCache3<T>* const* caches, DistanceOutput3<T>* const* out,
                            int n) {
    constexpr int N = Lanes3<T, Bytes>::N;
    l.corners_a = l.corners_b = 1;
    for (int k = 0; k < n; ++k) { // the arrays are filled as far as the largest shape
        l.corners_a = std::max(l.corners_a, int(in[k]->a.points.size()));
        l.corners_b = std::max(l.corners_b, int(in[k]->b.points.size()));
    }
    l.range = kernel_range<T>();
    for (int k = 0; k < n; ++k) {
        const std::span<const Vec3<T>> a = in[k]->a.points, b = in[k]->b.points;
        const int count_a = int(a.size()), count_b = int(b.size());
        for (int j = 0; j < l.corners_a; ++j) {
            const Vec3<T> p = a[j < count_a ? std::size_t(j) : 0];
            l.ax[j][k] = p.x, l.ay[j][k] = p.y, l.az[j][k] = p.z;
        }
        for (int j = 0; j < l.corners_b; ++j) {
            const Vec3<T> q = b[j < count_b ? std::size_t(j) : 0];
            l.bx[j][k] = q.x, l.by[j][k] = q.y, l.bz[j][k] = q.z;
        }
        l.count_a[k] = count_a, l.count_b[k] = count_b;
        l.inverse_a[k] = T(1) / T(count_a), l.inverse_b[k] = T(1) / T(count_b);
        // PairInFrameA3's poses.
        const Transform3<T> xf_a{in[k]->xf_a.p, normalized(in[k]->xf_a.q)};
        const Transform3<T> xf_b{in[k]->xf_b.p, normalized(in[k]->xf_b.q)};
        const Transform3<T> xf = relative(xf_a, xf_b);
        l.world_px[k] = xf_a.p.x, l.world_py[k] = xf_a.p.y, l.world_pz[k] = xf_a.p.z;
        l.world_qx[k] = xf_a.q.x, l.world_qy[k] = xf_a.q.y, l.world_qz[k] = xf_a.q.z;
        l.world_qw[k] = xf_a.q.w;
        l.radius_a[k] = in[k]->use_radii ? in[k]->a.radius : T(0);
        l.radius_b[k] = in[k]->use_radii ? in[k]->b.radius : T(0);
        l.xf_px[k] = xf.p.x, l.xf_py[k] = xf.p.y, l.xf_pz[k] = xf.p.z;
        l.xf_qx[k] = xf.q.x, l.xf_qy[k] = xf.q.y, l.xf_qz[k] = xf.q.z, l.xf_qw[k] = xf.q.w;
        // start()'s test of the cache.
        const SimplexCache3<T>* cache = caches[k];
        bool usable = cache != nullptr && cache->count >= 1 && cache->count <= 4;
        for (int i = 0; usable && i < cache->count; ++i) {
            usable = cache->index_a[i] >= 0 && cache->index_a[i] < count_a &&
                     cache->index_b[i] >= 0 && cache->index_b[i] < count_b;
        }
        l.cache_count[k] = usable ? cache->count : 0;
        for (int i = 0; i < 4; ++i) {
            const bool kept = usable && i < cache->count;
            l.cache_a[i][k] = kept ? cache->index_a[i] : 0;
            l.cache_b[i][k] = kept ? cache->index_b[i] : 0;
        }
        l.max_iterations[k] = in[k]->max_iterations;
        l.live[k] = -1;
    }
    for (int k = n; k < N; ++k) {
        copy_lane(l, k, 0);
    }

    lockstep3_loop<T, Bytes>(l);

    std::size_t handed_over = 0;
    for (int k = 0; k < n; ++k) {
        if (l.handed_over[k] != 0) {
            *out[k] = distance(*in[k], caches[k]);
            ++handed_over;
            continue;
        }
        if (l.concluded[k] != 0) { // conclude3()'s answer, from the lanes
            if (caches[k] != nullptr) {
                SimplexCache3<T>& cache = *caches[k];
                cache.count = l.count[k];
                for (int i = 0; i < cache.count; ++i) {
                    cache.index_a[i] = l.index_a[i][k], cache.index_b[i] = l.index_b[i][k];
                }
            }
            DistanceOutput3<T>& o = *out[k];
            o = {};
            o.distance = l.distance[k];
            o.point_a = {l.point_ax[k], l.point_ay[k], l.point_az[k]};
            o.point_b = {l.point_bx[k], l.point_by[k], l.point_bz[k]};
            o.normal = {l.normal_x[k], l.normal_y[k], l.normal_z[k]};
            o.iterations = l.iterations[k];
            o.status = Status(l.status[k]);
            o.termination = Termination(l.termination[k]);
            o.error = InputError::none;
            continue;
        }
        LoopSimplex3<T> s;
        s.count = l.count[k];
        s.scale = l.scale[k];
        for (int i = 0; i < 4; ++i) {
            s.w[i] = {l.w_x[i][k], l.w_y[i][k], l.w_z[i][k]};
            s.pair[i] = pack_pair(l.index_a[i][k], l.index_b[i][k]);
            s.weight[i] = l.weight[i][k];
        }
        LoopResult<Vec3<T>> r;
        r.closest = {l.closest_x[k], l.closest_y[k], l.closest_z[k]};
        r.termination = Termination(l.termination[k]);
        r.iterations = l.iterations[k];
        r.last_support_direction = {l.direction_x[k], l.direction_y[k], l.direction_z[k]};
        r.last_support = {l.last_x[k], l.last_y[k], l.last_z[k]};
        r.termination = settle(s, r); // as the loop settles its ending (the lanes do not)
        const LaneCorners3<T, Bytes> a{l.ax, l.ay, l.az, int(l.count_a[k]), k};
        const LaneCorners3<T, Bytes> b{l.bx, l.by, l.bz, int(l.count_b[k]), k};
        const MinkowskiDifference3<T, LaneCorners3<T, Bytes>, LaneCorners3<T, Bytes>> z{a, b};
        const Transform3<T> xf_a{{l.world_px[k], l.world_py[k], l.world_pz[k]},
                                 {l.world_qx[k], l.world_qy[k], l.world_qz[k], l.world_qw[k]}};
        *out[k] = conclude3(*in[k], xf_a, z, s, r, caches[k]);
    }
    return handed_over;
}

template <class T, int Bytes>
std::size_t lockstep3_chunk(std::span<const DistanceInput3<T>> inputs,
                            std::span<SimplexCache3<T>> caches,
                            std::span<DistanceOutput3<T>> outputs) {
    constexpr int N = Lanes3<T, Bytes>::N;
    // The lanes' arrays on the heap, once per chunk (as the plane's: on the stack their address
    // moved with ASLR, and the time with it).
    const std::unique_ptr<Lanes3<T, Bytes>> group = std::make_unique<Lanes3<T, Bytes>>();
    const DistanceInput3<T>* group_in[N];
    SimplexCache3<T>* group_cache[N];
    DistanceOutput3<T>* group_out[N];
    int grouped = 0;
    std::size_t handed_over = 0;
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        SimplexCache3<T>* cache = caches.empty() ? nullptr : &caches[i];
        if (!lockstep3_eligible(inputs[i])) {
            outputs[i] = distance(inputs[i], cache);
            continue;
        }
        group_in[grouped] = &inputs[i], group_cache[grouped] = cache;
        group_out[grouped] = &outputs[i];
        if (++grouped == N) {
            handed_over += lockstep3_group<T, Bytes>(*group, group_in, group_cache, group_out, N);
            grouped = 0;
        }
    }
    if (grouped > 0) {
        handed_over += lockstep3_group<T, Bytes>(*group, group_in, group_cache, group_out, grouped);
    }
    return handed_over;
}

} // namespace

template <class T>
std::size_t lockstep3_batch(std::span<const DistanceInput3<T>> inputs,
                            std::span<SimplexCache3<T>> caches,
                            std::span<DistanceOutput3<T>> outputs, LaneWidth width) {
    std::size_t count = std::min(inputs.size(), outputs.size());
    if (!caches.empty()) {
        count = std::min(count, caches.size());
        caches = caches.first(count);
    }
    inputs = inputs.first(count), outputs = outputs.first(count);
    switch (width) {
    case LaneWidth::none:
        break;
    case LaneWidth::bytes16:
        return lockstep3_chunk<T, 16>(inputs, caches, outputs);
    case LaneWidth::bytes32:
#if defined(GJK_LANES_AVX2)
        return lockstep3_chunk<T, 32>(inputs, caches, outputs);
#else
        return lockstep3_chunk<T, 16>(inputs, caches, outputs); // not compiled: the narrowest
#endif
    case LaneWidth::bytes64:
#if defined(GJK_LANES_AVX512)
        return lockstep3_chunk<T, 64>(inputs, caches, outputs);
#else
        return lockstep3_chunk<T, 16>(inputs, caches, outputs); // not compiled: the narrowest
#endif
    }
    for (std::size_t i = 0; i < count; ++i) {
        outputs[i] = distance(inputs[i], caches.empty() ? nullptr : &caches[i]);
    }
    return 0;
}

template <class T>
void lanes_distance_batch3(std::span<const DistanceInput3<T>> inputs,
                           std::span<SimplexCache3<T>> caches,
                           std::span<DistanceOutput3<T>> outputs, int threads) {
    std::size_t count = std::min(inputs.size(), outputs.size());
    if (!caches.empty()) {
        count = std::min(count, caches.size());
    }
    const detail::LaneWidth width = detail::widest_lane_width();
    parallel_chunks(count, threads, [&](std::size_t begin, std::size_t end) {
        detail::lockstep3_batch<T>(inputs.subspan(begin, end - begin),
                                   caches.empty() ? caches : caches.subspan(begin, end - begin),
                                   outputs.subspan(begin, end - begin), width);
    });
}

#define GJK_LANES3_INSTANTIATE(T)                                                                  \
    template bool lockstep3_eligible<T>(const DistanceInput3<T>&);                                 \
    template std::size_t lockstep3_batch<T>(std::span<const DistanceInput3<T>>,                    \
                                            std::span<SimplexCache3<T>>,                           \
                                            std::span<DistanceOutput3<T>>, LaneWidth);             \
    template void lanes_distance_batch3<T>(std::span<const DistanceInput3<T>>,                     \
                                           std::span<SimplexCache3<T>>,                            \
                                           std::span<DistanceOutput3<T>>, int);
GJK_LANES3_INSTANTIATE(float)
GJK_LANES3_INSTANTIATE(double)
#undef GJK_LANES3_INSTANTIATE

} // namespace gjk::detail
