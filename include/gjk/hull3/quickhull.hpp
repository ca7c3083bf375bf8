// gjk/hull3/quickhull.hpp - the hull of points that span space, as a closed surface of
// triangles: quickhull (Barber, Dobkin and Huhdanpaa, 1996) on the exact orientation
// (gjk/orientation3.hpp). gjk/hull3.hpp calls it and handles the flat cases.
//
// The surface starts as a tetrahedron of four of the points. Every other point waits in the
// outside set of one face it lies strictly above (orientation > 0); a point above no face is
// inside or on the surface and is dropped. Then, while a face has an outside set:
//   1. its apex q: the point of the set furthest above the face (in floating point: which
//      point goes first changes the speed, never the answer);
//   2. the faces visible from q - q strictly above them - found by a walk over neighbours from
//      that face: the faces of a convex polytope visible from a point outside it are all the
//      faces of the polytope's facets beyond the point, a connected patch (a disc);
//   3. the horizon, the patch's boundary edges (a, b), each becomes the face (a, b, q), linked
//      to the face beyond the horizon and to its two new neighbours; the patch is deleted;
//   4. the points of the deleted outside sets go to a new face they are strictly above, or
//      are dropped.
// Step 4 drops no point outside the new hull K. Let p, outside K, be strictly above a deleted
// face f, and suppose it were on or below every new face. Then so is the whole segment from q
// to p (q lies on every new face's plane), and the segment leaves K at a point y where it goes
// beyond the plane of a face through y: a kept old face, so y is in the old hull. But the
// segment lies strictly above f (both ends do), and the old hull does not: a contradiction.
// A new face is never degenerate: q is strictly above the deleted face of its edge (a, b), so
// off that edge's line.
// With "strictly above" every step is exact, coplanar points included: a point on the plane of
// a facet is not above it, so a facet of many coplanar points stays a set of coplanar triangles.
// What coplanar points can leave is a vertex that is no corner of the hull: a point that was a
// corner when it came and then lay inside a larger facet or on a longer edge. corner() finds
// them: around a corner the triangles lie in at least three planes.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <vector>

#include "gjk/math3.hpp"
#include "gjk/orientation3.hpp"

namespace gjk::detail {

/// The hull of points in space (precondition: the four points of `start` are not coplanar).
template <class R> class Quickhull3 {
  public:
    /// A triangle of the surface: its vertices (indices of points), counter-clockwise seen from
    /// outside, and its neighbours: next[e] shares the edge from v[e] to v[e + 1].
    struct Face {
        int v[3]{};
        int next[3]{-1, -1, -1};
        bool alive{true};
        int stamp{0};               // the last step that tested the face (visit())
        bool visible{false};        // whether that step's apex saw it
        Vec3<R> normal{};           // (v1 - v0) x (v2 - v0), rounded: for the apex only
        std::vector<int> outside{}; // points strictly above this face, waiting
        int apex{-1};               // the furthest of them
        R apex_height{0};           // its height, normal . (p - v0)
    };

    /// Builds the hull of `points` from the tetrahedron `start`.
    Quickhull3(const std::vector<Vec3<R>>& points, std::array<int, 4> start) : p_(points) {
        if (orientation(p_[start[0]], p_[start[1]], p_[start[2]], p_[start[3]]) > 0) {
            std::swap(start[1], start[2]); // now start[3] is below the face (0, 1, 2)
        }
        const int s0 = start[0], s1 = start[1], s2 = start[2], s3 = start[3];
        const int tetra[4][3] = {{s0, s1, s2}, {s1, s0, s3}, {s2, s1, s3}, {s0, s2, s3}};
        for (const auto& t : tetra) {
            add_face(t[0], t[1], t[2]);
        }
        for (int f = 0; f < 4; ++f) { // the neighbour across each edge: its reverse
            for (int e = 0; e < 3; ++e) {
                faces_[f].next[e] = face_with_edge(faces_[f].v[(e + 1) % 3], faces_[f].v[e]);
            }
        }
        std::vector<int> rest;
        for (int i = 0; i < int(p_.size()); ++i) {
            if (i != s0 && i != s1 && i != s2 && i != s3) {
                rest.push_back(i);
            }
        }
        distribute(rest, 0);
        grow();
    }

    /// The faces (some deleted: alive false).
    const std::vector<Face>& faces() const { return faces_; }

    /// Whether the surface's vertex `v`, with `f` one of its faces, is a corner of the hull: the
    /// triangles around it lie in at least three planes. Walking around v, each pair of
    /// consecutive triangles (v, a, b), (v, b, c) is a fold unless v, a, b, c are coplanar; the
    /// facets of the hull around v are runs of triangles, so the folds count them: none inside
    /// a facet, two on an edge between two facets, three or more at a corner.
    bool corner(int v, int f) const {
        int folds = 0;
        const int first = f;
        do {
            const Face& t = faces_[std::size_t(f)];
            const int i = t.v[0] == v ? 0 : (t.v[1] == v ? 1 : 2);
            const int a = t.v[(i + 1) % 3], b = t.v[(i + 2) % 3];
            f = t.next[(i + 2) % 3]; // across the edge b -> v: the triangle (v, b, c)
            const Face& u = faces_[std::size_t(f)];
            const int j = u.v[0] == v ? 0 : (u.v[1] == v ? 1 : 2);
            const int c = u.v[(j + 2) % 3];
            folds += orientation(p_[std::size_t(v)], p_[std::size_t(a)], p_[std::size_t(b)],
                                 p_[std::size_t(c)]) != 0;
        } while (f != first && folds < 3);
        return folds >= 3;
    }

  private:
    int add_face(int a, int b, int c) {
        Face t;
        t.v[0] = a, t.v[1] = b, t.v[2] = c;
        const Vec3<R> pa = p_[std::size_t(a)];
        t.normal = cross(p_[std::size_t(b)] - pa, p_[std::size_t(c)] - pa);
        faces_.push_back(std::move(t));
        return int(faces_.size()) - 1;
    }

    int face_with_edge(int a, int b) const { // among the live faces; -1 if none
        for (int f = 0; f < int(faces_.size()); ++f) {
            const Face& t = faces_[std::size_t(f)];
            for (int e = 0; e < 3; ++e) {
                if (t.alive && t.v[e] == a && t.v[(e + 1) % 3] == b) {
                    return f;
                }
            }
        }
        return -1;
    }

    bool above(const Face& t, int q) const {
        return orientation(p_[std::size_t(t.v[0])], p_[std::size_t(t.v[1])],
                           p_[std::size_t(t.v[2])], p_[std::size_t(q)]) > 0;
    }

    /// Whether the horizon's edges (a, b) join into one cycle through distinct vertices, as
    /// the boundary of a disc of faces does (always, with exact signs). `mark` is -1 for every
    /// point, and is again on return.
    bool simple_cycle(const std::vector<std::array<int, 2>>& horizon, std::vector<int>& mark) {
        auto edge = [&](std::size_t k, int end) {
            const Face& t = faces_[std::size_t(horizon[k][0])];
            return t.v[(horizon[k][1] + end) % 3];
        };
        bool distinct = true;
        for (std::size_t k = 0; k < horizon.size(); ++k) { // mark[a]: the edge leaving a
            distinct &= mark[std::size_t(edge(k, 0))] < 0;
            mark[std::size_t(edge(k, 0))] = int(k);
        }
        std::size_t length = 0;
        for (std::size_t k = 0; distinct && length <= horizon.size(); ++length) {
            const int next = mark[std::size_t(edge(k, 1))];
            if (next < 0) {
                break;
            }
            k = std::size_t(next);
            if (k == 0) {
                ++length;
                break;
            }
        }
        for (std::size_t k = 0; k < horizon.size(); ++k) {
            mark[std::size_t(edge(k, 0))] = -1;
        }
        return distinct && length == horizon.size();
    }

    /// The furthest of a face's waiting points, again.
    void reset_apex(Face& t) {
        t.apex = -1;
        for (const int q : t.outside) {
            const R height = dot(t.normal, p_[std::size_t(q)] - p_[std::size_t(t.v[0])]);
            if (t.apex < 0 || height > t.apex_height) {
                t.apex = q, t.apex_height = height;
            }
        }
    }

    /// Step 4 (and the start): each point to the first face from `first` on that it is
    /// strictly above; the rest are dropped.
    void distribute(const std::vector<int>& points, int first) {
        for (const int q : points) {
            for (int f = first; f < int(faces_.size()); ++f) {
                Face& t = faces_[std::size_t(f)];
                if (!above(t, q)) {
                    continue;
                }
                const R height = dot(t.normal, p_[std::size_t(q)] - p_[std::size_t(t.v[0])]);
                if (t.apex < 0 || height > t.apex_height) {
                    t.apex = q, t.apex_height = height;
                }
                t.outside.push_back(q);
                break;
            }
        }
    }

    /// Steps 1 to 4 until no face has an outside set.
    void grow() {
        std::vector<int> pending;
        for (int f = 0; f < int(faces_.size()); ++f) {
            pending.push_back(f);
        }
        std::vector<int> patch, waiting;
        std::vector<std::array<int, 2>> horizon;     // (visible face, edge)
        std::vector<int> starting_at(p_.size(), -1); // new face by its horizon edge's start
        int step = 0;
        while (!pending.empty()) {
            const int f0 = pending.back();
            pending.pop_back();
            if (!faces_[std::size_t(f0)].alive || faces_[std::size_t(f0)].outside.empty()) {
                continue;
            }
            const int q = faces_[std::size_t(f0)].apex;
            // 2. The visible patch, by a walk from f0 (which q is above).
            ++step;
            patch.assign(1, f0);
            horizon.clear();
            faces_[std::size_t(f0)].stamp = step, faces_[std::size_t(f0)].visible = true;
            for (std::size_t k = 0; k < patch.size(); ++k) {
                const int f = patch[k];
                for (int e = 0; e < 3; ++e) {
                    const int g = faces_[std::size_t(f)].next[e];
                    Face& t = faces_[std::size_t(g)];
                    if (t.stamp != step) {
                        t.stamp = step, t.visible = above(t, q);
                        if (t.visible) {
                            patch.push_back(g);
                        }
                    }
                    if (!t.visible) {
                        horizon.push_back({f, e});
                    }
                }
            }
            if (!simple_cycle(horizon, starting_at)) {
                // Only a sign that is not exact can make this happen (outside the domain of
                // gjk/orientation3.hpp): q is dropped, the surface stays closed.
                std::vector<int>& waiting_here = faces_[std::size_t(f0)].outside;
                waiting_here.erase(std::find(waiting_here.begin(), waiting_here.end(), q));
                reset_apex(faces_[std::size_t(f0)]);
                pending.push_back(f0);
                continue;
            }
            // 3. A new face on each horizon edge (a, b): (a, b, q).
            const int first_new = int(faces_.size());
            for (const auto& [f, e] : horizon) {
                const int a = faces_[std::size_t(f)].v[e];
                const int b = faces_[std::size_t(f)].v[(e + 1) % 3];
                const int beyond = faces_[std::size_t(f)].next[e];
                const int n = add_face(a, b, q);
                faces_[std::size_t(n)].next[0] = beyond;
                Face& t = faces_[std::size_t(beyond)];
                for (int j = 0; j < 3; ++j) {
                    if (t.v[j] == b && t.v[(j + 1) % 3] == a) {
                        t.next[j] = n;
                    }
                }
                starting_at[std::size_t(a)] = n;
            }
            for (int n = first_new; n < int(faces_.size()); ++n) {
                // (a, b, q)'s edge b -> q is (b, c, q)'s edge q -> b.
                const int m = starting_at[std::size_t(faces_[std::size_t(n)].v[1])];
                faces_[std::size_t(n)].next[1] = m;
                faces_[std::size_t(m)].next[2] = n;
            }
            for (const auto& [f, e] : horizon) {
                starting_at[std::size_t(faces_[std::size_t(f)].v[e])] = -1;
            }
            // 4. The patch's waiting points to the new faces.
            waiting.clear();
            for (const int f : patch) {
                Face& t = faces_[std::size_t(f)];
                for (const int p : t.outside) {
                    if (p != q) {
                        waiting.push_back(p);
                    }
                }
                t.alive = false;
                t.outside = {};
            }
            distribute(waiting, first_new);
            for (int n = first_new; n < int(faces_.size()); ++n) {
                pending.push_back(n);
            }
        }
    }

    const std::vector<Vec3<R>>& p_;
    std::vector<Face> faces_;
};

} // namespace gjk::detail
