// contract/jsonl/distance.cpp - the `gjk distance` JSONL contract (distance.hpp).
#include "contract/jsonl/distance.hpp"

#include <vector>

#include "contract/distance_answer.hpp"
#include "contract/jsonl/parse.hpp"
#include "gjk/gradient.hpp"
#include "gjk/instantiations.hpp"

namespace gjk::contract {

namespace {

/// The "gradient" and "differentiable" fields of --derivatives, added to an answer object.
template <class T>
void add_gradient(nlohmann::ordered_json& answer, const DistanceGradient<T>& gradient) {
    auto pose = [](const T(&g)[3]) {
        return nlohmann::ordered_json::array(
            {static_cast<double>(g[0]), static_cast<double>(g[1]), static_cast<double>(g[2])});
    };
    answer["gradient"] = {{"a", pose(gradient.a)}, {"b", pose(gradient.b)}};
    answer["differentiable"] = gradient.differentiable;
}

template <class T> std::string compute_line(const Query& q, const Options& options, bool& error) {
    auto prepared = prepare<T>(q);
    if (auto* message = std::get_if<std::string>(&prepared)) {
        return detail::error_line(*message, error);
    }
    const Prepared<T>& p = std::get<Prepared<T>>(prepared);
    std::vector<TraceStep<T>> trace;
    PenetrationOutput<T> penetration; // for the gradient
    const DistanceAnswer<T> answer = answer_distance(p.input(), options.trace ? &trace : nullptr,
                                                     options.derivatives ? &penetration : nullptr);
    if (answer.output.status == Status::invalid_input) {
        return detail::error_line(to_string(answer.output.error), error);
    }
    nlohmann::ordered_json j =
        fields_json(distance_fields(answer, options.trace ? &trace : nullptr));
    if (options.derivatives) {
        add_gradient(j, signed_distance_gradient(p.input(), penetration));
    }
    return dump_line(j);
}

} // namespace

std::variant<Query, std::string> parse_query(std::string_view line, const Options& options) {
    auto parsed = detail::parse_object(line, "{\"a\": SHAPE, \"b\": SHAPE}", options);
    if (auto* message = std::get_if<std::string>(&parsed)) {
        return *message;
    }
    return detail::read_shapes(std::get<detail::json>(parsed), options);
}

std::string process_line(std::string_view line, const Options& options, bool& error) {
    return detail::answer_line_with<Query>(
        line, options, error,
        [](std::string_view l, const Options& o) { return parse_query(l, o); },
        [&options](auto scalar, const Query& q, bool& e) {
            return compute_line<decltype(scalar)>(q, options, e);
        });
}

} // namespace gjk::contract
