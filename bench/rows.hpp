// bench/rows.hpp - the functions behind gjk_bench's rows, by the file that defines them;
// main.cpp registers them (their workloads: workloads.hpp).
#pragma once

#include <benchmark/benchmark.h>

#include <optional>
#include <vector>

#include "gjk/math3.hpp"

#include "lockstep.hpp" // the lane widths (gjk_lanes_for_tests), for the rows of each width

namespace gjk_bench {

// pairs.cpp: the distance on Pairs8 (one by one, the floor, distance_batch and its lane widths),
// BigN and BigNShared, Batch.
template <class T> void gjk_pairs(benchmark::State& state, bool warm, bool prepared = true);
void box2d_pairs(benchmark::State& state, bool warm);
template <class T> void floor_pairs(benchmark::State& state, bool warm);
double lane_bytes(gjk::detail::LaneWidth width);
template <class T>
void gjk_pairs_batch(benchmark::State& state, bool warm,
                     std::optional<gjk::detail::LaneWidth> width = std::nullopt);
template <class T> void gjk_big(benchmark::State& state, int n, bool shared = false);
void box2d_big(benchmark::State& state, int n, bool shared = false);
void gjk_batch(benchmark::State& state, int threads);

// contacts.cpp: Overlap8, Penetration8, Manifold8, Ray8, Manifold4096 and Ray4096.
void gjk_overlap(benchmark::State& state);
void box2d_overlap(benchmark::State& state);
template <class T> void gjk_penetration(benchmark::State& state);
template <class T> void gjk_rays(benchmark::State& state);
void box2d_rays(benchmark::State& state);
template <class T> void gjk_manifold(benchmark::State& state);
void box2d_manifold(benchmark::State& state);
template <class T> void gjk_manifold_big(benchmark::State& state);
template <class T> void gjk_rays_big(benchmark::State& state);

// casts.cpp: Cast8, Cast4096, Toi and Toi4096.
void gjk_casts(benchmark::State& state, bool big);
template <class T>
void gjk_toi(benchmark::State& state, bool slop_tolerance = false, bool plain = false,
             bool big = false);
void box2d_toi(benchmark::State& state);

// lines.cpp: Lines8, the tool's line path.
void gjk_lines(benchmark::State& state, int threads);
void gjk_lines_batch(benchmark::State& state);
void gjk_lines_answers(benchmark::State& state);

// space.cpp: distance in space beside Bullet and FCL (the peers' rows when they were found).
// The pairs, for space_answer.cpp's rows too: two shapes (16 random points in a unit ball, or a
// box's 8 corners) and their poses, B at a distance from A that makes about half of the pairs
// overlap.
struct SpacePair {
    std::vector<gjk::Vec3<double>> a, b;
    gjk::Transform3<double> xa, xb;
    double box_a[3], box_b[3]; ///< half extents, for the box workload
};
const std::vector<SpacePair>& space_pairs(bool boxes);
template <class T> void gjk_space(benchmark::State& state, bool boxes);
void register_space_rows();
// space_answer.cpp: the whole answer in space in one call (the distance; on contact the depth and
// the direction) on space_pairs(), beside Bullet's btGjkEpaSolver2::SignedDistance.
void register_space_answer_rows();
// space_big.cpp: a 1,000-corner hull against small ones, beside Bullet and FCL.
void register_space_big_rows();
// space_sequences.cpp: near-touching pairs and warm-started sequences, beside Bullet and FCL.
void register_space_sequence_rows();

// space_penetration.cpp: penetration in space on overlapping pairs, prepared (the separating axis
// test) and as plain views (GJK and EPA). The pairs, for the peers' rows: two shapes (a box's 8
// corners with its half extents, or 16 random points in the unit ball) and their poses, the
// cores overlapping.
struct PenetrationPair3 {
    std::vector<gjk::Vec3<double>> a, b;
    gjk::Transform3<double> xa, xb;
    double box_a[3], box_b[3]; ///< half extents, for the box workload
};
const std::vector<PenetrationPair3>& penetration_pairs3(bool boxes);
void register_space_penetration_rows();
// space_penetration_peers.cpp: Bullet's and FCL's rows on the same pairs.
void register_space_penetration_peer_rows();

// support3.cpp: a prepared shape's support in space, the scan against the climb.
void register_support3_rows();

} // namespace gjk_bench
