// contract/jsonl/manifold.cpp - the `gjk manifold` JSONL contract (manifold.hpp).
#include "contract/jsonl/manifold.hpp"

#include "contract/jsonl/parse.hpp"
#include "gjk/instantiations.hpp"
#include "gjk/manifold.hpp"

namespace gjk::contract {

namespace {

template <class T> std::string compute_manifold(const ManifoldQuery& q, bool& error) {
    auto prepared = prepare<T>(q.shapes);
    if (auto* message = std::get_if<std::string>(&prepared)) {
        return detail::error_line(*message, error);
    }
    const Prepared<T>& p = std::get<Prepared<T>>(prepared);
    T margin{};
    std::string message;
    if (!detail::narrow(q.margin, "margin", margin, message)) {
        return detail::error_line(message, error);
    }
    const ManifoldOutput<T> out = manifold(p.input(), margin);
    if (out.status == Status::invalid_input) {
        return detail::error_line(to_string(out.error), error);
    }
    return detail::answer_line(manifold_fields(out));
}

} // namespace

std::variant<ManifoldQuery, std::string> parse_manifold_query(std::string_view line,
                                                              const Options& options) {
    auto parsed =
        detail::parse_object(line, "{\"a\": SHAPE, \"b\": SHAPE, \"margin\": m}", options);
    if (auto* message = std::get_if<std::string>(&parsed)) {
        return *message;
    }
    const detail::json& j = std::get<detail::json>(parsed);
    auto shapes = detail::read_shapes(j, options);
    if (auto* message = std::get_if<std::string>(&shapes)) {
        return *message;
    }
    ManifoldQuery q;
    q.shapes = std::move(std::get<Query>(shapes));
    std::string error;
    if (const auto it = j.find("margin"); it != j.end()) {
        if (!detail::read_number(*it, "margin", q.margin, error)) {
            return error;
        }
        if (!(q.margin >= 0)) {
            return "margin: must be >= 0, got " + short_number(q.margin);
        }
    }
    return q;
}

std::string process_manifold_line(std::string_view line, const Options& options, bool& error) {
    return detail::answer_line_with<ManifoldQuery>(
        line, options, error,
        [](std::string_view l, const Options& o) { return parse_manifold_query(l, o); },
        [](auto scalar, const ManifoldQuery& q, bool& e) {
            return compute_manifold<decltype(scalar)>(q, e);
        });
}

} // namespace gjk::contract
