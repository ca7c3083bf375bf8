// bench/main.cpp - gjk_bench's rows, registered in one place (checks outside the project read
// their names and their order: keep both).
//
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

#include <string>

#include "lockstep.hpp" // the lane widths (gjk_lanes_for_tests), for the rows of each width
#include "rows.hpp"

using namespace gjk_bench; // the rows' functions (rows.hpp)

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
    register_space_rows();
    register_space_answer_rows();
    register_space_big_rows();
    register_space_sequence_rows();
    register_space_penetration_rows();
    register_space_penetration_peer_rows();
    register_support3_rows();
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) {
        return 1;
    }
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
