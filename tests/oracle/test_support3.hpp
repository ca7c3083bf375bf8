// tests/oracle/test_support3.hpp - what the tests of the 3D oracle share: how googletest prints
// a point, and exact rationals.
#pragma once

#include <ostream>

#include "oracle/oracle3.hpp"

namespace oracle3 {
inline void PrintTo(const Q3& p, std::ostream* os) {
    *os << "(" << p.x << ", " << p.y << ", " << p.z << ")";
}
inline void PrintTo(const P3& p, std::ostream* os) {
    *os << "(" << p.x << ", " << p.y << ", " << p.z << ")";
}
} // namespace oracle3

namespace oracle3_test {

// The rational n / d.
inline oracle3::Q r(long n, unsigned long d = 1) {
    oracle3::Q q(n, d);
    q.canonicalize();
    return q;
}

} // namespace oracle3_test
