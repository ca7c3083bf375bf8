// contract/reference_face.hpp - where a manifold's reference face lies in the world, for the
// front ends that draw it (`gjk svg --manifold`, the web page's contacts view).
#pragma once

#include <cstddef>
#include <vector>

#include "gjk/hull.hpp"
#include "gjk/manifold.hpp"

namespace gjk::contract {

/// The two world endpoints of the reference face `m` names, or none when it has no face (no
/// points, a point shape, a single vertex-against-vertex point). The face is an edge of the
/// hull manifold() builds: the plain points' convex_hull, counter-clockwise from the
/// lowest-leftmost vertex, edge i from vertex i to vertex i + 1.
template <class T>
std::vector<Vec2<T>> reference_face(const ManifoldOutput<T>& m, const Shape<T>& a,
                                    const Transform<T>& xf_a, const Shape<T>& b,
                                    const Transform<T>& xf_b) {
    if (m.count == 0 || m.reference_edge < 0) {
        return {};
    }
    const Shape<T>& shape = m.reference_is_b ? b : a;
    const Transform<T>& xf = m.reference_is_b ? xf_b : xf_a;
    const std::vector<Vec2<T>> hull = convex_hull<T>(shape.points);
    const std::size_t i = static_cast<std::size_t>(m.reference_edge) % hull.size();
    return {apply(xf, hull[i]), apply(xf, hull[(i + 1) % hull.size()])};
}

} // namespace gjk::contract
