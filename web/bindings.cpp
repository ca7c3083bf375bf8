// web/bindings.cpp - the gjk kernel for JavaScript (embind, double precision).
//
// The page never re-implements the algorithm: every number it shows comes from these
// functions, which call the library's public API as it is. Values cross the boundary as plain
// JS objects and arrays (emscripten::val), in the `gjk distance` tool's JSON vocabulary:
//     point  = [x, y]
//     SHAPE  = {points: [[x, y], ...], radius: r, position: [x, y], angle: radians}
// (radius, position and angle optional, as in the tool), and in space (the tool's 3D lines,
// contract/jsonl/distance3.hpp)
//     point3 = [x, y, z]
//     SHAPE3 = {points: [[x, y, z], ...], radius: r, position: [x, y, z],
//               quaternion: [qx, qy, qz, qw]}
// (radius, position and quaternion optional; the quaternion scalar-last, normalized by the
// query, which refuses one whose norm is not within 1e-3 of 1). The answers are the contract's
// (contract/): distance() gives the tool's distance answer (contract/distance_answer.hpp: on
// contact, penetration()'s normal and its depth as "penetration"), and every answer's fields
// are the contract's field lists (contract/fields.hpp) with the tool's names, to which the page
// adds its own: the error sentence, the termination, and the full trace (one step per GJK
// iteration with the simplex, its closest point, the search direction and the support point).
//
// In space, distance3() gives the tool's 3D answer the same way, with the trace moved into the
// world frame for drawing, and hull3() and minkowski_difference3() give the polyhedra the page
// draws.
//
// Also bound: the talk's first two sections (closest point on a segment and on a triangle,
// with the barycentric coordinates and Voronoi regions), the convex hull and the explicit
// Minkowski difference, and two "region maps" that ask the library for the Voronoi region of
// every pixel of a view, so the page shades the regions the library really picks.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cmath>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "contract/distance_answer.hpp"
#include "contract/fields.hpp"
#include "contract/reference_face.hpp"
#include "gjk/cast.hpp"
#include "gjk/distance.hpp"
#include "gjk/distance3.hpp"
#include "gjk/gradient.hpp"
#include "gjk/hull.hpp"
#include "gjk/hull3.hpp"
#include "gjk/instantiations.hpp"
#include "gjk/manifold.hpp"
#include "gjk/overlap.hpp"
#include "gjk/penetration.hpp"
#include "gjk/penetration3.hpp"
#include "gjk/raycast.hpp"
#include "gjk/segment.hpp"
#include "gjk/shape.hpp"
#include "gjk/triangle.hpp"

using emscripten::val;
using T = double;
using V = gjk::Vec2<T>;
using V3 = gjk::Vec3<T>;

namespace {

// --- JS -> C++ ---------------------------------------------------------------------------

/// [x, y] -> Vec2 (a missing coordinate reads as NaN, which the library rejects).
V to_vec(const val& p) {
    return {p[0].as<T>(), p[1].as<T>()};
}

/// A JS SHAPE and its world transform, owned here so that the ShapeView stays valid.
struct JsShape {
    gjk::Shape<T> shape;
    gjk::Transform<T> xf;
};

JsShape to_shape(const val& s) {
    JsShape r;
    const val points = s["points"];
    const int n = points.isUndefined() ? 0 : points["length"].as<int>();
    r.shape.points.reserve(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
        r.shape.points.push_back(to_vec(points[i]));
    }
    const val radius = s["radius"], position = s["position"], angle = s["angle"];
    r.shape.radius = radius.isUndefined() ? T(0) : radius.as<T>();
    // The same transform as the tool: rotate by angle, then translate by position.
    r.xf = gjk::Transform<T>::from(position.isUndefined() ? V{} : to_vec(position),
                                   angle.isUndefined() ? T(0) : angle.as<T>());
    return r;
}

gjk::DistanceInput<T> to_input(const JsShape& a, const JsShape& b) {
    gjk::DistanceInput<T> in;
    in.a = a.shape.view();
    in.b = b.shape.view();
    in.xf_a = a.xf;
    in.xf_b = b.xf;
    return in;
}

/// [x, y, z] -> Vec3 (a missing coordinate reads as NaN, which the library rejects).
V3 to_vec3(const val& p) {
    return {p[0].as<T>(), p[1].as<T>(), p[2].as<T>()};
}

/// A JS SHAPE3 and its pose, owned here so that the ShapeView3 stays valid.
struct JsShape3 {
    std::vector<V3> points;
    T radius{0};
    gjk::Transform3<T> xf;

    gjk::ShapeView3<T> view() const { return {points, radius}; }
    /// The pose the query uses: the quaternion normalized (distance() does the same).
    gjk::Transform3<T> unit_pose() const { return {xf.p, gjk::normalized(xf.q)}; }
};

JsShape3 to_shape3(const val& s) {
    JsShape3 r;
    const val points = s["points"];
    const int n = points.isUndefined() ? 0 : points["length"].as<int>();
    r.points.reserve(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
        r.points.push_back(to_vec3(points[i]));
    }
    const val radius = s["radius"], position = s["position"], q = s["quaternion"];
    r.radius = radius.isUndefined() ? T(0) : radius.as<T>();
    r.xf.p = position.isUndefined() ? V3{} : to_vec3(position);
    if (!q.isUndefined()) {
        r.xf.q = {q[0].as<T>(), q[1].as<T>(), q[2].as<T>(), q[3].as<T>()};
    }
    return r;
}

gjk::DistanceInput3<T> to_input3(const JsShape3& a, const JsShape3& b) {
    gjk::DistanceInput3<T> in;
    in.a = a.view();
    in.b = b.view();
    in.xf_a = a.xf;
    in.xf_b = b.xf;
    return in;
}

// --- C++ -> JS ---------------------------------------------------------------------------

val from_vec(V p) {
    val a = val::array();
    a.set(0, p.x);
    a.set(1, p.y);
    return a;
}

val from_vec(V3 p) {
    val a = val::array();
    a.set(0, p.x);
    a.set(1, p.y);
    a.set(2, p.z);
    return a;
}

template <class Vec> val from_points(const std::vector<Vec>& pts) {
    val a = val::array();
    for (std::size_t i = 0; i < pts.size(); ++i) {
        a.set(i, from_vec(pts[i]));
    }
    return a;
}

/// A simplex vertex (SimplexVertex, or SimplexVertex3 in space): the Minkowski point w = b - a,
/// the shape points it came from (with their indices) and its barycentric weight in the closest
/// point.
template <class Vertex> val from_vertex(const Vertex& v) {
    val o = val::object();
    o.set("a", from_vec(v.a));
    o.set("b", from_vec(v.b));
    o.set("w", from_vec(v.w));
    o.set("weight", v.weight);
    o.set("index_a", v.index_a);
    o.set("index_b", v.index_b);
    return o;
}

template <class Simplex> val from_simplex(const Simplex& s) {
    val a = val::array();
    for (int i = 0; i < s.count; ++i) {
        a.set(i, from_vertex(s.v[i]));
    }
    return a;
}

/// A traced iteration, as the kernel gives it in either dimension (TraceStepOf): in the world
/// frame.
template <class Step> val from_step(const Step& step) {
    val o = val::object();
    o.set("simplex", from_simplex(step.simplex));
    o.set("closest", from_vec(step.closest));
    o.set("direction", from_vec(step.direction));
    o.set("has_support", step.has_support);
    o.set("support", step.has_support ? from_vertex(step.support) : val::null());
    o.set("termination", std::string(gjk::to_string(step.termination)));
    return o;
}

val from_fields(const gjk::contract::Fields& fields);

/// A field's value as JavaScript: a point is [x, y], a word a string, a list of records an
/// array of objects.
struct ToJs {
    val operator()(bool b) const { return val(b); }
    val operator()(int n) const { return val(n); }
    val operator()(std::uint32_t n) const { return val(n); }
    val operator()(double x) const { return val(x); }
    val operator()(V p) const { return from_vec(p); }
    val operator()(gjk::Vec3<double> p) const { return from_vec(p); }
    val operator()(const char* word) const { return val(std::string(word)); }
    val operator()(const std::vector<gjk::contract::Fields>& records) const {
        val list = val::array();
        for (std::size_t i = 0; i < records.size(); ++i) {
            list.set(i, from_fields(records[i]));
        }
        return list;
    }
    val operator()(const std::vector<std::vector<gjk::contract::Fields>>& lists) const {
        val list = val::array();
        for (std::size_t i = 0; i < lists.size(); ++i) {
            list.set(i, (*this)(lists[i]));
        }
        return list;
    }
};

/// An answer's fields (contract/fields.hpp) as a JS object.
val from_fields(const gjk::contract::Fields& fields) {
    val o = val::object();
    for (const gjk::contract::Field& field : fields) {
        o.set(field.name, std::visit(ToJs{}, field.value));
    }
    return o;
}

/// The error sentence of an answer, empty when there is none.
std::string error_text(gjk::InputError e) {
    return e == gjk::InputError::none ? std::string() : std::string(gjk::to_string(e));
}

/// A copy of a byte buffer as a fresh Uint8Array (a view into wasm memory would go stale
/// when the memory grows).
val to_uint8_array(const std::vector<std::uint8_t>& bytes) {
    return val::global("Uint8Array")
        .new_(emscripten::typed_memory_view(bytes.size(), bytes.data()))
        .call<val>("slice");
}

// --- The bound functions -----------------------------------------------------------------

/// distance(a, b): the tool's answer (`gjk distance`'s fields: on contact the normal is
/// penetration()'s and "penetration" its depth) plus termination, error and the trace (the
/// talk's Output::simplices, one step per iteration; the last step holds the final simplex).
val distance(const val& ja, const val& jb) {
    const JsShape a = to_shape(ja), b = to_shape(jb);
    std::vector<gjk::TraceStep<T>> trace;
    const gjk::contract::DistanceAnswer<T> answer =
        gjk::contract::answer_distance(to_input(a, b), &trace);
    val o = from_fields(gjk::contract::distance_fields(answer));
    o.set("termination", std::string(gjk::to_string(answer.output.termination)));
    o.set("error", error_text(answer.output.error));
    val steps = val::array();
    for (std::size_t i = 0; i < trace.size(); ++i) {
        steps.set(i, from_step(trace[i]));
    }
    o.set("trace", steps);
    return o;
}

// --- In space ------------------------------------------------------------------------------

/// distance3(a, b): the tool's answer to a 3D line with --trace (its fields, "simplices" as the
/// tool writes them), plus termination, error and `trace`: each traced simplex, in the world
/// frame as the kernel gives it, as distance()'s ({simplex: [{a, b, w, weight, index_a, index_b}],
/// closest, direction, has_support, support, termination}); a loop that ends by containment ends
/// with the tetrahedron that contains the origin.
val distance3(const val& ja, const val& jb) {
    const JsShape3 a = to_shape3(ja), b = to_shape3(jb);
    const gjk::DistanceInput3<T> in = to_input3(a, b);
    std::vector<gjk::TraceStep3<T>> trace;
    const gjk::contract::DistanceAnswer3<T> answer = gjk::contract::answer_distance(in, &trace);
    val o = from_fields(gjk::contract::distance_fields(answer, &trace));
    o.set("termination", std::string(gjk::to_string(answer.output.termination)));
    o.set("error", error_text(answer.output.error));
    val steps = val::array();
    for (std::size_t i = 0; i < trace.size(); ++i) {
        steps.set(i, from_step(trace[i]));
    }
    o.set("trace", steps);
    return o;
}

/// penetration3(a, b): penetration()'s answer in space (EPA): signed distance, depth, the
/// minimum translation normal and both witness points, with EPA's termination.
val penetration3(const val& ja, const val& jb) {
    const JsShape3 a = to_shape3(ja), b = to_shape3(jb);
    const gjk::PenetrationOutput3<T> out = gjk::penetration(to_input3(a, b));
    val o = from_fields(gjk::contract::penetration_fields(out));
    o.set("termination", std::string(gjk::to_string(out.termination)));
    o.set("error", error_text(out.error));
    return o;
}

/// A convex hull in space as JS ({dimension, vertices, faces}): faces (index triples,
/// counter-clockwise seen from outside) for a polyhedron only; a polygon's vertices in order
/// around it. No points, or a coordinate that is not finite: dimension -1 and nothing else.
val from_hull3(const std::vector<V3>& points) {
    bool finite = !points.empty();
    for (const V3& p : points) {
        finite = finite && std::isfinite(p.x) && std::isfinite(p.y) && std::isfinite(p.z);
    }
    const gjk::Hull3<T> hull =
        finite ? gjk::convex_hull3<T>(std::span<const V3>(points)) : gjk::Hull3<T>{};
    val faces = val::array();
    for (std::size_t i = 0; i < hull.faces.size(); ++i) {
        val f = val::array();
        for (int k = 0; k < 3; ++k) {
            f.set(k, hull.faces[i][std::size_t(k)]);
        }
        faces.set(i, f);
    }
    val o = val::object();
    o.set("dimension", hull.dimension);
    o.set("vertices", from_points(hull.vertices));
    o.set("faces", faces);
    return o;
}

/// The points of a shape in the world, by the pose the query uses.
std::vector<V3> world_points3(const JsShape3& s) {
    const gjk::Transform3<T> xf = s.unit_pose();
    std::vector<V3> world;
    world.reserve(s.points.size());
    for (const V3& p : s.points) {
        world.push_back(gjk::apply(xf, p));
    }
    return world;
}

/// hull3(shape): the convex hull of the shape's core in the world (convex_hull3).
val hull3(const val& jshape) {
    return from_hull3(world_points3(to_shape3(jshape)));
}

/// minkowski_difference3(a, b): the hull of every b_j - a_i in the world (cores, no radii).
val minkowski_difference3(const val& ja, const val& jb) {
    const std::vector<V3> a = world_points3(to_shape3(ja)), b = world_points3(to_shape3(jb));
    std::vector<V3> z;
    z.reserve(a.size() * b.size());
    for (const V3& pb : b) {
        for (const V3& pa : a) {
            z.push_back(pb - pa);
        }
    }
    return from_hull3(z);
}

/// overlap(a, b): the boolean GJK, which stops as soon as it knows.
val overlap(const val& ja, const val& jb) {
    const JsShape a = to_shape(ja), b = to_shape(jb);
    const gjk::OverlapOutput<T> out = gjk::overlap(to_input(a, b));
    val o = from_fields(gjk::contract::overlap_fields(out));
    o.set("error", error_text(out.error));
    return o;
}

/// penetration(a, b): signed distance, depth, minimum translation normal (B moves by depth *
/// normal to separate) and witness points (gjk::penetration, EPA).
val penetration(const val& ja, const val& jb) {
    const JsShape a = to_shape(ja), b = to_shape(jb);
    const gjk::PenetrationOutput<T> out = gjk::penetration(to_input(a, b));
    val o = from_fields(gjk::contract::penetration_fields(out));
    o.set("termination", std::string(gjk::to_string(out.termination)));
    o.set("error", error_text(out.error));
    return o;
}

/// cast(a, b, translation_a, translation_b): the `gjk cast` answer (gjk::shape_cast).
val cast(const val& ja, const val& jb, const val& ta, const val& tb) {
    const JsShape a = to_shape(ja), b = to_shape(jb);
    gjk::CastInput<T> in;
    in.a = a.shape.view();
    in.b = b.shape.view();
    in.xf_a = a.xf;
    in.xf_b = b.xf;
    in.translation_a = ta.isUndefined() ? V{} : to_vec(ta);
    in.translation_b = tb.isUndefined() ? V{} : to_vec(tb);
    const gjk::CastOutput<T> out = gjk::shape_cast(in);
    val o = from_fields(gjk::contract::cast_fields(out));
    o.set("initially_overlapping", out.initially_overlapping);
    o.set("error", out.status == gjk::CastStatus::invalid_input
                       ? std::string(gjk::error_message(out))
                       : std::string());
    return o;
}

/// ray_cast(shape, origin, translation, max_fraction): the `gjk raycast` answer
/// (gjk::ray_cast), with the iterations and status.
val ray_cast(const val& jshape, const val& origin, const val& translation, double max_fraction) {
    const JsShape s = to_shape(jshape);
    const gjk::RayCastOutput<T> out =
        gjk::ray_cast(s.shape.view(), s.xf, to_vec(origin), to_vec(translation), max_fraction);
    val o = from_fields(gjk::contract::cast_fields(out));
    o.set("error", out.status == gjk::CastStatus::invalid_input
                       ? std::string(gjk::error_message(out))
                       : std::string());
    return o;
}

/// manifold(a, b, margin): the `gjk manifold` answer (gjk::manifold), plus the reference face's
/// two world endpoints (`reference_face`, empty for a point shape or a single point) and status.
val manifold(const val& ja, const val& jb, double margin) {
    const JsShape a = to_shape(ja), b = to_shape(jb);
    const gjk::ManifoldOutput<T> out = gjk::manifold(to_input(a, b), margin);
    val o = from_fields(gjk::contract::manifold_fields(out));
    o.set("reference_face",
          from_points(gjk::contract::reference_face(out, a.shape, a.xf, b.shape, b.xf)));
    o.set("reference", std::string(out.reference_is_b ? "b" : "a"));
    o.set("status", std::string(gjk::to_string(out.status)));
    o.set("error", out.status == gjk::Status::invalid_input ? std::string(gjk::to_string(out.error))
                                                            : std::string());
    return o;
}

/// gradient(a, b): the signed distance's derivative with respect to each pose, as
/// `gjk distance --derivatives` ({a: [dx, dy, dangle], b: [...], differentiable}).
val gradient(const val& ja, const val& jb) {
    const JsShape a = to_shape(ja), b = to_shape(jb);
    const gjk::DistanceGradient<T> g = gjk::signed_distance_gradient(to_input(a, b));
    auto pose = [](const T(&d)[3]) {
        val v = val::array();
        for (int k = 0; k < 3; ++k) {
            v.set(k, d[k]);
        }
        return v;
    };
    val o = val::object();
    o.set("a", pose(g.a));
    o.set("b", pose(g.b));
    o.set("differentiable", g.differentiable);
    return o;
}

/// minkowski_difference(a, b): hull of every b_j - a_i in the world frame (cores, no radii).
val minkowski_difference(const val& ja, const val& jb) {
    const JsShape a = to_shape(ja), b = to_shape(jb);
    return from_points(gjk::minkowski_difference<T>(a.shape, a.xf, b.shape, b.xf));
}

/// convex_hull(points): counter-clockwise, no duplicate or collinear points.
val convex_hull(const val& points) {
    std::vector<V> p;
    const int n = points["length"].as<int>();
    for (int i = 0; i < n; ++i) {
        p.push_back(to_vec(points[i]));
    }
    return from_points(gjk::convex_hull<T>(p));
}

/// Section 1: the segment's unnormalized coordinates (u', v') of q, each times |B - A|^2.
val segment_coordinates(const val& a, const val& b, const val& q) {
    const gjk::SegmentCoordinates<T> c = gjk::segment_coordinates(to_vec(a), to_vec(b), to_vec(q));
    val o = val::object();
    o.set("u", c.u);
    o.set("v", c.v);
    return o;
}

/// Section 1: the closest point on segment ab to q, its weights (u, v) and Voronoi region.
val closest_point_segment(const val& a, const val& b, const val& q) {
    return from_fields(gjk::contract::segment_closest_fields(
        gjk::closest_point_segment(to_vec(a), to_vec(b), to_vec(q))));
}

/// Section 2: the nine barycentric coordinates of q for the triangle abc.
val triangle_coordinates(const val& a, const val& b, const val& c, const val& q) {
    const gjk::TriangleCoordinates<T> k =
        gjk::triangle_coordinates(to_vec(a), to_vec(b), to_vec(c), to_vec(q));
    val o = val::object();
    o.set("uAB", k.uAB);
    o.set("vAB", k.vAB);
    o.set("uBC", k.uBC);
    o.set("vBC", k.vBC);
    o.set("uCA", k.uCA);
    o.set("vCA", k.vCA);
    o.set("uABC", k.uABC);
    o.set("vABC", k.vABC);
    o.set("wABC", k.wABC);
    return o;
}

/// Section 2: the closest point on triangle abc to q, its weights (u, v, w) and region.
val closest_point_triangle(const val& a, const val& b, const val& c, const val& q) {
    return from_fields(gjk::contract::triangle_closest_fields(
        gjk::closest_point_triangle(to_vec(a), to_vec(b), to_vec(c), to_vec(q))));
}

/// The Voronoi region (bitmask: 1 = A, 2 = B, 3 = AB) of every sample of a grid: sample (i, j)
/// is the point origin + i * step_x + j * step_y, stored at j * nx + i. The page draws one
/// sample per pixel, so the shading is exactly what closest_point_segment decides.
val segment_region_map(const val& a, const val& b, const val& origin, const val& step_x,
                       const val& step_y, int nx, int ny) {
    const V pa = to_vec(a), pb = to_vec(b), o = to_vec(origin), sx = to_vec(step_x),
            sy = to_vec(step_y);
    std::vector<std::uint8_t> map(static_cast<std::size_t>(nx > 0 && ny > 0 ? nx * ny : 0));
    for (int j = 0; j < ny; ++j) {
        for (int i = 0; i < nx; ++i) {
            const V q = o + T(i) * sx + T(j) * sy;
            map[static_cast<std::size_t>(j * nx + i)] =
                static_cast<std::uint8_t>(gjk::segment_region(gjk::segment_coordinates(pa, pb, q)));
        }
    }
    return to_uint8_array(map);
}

/// The same for a triangle (bitmask: 1 = A, 2 = B, 4 = C, 3 = AB, 6 = BC, 5 = CA, 7 = ABC).
val triangle_region_map(const val& a, const val& b, const val& c, const val& origin,
                        const val& step_x, const val& step_y, int nx, int ny) {
    const V pa = to_vec(a), pb = to_vec(b), pc = to_vec(c), o = to_vec(origin), sx = to_vec(step_x),
            sy = to_vec(step_y);
    std::vector<std::uint8_t> map(static_cast<std::size_t>(nx > 0 && ny > 0 ? nx * ny : 0));
    for (int j = 0; j < ny; ++j) {
        for (int i = 0; i < nx; ++i) {
            const V q = o + T(i) * sx + T(j) * sy;
            map[static_cast<std::size_t>(j * nx + i)] = static_cast<std::uint8_t>(
                gjk::triangle_region(gjk::triangle_coordinates(pa, pb, pc, q)));
        }
    }
    return to_uint8_array(map);
}

} // namespace

EMSCRIPTEN_BINDINGS(gjk) {
    emscripten::function("distance", &distance);
    emscripten::function("overlap", &overlap);
    emscripten::function("penetration", &penetration);
    emscripten::function("cast", &cast);
    emscripten::function("ray_cast", &ray_cast);
    emscripten::function("gradient", &gradient);
    emscripten::function("manifold", &manifold);
    emscripten::function("minkowski_difference", &minkowski_difference);
    emscripten::function("distance3", &distance3);
    emscripten::function("penetration3", &penetration3);
    emscripten::function("hull3", &hull3);
    emscripten::function("minkowski_difference3", &minkowski_difference3);
    emscripten::function("convex_hull", &convex_hull);
    emscripten::function("segment_coordinates", &segment_coordinates);
    emscripten::function("closest_point_segment", &closest_point_segment);
    emscripten::function("triangle_coordinates", &triangle_coordinates);
    emscripten::function("closest_point_triangle", &closest_point_triangle);
    emscripten::function("segment_region_map", &segment_region_map);
    emscripten::function("triangle_region_map", &triangle_region_map);
    emscripten::constant("max_iterations", gjk::kMaxIterations);
}
