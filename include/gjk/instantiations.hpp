// gjk/instantiations.hpp - the float and double queries are compiled once, in the gjk library
// (src/gjk.cpp); these declarations keep every including file from compiling them again.
// Define GJK_HEADER_ONLY before including gjk to compile everything in place instead.
#pragma once

#ifndef GJK_HEADER_ONLY

#include "gjk/cast.hpp"
#include "gjk/distance.hpp"
#include "gjk/hull.hpp"
#include "gjk/overlap.hpp"
#include "gjk/penetration.hpp"
#include "gjk/prepared.hpp"

namespace gjk {

#define GJK_EXTERN(T)                                                                              \
    extern template InputError validate<T>(const DistanceInput<T>&);                               \
    extern template DistanceOutput<T> distance<T>(                                                 \
        const DistanceInput<T>&, std::type_identity_t<SimplexCache<T>>*,                           \
        std::type_identity_t<std::vector<TraceStep<T>>>*);                                         \
    extern template DistanceOutput<T> distance_to_point<T>(                                        \
        Vec2<T>, const ShapeView<T>&, const Transform<T>&,                                         \
        std::type_identity_t<std::vector<TraceStep<T>>>*);                                         \
    extern template OverlapOutput<T> overlap<T>(const DistanceInput<T>&);                          \
    extern template std::vector<Vec2<T>> convex_hull<T>(std::span<const Vec2<T>>);                 \
    extern template std::vector<Vec2<T>> minkowski_difference<T>(                                  \
        const ShapeView<T>&, const Transform<T>&, const ShapeView<T>&, const Transform<T>&);       \
    extern template PenetrationOutput<T> penetration<T>(                                           \
        const DistanceInput<T>&, std::type_identity_t<SimplexCache<T>>*, int);                     \
    extern template SignedDistance<T> signed_distance<T>(const DistanceInput<T>&,                  \
                                                         std::type_identity_t<SimplexCache<T>>*);  \
    extern template CastOutput<T> shape_cast<T>(const CastInput<T>&);                              \
    extern template CastOutput<T> time_of_impact<T>(const ToiInput<T>&);                           \
    extern template class PreparedShape<T>;

GJK_EXTERN(float)
GJK_EXTERN(double)

#undef GJK_EXTERN

} // namespace gjk

#endif
