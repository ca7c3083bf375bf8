// python/src/queries3.hpp - the queries of shapes in space (dim 3): gjk.distance, gjk.overlap,
// gjk.penetration and gjk.distance_batch answer them here when their shapes are 3D, with the
// plane's names and results, 3-vectors for 2-vectors (python/src/queries3.cpp).
#pragma once

#include "distance_result.hpp"
#include "rows.hpp"

namespace gjk::python {

/// The distance answer in space (contract::answer_distance for DistanceInput3): distance(), then
/// on contact penetration()'s normal and depth; the trace with `traced`.
DistanceResult distance3(const PyShape& a, const PyShape& b, const Pose3& pa, const Pose3& pb,
                         bool single_precision, bool traced);

/// r's gradient in space, {"a": (6,), "b": (6,)}, and whether it is differentiable.
void gradient3_of(DistanceResult& r);

/// gjk.overlap in space: answered from distance()'s status (touching or overlapping), as there
/// is no boolean GJK in space yet; the overlap fields (overlap, iterations, status, termination).
py::dict overlap3(const PyShape& a, const PyShape& b, const Pose3& pa, const Pose3& pb,
                  bool single_precision);

/// gjk.penetration in space: penetration()'s fields.
py::dict penetration3(const PyShape& a, const PyShape& b, const Pose3& pa, const Pose3& pb,
                      bool single_precision);

/// gjk.distance_batch in space: the plane's arrays with 3-vectors ((N, 3)) and, with
/// `derivatives`, gradients of (N, 6).
py::dict distance_batch3(const ShapeColumn& a, const ShapeColumn& b, py::handle pose_a,
                         py::handle pose_b, bool single_precision, int threads,
                         bool with_penetration, bool derivatives);

/// The dimension of a shape column's shapes: 2 or 3; a ValueError naming the element of a
/// sequence whose dimension differs from the first's.
int column_dim(const ShapeColumn& column, const char* name);

} // namespace gjk::python
