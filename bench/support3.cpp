// bench/support3.cpp - the support of a prepared shape in space (gjk/prepared3.hpp): the scan of
// every corner against the climb over the hull's edges, on hulls of 16, 64 and 1,000 corners
// (points on a sphere, all of them corners), for 4,096 seeded random directions. The climb
// starts from the stored corners (cold) or from the last answer for a direction turned by a
// few hundredths of a radian (warm, as the GJK loop's successive directions are). Where the two
// cross is PreparedShape3::kScanLimit.
#include <benchmark/benchmark.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "gjk/prepared3.hpp"
#include "rows.hpp"

namespace gjk_bench {

namespace {

constexpr int kDirections = 4096;

template <class T> gjk::PreparedShape3<T> sphere_hull(int corners) {
    std::mt19937_64 rng(51);
    std::normal_distribution<double> g(0, 1);
    std::vector<gjk::Vec3<T>> points;
    for (int i = 0; i < corners; ++i) {
        const double x = g(rng), y = g(rng), z = g(rng);
        const double r = std::sqrt(x * x + y * y + z * z);
        points.push_back({T(x / r), T(y / r), T(z / r)});
    }
    return gjk::PreparedShape3<T>::make(points);
}

/// Random directions, or (warm) a random walk of directions each turned by a few hundredths of a
/// radian.
template <class T> std::vector<gjk::Vec3<T>> directions(bool walk) {
    std::mt19937_64 rng(52);
    std::normal_distribution<double> g(0, 1);
    std::vector<gjk::Vec3<T>> d;
    gjk::Vec3<double> v{g(rng), g(rng), g(rng)};
    for (int k = 0; k < kDirections; ++k) {
        const gjk::Vec3<double> step{g(rng), g(rng), g(rng)};
        v = walk ? gjk::normalized(v) + 0.05 * step : step;
        d.push_back({T(v.x), T(v.y), T(v.z)});
    }
    return d;
}

enum class Method { scan, climb, climb_warm };

template <class T> void gjk_support3(benchmark::State& state, int corners, Method method) {
    const gjk::PreparedShape3<T> shape = sphere_hull<T>(corners);
    const std::vector<gjk::Vec3<T>> d = directions<T>(method == Method::climb_warm);
    for (auto _ : state) {
        int hint = 0;
        for (const gjk::Vec3<T>& dk : d) {
            switch (method) {
            case Method::scan:
                hint = shape.scan(dk);
                break;
            case Method::climb:
                hint = shape.support_climb(dk);
                break;
            case Method::climb_warm:
                hint = shape.support_climb(dk, hint);
                break;
            }
            benchmark::DoNotOptimize(hint);
        }
    }
    state.counters["ns_per_support"] =
        benchmark::Counter(double(kDirections), benchmark::Counter::kIsIterationInvariantRate |
                                                    benchmark::Counter::kInvert);
}

} // namespace

void register_support3_rows() {
    const std::pair<const char*, Method> methods[] = {
        {"scan", Method::scan}, {"climb", Method::climb}, {"climb_warm", Method::climb_warm}};
    for (const int corners : {16, 32, 64, 1000}) {
        for (const auto& [name, method] : methods) {
            const std::string row = "gjk/Support3/" + std::to_string(corners) + "/" + name;
            benchmark::RegisterBenchmark(row.c_str(), [corners, m = method](benchmark::State& s) {
                gjk_support3<float>(s, corners, m);
            })->Unit(benchmark::kMicrosecond);
        }
    }
}

} // namespace gjk_bench
