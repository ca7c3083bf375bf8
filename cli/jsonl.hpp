// The `gjk distance` JSONL contract: one query per input line, one answer per output line.
//
// Input line:  {"a": SHAPE, "b": SHAPE}
//   SHAPE = {"points": [[x, y], ...], "radius": r, "position": [x, y], "angle": radians}
//   radius, position and angle are optional (0, [0, 0], 0); world point = rotate the local
//   point by angle about the origin, then add position. Unknown top-level keys are ignored;
//   unknown keys inside a shape are errors (a misspelt "raduis" must not silently mean 0).
// Output line: {"distance": d, "point_a": [x, y], "point_b": [x, y], "normal": [x, y],
//               "overlap": bool, "iterations": n, "status": "<word>"}
//   plus, on overlapping lines ("overlap": true), "penetration": depth (>= 0; 0 when the
//   shapes only touch) after "status", and "normal" is then the minimum translation direction
//   of B (gjk::penetration: translating B by penetration * normal separates the shapes);
//   plus "simplices" with --trace; plus, with --derivatives, "gradient": {"a": [dx, dy,
//   dangle], "b": [...]} (the signed distance's derivative with respect to each pose,
//   gjk/gradient.hpp) and "differentiable": bool, after the other fields;
//   or {"error": "<what is wrong, naming the field>"}.
//
// The `gjk cast` JSONL contract (gjk::shape_cast):
// Input line:  {"a": SHAPE, "b": SHAPE, "translation_a": [x, y], "translation_b": [x, y],
//               "max_fraction": f, "target_separation": s}
//   translations optional ([0, 0]); B (and A) move by t * translation over t in
//   [0, max_fraction]; max_fraction optional (1, within [0, 1]), target_separation optional
//   (0, finite and >= 0: contact is this gap between the surfaces).
// Output line: {"hit": bool, "fraction": t, "point": [x, y], "normal": [x, y],
//               "iterations": n, "status": "<word>"}
//   status: "hit" (first contact at fraction), "separated" (no contact during the move, or
//   touching at t = 0 and moving apart; fraction 1), "initially_overlapping" (hit at 0;
//   normal = the penetration normal), "max_iterations" (fraction = the last safe time);
//   point is on A's surface at the contact, normal from A to B. Or {"error": "..."}.
//
// The `gjk raycast` JSONL contract (gjk::ray_cast):
// Input line:  {"shape": SHAPE, "origin": [x, y], "translation": [x, y], "max_fraction": f}
//   max_fraction optional (1); the ray is origin + t * translation, t in [0, max_fraction].
// Output line: {"hit": bool, "fraction": t, "point": [x, y], "normal": [x, y]}
//   the first point of the ray on the shape (its core rounded by its radius), the outward
//   normal there; from inside, a hit at 0 with a zero normal; a miss: hit false, fraction
//   max_fraction. Or {"error": "..."}.
//
// The `gjk toi` JSONL contract (gjk::time_of_impact):
// Input line:  {"a": SHAPE, "b": SHAPE, "sweep_a": SWEEP, "sweep_b": SWEEP,
//               "max_fraction": f, "target_separation": s}
//   SWEEP = {"center": [x, y], "from": [x, y, angle], "to": [x, y, angle]}: the shape's
//   rotation centre in its local frame (optional, [0, 0]) and its pose at t = 0 and t = 1
//   (rotate by angle about the shape's origin, then translate), interpolated linearly (the
//   centre's world position and the angle). A SHAPE's own position or angle is an error here.
//   max_fraction and target_separation as for `gjk cast`.
// Output line: as `gjk cast`'s.
//
// The `gjk manifold` JSONL contract (gjk::manifold):
// Input line:  {"a": SHAPE, "b": SHAPE, "margin": m}
//   margin optional (0), finite and >= 0: shapes at most m apart (radii included) get
//   speculative points.
// Output line: {"normal": [x, y], "points": [{"point": [x, y], "separation": s, "id": k}, ...]}
//   with 0, 1 or 2 points (0 when the shapes are apart by more than the margin; the normal is
//   then [0, 0]); normal from A to B; each point midway between the surfaces, its separation
//   signed (negative when penetrating, radii included), its id naming the pair of features
//   (gjk/manifold.hpp). Or {"error": "..."}.
#pragma once

#include <cmath>
#include <cstddef>
#include <limits>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "gjk/gjk.hpp"

namespace gjk::cli {

/// A shape as the input line gives it.
struct ShapeSpec {
    std::vector<Vec2<double>> points;
    double radius = 0;
    Vec2<double> position{};
    double angle = 0;
};

/// One parsed input line.
struct Query {
    ShapeSpec a, b;
};

/// One parsed `gjk raycast` input line.
struct RayQuery {
    ShapeSpec shape;
    Vec2<double> origin{}, translation{};
    double max_fraction = 1;
};

/// One parsed `gjk cast` input line.
struct CastQuery {
    Query shapes;
    Vec2<double> translation_a{}, translation_b{};
    double max_fraction = 1;
    double target_separation = 0;
};

/// A sweep as the `gjk toi` line gives it: the rotation centre (local) and two poses.
struct SweepSpec {
    Vec2<double> center{};
    Vec2<double> from{}, to{}; ///< the shape's translation at t = 0 and t = 1
    double from_angle = 0, to_angle = 0;
};

/// One parsed `gjk toi` input line.
struct ToiQuery {
    Query shapes;
    SweepSpec sweep_a, sweep_b;
    double max_fraction = 1;
    double target_separation = 0;
};

/// The library's sweep for a SweepSpec in scalar T: the centre's world positions
/// c = rotate(angle, center) + translation at both ends (as the Python package converts).
template <class T> Sweep<T> to_sweep(const SweepSpec& s) {
    Sweep<T> sweep;
    sweep.local_center = {static_cast<T>(s.center.x), static_cast<T>(s.center.y)};
    const Transform<T> xf0 = Transform<T>::from(
        {static_cast<T>(s.from.x), static_cast<T>(s.from.y)}, static_cast<T>(s.from_angle));
    const Transform<T> xf1 = Transform<T>::from({static_cast<T>(s.to.x), static_cast<T>(s.to.y)},
                                                static_cast<T>(s.to_angle));
    sweep.c0 = apply(xf0, sweep.local_center);
    sweep.c1 = apply(xf1, sweep.local_center);
    sweep.a0 = static_cast<T>(s.from_angle);
    sweep.a1 = static_cast<T>(s.to_angle);
    return sweep;
}

/// One parsed `gjk manifold` input line.
struct ManifoldQuery {
    Query shapes;
    double margin = 0;
};

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
    std::size_t max_points = 1'000'000;
    /// Bytes per line (`--max-line-bytes`). The default fits two shapes of max_points points
    /// written with full double precision: "[-0.12345678901234567,-1.2345678901234567e-05],"
    /// is 48 bytes, 2 x 10^6 of them 96 MB.
    std::size_t max_line_bytes = std::size_t(128) << 20;
    /// Nesting of arrays and objects. A query nests 4 deep ({"a": {"points": [[x, y]]}}); the
    /// JSON parser is not recursive, but every level of "[[[[..." costs it about 80 bytes, so
    /// depth is capped before parsing (TEST(CliHostile, DeepNestingIsRefusedBeforeParsing)).
    std::size_t max_depth = 64;
};

/// Why a line must not be parsed (too long, nested too deep, an array with more than
/// max_points elements), found by one pass over its bytes; empty when it may be parsed.
std::string check_limits(std::string_view line, const Options& options);

/// Parses one input line: the query, or an error message naming the field.
std::variant<Query, std::string> parse_query(std::string_view line, const Options& options = {});

/// Parses one `gjk cast` input line: the query, or an error message naming the field.
std::variant<CastQuery, std::string> parse_cast_query(std::string_view line,
                                                      const Options& options = {});

/// Parses one `gjk manifold` input line: the query, or an error message naming the field.
std::variant<ManifoldQuery, std::string> parse_manifold_query(std::string_view line,
                                                              const Options& options = {});

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

/// Parses one `gjk toi` input line: the query, or an error message naming the field.
std::variant<ToiQuery, std::string> parse_toi_query(std::string_view line,
                                                    const Options& options = {});

/// The largest |value| (coordinate, position, radius) the kernel computes with in scalar T:
/// with every value within L, a point of the Minkowski difference is within 4 sqrt(2) L of
/// the origin and the loop's largest products (cross and dot products of two differences of
/// such points) within 128 L^2, finite while L <= sqrt(max / 128); sqrt(max) / 16 leaves a
/// factor 2. float: 1.15e18, double: 8.4e152. Beyond it the kernel's squares overflow and its
/// answers are not to be trusted (a pair 1e30 apart in float came back "overlapping"), so the
/// tool refuses such values (TEST(CliHostile, ValuesBeyondTheKernelRangeAreRefused)).
using gjk::kernel_range;

/// The "gradient" and "differentiable" fields of --derivatives, added to an answer object.
template <class T>
void add_gradient(nlohmann::ordered_json& answer, const DistanceGradient<T>& gradient);

/// Converts a query to scalar T; an error message when a value does not fit T or lies
/// beyond kernel_range<T>().
template <class T> std::variant<Prepared<T>, std::string> prepare(const Query& q);

/// The answer object for a computed query (the contract's output fields, in order); with
/// `penetration` (overlapping lines), its normal and the "penetration" field.
template <class T>
nlohmann::ordered_json answer_json(const DistanceOutput<T>& out,
                                   const std::vector<TraceStep<T>>* trace,
                                   const PenetrationOutput<T>* penetration = nullptr);

/// The answer object of a computed cast (the cast contract's fields, in order).
template <class T> nlohmann::ordered_json cast_json(const CastOutput<T>& out);

/// The answer object of a computed manifold (the manifold contract's fields, in order).
template <class T> nlohmann::ordered_json manifold_json(const ManifoldOutput<T>& out);

/// The whole contract for one line: the output line (without newline); `error` is set when
/// it is an error line.
std::string process_line(std::string_view line, const Options& options, bool& error);

/// Parses one `gjk raycast` input line: the query, or an error message naming the field.
std::variant<RayQuery, std::string> parse_ray_query(std::string_view line,
                                                    const Options& options = {});

/// The `gjk raycast` contract for one line, as process_line.
std::string process_ray_line(std::string_view line, const Options& options, bool& error);

/// The `gjk cast` contract for one line, as process_line.
std::string process_cast_line(std::string_view line, const Options& options, bool& error);

/// The `gjk toi` contract for one line, as process_line.
std::string process_toi_line(std::string_view line, const Options& options, bool& error);

/// The `gjk manifold` contract for one line, as process_line.
std::string process_manifold_line(std::string_view line, const Options& options, bool& error);

/// One line of JSON text; invalid UTF-8 (which can only come from echoing input) is replaced.
std::string dump_line(const nlohmann::ordered_json& j);

} // namespace gjk::cli
