// bench/peers3.hpp - the 3D peers' shapes and poses made from gjk's, as each peer's
// documentation says, for the rows in space (space_big.cpp, space_sequences.cpp,
// space_penetration_peers.cpp): Bullet 3.24's btConvexHullShape of the points with a margin of
// zero, FCL 0.7's Convex of the points' hull (its corners and faces, from gjk::convex_hull3,
// which the tests check against qhull). Each part is compiled only when its peer was found.
#pragma once

#include <array>
#include <memory>
#include <vector>

#include "gjk/hull3.hpp"
#include "gjk/math3.hpp"

#if defined(GJK_BENCH_BULLET)
#include <BulletCollision/CollisionShapes/btConvexHullShape.h>
#endif
#if defined(GJK_BENCH_FCL)
#include <fcl/geometry/shape/convex.h>
#endif

namespace gjk_bench {

#if defined(GJK_BENCH_BULLET)
/// Bullet's hull of the points, margin zero.
inline std::unique_ptr<btConvexHullShape>
bullet_hull(const std::vector<gjk::Vec3<double>>& points) {
    auto hull = std::make_unique<btConvexHullShape>();
    for (const auto& p : points) {
        hull->addPoint(btVector3(btScalar(p.x), btScalar(p.y), btScalar(p.z)), false);
    }
    hull->recalcLocalAabb();
    hull->setMargin(0);
    return hull;
}

/// A pose as Bullet's transform.
inline btTransform bullet_transform(const gjk::Transform3<double>& xf) {
    return btTransform(
        btQuaternion(btScalar(xf.q.x), btScalar(xf.q.y), btScalar(xf.q.z), btScalar(xf.q.w)),
        btVector3(btScalar(xf.p.x), btScalar(xf.p.y), btScalar(xf.p.z)));
}
#endif

#if defined(GJK_BENCH_FCL)
/// FCL's Convex of the points' hull: each face its vertex count, then its vertices.
inline fcl::Convexd fcl_convex(const std::vector<gjk::Vec3<double>>& points) {
    const gjk::Hull3<double> hull = gjk::convex_hull3<double>(points);
    auto vertices = std::make_shared<std::vector<fcl::Vector3d>>();
    for (const auto& p : hull.vertices) {
        vertices->emplace_back(p.x, p.y, p.z);
    }
    auto faces = std::make_shared<std::vector<int>>();
    for (const std::array<int, 3>& f : hull.faces) {
        faces->insert(faces->end(), {3, f[0], f[1], f[2]});
    }
    return fcl::Convexd(vertices, int(hull.faces.size()), faces);
}

/// A pose as FCL's transform.
inline fcl::Transform3d fcl_transform(const gjk::Transform3<double>& xf) {
    fcl::Transform3d t = fcl::Transform3d::Identity();
    t.linear() = fcl::Quaterniond(xf.q.w, xf.q.x, xf.q.y, xf.q.z).toRotationMatrix();
    t.translation() = fcl::Vector3d(xf.p.x, xf.p.y, xf.p.z);
    return t;
}
#endif

} // namespace gjk_bench
