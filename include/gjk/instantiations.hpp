// gjk/instantiations.hpp - the float and double queries are compiled once, in the gjk library
// (src/gjk.cpp); these declarations keep every including file from compiling them again.
// Define GJK_HEADER_ONLY before including gjk to compile everything in place instead.
//
// GJK_EACH_QUERY and GJK_EACH_INLINED_QUERY are the one list of every public query: src/gjk.cpp
// defines each entry `template`, and this header declares GJK_EACH_QUERY's `extern template`,
// so a new query is added here once.
#pragma once

#include "gjk/cast.hpp"
#include "gjk/distance.hpp"
#include "gjk/distance3.hpp"
#include "gjk/gradient.hpp"
#include "gjk/gradient3.hpp"
#include "gjk/hull.hpp"
#include "gjk/manifold.hpp"
#include "gjk/overlap.hpp"
#include "gjk/penetration.hpp"
#include "gjk/penetration3.hpp"
#include "gjk/prepared.hpp"
#include "gjk/raycast.hpp"

/// Every public query for the scalar T, each entry preceded by KIND (`template` or `extern
/// template`).
#define GJK_EACH_QUERY(KIND, T)                                                                    \
    KIND InputError validate<T>(const DistanceInput<T>&);                                          \
    KIND DistanceOutput<T> distance<T>(const DistanceInput<T>&,                                    \
                                       std::type_identity_t<SimplexCache<T>>*,                     \
                                       std::type_identity_t<std::vector<TraceStep<T>>>*);          \
    KIND DistanceOutput<T> distance_to_point<T>(Vec2<T>, const ShapeView<T>&, const Transform<T>&, \
                                                std::type_identity_t<std::vector<TraceStep<T>>>*); \
    KIND OverlapOutput<T> overlap<T>(const DistanceInput<T>&);                                     \
    KIND std::vector<Vec2<T>> convex_hull<T>(std::span<const Vec2<T>>);                            \
    KIND std::vector<Vec2<T>> minkowski_difference<T>(const ShapeView<T>&, const Transform<T>&,    \
                                                      const ShapeView<T>&, const Transform<T>&);   \
    KIND PenetrationOutput<T> penetration<T>(const DistanceInput<T>&,                              \
                                             std::type_identity_t<SimplexCache<T>>*, int);         \
    KIND SignedDistance<T> signed_distance<T>(const DistanceInput<T>&,                             \
                                              std::type_identity_t<SimplexCache<T>>*);             \
    KIND DistanceGradient<T> signed_distance_gradient<T>(const DistanceInput<T>&,                  \
                                                         const PenetrationOutput<T>&);             \
    KIND DistanceGradient<T> signed_distance_gradient<T>(const DistanceInput<T>&);                 \
    KIND CastOutput<T> shape_cast<T>(const CastInput<T>&);                                         \
    KIND CastOutput<T> time_of_impact<T>(const ToiInput<T>&);                                      \
    KIND class PreparedShape<T>;                                                                   \
    KIND InputError validate<T>(const DistanceInput3<T>&);                                         \
    KIND DistanceOutput3<T> distance<T>(const DistanceInput3<T>&,                                  \
                                        std::type_identity_t<SimplexCache3<T>>*,                   \
                                        std::type_identity_t<std::vector<TraceStep3<T>>>*);        \
    KIND PenetrationOutput3<T> penetration<T>(const DistanceInput3<T>&,                            \
                                              std::type_identity_t<SimplexCache3<T>>*, int);       \
    KIND SignedDistance3<T> signed_distance<T>(const DistanceInput3<T>&,                           \
                                               std::type_identity_t<SimplexCache3<T>>*);           \
    KIND DistanceGradient3<T> signed_distance_gradient<T>(const DistanceInput3<T>&,                \
                                                          const PenetrationOutput3<T>&);

/// The short contact queries, which a caller's compiler inlines (through a library call the
/// returned struct is written whole, where an inlined call keeps only the fields used):
/// compiled into the library too, so that every query is there, but not declared extern.
#define GJK_EACH_INLINED_QUERY(KIND, T)                                                            \
    KIND ManifoldOutput<T> manifold<T>(const DistanceInput<T>&, std::type_identity_t<T>);          \
    KIND RayCastOutput<T> ray_cast<T>(const ShapeView<T>&, const Transform<T>&, const Vec2<T>&,    \
                                      const Vec2<T>&, T);

#ifndef GJK_HEADER_ONLY

namespace gjk {

GJK_EACH_QUERY(extern template, float)
GJK_EACH_QUERY(extern template, double)

} // namespace gjk

#endif
