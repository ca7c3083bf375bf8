// The library's compiled part: the float and double instantiations of every query (the one
// list in gjk/instantiations.hpp), so that users (and our tests) compile the kernel once.
// Other scalar types, such as long double, still work from the headers alone.
#include "gjk/gjk.hpp"

namespace gjk {

GJK_EACH_QUERY(template, float)
GJK_EACH_QUERY(template, double)
GJK_EACH_INLINED_QUERY(template, float)
GJK_EACH_INLINED_QUERY(template, double)

} // namespace gjk
