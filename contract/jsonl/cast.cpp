// contract/jsonl/cast.cpp - the `gjk cast` JSONL contract (cast.hpp).
#include "contract/jsonl/cast.hpp"

#include "contract/jsonl/parse.hpp"
#include "gjk/cast.hpp"
#include "gjk/instantiations.hpp"

namespace gjk::contract {

namespace {

template <class T> std::string compute_cast(const CastQuery& q, bool& error) {
    auto prepared = prepare<T>(q.shapes);
    if (auto* message = std::get_if<std::string>(&prepared)) {
        return detail::error_line(*message, error);
    }
    const Prepared<T>& p = std::get<Prepared<T>>(prepared);
    CastInput<T> in;
    in.a = p.a;
    in.b = p.b;
    in.xf_a = p.xf_a;
    in.xf_b = p.xf_b;
    std::string message;
    if (!detail::narrow(q.translation_a.x, "translation_a[0]", in.translation_a.x, message) ||
        !detail::narrow(q.translation_a.y, "translation_a[1]", in.translation_a.y, message) ||
        !detail::narrow(q.translation_b.x, "translation_b[0]", in.translation_b.x, message) ||
        !detail::narrow(q.translation_b.y, "translation_b[1]", in.translation_b.y, message) ||
        !detail::narrow(q.target_separation, "target_separation", in.target_separation, message)) {
        return detail::error_line(message, error);
    }
    in.max_fraction = static_cast<T>(q.max_fraction);
    const CastOutput<T> out = shape_cast(in);
    if (out.status == CastStatus::invalid_input) {
        return detail::error_line(error_message(out), error);
    }
    return detail::answer_line(cast_fields(out));
}

} // namespace

std::variant<CastQuery, std::string> parse_cast_query(std::string_view line,
                                                      const Options& options) {
    auto parsed = detail::parse_object(
        line, "{\"a\": SHAPE, \"b\": SHAPE, \"translation_a\": [x, y], \"translation_b\": [x, y]}",
        options);
    if (auto* message = std::get_if<std::string>(&parsed)) {
        return *message;
    }
    const detail::json& j = std::get<detail::json>(parsed);
    auto shapes = detail::read_shapes(j, options);
    if (auto* message = std::get_if<std::string>(&shapes)) {
        return *message;
    }
    CastQuery q;
    q.shapes = std::move(std::get<Query>(shapes));
    std::string error;
    for (const char* name : {"translation_a", "translation_b"}) {
        const auto it = j.find(name);
        Vec2<double>& t = name[12] == 'a' ? q.translation_a : q.translation_b;
        if (it != j.end() && !detail::read_point(*it, name, t, error)) {
            return error;
        }
    }
    if (!detail::read_motion_options(j, q.max_fraction, q.target_separation, error)) {
        return error;
    }
    return q;
}

std::string process_cast_line(std::string_view line, const Options& options, bool& error) {
    return detail::answer_line_with<CastQuery>(
        line, options, error,
        [](std::string_view l, const Options& o) { return parse_cast_query(l, o); },
        [](auto scalar, const CastQuery& q, bool& e) {
            return compute_cast<decltype(scalar)>(q, e);
        });
}

} // namespace gjk::contract
