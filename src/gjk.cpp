// The library's compiled part: the float and double instantiations of every query, so that
// users (and our tests) compile the kernel once. Other scalar types, such as long double,
// still work from the headers alone.
#include "gjk/gjk.hpp"

namespace gjk {

#define GJK_INSTANTIATE(T)                                                                         \
    template InputError validate<T>(const DistanceInput<T>&);                                      \
    template DistanceOutput<T> distance<T>(const DistanceInput<T>&,                                \
                                           std::type_identity_t<SimplexCache<T>>*,                 \
                                           std::type_identity_t<std::vector<TraceStep<T>>>*);      \
    template DistanceOutput<T> distance_to_point<T>(                                               \
        Vec2<T>, const ShapeView<T>&, const Transform<T>&,                                         \
        std::type_identity_t<std::vector<TraceStep<T>>>*);                                         \
    template OverlapOutput<T> overlap<T>(const DistanceInput<T>&);                                 \
    template std::vector<Vec2<T>> convex_hull<T>(std::span<const Vec2<T>>);                        \
    template std::vector<Vec2<T>> minkowski_difference<T>(                                         \
        const ShapeView<T>&, const Transform<T>&, const ShapeView<T>&, const Transform<T>&);       \
    template PenetrationOutput<T> penetration<T>(const DistanceInput<T>&,                          \
                                                 std::type_identity_t<SimplexCache<T>>*, int);     \
    template SignedDistance<T> signed_distance<T>(const DistanceInput<T>&,                         \
                                                  std::type_identity_t<SimplexCache<T>>*);         \
    template CastOutput<T> shape_cast<T>(const CastInput<T>&);                                     \
    template CastOutput<T> time_of_impact<T>(const ToiInput<T>&);                                  \
    template class PreparedShape<T>;

GJK_INSTANTIATE(float)
GJK_INSTANTIATE(double)

#undef GJK_INSTANTIATE

} // namespace gjk
