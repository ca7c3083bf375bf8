// src/lanes3/loop.hpp - distance() in space on N float or double queries at once, one per lane
// (src/lockstep3.hpp says why and how each lane stays exactly distance()): lockstep3_loop, the
// list of its steps, each named after the scalar function it equals - the set-up (PairInFrameA3,
// start(): src/lanes3/start.hpp), the loop's (gjk/loop/simplex3.hpp, gjk/segment3.hpp,
// gjk/triangle3.hpp, gjk/tetrahedron.hpp, gjk/perpendicular3.hpp, gjk/loop/run.hpp:
// src/lanes3/solve.hpp, products.hpp, iteration.hpp) and conclude3()'s common paths
// (src/lanes3/conclusion.hpp), on the loop's locals (src/lanes3/state.hpp) and the shared lane
// types (src/lanes/types.hpp, src/lanes3/types.hpp).
//
// Each step performs, lane by lane, the IEEE operations of its scalar function, in the same
// order; where the scalar code branches, a step computes both sides and selects by a mask. In
// float, the edges and the cross products of the solve and of an edge's direction are exact in
// double (gjk/perpendicular3.hpp), so they have no branch: the lanes widen them to doubles. In
// double, the scalar code takes a product plain where it is well conditioned and carries it
// exactly where it is not: the lanes take it plain and hand the other lanes over. The
// scalar code's rare paths are not duplicated: a lane that meets one is handed over (distance()
// answers its query from the start). They are the stall rule (a squared distance that did not
// decrease), a triangle's normal too ill conditioned for the plain cross product
// (normal_direction's exact path), coordinates whose round-off makes every region test fail
// (triangle_region's and tetrahedron_region's fallbacks), a scale outside the normal range
// (unit_scale's ldexp), and a point out of the kernel's range (validate() names it). A lane that
// has ended keeps its state: every update is a select by `live`.
//
// The rules of src/lanes/loop.hpp hold: the loop is compiled once per vector width (src/batch3.cpp
// 16 bytes, src/lanes_avx2.cpp 32, src/lanes_avx512.cpp 64) and calls nothing: every step is
// always inlined and uses only the wide operations (src/lanes/wide.hpp); no fused multiply-add.
#pragma once

#include "lanes3/arrays.hpp"
#include "lanes3/conclusion.hpp"
#include "lanes3/iteration.hpp"
#include "lanes3/start.hpp"

namespace gjk::detail {

/// distance() (gjk/distance3.hpp) on every live lane: its pair in A's frame, start(), and
/// the loop (gjk/loop/run.hpp) to what conclude3() answers from, or to a rare path
/// (handed_over).
template <class T, int Bytes> void lockstep3_loop(Lanes3<T, Bytes>& lanes) {
    using V3 = typename lanes3::Types<T, Bytes>::V3;
    static_assert(lanes3::Types<T, Bytes>::N == Lanes3<T, Bytes>::N);
    lanes3::Loop<T, Bytes> l;
    lanes3::begin(l, lanes); // PairInFrameA3, square_scale(), start()
    while (wide::any(l.live)) {
        l.iterations -= l.live;                               // a true lane is -1
        const lanes3::Simplex<T, Bytes> before = l.s;         // its pairs, for case 1
        const auto solution = lanes3::solve_step(l);          // solve(), case 2, stall rule
        lanes3::cull<T, Bytes>(l.s, solution.region, l.live); // cull()
        const V3 d = lanes3::direction_step(l);               // search_direction(), 3a-4
        const auto z = lanes3::support_of_z(lanes, d);        // the support of Z along d
        lanes3::push_support(l, before, d, z);                // case 1, no progress, push()
    }
    lanes3::finish(lanes, l); // the loop's end, conclude3()'s common paths
}

} // namespace gjk::detail
