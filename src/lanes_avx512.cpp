// The lockstep loop for 64-byte vectors, compiled with AVX-512 F, VL, DQ and BW (CMakeLists.txt)
// and called only on processors that have them (detail::lane_width_runs). src/lanes/loop.hpp says
// what this object may contain: the loop and nothing else.
#include "lanes/loop.hpp"
#include "lanes3/loop.hpp"

namespace gjk::detail {

template void lockstep_loop<float, 64>(Lanes<float, 64>&);
template void lockstep_loop<double, 64>(Lanes<double, 64>&);
template void lockstep3_loop<float, 64>(Lanes3<float, 64>&);
template void lockstep3_loop<double, 64>(Lanes3<double, 64>&);

} // namespace gjk::detail
