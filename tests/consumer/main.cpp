// A program that uses gjk the way a user's project does: one include, the gjk::gjk target (or
// pkg-config's flags), one distance query. It checks the answer against values it derives
// itself, so a broken install (wrong headers, a library from elsewhere) fails loudly.
#include <cmath>
#include <cstdio>

#include <gjk/gjk.hpp>

namespace {

int failures = 0;

void expect_near(const char* what, double got, double want) {
    // The inputs are small integers and one rotation; the answers are exact up to a few
    // roundings of numbers below 10, so 1e-12 is wide for double and still catches any error
    // a wrong build could make.
    constexpr double tolerance = 1e-12;
    if (!(std::abs(got - want) <= tolerance)) { // NaN fails too
        std::printf("FAIL %s: got %.17g, want %.17g\n", what, got, want);
        ++failures;
    }
}

} // namespace

int main() {
    // Two boxes of half-width h = 1, centred 3 apart on the x axis: the faces x = 1 and x = 2
    // face each other, so the distance is 3 - 2h = 1 and the normal is +x.
    const auto box = gjk::Shape<double>::polygon({{-1, -1}, {1, -1}, {1, 1}, {-1, 1}});
    gjk::DistanceInput<double> in;
    in.a = box;
    in.b = box;
    in.xf_b = gjk::Transform<double>::from({3, 0}, 0);
    gjk::DistanceOutput<double> out = gjk::distance(in);
    expect_near("boxes: distance", out.distance, 1);
    expect_near("boxes: point_a.x", out.point_a.x, 1);
    expect_near("boxes: point_b.x", out.point_b.x, 2);
    expect_near("boxes: normal.x", out.normal.x, 1);
    if (out.status != gjk::Status::separated) {
        std::printf("FAIL boxes: status %s, want separated\n", gjk::to_string(out.status));
        ++failures;
    }

    // B turned by 45 degrees and centred at x = 4: its corner (4 - sqrt(2), 0) is closest to
    // A's face x = 1, so the distance is 3 - sqrt(2).
    in.xf_b = gjk::Transform<double>::from({4, 0}, std::atan(1.0));
    out = gjk::distance(in);
    expect_near("turned box: distance", out.distance, 3 - std::sqrt(2.0));
    expect_near("turned box: point_b.x", out.point_b.x, 4 - std::sqrt(2.0));
    expect_near("turned box: point_b.y", out.point_b.y, 0);

    // Moved onto A: the overlap test says so.
    in.xf_b = gjk::Transform<double>::from({1.5, 0.5}, 0);
    if (!gjk::overlap(in).overlap) {
        std::printf("FAIL overlapping boxes: overlap() says no\n");
        ++failures;
    }

    if (failures == 0) {
        std::printf("gjk consumer: ok\n");
    }
    return failures == 0 ? 0 : 1;
}
