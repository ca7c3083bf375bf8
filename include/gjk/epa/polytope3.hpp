// gjk/epa/polytope3.hpp - the polytope EPA grows in space (gjk/epa/polytope.hpp is the plane's
// polygon): triangles of points of Z, wound counter-clockwise seen from outside, each knowing
// its three neighbours, with its outward unit normal and its plane's distance from the origin.
//
// Adding a point w beyond the closest face (van den Bergen's silhouette). The faces w sees
// (w beyond their plane) form a patch around the closest face; removing them leaves a hole whose
// rim, the horizon, is a cycle of edges, and the faces from w to each horizon edge close it
// again. The patch is found by a walk from the closest face across its edges: a neighbour that
// w sees is removed and walked from in turn, one it does not see gives a horizon edge. The walk
// visits the edges of each removed face in their winding order, so the horizon comes out in
// order around w: each new face's neighbours are the face across its horizon edge and the new
// faces before and after it (link_new_faces checks that order, and searches where round-off
// broke it). The walk decides visibility by w's height over each face's plane
// only, so the patch is connected and the new surface closed, whatever round-off says about
// faces further away. Twins of one plane (a quadrilateral face of Z split in two) go together:
// a face w is within round-off of is seen when a face beside it, parallel to it to round-off, has
// w above, where the sign alone could keep one twin and fold the new faces back over it (the
// test Penetration3Regression.ANewPointInThePlaneOfTwinFacesRemovesBoth). Each verdict is the
// face's own, whichever face the walk comes from, so a face left on the horizon is never removed
// later (Penetration3Regression.ATwinReachedFirstFromAnotherFaceIsJudgedTheSame). The round-off
// of a height is 16 eps of w - v0's largest coordinate (the unit normal to a few eps, the dot
// product 3 eps); it is not applied beyond twins, where a sliver's faces (Z thinner than
// round-off, as two needles in line) would all be within it.
//
// A face's normal is taken from its winding (detail::normal_direction, carried with its round-off),
// not from the origin's side: a face through the origin (the origin on the polytope's surface,
// as EPA's start leaves it when GJK ended on an edge) still has its outward normal.
#pragma once

#include <cstddef>
#include <limits>

#include "gjk/distance3_types.hpp"
#include "gjk/epa/inline_vector.hpp"
#include "gjk/math3.hpp"
#include "gjk/perpendicular3.hpp"

namespace gjk::detail {

/// Round-off in EPA's tests of a point against a face, for points whose largest coordinate is R:
/// a height over a plane (or a gap) within kHeightUlps eps R is round-off (the unit normal to a
/// few eps, the dot products 3 eps R each), and two unit normals whose dot product is within
/// kParallelUlps eps of 1 are parallel.
inline constexpr int kHeightUlps = 16;
inline constexpr int kParallelUlps = 64;

/// kHeightUlps eps of the largest coordinate R.
template <class T> T height_round_off(T largest) {
    return T(kHeightUlps) * std::numeric_limits<T>::epsilon() * largest;
}

/// Whether the unit normals m and n are parallel to round-off (kParallelUlps).
template <class T> bool parallel(const Vec3<T>& m, const Vec3<T>& n) {
    return dot(m, n) >= T(1) - T(kParallelUlps) * std::numeric_limits<T>::epsilon();
}

/// A triangle of the polytope.
template <class T> struct Face3 {
    int v[3];      ///< vertex indices, counter-clockwise seen from outside
    int across[3]; ///< the face across edge (v[k], v[k + 1 mod 3])
    Vec3<T> n{};   ///< the outward unit normal
    T distance{0}; ///< n . v[0]: the plane's distance from the origin (>= 0 inside)
    bool alive{true};
};

/// The polytope: its vertices (points of Z with their shapes' points) and faces, the first
/// `Vertices` and `Faces` of them held inline (a query of a few dozen iterations allocates
/// nothing), and the list of faces alive, in the order they were made.
template <class T, std::size_t Vertices = 32, std::size_t Faces = 128> class Polytope3 {
  public:
    const SimplexVertex3<T>& vertex(int i) const { return vertices_[std::size_t(i)]; }
    int vertex_count() const { return int(vertices_.size()); }
    const Face3<T>& face(int i) const { return faces_[std::size_t(i)]; }
    int face_count() const { return int(faces_.size()); }

    /// The tetrahedron on p0..p3 (in any order; a nonzero volume), its faces wound outward and
    /// linked.
    void tetrahedron(const SimplexVertex3<T>& p0, const SimplexVertex3<T>& p1,
                     const SimplexVertex3<T>& p2, const SimplexVertex3<T>& p3) {
        for (const SimplexVertex3<T>* p : {&p0, &p1, &p2, &p3}) {
            vertices_.push_back(*p);
        }
        const Vec3<T> to_fourth = p3.w - p0.w;
        const T volume =
            dot(normal_direction(p0.w, p1.w, p2.w), unit_scale({to_fourth}) * to_fourth);
        // Face (0, 1, 2) outward when vertex 3 is behind it, that is when the volume is < 0.
        const int a = 0, b = volume < T(0) ? 1 : 2, c = volume < T(0) ? 2 : 1, d = 3;
        const int f0 = add_face(a, b, c), f1 = add_face(a, d, b), f2 = add_face(b, d, c),
                  f3 = add_face(c, d, a);
        // Across each edge (v[k], v[k+1]) the face that holds it reversed.
        link(f0, f1, f2, f3);
        link(f1, f3, f2, f0);
        link(f2, f1, f3, f0);
        link(f3, f2, f1, f0);
    }

    /// The living face closest to the origin (least distance; the first made of equals), among
    /// those with a normal (a face of no area has none); -1 when there is none. Drops the dead
    /// from the list of the living on the way.
    int closest_face() {
        int best = -1;
        std::size_t kept = 0;
        for (std::size_t i = 0; i < live_.size(); ++i) {
            const int fi = live_[i];
            const Face3<T>& f = faces_[std::size_t(fi)];
            if (!f.alive) {
                continue;
            }
            live_[kept++] = fi;
            if (f.n != Vec3<T>{} && (best < 0 || f.distance < faces_[std::size_t(best)].distance)) {
                best = fi;
            }
        }
        live_.resize_down(kept);
        return best;
    }

    /// Adds `point` in place of the faces it sees, starting from face `seen` (which it must
    /// see).
    void add_vertex(const SimplexVertex3<T>& point, int seen) {
        vertices_.push_back(point);
        const int wi = int(vertices_.size()) - 1;
        const Vec3<T>& w = point.w;
        // w's offset from face f's plane's point v0.
        auto from_plane = [&](const Face3<T>& f) { return w - vertices_[std::size_t(f.v[0])].w; };
        // Face g: w above its plane, or (with `twins`) in it to round-off while a twin beside it
        // (parallel to round-off) has w above. A verdict of g alone, the same from whichever
        // face the walk comes: a face left on the horizon is never removed later.
        bool by_twin = false; // a face was removed as a twin
        auto sees = [&](const Face3<T>& g, bool twins) {
            const Vec3<T> d = from_plane(g);
            const T h = dot(g.n, d);
            if (h > T(0)) {
                return true;
            }
            if (!twins || !(h > -height_round_off(max_abs(d)))) {
                return false;
            }
            for (const int t : g.across) {
                const Face3<T>& twin = faces_[std::size_t(t)];
                if (parallel(g.n, twin.n) && dot(twin.n, from_plane(twin)) > T(0)) {
                    by_twin = true;
                    return true;
                }
            }
            return false;
        };
        // The walk, depth first: from face f, entered across its edge `from`, over its edges in
        // winding order (across `from` lies the face it came from, removed already; a removed
        // face is inside the patch, not on its rim). A frame is a face and its next step.
        struct Frame {
            int face, from, step;
        };
        InlineVector<Frame, 32> stack;
        auto walk = [&](bool twins) {
            horizon_.clear(), patch_.clear();
            faces_[std::size_t(seen)].alive = false;
            patch_.push_back(seen);
            stack.push_back({seen, 0, 0});
            while (!stack.empty()) {
                Frame& top = stack.back();
                if (top.step == 3) {
                    stack.resize_down(stack.size() - 1);
                    continue;
                }
                const int f = top.face, k = (top.from + top.step) % 3;
                ++top.step;
                const int g = faces_[std::size_t(f)].across[k];
                Face3<T>& face_g = faces_[std::size_t(g)];
                if (!face_g.alive) {
                    continue;
                }
                int gk = 0; // g's edge that is f's edge k, reversed
                while (face_g.across[gk] != f) {
                    ++gk;
                }
                if (sees(face_g, twins)) {
                    face_g.alive = false;
                    patch_.push_back(g);
                    stack.push_back({g, gk, 0});
                } else {
                    horizon_.push_back({g, gk});
                }
            }
        };
        walk(true);
        // Twins taken with w below them to round-off can make a patch that is not a disc (its
        // rim not one simple cycle), and the new faces would pinch the surface
        // (Penetration3.PointsInThePlaneOfTwinFacesKeepThePolytopeClosed): then the patch is
        // the one the signs alone give.
        if (by_twin && !simple_cycle()) {
            for (const int f : patch_) {
                faces_[std::size_t(f)].alive = true;
            }
            walk(false);
        }
        // New faces (the horizon edge's ends as the surviving face has them, reversed, then w),
        // each linked to the surviving face across its first edge.
        const int first = int(faces_.size());
        for (const HorizonEdge& h : horizon_) {
            const Face3<T>& g = faces_[std::size_t(h.face)];
            const int p = g.v[(h.k + 1) % 3], q = g.v[h.k]; // the edge as the removed face had it
            const int f = add_face(p, q, wi);               // (g's storage may move)
            faces_[std::size_t(f)].across[0] = h.face;
            faces_[std::size_t(h.face)].across[h.k] = f;
        }
        link_new_faces(first, int(horizon_.size()));
    }

    /// Links the new faces first .. first + count - 1, each (p, q, w), to one another: across
    /// edge 1 (q, w) the face that starts at q, across edge 2 (w, p) the face that ends at p.
    /// The walk leaves them in order around w, each starting where the one before ends: then
    /// the neighbours are the next and the previous. Else (round-off made the walk's patch
    /// other than a disc) they are found by search, which always finds them: the rim of a patch
    /// of a closed surface is a union of cycles, so every edge's end starts another edge, and the
    /// surface stays closed (every across set).
    void link_new_faces(int first, int count) {
        bool in_order = true;
        for (int h = 0; h < count; ++h) {
            const int next = first + (h + 1) % count;
            in_order &= faces_[std::size_t(first + h)].v[1] == faces_[std::size_t(next)].v[0];
        }
        for (int h = 0; h < count; ++h) {
            Face3<T>& f = faces_[std::size_t(first + h)];
            if (in_order) {
                f.across[1] = first + (h + 1) % count;
                f.across[2] = first + (h + count - 1) % count;
                continue;
            }
            for (int o = 0; o < count; ++o) {
                const Face3<T>& g = faces_[std::size_t(first + o)];
                if (g.v[0] == f.v[1]) {
                    f.across[1] = first + o; // g starts where f ends
                }
                if (g.v[1] == f.v[0]) {
                    f.across[2] = first + o;
                }
            }
        }
    }

    /// A face on vertices i, j, k (outward winding) with its normal and distance, alive; the
    /// neighbours are the caller's to set. Returns its index.
    int add_face(int i, int j, int k) {
        const Vec3<T>& a = vertices_[std::size_t(i)].w;
        const Vec3<T> n = normalized(
            normal_direction(a, vertices_[std::size_t(j)].w, vertices_[std::size_t(k)].w));
        Face3<T>& f = faces_.emplace_back();
        f.v[0] = i, f.v[1] = j, f.v[2] = k;
        f.across[0] = f.across[1] = f.across[2] = -1;
        f.n = n;
        f.distance = dot(n, a);
        f.alive = true;
        const int index = int(faces_.size()) - 1;
        live_.push_back(index);
        return index;
    }

    /// Adds a vertex with no faces (for tests that build a polytope face by face).
    int add_point(const SimplexVertex3<T>& point) {
        vertices_.push_back(point);
        return int(vertices_.size()) - 1;
    }

  private:
    struct HorizonEdge {
        int face, k; // the surviving face and its edge index, across from the removed patch
    };

    /// Whether the horizon is one simple cycle in order: each edge ends where the next starts,
    /// and no two start at the same vertex.
    bool simple_cycle() const {
        const std::size_t count = horizon_.size();
        auto start = [&](std::size_t h) { // as the new face has it: the surviving face's end
            const HorizonEdge& e = horizon_[h];
            return faces_[std::size_t(e.face)].v[(e.k + 1) % 3];
        };
        auto end = [&](std::size_t h) {
            const HorizonEdge& e = horizon_[h];
            return faces_[std::size_t(e.face)].v[e.k];
        };
        for (std::size_t h = 0; h < count; ++h) {
            if (end(h) != start((h + 1) % count)) {
                return false;
            }
            for (std::size_t o = h + 1; o < count; ++o) {
                if (start(o) == start(h)) {
                    return false;
                }
            }
        }
        return true;
    }

    void link(int f, int across0, int across1, int across2) {
        Face3<T>& face = faces_[std::size_t(f)];
        face.across[0] = across0, face.across[1] = across1, face.across[2] = across2;
    }

    InlineVector<SimplexVertex3<T>, Vertices> vertices_;
    InlineVector<Face3<T>, Faces> faces_;
    InlineVector<int, Faces> live_;
    InlineVector<HorizonEdge, 32> horizon_;
    InlineVector<int, 64> patch_; // the faces the last walk removed
};

} // namespace gjk::detail
