// The corners of a point cloud in space by qhull (libqhull_r, Barber, Dobkin and Huhdanpaa),
// the tests' independent peer for gjk/hull3.hpp. qhull works in floating point and merges
// facets within its round-off (its default options), so it is compared on clouds whose
// corners stand clear of that round-off, and on integer grids, whose coplanar points it merges
// exactly.
#pragma once

#include <set>
#include <vector>

#include <libqhull_r/qhull_ra.h> // declares its functions extern "C" itself

#include "gjk/math3.hpp"

namespace gjk_test {

/// The input indices of qhull's vertices of the cloud (which spans space), or an empty set
/// when qhull fails.
template <class T> std::set<int> qhull_vertices(const std::vector<gjk::Vec3<T>>& points) {
    std::vector<coordT> coordinates;
    for (const gjk::Vec3<T>& p : points) {
        coordinates.insert(coordinates.end(), {coordT(p.x), coordT(p.y), coordT(p.z)});
    }
    qhT context;
    qhT* qh = &context;
    qh_zero(qh, stderr);
    char options[] = "qhull";
    std::set<int> vertices;
    const int status = qh_new_qhull(qh, 3, int(points.size()), coordinates.data(), False, options,
                                    nullptr, stderr);
    if (status == 0) {
        vertexT* vertex;
        FORALLvertices {
            vertices.insert(qh_pointid(qh, vertex->point));
        }
    }
    qh_freeqhull(qh, !qh_ALL);
    int long_left, total_left;
    qh_memfreeshort(qh, &long_left, &total_left);
    return vertices;
}

} // namespace gjk_test
