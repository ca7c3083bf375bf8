// tests/cli/test_pictures.cpp - the pictures of `gjk svg` and `gjk demo`: well-formed, complete.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <pugixml.hpp>

#include "harness.hpp"
#include "scenes.hpp"

using namespace harness;

namespace {

/// Counts the iteration panels of an SVG file; fails the test if it is not well-formed XML.
int iteration_panels(const fs::path& file) {
    pugi::xml_document doc;
    const pugi::xml_parse_result parsed = doc.load_file(file.c_str());
    EXPECT_TRUE(parsed) << file << ": " << parsed.description();
    EXPECT_STREQ(doc.document_element().name(), "svg");
    return static_cast<int>(doc.select_nodes("//g[@class='iteration']").size());
}

} // namespace

TEST(CliPictures, EveryDemoPictureIsXmlWithOnePanelPerIteration) {
    TempDir dir;
    const fs::path out = dir.path / "demo-out";
    const fs::path table = dir.path / "table.txt";
    ASSERT_EQ(run("demo --out " + out.string() + " > " + table.string()), 0);
    const std::string text = read_file(table);
    int pictures = 0;
    for (const gjk::cli::Scene& scene : gjk::cli::demo_scenes()) {
        gjk::DistanceInput<double> in;
        in.a = scene.a;
        in.b = scene.b;
        in.xf_a = scene.xf_a;
        in.xf_b = scene.xf_b;
        const int iterations = gjk::distance(in).iterations;
        const fs::path file = out / (scene.name + ".svg");
        ASSERT_TRUE(fs::exists(file)) << file;
        EXPECT_EQ(iteration_panels(file), iterations) << scene.name;
        EXPECT_NE(text.find(scene.name), std::string::npos); // a table row per scene
        ++pictures;
    }
    EXPECT_EQ(std::distance(fs::directory_iterator(out), fs::directory_iterator()), pictures);
    EXPECT_EQ(pictures, 5);
    EXPECT_NE(text.find("demo-out"), std::string::npos); // it says where the pictures went
}

TEST(CliPictures, SvgDrawsOneQueryAndCanShowASingleIteration) {
    TempDir dir;
    const fs::path in = dir.path / "q.jsonl", all = dir.path / "all.svg",
                   one = dir.path / "one.svg";
    std::ofstream(in) << kGoodLine << "\n";
    ASSERT_EQ(run("svg " + in.string() + " -o " + all.string()), 0);
    const int iterations = json::parse(answer(kGoodLine))["iterations"].get<int>();
    EXPECT_EQ(iteration_panels(all), iterations);
    ASSERT_EQ(run("svg " + in.string() + " --iteration 2 -o " + one.string()), 0);
    EXPECT_EQ(iteration_panels(one), 1);
    EXPECT_EQ(run("svg " + in.string() + " --iteration 99 -o " + one.string() + " 2>/dev/null"), 1);
    std::ofstream(in) << "{bad\n";
    EXPECT_EQ(run("svg " + in.string() + " -o " + one.string() + " 2>/dev/null"), 1);
}

// `--voronoi` shades the Voronoi regions of Z's features in the Minkowski panel (the guide's
// figures for sections 1 and 2): for a triangle Z, three vertex wedges and three edge strips,
// each border dashed, the regions named after Z's vertices, which are lettered A, B, C
// counter-clockwise from the lowest-leftmost. Here A = the point Q = (0.5, -1) and B is the
// triangle (0, 0), (4, 0), (1, 3), so Z = B - Q = (-0.5, 1), (3.5, 1), (0.5, 4): A = (-0.5, 1)
// is the leftmost, and B, C follow counter-clockwise. `--title` sets the heading.
// `gjk svg --manifold` draws the contact manifold on the shapes panel: the reference face and
// one circle per point, whose data-separation and data-id are `gjk manifold`'s for the same
// query; without the flag, nothing of it.
TEST(CliPictures, SvgManifoldOptionDrawsTheToolsContactPoints) {
    TempDir dir;
    const std::string query =
        R"({"a": {"points": [[-2, -0.5], [2, -0.5], [2, 0.5], [-2, 0.5]]}, "b": {"points": [[-0.5, -0.5], [0.5, -0.5], [0.5, 0.5], [-0.5, 0.5]], "position": [0.3, 0.95]}})";
    const fs::path in = dir.path / "q.jsonl", out = dir.path / "m.svg", plain = dir.path / "p.svg";
    std::ofstream(in) << query << "\n";
    ASSERT_EQ(run("svg --manifold " + in.string() + " -o " + out.string()), 0);
    ASSERT_EQ(run("svg " + in.string() + " -o " + plain.string()), 0);
    bool error = false;
    const json m = json::parse(gjk::contract::process_manifold_line(query, {}, error));
    ASSERT_EQ(m["points"].size(), 2u);
    pugi::xml_document doc;
    ASSERT_TRUE(doc.load_file(out.c_str()));
    const auto g = doc.select_node("//g[@class='manifold']").node();
    ASSERT_TRUE(g);
    EXPECT_EQ(std::string(g.attribute("data-count").value()), "2");
    EXPECT_TRUE(g.select_node(".//line[@class='reference-face']"));
    int k = 0;
    for (const auto& c : g.select_nodes(".//circle[@class='contact']")) {
        ASSERT_LT(k, 2);
        EXPECT_NEAR(std::stod(c.node().attribute("data-separation").value()),
                    m["points"][k]["separation"].get<double>(), 1e-9);
        EXPECT_EQ(std::stoll(c.node().attribute("data-id").value()),
                  m["points"][k]["id"].get<long long>());
        ++k;
    }
    EXPECT_EQ(k, 2);
    pugi::xml_document plain_doc;
    ASSERT_TRUE(plain_doc.load_file(plain.c_str()));
    EXPECT_FALSE(plain_doc.select_node("//g[@class='manifold']"));
}

TEST(CliPictures, SvgVoronoiOptionShadesAndNamesTheRegionsOfZ) {
    TempDir dir;
    const fs::path in = dir.path / "q.jsonl", plain = dir.path / "plain.svg",
                   shaded = dir.path / "shaded.svg";
    std::ofstream(in)
        << R"({"a": {"points": [[0.5, -1]]}, "b": {"points": [[0, 0], [4, 0], [1, 3]]}})"
        << "\n";
    ASSERT_EQ(run("svg " + in.string() + " -o " + plain.string()), 0);
    ASSERT_EQ(run("svg " + in.string() + " --voronoi --title 'Regions of a triangle' -o " +
                  shaded.string()),
              0);
    pugi::xml_document without, with;
    ASSERT_TRUE(without.load_file(plain.c_str()));
    ASSERT_TRUE(with.load_file(shaded.c_str()));
    EXPECT_TRUE(without.select_nodes("//g[@class='voronoi']").empty());
    EXPECT_STREQ(with.select_node("/svg/title").node().text().get(), "Regions of a triangle");
    const pugi::xpath_node_set groups =
        with.select_nodes("//g[@id='minkowski']/g[@class='voronoi']");
    ASSERT_EQ(groups.size(), 1u);
    EXPECT_EQ(groups.first().node().select_nodes("polygon").size(), 6u); // 3 wedges, 3 strips
    EXPECT_EQ(groups.first().node().select_nodes("line").size(), 6u);    // 2 borders a vertex
    std::vector<std::string> labels;
    for (const pugi::xpath_node& t : with.select_nodes("//g[@id='minkowski']//text")) {
        labels.push_back(t.node().text().get());
    }
    for (const char* region : {"region A", "region B", "region C", "region AB", "region BC",
                               "region CA", "region ABC", "A", "B", "C"}) {
        EXPECT_NE(std::find(labels.begin(), labels.end(), region), labels.end()) << region;
    }
    // Vertex A's letter sits next to Z's lowest-leftmost vertex (-0.5, 1): left of B's and C's.
    double x_of[3] = {0, 0, 0};
    for (const pugi::xpath_node& t : with.select_nodes("//g[@id='minkowski']//text")) {
        const std::string text = t.node().text().get();
        if (text.size() == 1 && text[0] >= 'A' && text[0] <= 'C') {
            x_of[text[0] - 'A'] = t.node().attribute("x").as_double();
        }
    }
    EXPECT_LT(x_of[0], x_of[2]);
    EXPECT_LT(x_of[2], x_of[1]);
}
