// The built-in example scenes of `gjk demo`: one per situation the talk walks through.
#pragma once

#include <string>
#include <vector>

#include "gjk/gjk.hpp"

namespace gjk::cli {

struct Scene {
    std::string name;        ///< file-name friendly
    std::string description; ///< one sentence
    Shape<double> a, b;
    Transform<double> xf_a, xf_b;
};

inline std::vector<Scene> demo_scenes() {
    using S = Shape<double>;
    using X = Transform<double>;
    std::vector<Scene> s;
    // The talk's section 4 example: a triangle X and a square Y, apart.
    s.push_back({"triangle-vs-square", "the talk's triangle X and square Y, apart",
                 S::polygon({{0, 0}, {2, 0}, {1, 1.5}}), S::box(0.75, 0.75), X::from({0, 0}, 0),
                 X::from({3.5, 1.2}, 0.3)});
    s.push_back({"touching-boxes", "two boxes touching along an edge", S::box(1, 1),
                 S::box(0.5, 0.5), X::identity(), X::from({1.5, 0.25}, 0)});
    s.push_back({"overlapping-polygons", "a hexagon and a rotated box that overlap",
                 S::regular(6, 1.0), S::box(0.8, 0.4), X::identity(), X::from({1.2, 0.3}, 0.7)});
    s.push_back({"circle-vs-capsule", "a circle and a capsule: rounded shapes, radii applied",
                 S::circle({0, 0}, 0.75), S::capsule({-1, 0}, {1, 0}, 0.25), X::identity(),
                 X::from({0.5, 2.0}, 0.4)});
    s.push_back({"point-vs-polygon", "a point and a pentagon: the talk's section 3",
                 S::point({0, 0}), S::regular(5, 1.0), X::from({-0.5, 2.5}, 0),
                 X::from({0.5, 0}, 0.2)});
    return s;
}

} // namespace gjk::cli
