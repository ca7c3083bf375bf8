// gjk - command-line tool. `gjk demo` runs the built-in scenes and prints what GJK found.
#include <cstdio>
#include <cstring>

#include "gjk/gjk.hpp"
#include "scenes.hpp"

namespace {

int run_demo() {
    std::printf("%-22s %10s  %-22s %-22s %-18s %5s  %s\n", "scene", "distance", "point_a",
                "point_b", "normal", "iters", "status");
    for (const gjk::cli::Scene& scene : gjk::cli::demo_scenes()) {
        gjk::DistanceInput<double> in;
        in.a = scene.a;
        in.b = scene.b;
        in.xf_a = scene.xf_a;
        in.xf_b = scene.xf_b;
        const gjk::DistanceOutput<double> out = gjk::distance(in);
        std::printf("%-22s %10.6f  (%8.4f, %8.4f)  (%8.4f, %8.4f)  (%6.3f, %6.3f)  %5d  %s (%s)\n",
                    scene.name.c_str(), out.distance, out.point_a.x, out.point_a.y, out.point_b.x,
                    out.point_b.y, out.normal.x, out.normal.y, out.iterations,
                    gjk::to_string(out.status), gjk::to_string(out.termination));
    }
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    if (argc >= 2 && std::strcmp(argv[1], "demo") == 0) {
        return run_demo();
    }
    std::fprintf(stderr, "usage: gjk demo\n");
    return 2;
}
