// Seeded random shape pairs for the oracle tests, one family per situation the core issue
// names. Shapes are generated in the scalar type under test; the oracle then reads exactly
// those values (in long double), so both sides answer the same question. With them, what the
// oracle tests share: a case as the library's input and as the oracle's points, its scale, the
// core issue's bound at that scale, and the oracle's depth of a pair.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "gjk/math.hpp"
#include "gjk/prepared.hpp"
#include "oracle/oracle.hpp"

namespace gjk_test {

enum class Family {
    random_polygons, // convex polygons at scales 1e-3..1e3, random transforms
    point_clouds,    // non-convex point sets (the shape is their hull)
    edge_touching,   // B's edge lies on A's edge
    vertex_touching, // B's vertex on A's edge or vertex
    tiny_gap,        // edge/vertex contact moved apart by 1e-6..1e-12 of the scale
    messy_points,    // duplicate, collinear and shuffled points
    slivers,         // needle-thin polygons
    far_offset,      // both shapes 1e4..1e7 from the origin
    big_polygons,    // 1024-vertex polygons
    rounded,         // circles, capsules, rounded polygons
    inside,          // one shape inside the other
    count
};

inline const char* family_name(Family f) {
    static const char* names[] = {"random_polygons", "point_clouds", "edge_touching",
                                  "vertex_touching", "tiny_gap",     "messy_points",
                                  "slivers",         "far_offset",   "big_polygons",
                                  "rounded",         "inside"};
    return names[static_cast<int>(f)];
}

template <class T> struct Case {
    Family family{};
    std::vector<gjk::Vec2<T>> a, b; // local points
    T ra{0}, rb{0};
    gjk::Transform<T> xa{}, xb{};
};

/// fuzz/findings/fuzz_kernel-b-witness-through-a-frame (float): A a speck at (3.6e16, 0), B a
/// point at (-3.6e16, 5.9e14), a scale apart on either side of the origin. B's witness point
/// computed in A's frame carried twice the scale's round-off (TEST(DistanceFloat,
/// WitnessOnBFarFromAIsWithinTheBoundOfTheScale)). Its scale: |B's translation| + |B's point|.
inline Case<float> b_witness_through_a_frame() {
    Case<float> k;
    k.a = {{0x1.8c0b2p-127f, 0x1p-99f},
           {0x1.0101fep-121f, 0x1.0607fep-39f},
           {0x1.2c01p-133f, 0x1p-117f},
           {0x1.4p-139f, 0x1.58059p-125f}};
    k.b = {{0x1.4242p-117f, 0x1.0cp+49f}};
    k.xa.p = {0x1.00104p+55f, 0x1.000ap-117f};
    k.xa.q = {0x1.fffffep-1f, 0x1.2d97c8p-12f};
    k.xb.p = {-0x1.00008p+55f, 0x1.ecp-142f};
    return k;
}

/// The library's input for a case (views into the case's points: keep the case alive).
template <class T> gjk::DistanceInput<T> input_of(const Case<T>& k, bool radii = true) {
    gjk::DistanceInput<T> in;
    in.a = {k.a, radii ? k.ra : T(0)};
    in.b = {k.b, radii ? k.rb : T(0)};
    in.xf_a = k.xa;
    in.xf_b = k.xb;
    return in;
}

/// A query on two shapes held by the caller (views: keep the shapes alive), A's and B's
/// transforms identity unless given.
template <class T>
gjk::DistanceInput<T> input(const gjk::Shape<T>& a, const gjk::Shape<T>& b,
                            gjk::Transform<T> xa = {}, gjk::Transform<T> xb = {}) {
    gjk::DistanceInput<T> in;
    in.a = a;
    in.b = b;
    in.xf_a = xa;
    in.xf_b = xb;
    return in;
}

/// A query on two prepared shapes (views: keep the shapes alive), A's and B's transforms
/// identity unless given.
template <class T>
gjk::DistanceInput<T> prepared_input(const gjk::PreparedShape<T>& a, const gjk::PreparedShape<T>& b,
                                     gjk::Transform<T> xa = {}, gjk::Transform<T> xb = {}) {
    gjk::DistanceInput<T> in;
    in.a = a.view();
    in.b = b.view();
    in.xf_a = xa;
    in.xf_b = xb;
    return in;
}

/// The transform to (x, y), turned by `angle`: the hand-written cases' poses.
template <class T> gjk::Transform<T> at(T x, T y, T angle = 0) {
    return gjk::Transform<T>::from({x, y}, angle);
}

/// Small-number tolerance of the hand-computed cases: n ulps of their unit scale.
template <class T> T ulps(int n) {
    return T(n) * std::numeric_limits<T>::epsilon();
}

/// The world points as the oracle sees them: each T value read exactly, the transform applied
/// in long double.
template <class T>
std::vector<oracle::P> world(const std::vector<gjk::Vec2<T>>& pts, const gjk::Transform<T>& xf) {
    std::vector<oracle::P> out;
    out.reserve(pts.size());
    for (const auto& p : pts) {
        const long double c = xf.q.c, s = xf.q.s;
        out.push_back({c * p.x - s * p.y + xf.p.x, s * p.x + c * p.y + xf.p.y});
    }
    return out;
}

/// The points as the oracle sees them, untransformed: each T value read exactly.
template <class T> std::vector<oracle::P> to_oracle(const std::vector<gjk::Vec2<T>>& pts) {
    std::vector<oracle::P> out;
    for (const auto& p : pts)
        out.push_back({p.x, p.y});
    return out;
}

/// The scale of the core issue's tolerances: the largest |world coordinate| plus the radii,
/// at least 1.
template <class T> long double scale_of(const Case<T>& k) {
    long double m = 0;
    for (const auto& p : world(k.a, k.xa))
        m = std::max({m, std::fabs(p.x), std::fabs(p.y)});
    for (const auto& p : world(k.b, k.xb))
        m = std::max({m, std::fabs(p.x), std::fabs(p.y)});
    return std::max<long double>(1, m + k.ra + k.rb);
}

/// The core issue's bound on a distance (and a witness point's offset from its shape), relative
/// to scale_of(): 4e-7 in float, 1e-12 in double. The oracle tests (test_distance_oracle.cpp)
/// hold every family to it.
template <class T> long double tolerance() {
    return std::is_same_v<T, float> ? 4e-7L : 1e-12L;
}

/// How deep the shapes of a case are into each other, from the brute-force oracle (ha, hb: the
/// hulls of its world points): the cores' depth plus the radii where the cores meet, the radii
/// less the cores' distance where they do not. 0 (not known to overlap) where the cores meet and
/// one has more than 64 vertices: oracle::depth builds the O(n m) Minkowski hull.
template <class T>
long double depth_of(const Case<T>& k, const std::vector<oracle::P>& ha,
                     const std::vector<oracle::P>& hb) {
    const bool cores_meet = oracle::intersect(ha, hb);
    long double depth = 0;
    if (cores_meet && ha.size() <= 64 && hb.size() <= 64) {
        depth = oracle::depth(ha, hb) + k.ra + k.rb;
    } else if (!cores_meet) {
        depth = k.ra + k.rb - oracle::distance(ha, hb).distance;
    }
    return depth;
}

class Generator {
  public:
    explicit Generator(unsigned seed) : rng_(seed) {}

    double uniform(double lo, double hi) {
        return std::uniform_real_distribution<double>(lo, hi)(rng_);
    }
    double log_uniform(double lo, double hi) {
        return std::exp(uniform(std::log(lo), std::log(hi)));
    }
    int integer(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }
    bool coin() { return integer(0, 1) == 1; }

    /// A convex polygon: n points on an ellipse at sorted random angles (counter-clockwise).
    template <class T> std::vector<gjk::Vec2<T>> convex(int n, double size, double aspect = 1) {
        std::vector<double> angles(static_cast<std::size_t>(n));
        for (double& a : angles)
            a = uniform(0, 6.283185307179586);
        std::sort(angles.begin(), angles.end());
        const double rot = uniform(0, 6.283185307179586);
        std::vector<gjk::Vec2<T>> pts;
        for (double a : angles) {
            const double x = size * std::cos(a), y = size * aspect * std::sin(a);
            pts.push_back({T(x * std::cos(rot) - y * std::sin(rot)),
                           T(x * std::sin(rot) + y * std::cos(rot))});
        }
        return pts;
    }

    template <class T> gjk::Transform<T> transform(double reach) {
        return gjk::Transform<T>::from({T(uniform(-reach, reach)), T(uniform(-reach, reach))},
                                       T(uniform(-3.14159, 3.14159)));
    }

    /// Points of a polygon in contact with edge (p, q) of a CCW polygon, on its outer side:
    /// `on_line` of them exactly on the edge's line (2 for edge contact, 1 for a vertex),
    /// the others beyond it by up to `depth`; all moved out by `gap`.
    template <class T>
    std::vector<gjk::Vec2<T>> beyond_edge(gjk::Vec2<T> p, gjk::Vec2<T> q, int on_line, double depth,
                                          double gap) {
        const double ex = double(q.x) - p.x, ey = double(q.y) - p.y;
        const double len = std::hypot(ex, ey);
        const double nx = ey / len, ny = -ex / len; // outward for a CCW polygon
        std::vector<gjk::Vec2<T>> pts;
        const int n = integer(3, 7);
        for (int i = 0; i < n; ++i) {
            const double s = uniform(0.1, 0.9);
            const double t = (i < on_line ? 0.0 : uniform(0.2, 1.0) * depth) + gap;
            pts.push_back({T(p.x + s * ex + t * nx), T(p.y + s * ey + t * ny)});
        }
        return pts;
    }

    template <class T> Case<T> make(Family f) {
        Case<T> k;
        k.family = f;
        switch (f) {
        case Family::random_polygons: {
            const double size = log_uniform(1e-3, 1e3);
            k.a = convex<T>(integer(3, 12), size);
            k.b = convex<T>(integer(3, 12), size * uniform(0.3, 3));
            k.xa = transform<T>(size * 3);
            k.xb = transform<T>(size * 3);
            break;
        }
        case Family::point_clouds: {
            const double size = log_uniform(1e-2, 1e2);
            for (int i = 0, n = integer(4, 20); i < n; ++i)
                k.a.push_back({T(uniform(-size, size)), T(uniform(-size, size))});
            for (int i = 0, n = integer(4, 20); i < n; ++i)
                k.b.push_back({T(uniform(-size, size)), T(uniform(-size, size))});
            k.xa = transform<T>(size * 3);
            k.xb = transform<T>(size * 3);
            break;
        }
        case Family::edge_touching:
        case Family::vertex_touching:
        case Family::tiny_gap: {
            const double size = log_uniform(1e-2, 1e2);
            k.a = convex<T>(integer(3, 10), size);
            const std::size_t i =
                static_cast<std::size_t>(integer(0, static_cast<int>(k.a.size()) - 1));
            const auto p = k.a[i], q = k.a[(i + 1) % k.a.size()];
            const int on_line =
                f == Family::edge_touching ? 2 : (f == Family::vertex_touching ? 1 : integer(1, 2));
            const double gap = f == Family::tiny_gap ? size * log_uniform(1e-12, 1e-6) : 0.0;
            k.b = beyond_edge<T>(p, q, on_line, size, gap);
            if (f == Family::vertex_touching && coin()) {
                k.b.push_back(p); // a vertex on A's vertex too
            }
            k.xa = k.xb = transform<T>(size * 3);
            break;
        }
        case Family::messy_points: {
            const double size = log_uniform(1e-2, 1e2);
            for (auto* pts : {&k.a, &k.b}) {
                *pts = convex<T>(integer(3, 8), size * uniform(0.5, 2));
                const std::size_t n = pts->size();
                for (std::size_t j = 0; j < n; ++j) {
                    const auto p = (*pts)[j], q = (*pts)[(j + 1) % n];
                    if (coin())
                        pts->push_back(p); // duplicate
                    if (coin())
                        pts->push_back({T((p.x + q.x) / 2), T((p.y + q.y) / 2)}); // on an edge
                }
                std::shuffle(pts->begin(), pts->end(), rng_);
            }
            k.xa = transform<T>(size * 2);
            k.xb = transform<T>(size * 2);
            break;
        }
        case Family::slivers: {
            const double size = log_uniform(1e-2, 1e2);
            k.a = convex<T>(integer(3, 6), size, log_uniform(1e-6, 1e-2));
            k.b = convex<T>(integer(3, 6), size, coin() ? log_uniform(1e-6, 1e-2) : 1.0);
            k.xa = transform<T>(size * 2);
            k.xb = transform<T>(size * 2);
            break;
        }
        case Family::far_offset: {
            const double size = log_uniform(1e-1, 1e2);
            const double offset = log_uniform(1e4, 1e7);
            k.a = convex<T>(integer(3, 10), size);
            k.b = convex<T>(integer(3, 10), size);
            const double ox = offset * (coin() ? 1 : -1), oy = offset * uniform(-1, 1);
            k.xa = gjk::Transform<T>::from(
                {T(ox + uniform(-size, size) * 2), T(oy + uniform(-size, size) * 2)},
                T(uniform(-3, 3)));
            k.xb = gjk::Transform<T>::from(
                {T(ox + uniform(-size, size) * 2), T(oy + uniform(-size, size) * 2)},
                T(uniform(-3, 3)));
            break;
        }
        case Family::big_polygons: {
            const double size = log_uniform(1e-1, 1e2);
            k.a = convex<T>(1024, size, uniform(0.3, 1));
            // 1024 against 1024 one time in ten: the brute-force oracle is O(n m).
            k.b = integer(0, 9) == 0 ? convex<T>(1024, size, uniform(0.3, 1)) : convex<T>(8, size);
            k.xa = transform<T>(size * 2.5);
            k.xb = transform<T>(size * 2.5);
            break;
        }
        case Family::rounded: {
            const double size = log_uniform(1e-2, 1e2);
            for (auto* pts : {&k.a, &k.b}) {
                const int kind = integer(0, 2); // circle, capsule, rounded polygon
                *pts = kind == 0 ? std::vector<gjk::Vec2<T>>{{0, 0}}
                                 : convex<T>(kind == 1 ? 2 : integer(3, 8), size);
            }
            k.ra = T(size * uniform(0.05, 1));
            k.rb = T(size * uniform(0.05, 1));
            k.xa = transform<T>(size * 3);
            k.xb = transform<T>(size * 3);
            break;
        }
        case Family::inside: {
            const double size = log_uniform(1e-2, 1e2);
            k.a = convex<T>(integer(3, 10), size);
            // B: a small polygon around a point well inside A (the mean of A's vertices).
            double cx = 0, cy = 0;
            for (const auto& p : k.a)
                cx += p.x, cy += p.y;
            cx /= static_cast<double>(k.a.size()), cy /= static_cast<double>(k.a.size());
            for (const auto& p : convex<T>(integer(3, 8), size * 0.05))
                k.b.push_back({T(p.x + cx), T(p.y + cy)});
            k.xa = k.xb = transform<T>(size * 3);
            if (coin())
                std::swap(k.a, k.b);
            break;
        }
        case Family::count:
            break;
        }
        return k;
    }

  private:
    std::mt19937_64 rng_;
};

/// Moves B toward A so that most pairs overlap, some deeply (families that are about contact
/// or containment are kept as they are).
template <class T> void pull_together(Case<T>& k, Generator& gen) {
    using F = Family;
    if (k.family == F::edge_touching || k.family == F::vertex_touching || k.family == F::tiny_gap ||
        k.family == F::inside || gen.integer(0, 3) == 0) {
        return;
    }
    const double u = gen.uniform(0, 0.6);
    k.xb.p = {T(k.xa.p.x + u * (double(k.xb.p.x) - k.xa.p.x)),
              T(k.xa.p.y + u * (double(k.xb.p.y) - k.xa.p.y))};
}

} // namespace gjk_test
