// Implementation of the independent test oracle. See oracle.hpp for the contract.
#include "oracle/oracle.hpp"

#include <algorithm>
#include <atomic>
#include <cfloat>
#include <cmath>
#include <cstddef>
#include <limits>
#include <optional>
#include <stdexcept>
#include <utility>

namespace oracle {

static_assert(std::numeric_limits<R>::digits == 64 && std::numeric_limits<R>::radix == 2,
              "the oracle's error bounds assume x87 extended precision (64-bit mantissa)");
static_assert(std::numeric_limits<R>::has_denorm == std::denorm_present);

namespace {

std::atomic<std::uint64_t> g_exact_fallbacks{0};

R cross(P o, P a, P b) {
    return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

int sign_of(int s) {
    return (s > 0) - (s < 0);
}

int orient_exact(P a, P b, P c) {
    const mpq_class ax = to_mpq(a.x), ay = to_mpq(a.y);
    const mpq_class bx = to_mpq(b.x), by = to_mpq(b.y);
    const mpq_class cx = to_mpq(c.x), cy = to_mpq(c.y);
    const mpq_class det = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
    return sign_of(sgn(det));
}

// q on the closed segment [a, b], given that a, b, q are collinear (exact comparisons only).
bool within_box(P a, P b, P q) {
    return std::min(a.x, b.x) <= q.x && q.x <= std::max(a.x, b.x) && std::min(a.y, b.y) <= q.y &&
           q.y <= std::max(a.y, b.y);
}

bool on_segment(P a, P b, P q) {
    return orient(a, b, q) == 0 && within_box(a, b, q);
}

// Edges of a hull as returned by hull(): none for 0 or 1 point, the segment itself for 2 points,
// the closed cycle otherwise.
std::size_t edge_count(const std::vector<P>& h) {
    if (h.size() < 2) {
        return 0;
    }
    return h.size() == 2 ? 1 : h.size();
}

std::pair<P, P> edge(const std::vector<P>& h, std::size_t i) {
    return {h[i], h[(i + 1) % h.size()]};
}

// A point where the properly crossing segments [p1, p2] and [q1, q2] meet, in long double.
P crossing_point(P p1, P p2, P q1, P q2) {
    const R d1 = cross(q1, q2, p1);
    const R d2 = cross(q1, q2, p2);
    R t = d1 - d2 != 0 ? d1 / (d1 - d2) : R(0.5);
    t = std::clamp(t, R(0), R(1));
    return {p1.x + t * (p2.x - p1.x), p1.y + t * (p2.y - p1.y)};
}

// Some point common to the closed hulls, or nothing when they are disjoint (exact verdict).
std::optional<P> common_point(const std::vector<P>& ha, const std::vector<P>& hb) {
    if (ha.empty() || hb.empty()) {
        return std::nullopt;
    }
    for (const P& v : ha) {
        if (contains(hb, v)) {
            return v;
        }
    }
    for (const P& v : hb) {
        if (contains(ha, v)) {
            return v;
        }
    }
    // No vertex of either hull lies in the other, so any meeting of two edges is a proper
    // crossing (an endpoint touching the other edge would be a contained vertex).
    for (std::size_t i = 0; i < edge_count(ha); ++i) {
        const auto [p1, p2] = edge(ha, i);
        for (std::size_t j = 0; j < edge_count(hb); ++j) {
            const auto [q1, q2] = edge(hb, j);
            if (segments_intersect(p1, p2, q1, q2)) {
                return crossing_point(p1, p2, q1, q2);
            }
        }
    }
    return std::nullopt;
}

} // namespace

mpq_class to_mpq(R v) {
    if (!std::isfinite(v)) {
        throw std::domain_error("oracle::to_mpq: non-finite value");
    }
    if (v == 0) {
        return mpq_class(0);
    }
    // v = m * 2^e with 0.5 <= |m| < 1 (frexpl); m has at most 64 significant bits, so
    // |m| * 2^64 (ldexpl, exact) is an integer in [2^63, 2^64). Subnormals are normalised by
    // frexpl.
    int e = 0;
    const R m = frexpl(v, &e);
    const R scaled = ldexpl(fabsl(m), 64);
    const auto mant = static_cast<std::uint64_t>(scaled);
    mpz_class z(static_cast<unsigned long>(mant >> 32));
    z <<= 32;
    z += static_cast<unsigned long>(mant & 0xffffffffULL);
    mpq_class q(z);
    const int shift = e - 64;
    if (shift > 0) {
        mpq_mul_2exp(q.get_mpq_t(), q.get_mpq_t(), static_cast<mp_bitcnt_t>(shift));
    } else if (shift < 0) {
        mpq_div_2exp(q.get_mpq_t(), q.get_mpq_t(), static_cast<mp_bitcnt_t>(-shift));
    }
    if (m < 0) {
        q = -q;
    }
    return q;
}

int orient(P a, P b, P c) {
    // Floating-point filter. With u = 2^-64 (unit roundoff of long double) and round to nearest,
    // l = fl(fl(bx-ax) * fl(cy-ay)) satisfies |l - L| <= ((1+u)^3 - 1)/(1-u)^3 |l| <= (3u +
    // 13u^2)|l| (likewise r), and det = fl(l - r) adds at most u |l - r| <= u (|l| + |r|). So |det
    // - D| <= (4u + 13u^2)(|l| + |r|) < 5u (|l| + |r|) <= 5u s / (1 - u), s = fl(|l| + |r|). The
    // bound used, 8u s = 2^-61 s (an exact scaling), is larger. This analysis assumes no underflow
    // and no overflow: non-finite s goes to the exact path, and so does s < 2^-16000; above that,
    // the absolute error of a subnormal product (<= 2^-16446) is far inside the slack 3u s >=
    // 2^-16063 (differences that underflow are exact).
    const R l = (b.x - a.x) * (c.y - a.y);
    const R r = (b.y - a.y) * (c.x - a.x);
    const R det = l - r;
    const R s = std::fabs(l) + std::fabs(r);
    if (std::isfinite(s) && s >= 0x1p-16000L) {
        const R errbound = s * 0x1p-61L;
        if (det > errbound) {
            return 1;
        }
        if (det < -errbound) {
            return -1;
        }
    }
    g_exact_fallbacks.fetch_add(1, std::memory_order_relaxed);
    return orient_exact(a, b, c);
}

std::uint64_t orient_exact_fallbacks() {
    return g_exact_fallbacks.load(std::memory_order_relaxed);
}

std::vector<P> hull(std::vector<P> pts) {
    std::sort(pts.begin(), pts.end(),
              [](const P& p, const P& q) { return p.x < q.x || (p.x == q.x && p.y < q.y); });
    pts.erase(std::unique(pts.begin(), pts.end()), pts.end());
    const std::size_t n = pts.size();
    if (n <= 1) {
        return pts;
    }
    std::vector<P> h(2 * n);
    std::size_t k = 0;
    for (std::size_t i = 0; i < n; ++i) { // lower chain, left to right
        while (k >= 2 && orient(h[k - 2], h[k - 1], pts[i]) <= 0) {
            --k;
        }
        h[k++] = pts[i];
    }
    for (std::size_t i = n - 1, t = k + 1; i-- > 0;) { // upper chain, right to left
        while (k >= t && orient(h[k - 2], h[k - 1], pts[i]) <= 0) {
            --k;
        }
        h[k++] = pts[i];
    }
    h.resize(k - 1); // the last point repeats the first
    return h;
}

bool contains(const std::vector<P>& h, P q) {
    switch (h.size()) {
    case 0:
        return false;
    case 1:
        return h[0] == q;
    case 2:
        return on_segment(h[0], h[1], q);
    default:
        for (std::size_t i = 0; i < h.size(); ++i) {
            if (orient(h[i], h[(i + 1) % h.size()], q) < 0) {
                return false;
            }
        }
        return true;
    }
}

bool segments_intersect(P p1, P p2, P q1, P q2) {
    const int d1 = orient(q1, q2, p1);
    const int d2 = orient(q1, q2, p2);
    const int d3 = orient(p1, p2, q1);
    const int d4 = orient(p1, p2, q2);
    if (d1 * d2 < 0 && d3 * d4 < 0) {
        return true;
    }
    return (d1 == 0 && within_box(q1, q2, p1)) || (d2 == 0 && within_box(q1, q2, p2)) ||
           (d3 == 0 && within_box(p1, p2, q1)) || (d4 == 0 && within_box(p1, p2, q2));
}

bool intersect(const std::vector<P>& ha, const std::vector<P>& hb) {
    return common_point(ha, hb).has_value();
}

R point_segment_distance(P q, P a, P b, P* closest) {
    const R dx = b.x - a.x;
    const R dy = b.y - a.y;
    const R dd = dx * dx + dy * dy;
    P proj = a;
    if (dd > 0) {
        const R t = ((q.x - a.x) * dx + (q.y - a.y) * dy) / dd;
        if (t >= 1) {
            proj = b;
        } else if (t > 0) {
            proj = {a.x + t * dx, a.y + t * dy};
        }
    }
    if (closest != nullptr) {
        *closest = proj;
    }
    return std::hypot(q.x - proj.x, q.y - proj.y);
}

Closest distance(const std::vector<P>& ha, const std::vector<P>& hb) {
    if (ha.empty() || hb.empty()) {
        throw std::invalid_argument("oracle::distance: empty hull");
    }
    if (const auto common = common_point(ha, hb)) {
        return {R(0), *common, *common};
    }
    Closest best{std::numeric_limits<R>::infinity(), ha[0], hb[0]};
    auto consider = [&best](R d, P a, P b) {
        if (d < best.distance) {
            best = {d, a, b};
        }
    };
    for (const P& a : ha) {
        for (const P& b : hb) {
            consider(std::hypot(a.x - b.x, a.y - b.y), a, b);
        }
    }
    for (const P& a : ha) {
        for (std::size_t j = 0; j < edge_count(hb); ++j) {
            const auto [e0, e1] = edge(hb, j);
            P c;
            const R d = point_segment_distance(a, e0, e1, &c);
            consider(d, a, c);
        }
    }
    for (const P& b : hb) {
        for (std::size_t i = 0; i < edge_count(ha); ++i) {
            const auto [e0, e1] = edge(ha, i);
            P c;
            const R d = point_segment_distance(b, e0, e1, &c);
            consider(d, c, b);
        }
    }
    return best;
}

R depth(const std::vector<P>& ha, const std::vector<P>& hb) {
    if (!intersect(ha, hb)) {
        return 0;
    }
    std::vector<P> diff;
    diff.reserve(ha.size() * hb.size());
    for (const P& a : ha) {
        for (const P& b : hb) {
            diff.push_back({b.x - a.x, b.y - a.y});
        }
    }
    const std::vector<P> m = hull(std::move(diff));
    if (m.size() < 3) {
        return 0;
    }
    const P origin{};
    R best = std::numeric_limits<R>::infinity();
    for (std::size_t i = 0; i < m.size(); ++i) {
        const P p = m[i];
        const P q = m[(i + 1) % m.size()];
        // Origin on (or, after rounding of the differences, outside) this edge: no penetration.
        if (orient(p, q, origin) <= 0) {
            return 0;
        }
        // The distance to the edge, not to its line: with the origin inside the hull both give
        // the same minimum, but |p x q| / |q - p| divides the cross product's round-off by the
        // length of the edge, and a hull of float differences like 2.5e-14 - 1e-33 has edges
        // one rounding long: one at x = -7.9e16 came out 2^56 = 7.2e16 from the origin, below
        // the depth, 7.87e16 (fuzz_kernel; TEST(OracleDepth, TinyHullEdgesDoNotDecideTheDepth)).
        best = std::min(best, point_segment_distance(origin, p, q, nullptr));
    }
    return best;
}

R rounded_distance(const std::vector<P>& ha, R ra, const std::vector<P>& hb, R rb) {
    return std::max(R(0), distance(ha, hb).distance - ra - rb);
}

R signed_distance(const std::vector<P>& ha, R ra, const std::vector<P>& hb, R rb) {
    if (intersect(ha, hb)) {
        return -(depth(ha, hb) + ra + rb);
    }
    return distance(ha, hb).distance - ra - rb;
}

std::vector<P> moved(const std::vector<P>& h, R t, P d) {
    std::vector<P> out;
    out.reserve(h.size());
    for (const P& p : h) {
        out.push_back({p.x + t * d.x, p.y + t * d.y});
    }
    return out;
}

R cast_fraction(const std::vector<P>& ha, R ra, P da, const std::vector<P>& hb, R rb, P db,
                R target) {
    const R goal = target + ra + rb;
    auto g = [&](R t) { return distance(moved(ha, t, da), moved(hb, t, db)).distance; };
    if (g(0) <= goal) {
        return 0;
    }
    R lo = 0, hi = 1;
    while (hi - lo > 1e-18L) { // ternary search for the minimum of convex g
        const R m1 = lo + (hi - lo) / 3, m2 = hi - (hi - lo) / 3;
        if (g(m1) <= g(m2)) {
            hi = m2;
        } else {
            lo = m1;
        }
    }
    const R t_min = (lo + hi) / 2;
    if (g(t_min) > goal) {
        return -1;
    }
    lo = 0; // g(lo) > goal >= g(hi)
    hi = t_min;
    while (hi - lo > 1e-19L) {
        const R mid = (lo + hi) / 2;
        if (mid <= lo || mid >= hi) {
            break;
        }
        (g(mid) <= goal ? hi : lo) = mid;
    }
    return hi;
}

R point_distance(const std::vector<P>& h, R r, P q) {
    return std::max(R(0), distance(h, std::vector<P>{q}).distance - r);
}

} // namespace oracle
