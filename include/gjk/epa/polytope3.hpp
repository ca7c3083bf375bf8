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
// faces before and after it. The walk decides visibility by the sign of the face's distance to
// w only, so the patch is connected and the new surface closed, whatever round-off says about
// faces further away.
//
// A face's normal is taken from its winding (detail::face_normal, carried with its round-off),
// not from the origin's side: a face through the origin (the origin on the polytope's surface,
// as EPA's start leaves it when GJK ended on an edge) still has its outward normal.
#pragma once

#include <vector>

#include "gjk/distance3_types.hpp"
#include "gjk/math3.hpp"
#include "gjk/perpendicular3.hpp"

namespace gjk::detail {

/// A triangle of the polytope.
template <class T> struct Face3 {
    int v[3];      ///< vertex indices, counter-clockwise seen from outside
    int across[3]; ///< the face across edge (v[k], v[k + 1 mod 3])
    Vec3<T> n{};   ///< the outward unit normal
    T distance{0}; ///< n . v[0]: the plane's distance from the origin (>= 0 inside)
    bool alive{true};
};

/// The polytope: its vertices (points of Z with their shapes' points) and faces.
template <class T> struct Polytope3 {
    std::vector<SimplexVertex3<T>> vertices;
    std::vector<Face3<T>> faces;

    /// A face on vertices i, j, k (outward winding) with its normal and distance; the
    /// neighbours are the caller's to set.
    int add_face(int i, int j, int k) {
        Face3<T> f{{i, j, k}, {-1, -1, -1}};
        const Vec3<T> a = vertices[std::size_t(i)].w, b = vertices[std::size_t(j)].w,
                      c = vertices[std::size_t(k)].w;
        f.n = normalized(normal_direction(a, b, c));
        f.distance = dot(f.n, a);
        faces.push_back(f);
        return int(faces.size()) - 1;
    }

    /// The tetrahedron on vertices 0..3 (in any order; a nonzero volume), its faces wound
    /// outward and linked.
    void tetrahedron() {
        const Vec3<T> w0 = vertices[0].w, to_fourth = vertices[3].w - w0;
        const T volume = dot(normal_direction(w0, vertices[1].w, vertices[2].w),
                             unit_scale({to_fourth}) * to_fourth);
        // Face (0, 1, 2) outward when vertex 3 is behind it, that is when the volume is < 0.
        const int a = 0, b = volume < T(0) ? 1 : 2, c = volume < T(0) ? 2 : 1, d = 3;
        const int f0 = add_face(a, b, c), f1 = add_face(a, d, b), f2 = add_face(b, d, c),
                  f3 = add_face(c, d, a);
        // Across each edge (v[k], v[k+1]) the face that holds it reversed.
        faces[std::size_t(f0)].across[0] = f1, faces[std::size_t(f0)].across[1] = f2;
        faces[std::size_t(f0)].across[2] = f3;
        faces[std::size_t(f1)].across[0] = f3, faces[std::size_t(f1)].across[1] = f2;
        faces[std::size_t(f1)].across[2] = f0;
        faces[std::size_t(f2)].across[0] = f1, faces[std::size_t(f2)].across[1] = f3;
        faces[std::size_t(f2)].across[2] = f0;
        faces[std::size_t(f3)].across[0] = f2, faces[std::size_t(f3)].across[1] = f1;
        faces[std::size_t(f3)].across[2] = f0;
    }

    /// The living face closest to the origin (least distance), among those with a normal (a
    /// face of no area has none); -1 when there is none.
    int closest_face() const {
        int best = -1;
        for (int i = 0; i < int(faces.size()); ++i) {
            const Face3<T>& f = faces[std::size_t(i)];
            if (f.alive && f.n != Vec3<T>{} &&
                (best < 0 || f.distance < faces[std::size_t(best)].distance)) {
                best = i;
            }
        }
        return best;
    }

    /// Adds vertex `w` (index `wi`) in place of the faces it sees, starting from face `seen`
    /// (which it must see).
    void add_vertex(int wi, int seen) {
        struct Edge {
            int face, k; // the surviving face and its edge index, across from the removed patch
        };
        std::vector<Edge> horizon;
        const Vec3<T> w = vertices[std::size_t(wi)].w;
        auto sees = [&](const Face3<T>& f) {
            return dot(f.n, w - vertices[std::size_t(f.v[0])].w) > T(0);
        };
        // The walk: from face f, entered across its edge `from`, over its edges in winding order
        // (across `from` lies the face it came from, removed already; a removed face is inside
        // the patch, not on its rim).
        auto walk = [&](auto& self, int f, int from) -> void {
            faces[std::size_t(f)].alive = false;
            for (int step = 0; step < 3; ++step) {
                const int k = (from + step) % 3;
                const int g = faces[std::size_t(f)].across[k];
                if (!faces[std::size_t(g)].alive) {
                    continue;
                }
                // g's edge that is f's edge k, reversed.
                int gk = 0;
                while (faces[std::size_t(g)].across[gk] != f) {
                    ++gk;
                }
                if (sees(faces[std::size_t(g)])) {
                    self(self, g, gk);
                } else {
                    horizon.push_back({g, gk});
                }
            }
        };
        walk(walk, seen, 0);
        // New faces (the horizon edge's ends as the surviving face has them, reversed, then w),
        // each linked to the surviving face and to its neighbours along the horizon.
        const int first = int(faces.size());
        const int count = int(horizon.size());
        for (int h = 0; h < count; ++h) {
            const Face3<T>& g = faces[std::size_t(horizon[std::size_t(h)].face)];
            const int k = horizon[std::size_t(h)].k;
            const int p = g.v[(k + 1) % 3], q = g.v[k]; // the edge as the removed face had it
            const int f = add_face(p, q, wi);
            faces[std::size_t(f)].across[0] = horizon[std::size_t(h)].face;
            faces[std::size_t(horizon[std::size_t(h)].face)].across[k] = f;
        }
        for (int h = 0; h < count; ++h) { // edge 1: (q, w), edge 2: (w, p)
            Face3<T>& f = faces[std::size_t(first + h)];
            for (int o = 0; o < count; ++o) {
                const Face3<T>& g = faces[std::size_t(first + o)];
                if (g.v[0] == f.v[1]) {
                    f.across[1] = first + o; // g starts where f ends
                }
                if (g.v[1] == f.v[0]) {
                    f.across[2] = first + o;
                }
            }
        }
    }
};

} // namespace gjk::detail
