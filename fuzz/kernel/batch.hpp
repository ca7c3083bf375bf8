// fuzz/kernel/batch.hpp - fuzz_kernel's check of distance_batch, in the plane and in space:
// every lane's answer is distance()'s, to the bit.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

#include "distance3.hpp" // Query3
#include "gjk/gjk.hpp"
#include "lockstep.hpp"  // detail::lockstep_batch, for check_batch (gjk_lanes_for_tests)
#include "lockstep3.hpp" // detail::lockstep3_batch, for check_batch3
#include "query.hpp"

namespace fuzz_kernel {

/// distance_batch's answers are distance()'s, to the bit (src/lockstep.hpp), on the query's
/// shapes as PreparedShape views: the lockstep path for shapes of at most 8 points.
template <class T> void check_batch(const Query<T>& q) {
    const auto a = gjk::PreparedShape<T>::make(q.a, q.ra);
    const auto b = gjk::PreparedShape<T>::make(q.b, q.rb);
    gjk::DistanceInput<T> in = input_of(q);
    in.a = a.view();
    in.b = b.view();
    const gjk::DistanceOutput<T> want = gjk::distance(in);
    auto same = [](const gjk::DistanceOutput<T>& x, const gjk::DistanceOutput<T>& y) {
        auto bits = [](T v) {
            std::uint64_t u = 0;
            std::memcpy(&u, &v, sizeof v);
            return u;
        };
        return x.status == y.status && x.termination == y.termination && x.error == y.error &&
               x.iterations == y.iterations && bits(x.distance) == bits(y.distance) &&
               bits(x.point_a.x) == bits(y.point_a.x) && bits(x.point_a.y) == bits(y.point_a.y) &&
               bits(x.point_b.x) == bits(y.point_b.x) && bits(x.point_b.y) == bits(y.point_b.y) &&
               bits(x.normal.x) == bits(y.normal.x) && bits(x.normal.y) == bits(y.normal.y);
    };
    using gjk::detail::LaneWidth;
    for (LaneWidth width : {LaneWidth::bytes16, LaneWidth::bytes32, LaneWidth::bytes64}) {
        if (!gjk::detail::lane_width_runs(width)) {
            continue;
        }
        for (std::size_t n : {1u, 5u}) {
            const std::vector<gjk::DistanceInput<T>> inputs(n, in);
            std::vector<gjk::DistanceOutput<T>> out(n);
            gjk::detail::lockstep_batch<T>(inputs, {}, out, width);
            for (const auto& o : out) {
                if (!same(o, want)) {
                    fail("distance_batch: an output differs from distance()'s", o.distance,
                         want.distance);
                }
            }
        }
    }
}

/// distance_batch in space: the lanes' answers (src/lockstep3.hpp) are distance()'s, to the bit,
/// at every width this processor runs, alone and in a group (the query, valid or not, as the
/// fuzzer made it: the lanes take it or leave it).
template <class T> void check_batch3(const Query3<T>& q) {
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
        const gjk::DistanceOutput3<T> want = gjk::distance(q.in);
        auto bits = [](T v) {
            std::uint64_t u = 0;
            std::memcpy(&u, &v, sizeof v);
            return u;
        };
        auto same3 = [&bits](gjk::Vec3<T> x, gjk::Vec3<T> y) {
            return bits(x.x) == bits(y.x) && bits(x.y) == bits(y.y) && bits(x.z) == bits(y.z);
        };
        auto same = [&](const gjk::DistanceOutput3<T>& x, const gjk::DistanceOutput3<T>& y) {
            return x.status == y.status && x.termination == y.termination && x.error == y.error &&
                   x.iterations == y.iterations && bits(x.distance) == bits(y.distance) &&
                   same3(x.point_a, y.point_a) && same3(x.point_b, y.point_b) &&
                   same3(x.normal, y.normal);
        };
        using gjk::detail::LaneWidth;
        for (LaneWidth width : {LaneWidth::bytes16, LaneWidth::bytes32, LaneWidth::bytes64}) {
            if (!gjk::detail::lane_width_runs(width)) {
                continue;
            }
            for (std::size_t n : {1u, 5u}) {
                const std::vector<gjk::DistanceInput3<T>> inputs(n, q.in);
                std::vector<gjk::DistanceOutput3<T>> out(n);
                gjk::detail::lockstep3_batch<T>(inputs, {}, out, width);
                for (const auto& o : out) {
                    if (!same(o, want)) {
                        fail("distance_batch in space: an output differs from distance()'s",
                             o.distance, want.distance);
                    }
                }
            }
        }
    }
}

} // namespace fuzz_kernel
