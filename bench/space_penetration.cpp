// bench/space_penetration.cpp - penetration in space (gjk/penetration3.hpp) on overlapping pairs
// only: random turned boxes, and hulls of 16 random points in the unit ball, their cores
// overlapping by depths from 0 to about their size. gjk takes the shapes prepared
// (gjk/prepared3.hpp), so that two boxes (at most detail::kSeparatingAxesCorners corners) are
// measured by the separating axis test (gjk/separating_axes3.hpp) and the hulls by GJK and EPA
// over the prepared support; the gjk_view rows give it the same points as plain views, which
// take GJK and EPA. The pairs are penetration_pairs3(), for the peers' rows.
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "gjk/distance3.hpp"
#include "gjk/penetration3.hpp"
#include "gjk/prepared3.hpp"
#include "rows.hpp"
#include "space3.hpp"

namespace gjk_bench {

namespace {

constexpr int kPenetrationPairs = 4096;

std::vector<PenetrationPair3> make_penetration_pairs3(bool boxes, unsigned seed) {
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> u(-1, 1), half(0.3, 1);
    std::vector<PenetrationPair3> pairs;
    while (int(pairs.size()) < kPenetrationPairs) {
        PenetrationPair3 p;
        for (auto* shape : {&p.a, &p.b}) {
            double* h = shape == &p.a ? p.box_a : p.box_b;
            h[0] = half(rng), h[1] = half(rng), h[2] = half(rng);
            if (boxes) {
                for (int c = 0; c < 8; ++c) {
                    shape->push_back(
                        {c & 1 ? h[0] : -h[0], c & 2 ? h[1] : -h[1], c & 4 ? h[2] : -h[2]});
                }
                continue;
            }
            while (shape->size() < 16) {
                const gjk::Vec3<double> v{u(rng), u(rng), u(rng)};
                if (gjk::length_squared(v) <= 1) {
                    shape->push_back(v);
                }
            }
        }
        p.xa = {{10 * u(rng), 10 * u(rng), 10 * u(rng)}, random_rotation(rng)};
        const gjk::Vec3<double> dir = gjk::normalized(gjk::Vec3<double>{u(rng), u(rng), u(rng)});
        const double reach = std::uniform_real_distribution<double>(0, boxes ? 1.6 : 1.2)(rng);
        p.xb = {p.xa.p + reach * dir, random_rotation(rng)};
        gjk::DistanceInput3<double> in;
        in.a = gjk::ShapeView3<double>(p.a), in.b = gjk::ShapeView3<double>(p.b);
        in.xf_a = p.xa, in.xf_b = p.xb;
        if (gjk::distance(in).status == gjk::Status::overlapping) {
            pairs.push_back(std::move(p));
        }
    }
    return pairs;
}

/// penetration() on every pair, the shapes prepared (`prepared`) or as plain views of the same
/// hull corners. Counters: the time per query, the mean depth (the same for both up to their
/// error: a check that the rows compute the same thing), and the share the separating axis
/// test answered.
template <class T> void gjk_space_penetration(benchmark::State& state, bool boxes, bool prepared) {
    const std::vector<PenetrationPair3>& pairs = penetration_pairs3(boxes);
    std::vector<gjk::PreparedShape3<T>> shapes;
    shapes.reserve(2 * pairs.size());
    for (const PenetrationPair3& p : pairs) {
        shapes.push_back(gjk::PreparedShape3<T>::make(narrow<T>(p.a)));
        shapes.push_back(gjk::PreparedShape3<T>::make(narrow<T>(p.b)));
    }
    std::vector<gjk::DistanceInput3<T>> inputs;
    for (std::size_t i = 0; i < pairs.size(); ++i) {
        gjk::DistanceInput3<T> in;
        const gjk::PreparedShape3<T>& a = shapes[2 * i];
        const gjk::PreparedShape3<T>& b = shapes[2 * i + 1];
        in.a = prepared ? a.view() : gjk::ShapeView3<T>(a.vertices());
        in.b = prepared ? b.view() : gjk::ShapeView3<T>(b.vertices());
        in.xf_a = narrow<T>(pairs[i].xa);
        in.xf_b = narrow<T>(pairs[i].xb);
        inputs.push_back(in);
    }
    double sum = 0;
    int by_axes = 0;
    for (const auto& in : inputs) {
        const auto out = gjk::penetration(in);
        sum += double(out.depth);
        by_axes += out.termination == gjk::EpaTermination::separating_axis;
    }
    for (auto _ : state) {
        for (const auto& in : inputs) {
            benchmark::DoNotOptimize(gjk::penetration(in));
        }
    }
    state.counters["ns_per_query"] =
        benchmark::Counter(double(inputs.size()), benchmark::Counter::kIsIterationInvariantRate |
                                                      benchmark::Counter::kInvert);
    state.counters["mean_depth"] = sum / double(inputs.size());
    state.counters["by_axes"] = double(by_axes) / double(inputs.size());
}

} // namespace

const std::vector<PenetrationPair3>& penetration_pairs3(bool boxes) {
    static const std::vector<PenetrationPair3> hulls = make_penetration_pairs3(false, 35);
    static const std::vector<PenetrationPair3> box_pairs = make_penetration_pairs3(true, 36);
    return boxes ? box_pairs : hulls;
}

void register_space_penetration_rows() {
    const auto ms = benchmark::kMillisecond;
    for (bool boxes : {true, false}) {
        const std::string w = boxes ? "SpacePenetration/Boxes" : "SpacePenetration/Hulls16";
        benchmark::RegisterBenchmark(("gjk/" + w).c_str(), [boxes](benchmark::State& s) {
            gjk_space_penetration<float>(s, boxes, true);
        })->Unit(ms);
        benchmark::RegisterBenchmark(("gjk_double/" + w).c_str(), [boxes](benchmark::State& s) {
            gjk_space_penetration<double>(s, boxes, true);
        })->Unit(ms);
        benchmark::RegisterBenchmark(("gjk_view/" + w).c_str(), [boxes](benchmark::State& s) {
            gjk_space_penetration<float>(s, boxes, false);
        })->Unit(ms);
        benchmark::RegisterBenchmark(("gjk_double_view/" + w).c_str(), [boxes](
                                                                           benchmark::State& s) {
            gjk_space_penetration<double>(s, boxes, false);
        })->Unit(ms);
    }
}

} // namespace gjk_bench
