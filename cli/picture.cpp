#include "picture.hpp"

#include <utility>
#include <vector>

namespace gjk::cli {

namespace {

SvgShape world_shape(const Shape<double>& s, const Transform<double>& xf) {
    std::vector<Vec2<double>> world;
    world.reserve(s.points.size());
    for (const Vec2<double>& p : s.points) {
        world.push_back(apply(xf, p));
    }
    return {convex_hull<double>(world), s.radius};
}

} // namespace

SvgInput make_picture(const contract::Prepared<double>& p, std::string title, int only_iteration) {
    SvgInput picture;
    picture.title = std::move(title);
    picture.result = distance(p.input(), nullptr, &picture.trace);
    picture.a = world_shape(p.a, p.xf_a);
    picture.b = world_shape(p.b, p.xf_b);
    picture.minkowski = minkowski_difference<double>(p.a, p.xf_a, p.b, p.xf_b);
    picture.only_iteration = only_iteration;
    return picture;
}

} // namespace gjk::cli
