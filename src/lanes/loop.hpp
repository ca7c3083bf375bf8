// src/lanes/loop.hpp - distance() on N queries at once, one per SIMD lane (src/lockstep.hpp says
// why and how it stays exactly distance()): the list of distance()'s steps, each named after the
// scalar function it equals (src/lanes/steps.hpp, start.hpp, iteration.hpp, conclusion.hpp).
//
// A lane that ends keeps its state from then on, and the loop runs until no lane is live. A lane
// that meets a rare path - the stall rule, a direction too small to resolve, a NaN - is handed
// over (distance() answers its query from the start); one whose conclusion takes a rare path - a
// touching normal to prove, containment weights to refine, a length outside the normal range, a
// non-finite answer - is concluded by conclude() itself from the lane's simplex
// (src/lanes/packing.hpp).
//
// The loop works on plain arrays (src/lanes/arrays.hpp) and calls nothing: it is compiled once
// for 16-byte vectors with the library's flags (src/batch.cpp), once for 32-byte vectors with
// AVX2 (src/lanes_avx2.cpp) and once for 64-byte vectors with AVX-512 (src/lanes_avx512.cpp),
// which distance_batch calls only on a processor that has them. An inline function of another
// header used here would be compiled with AVX2 or AVX-512 in that object, and the linker may keep
// that copy for every caller - a crash on older processors. So: no function calls, only the
// always inlined steps and wide operations (tests/lanes_symbols.cmake checks those objects define
// nothing but this loop). No fused multiply-add either: every product is rounded on its own, as
// in distance().
#pragma once

#include "lanes/arrays.hpp"
#include "lanes/conclusion.hpp"
#include "lanes/iteration.hpp"
#include "lanes/start.hpp"

namespace gjk::detail {

/// distance() on every live lane, until each has its answer, is handed over, or is left for
/// conclude().
template <class T, int Bytes> void lockstep_loop(Lanes<T, Bytes>& lanes) {
    typename LaneTypes<T, Bytes>::V ax[8], ay[8], bx[8], by[8];         // the shapes' vertices
    LaneShapes<T, Bytes> z = lanes_moved_shapes(lanes, ax, ay, bx, by); // MovedVerticesSupport
    LaneLoop<T, Bytes> s;
    lanes_start(s, lanes, z); // start(), read_cache()
    while (wide::any(s.live)) {
        s.iterations -= s.live;                                      // a true lane is -1
        LaneSolution<T, Bytes> solution = lanes_solve(s);            // solve()
        LaneSimplexPairs<T, Bytes> before = lanes_cull(s, solution); // cull()
        LaneDirection<T, Bytes> d = lanes_search_direction(s);       // search_direction()
        LaneSupport<T, Bytes> p = lanes_support(z, d.x, d.y);        // support()
        lanes_push_support(s, d, p, before);                         // case 1, no progress, push()
    }
    lanes_conclude(lanes, z, s); // settle(), conclude()
}

} // namespace gjk::detail
