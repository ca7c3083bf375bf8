// contract/jsonl/line.hpp - what the tool's JSONL contracts share: one query per input line, one
// answer per output line (contract/jsonl/distance.hpp, cast.hpp, toi.hpp, raycast.hpp,
// manifold.hpp, one per subcommand).
//
// A query names its shapes with the same object:
//   SHAPE = {"points": [[x, y], ...], "radius": r, "position": [x, y], "angle": radians}
//   radius, position and angle are optional (0, [0, 0], 0); world point = rotate the local
//   point by angle about the origin, then add position. Unknown top-level keys are ignored;
//   unknown keys inside a shape are errors (a misspelt "raduis" must not silently mean 0).
// A line that cannot be answered gets {"error": "<what is wrong, naming the field>"}. Every
// number must be finite in double, and, in the precision the line is answered in, fit that
// precision and lie within the kernel's range (contract/limits.hpp).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "contract/fields.hpp"
#include "contract/limits.hpp"
#include "gjk/distance_types.hpp"

namespace gjk::contract {

enum class Precision { float32, float64 };

/// How a line is read and answered. The three limits keep a hostile line from costing
/// unbounded time or memory; each one, exceeded, is an error line naming it.
struct Options {
    Precision precision = Precision::float64; ///< scalar type of the kernel
    bool trace = false;                       ///< add every iteration's simplex to the answer
    bool derivatives = false; ///< add the signed distance's gradient (gjk/gradient.hpp)
    /// Points per shape; more is an error, not a long wait (`--max-points`). Also the most
    /// elements any array of the line may hold (at least 2, a point's coordinates), checked
    /// before the line is parsed, so a DOM is never built for an oversized array.
    std::size_t max_points = kMaxPoints;
    std::size_t max_line_bytes = kMaxLineBytes; ///< bytes per line (`--max-line-bytes`)
    std::size_t max_depth = kMaxDepth;          ///< nesting of arrays and objects
};

/// A shape as the input line gives it.
struct ShapeSpec {
    std::vector<Vec2<double>> points;
    double radius = 0;
    Vec2<double> position{};
    double angle = 0;
};

/// The two shapes of a line: the whole `gjk distance` query, and the start of the others.
struct Query {
    ShapeSpec a, b;
};

/// A query in scalar T: the shapes and transforms the library's input views.
template <class T> struct Prepared {
    Shape<T> a, b;
    Transform<T> xf_a, xf_b;
    /// The library's input; it views a and b, so it is valid while this object lives.
    DistanceInput<T> input() const {
        DistanceInput<T> in;
        in.a = a;
        in.b = b;
        in.xf_a = xf_a;
        in.xf_b = xf_b;
        return in;
    }
};

/// Converts a query to scalar T; an error message when a value does not fit T or lies
/// beyond kernel_range<T>().
template <class T> std::variant<Prepared<T>, std::string> prepare(const Query& q);

/// Why a line must not be parsed (too long, nested too deep, an array with more than
/// max_points elements), found by one pass over its bytes; empty when it may be parsed.
std::string check_limits(std::string_view line, const Options& options);

/// An answer's fields (contract/fields.hpp) as a JSON object, in their order.
nlohmann::ordered_json fields_json(const Fields& fields);

/// One line of JSON text; invalid UTF-8 (which can only come from echoing input) is replaced.
std::string dump_line(const nlohmann::ordered_json& j);

} // namespace gjk::contract
