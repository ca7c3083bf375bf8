// python/tests/reference.cpp - the C++ library called directly, for the Python package's
// bit-for-bit tests (python/tests/test_against_library.py).
//
// One query per input line, numbers as Python's float.hex() writes them (strtod reads them
// back exactly):
//   precision(f|d) na nb radius_a radius_b xa ya angle_a xb yb angle_b  then na and nb points
// One answer per line, every number in %a (exact):
//   distance pax pay pbx pby nx ny overlap penetration iterations status
// The query is the one gjk.distance makes: both shapes prepared in the precision (points and
// radius narrowed to it), poses rotate-then-translate in it, distance(), and for touching or
// overlapping pairs penetration()'s normal and depth, as the `gjk distance` tool.
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "gjk/gjk.hpp"

namespace {

double next(std::istringstream& in) {
    std::string word;
    in >> word;
    return std::strtod(word.c_str(), nullptr);
}

template <class T> void answer(std::istringstream& in, int na, int nb) {
    const double ra = next(in), rb = next(in);
    double pose[6];
    for (double& v : pose) {
        v = next(in);
    }
    auto read_shape = [&](int n, double radius) {
        std::vector<gjk::Vec2<T>> points(static_cast<std::size_t>(n));
        for (auto& p : points) {
            p.x = static_cast<T>(next(in));
            p.y = static_cast<T>(next(in));
        }
        return gjk::PreparedShape<T>::make(points, static_cast<T>(radius));
    };
    const gjk::PreparedShape<T> a = read_shape(na, ra), b = read_shape(nb, rb);
    gjk::DistanceInput<T> input;
    input.a = a.view();
    input.b = b.view();
    input.xf_a = gjk::Transform<T>::from({static_cast<T>(pose[0]), static_cast<T>(pose[1])},
                                         static_cast<T>(pose[2]));
    input.xf_b = gjk::Transform<T>::from({static_cast<T>(pose[3]), static_cast<T>(pose[4])},
                                         static_cast<T>(pose[5]));
    const gjk::DistanceOutput<T> out = gjk::distance(input);
    const bool overlap =
        out.status == gjk::Status::touching || out.status == gjk::Status::overlapping;
    gjk::Vec2<T> normal = out.normal;
    double depth = 0;
    if (overlap) {
        const gjk::PenetrationOutput<T> pen = gjk::penetration(input);
        if (pen.status != gjk::Status::invalid_input) {
            normal = pen.normal;
            depth = static_cast<double>(pen.depth);
        }
    }
    std::printf("%a %a %a %a %a %a %a %d %a %d %d\n", double(out.distance), double(out.point_a.x),
                double(out.point_a.y), double(out.point_b.x), double(out.point_b.y),
                double(normal.x), double(normal.y), overlap ? 1 : 0, depth, out.iterations,
                static_cast<int>(out.status));
}

} // namespace

int main() {
    std::string line;
    while (std::getline(std::cin, line)) {
        std::istringstream in(line);
        std::string precision;
        int na = 0, nb = 0;
        in >> precision >> na >> nb;
        if (precision == "f") {
            answer<float>(in, na, nb);
        } else {
            answer<double>(in, na, nb);
        }
    }
    return 0;
}
