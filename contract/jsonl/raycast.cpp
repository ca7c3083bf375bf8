// contract/jsonl/raycast.cpp - the `gjk raycast` JSONL contract (raycast.hpp).
#include "contract/jsonl/raycast.hpp"

#include "contract/jsonl/parse.hpp"
#include "gjk/instantiations.hpp"
#include "gjk/raycast.hpp"

namespace gjk::contract {

namespace {

template <class T> std::string compute_ray(const RayQuery& q, bool& error) {
    Shape<T> shape;
    Transform<T> xf;
    Vec2<T> origin, translation;
    T max_fraction;
    std::string message;
    if (!detail::convert(q.shape, "shape", shape, xf, message) ||
        !detail::narrow(q.origin.x, "origin[0]", origin.x, message) ||
        !detail::narrow(q.origin.y, "origin[1]", origin.y, message) ||
        !detail::narrow(q.translation.x, "translation[0]", translation.x, message) ||
        !detail::narrow(q.translation.y, "translation[1]", translation.y, message) ||
        !detail::narrow(q.max_fraction, "max_fraction", max_fraction, message)) {
        return detail::error_line(message, error);
    }
    const RayCastOutput<T> out = ray_cast(shape.view(), xf, origin, translation, max_fraction);
    if (out.status == CastStatus::invalid_input) {
        return detail::error_line(error_message(out), error);
    }
    return detail::answer_line(ray_line_fields(out));
}

} // namespace

std::variant<RayQuery, std::string> parse_ray_query(std::string_view line, const Options& options) {
    auto parsed = detail::parse_object(
        line,
        "{\"shape\": SHAPE, \"origin\": [x, y], \"translation\": [x, y], \"max_fraction\": f}",
        options);
    if (auto* message = std::get_if<std::string>(&parsed)) {
        return *message;
    }
    const detail::json& j = std::get<detail::json>(parsed);
    RayQuery q;
    std::string error;
    const auto shape = j.find("shape");
    if (shape == j.end()) {
        return std::string("shape: missing");
    }
    if (!detail::read_shape(*shape, "shape", options, q.shape, error)) {
        return error;
    }
    for (const char* name : {"origin", "translation"}) {
        const auto it = j.find(name);
        if (it == j.end()) {
            return std::string(name) + ": missing";
        }
        if (!detail::read_point(*it, name, name[0] == 'o' ? q.origin : q.translation, error)) {
            return error;
        }
    }
    if (const auto f = j.find("max_fraction"); f != j.end()) {
        if (!detail::read_number(*f, "max_fraction", q.max_fraction, error)) {
            return error;
        }
        if (q.max_fraction < 0) {
            return std::string("max_fraction: must not be negative");
        }
    }
    return q;
}

std::string process_ray_line(std::string_view line, const Options& options, bool& error) {
    return detail::answer_line_with<RayQuery>(
        line, options, error,
        [](std::string_view l, const Options& o) { return parse_ray_query(l, o); },
        [](auto scalar, const RayQuery& q, bool& e) {
            return compute_ray<decltype(scalar)>(q, e);
        });
}

} // namespace gjk::contract
