// The lockstep loop for 32-byte vectors, compiled with -mavx2 (CMakeLists.txt) and called only
// on processors that have AVX2 (detail::lane_width_runs). src/lanes/loop.hpp says what this object
// may contain: the loop and nothing else.
#include "lanes/loop.hpp"
#include "lanes3/loop.hpp"

namespace gjk::detail {

template void lockstep_loop<float, 32>(Lanes<float, 32>&);
template void lockstep_loop<double, 32>(Lanes<double, 32>&);
template void lockstep3_loop<float, 32>(Lanes3<float, 32>&);
template void lockstep3_loop<double, 32>(Lanes3<double, 32>&);

} // namespace gjk::detail
