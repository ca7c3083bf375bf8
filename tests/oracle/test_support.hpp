// tests/oracle/test_support.hpp - what the tests of the oracle share: how googletest prints a
// point, squares, and random points of integer coordinates.
#pragma once

#include <ostream>
#include <random>
#include <vector>

#include "oracle/oracle.hpp"

namespace oracle {
inline void PrintTo(const P& p, std::ostream* os) {
    *os << "(" << static_cast<double>(p.x) << ", " << static_cast<double>(p.y) << ")";
}
} // namespace oracle

namespace oracle_test {

using oracle::P;
using oracle::R;
using Poly = std::vector<P>;

inline Poly square(R x0, R y0, R side) {
    return {{x0, y0}, {x0 + side, y0}, {x0 + side, y0 + side}, {x0, y0 + side}};
}

inline Poly random_int_points(std::mt19937_64& rng, int count, int range) {
    std::uniform_int_distribution<int> coord(-range, range);
    Poly pts;
    for (int i = 0; i < count; ++i) {
        pts.push_back({R(coord(rng)), R(coord(rng))});
    }
    return pts;
}

} // namespace oracle_test
