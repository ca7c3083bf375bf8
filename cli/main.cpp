// gjk - the command-line tool.
//   gjk distance [FILE|-] [--precision double|float] [--trace] [--derivatives]  JSONL queries
//                [--threads N]
//                [--max-points N] [--max-line-bytes N]
//   gjk cast [FILE|-] [--precision double|float] [--threads N]                 JSONL shape casts
//   gjk raycast [FILE|-] [--precision double|float] [--threads N]              JSONL ray casts
//                [--max-points N] [--max-line-bytes N]
//   gjk toi [FILE|-] [--precision double|float] [--threads N]                  JSONL times of
//                [--max-points N] [--max-line-bytes N]                         impact (sweeps)
//   gjk manifold [FILE|-] [--precision double|float] [--threads N]             JSONL contact
//                [--max-points N] [--max-line-bytes N]                          manifolds
//   gjk svg [FILE|-] [--iteration K] [--title T] [--voronoi] [--manifold]       a picture
//           [--margin M] -o out.svg
//   gjk demo [--out DIR]                                                        built-in scenes
//   gjk --version                                                               "gjk 0.1.0"
// Exit status: 0 when every line was answered, 1 when a line or a picture failed, 2 for
// usage errors.
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "contract/jsonl.hpp"
#include "contract/reference_face.hpp"
#include "gjk/gjk.hpp"
#include "picture.hpp"
#include "scenes.hpp"
#include "svg.hpp"

namespace {

using namespace gjk::cli;
using namespace gjk::contract;

constexpr int kUsageError = 2;

/// Lines are answered this many at a time: enough to keep every thread busy for a while,
/// few enough that memory stays small and output starts early.
constexpr std::size_t kChunkLines = 8192;
/// ... and no more bytes than this at a time (but always at least one line), so that a batch
/// of long lines does not hold thousands of them in memory at once.
constexpr std::size_t kChunkBytes = std::size_t(16) << 20;

/// std::getline with a cap, over blocks of the stream: next() reads the next line into
/// `line`, keeping at most `cap` + 1 bytes of it and skipping the rest, so a line of any
/// length costs at most cap + 1 bytes; one kept byte beyond the cap is enough for
/// check_limits() to refuse it. `length` receives the line's full length. False at the end of
/// the input (no line read).
class LineReader {
  public:
    explicit LineReader(std::istream& in) : in_(*in.rdbuf()) {}

    bool next(std::string& line, std::size_t cap, std::size_t& length) {
        line.clear();
        length = 0;
        for (;;) {
            if (begin_ == end_ && !refill()) {
                return length > 0;
            }
            const char* newline =
                static_cast<const char*>(std::memchr(begin_, '\n', std::size_t(end_ - begin_)));
            const char* stop = newline != nullptr ? newline : end_;
            const std::size_t count = std::size_t(stop - begin_);
            if (length <= cap) {
                line.append(begin_, std::min(count, cap + 1 - length));
            }
            length += count;
            begin_ = newline != nullptr ? newline + 1 : end_;
            if (newline != nullptr) {
                return true;
            }
        }
    }

  private:
    /// Takes what the stream holds or one read brings (not a full block: a pipe's lines are
    /// answered as they come, a chunk at a time).
    bool refill() {
        if (in_.sgetc() == std::char_traits<char>::eof()) {
            return false;
        }
        const std::streamsize ready = std::max<std::streamsize>(in_.in_avail(), 1);
        const std::streamsize got =
            in_.sgetn(block_.data(), std::min(ready, std::streamsize(block_.size())));
        begin_ = block_.data();
        end_ = begin_ + (got > 0 ? got : 0);
        return got > 0;
    }

    std::streambuf& in_;
    std::vector<char> block_ = std::vector<char>(std::size_t(1) << 16);
    const char* begin_ = nullptr;
    const char* end_ = nullptr;
};

struct Input {
    std::ifstream file;
    std::istream* stream = &std::cin;
    std::uintmax_t size = 0; ///< bytes, for the progress bar (0 if unknown)
};

bool open_input(const std::string& path, Input& in) {
    if (path.empty() || path == "-") {
        return true;
    }
    in.file.open(path, std::ios::binary);
    if (!in.file) {
        std::cerr << "gjk: cannot open " << path << "\n";
        return false;
    }
    in.stream = &in.file;
    std::error_code ec;
    in.size = std::filesystem::file_size(path, ec);
    return true;
}

/// A progress bar on standard error (only when it is a terminal): a bar and a percentage
/// when the input's size is known, a line count otherwise.
void show_progress(std::size_t lines, std::size_t bytes, std::uintmax_t size) {
    if (size == 0) {
        std::fprintf(stderr, "\r%zu lines", lines);
        return;
    }
    constexpr int width = 30;
    const double fraction = std::min(1.0, double(bytes) / double(size));
    const int filled = static_cast<int>(fraction * width);
    std::fprintf(stderr, "\r[%.*s%*s] %3.0f%%  %zu lines", filled, "##############################",
                 width - filled, "", 100.0 * fraction, lines);
}

/// Answers a JSONL stream line by line with `answer_line` (process_line or process_cast_line),
/// in chunks spread over `threads`; the output keeps the input's order.
int run_lines(const std::string& path, const Options& options, int threads,
              std::string (*answer_line)(std::string_view, const Options&, bool&)) {
    Input in;
    if (!open_input(path, in)) {
        return kUsageError;
    }
    const bool progress = isatty(STDERR_FILENO) != 0;
    std::vector<std::string> lines, answers;
    std::vector<char> errors;
    std::size_t done = 0, bytes = 0;
    bool any_error = false;
    std::ios::sync_with_stdio(false); // before the reader takes std::cin's buffer
    LineReader reader(*in.stream);
    for (bool more = true; more;) {
        lines.clear();
        std::string line;
        std::size_t length = 0, chunk_bytes = 0;
        while (lines.size() < kChunkLines && chunk_bytes < kChunkBytes &&
               (more = reader.next(line, options.max_line_bytes, length))) {
            bytes += length + 1;
            chunk_bytes += line.size();
            lines.push_back(std::move(line));
        }
        answers.assign(lines.size(), {});
        errors.assign(lines.size(), 0);
        gjk::parallel_chunks(lines.size(), threads, [&](std::size_t begin, std::size_t end) {
            for (std::size_t i = begin; i < end; ++i) {
                bool error = false;
                answers[i] = answer_line(lines[i], options, error);
                errors[i] = error;
            }
        });
        for (std::size_t i = 0; i < answers.size(); ++i) {
            std::cout << answers[i] << '\n';
            any_error |= errors[i] != 0;
        }
        done += lines.size();
        if (progress) {
            show_progress(done, bytes, in.size);
        }
    }
    std::cout.flush();
    if (progress) {
        std::fprintf(stderr, "\n");
    }
    return any_error ? 1 : 0;
}

bool write_file(const std::string& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary);
    out << text;
    return static_cast<bool>(out);
}

int run_svg(const std::string& path, int iteration, const std::string& out_path,
            const std::string& title, bool voronoi, bool manifold, double margin) {
    Input in;
    if (!open_input(path, in)) {
        return kUsageError;
    }
    std::string line;
    while (std::getline(*in.stream, line) && line.find_first_not_of(" \t\r") == std::string::npos) {
    }
    auto parsed = parse_query(line);
    if (auto* message = std::get_if<std::string>(&parsed)) {
        std::cerr << "gjk svg: " << *message << "\n";
        return 1;
    }
    auto prepared = gjk::contract::prepare<double>(std::get<Query>(parsed));
    if (auto* message = std::get_if<std::string>(&prepared)) {
        std::cerr << "gjk svg: " << *message << "\n";
        return 1;
    }
    SvgInput picture = make_picture(std::get<Prepared<double>>(prepared),
                                    title.empty() ? "gjk svg" : title, iteration);
    picture.voronoi = voronoi;
    if (manifold) { // the contact manifold (gjk::manifold) on the shapes panel
        const Prepared<double>& p = std::get<Prepared<double>>(prepared);
        picture.draw_manifold = true;
        picture.manifold = gjk::manifold(p.input(), margin);
        picture.reference_face = reference_face(picture.manifold, p.a, p.xf_a, p.b, p.xf_b);
    }
    if (picture.result.status == gjk::Status::invalid_input) {
        std::cerr << "gjk svg: " << gjk::to_string(picture.result.error) << "\n";
        return 1;
    }
    if (iteration > picture.result.iterations) {
        std::cerr << "gjk svg: --iteration " << iteration << " but the query ran "
                  << picture.result.iterations << " iterations\n";
        return 1;
    }
    if (!write_file(out_path, render_svg(picture))) {
        std::cerr << "gjk svg: cannot write " << out_path << "\n";
        return 1;
    }
    return 0;
}

int run_demo(const std::string& out_dir) {
    std::error_code ec;
    std::filesystem::create_directories(out_dir, ec);
    if (ec) {
        std::cerr << "gjk demo: cannot create " << out_dir << ": " << ec.message() << "\n";
        return 1;
    }
    std::printf("%-22s %10s  %-24s %-24s %-17s %5s  %s\n", "scene", "distance", "point_a",
                "point_b", "normal", "iters", "status (termination)");
    int written = 0;
    for (const Scene& scene : demo_scenes()) {
        Prepared<double> p;
        p.a = scene.a;
        p.b = scene.b;
        p.xf_a = scene.xf_a;
        p.xf_b = scene.xf_b;
        const SvgInput picture = make_picture(p, scene.name + ": " + scene.description);
        const gjk::DistanceOutput<double>& out = picture.result;
        std::printf("%-22s %10.6f  (%9.4f, %9.4f)  (%9.4f, %9.4f)  (%6.3f, %6.3f)  %5d  %s (%s)\n",
                    scene.name.c_str(), out.distance, out.point_a.x, out.point_a.y, out.point_b.x,
                    out.point_b.y, out.normal.x, out.normal.y, out.iterations,
                    gjk::to_string(out.status), gjk::to_string(out.termination));
        const std::string file = out_dir + "/" + scene.name + ".svg";
        if (!write_file(file, render_svg(picture))) {
            std::cerr << "gjk demo: cannot write " << file << "\n";
            return 1;
        }
        ++written;
    }
    std::printf("\nwrote %d pictures, one per scene, to %s/ (open them in a browser)\n", written,
                out_dir.c_str());
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    CLI::App app{"gjk: distance, closest points and overlap of 2D convex shapes (GJK)"};
    app.require_subcommand(1);
    app.set_version_flag("--version", std::string("gjk ") + GJK_VERSION);

    std::string file = "-";
    std::string precision = "double";
    bool trace = false;
    int threads = 1;
    std::size_t max_points = kMaxPoints, max_line_bytes = kMaxLineBytes;
    CLI::App* distance = app.add_subcommand("distance", "answer JSONL queries, one per line");
    distance->add_option("file", file, "input file, or - for standard input")
        ->capture_default_str();
    distance->add_option("--precision", precision, "scalar type of the kernel")
        ->check(CLI::IsMember({"double", "float"}))
        ->capture_default_str();
    distance->add_flag("--trace", trace, "add every iteration's simplex to the answers");
    bool derivatives = false;
    distance->add_flag("--derivatives", derivatives,
                       "add the signed distance's gradient with respect to each pose");
    distance->add_option("--threads", threads, "threads to answer with (output order is kept)")
        ->check(CLI::Range(1, 1024))
        ->capture_default_str();
    distance->add_option("--max-points", max_points, "most points a shape may have")
        ->check(CLI::PositiveNumber)
        ->capture_default_str();
    distance->add_option("--max-line-bytes", max_line_bytes, "longest input line accepted")
        ->check(CLI::PositiveNumber)
        ->capture_default_str();

    // A subcommand that answers JSONL lines as `gjk distance` does: the same file argument,
    // precision, threads and limits.
    auto line_command = [&](const char* name, const char* what, std::string& input) {
        CLI::App* command = app.add_subcommand(name, what);
        command->add_option("file", input, "input file, or - for standard input")
            ->capture_default_str();
        command->add_option("--precision", precision, "scalar type of the kernel")
            ->check(CLI::IsMember({"double", "float"}))
            ->capture_default_str();
        command->add_option("--threads", threads, "threads to answer with (output order is kept)")
            ->check(CLI::Range(1, 1024))
            ->capture_default_str();
        command->add_option("--max-points", max_points, "most points a shape may have")
            ->check(CLI::PositiveNumber)
            ->capture_default_str();
        command->add_option("--max-line-bytes", max_line_bytes, "longest input line accepted")
            ->check(CLI::PositiveNumber)
            ->capture_default_str();
        return command;
    };
    std::string cast_file = "-", ray_file = "-";
    CLI::App* cast = line_command("cast", "answer JSONL shape casts, one per line", cast_file);
    CLI::App* raycast = line_command("raycast", "answer JSONL ray casts, one per line", ray_file);

    std::string toi_file = "-";
    CLI::App* toi =
        line_command("toi", "answer JSONL times of impact (translation and rotation)", toi_file);

    std::string manifold_file = "-";
    CLI::App* manifold =
        line_command("manifold", "answer JSONL contact manifolds, one per line", manifold_file);

    std::string svg_file = "-", svg_out;
    int iteration = 0;
    CLI::App* svg = app.add_subcommand("svg", "draw one query and its iterations as SVG");
    svg->add_option("file", svg_file, "input file (its first line is drawn), or -")
        ->capture_default_str();
    svg->add_option("--iteration", iteration, "draw only this iteration (1-based)")
        ->check(CLI::PositiveNumber);
    svg->add_option("-o,--output", svg_out, "the SVG file to write")->required();
    std::string svg_title;
    svg->add_option("--title", svg_title, "the picture's heading (default: gjk svg)");
    bool voronoi = false;
    bool draw_manifold = false;
    double margin = 0;
    svg->add_flag("--manifold", draw_manifold,
                  "draw the contact manifold: the reference face and each point's separation");
    svg->add_option("--margin", margin, "the manifold's margin for speculative contacts")
        ->check(CLI::NonNegativeNumber)
        ->capture_default_str();
    svg->add_flag("--voronoi", voronoi,
                  "shade the Voronoi regions of the Minkowski difference's vertices and edges");

    std::string demo_out = "demo-out";
    CLI::App* demo = app.add_subcommand("demo", "run the built-in scenes; write one SVG per scene");
    demo->add_option("--out", demo_out, "folder for the pictures")->capture_default_str();

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        const int code = app.exit(e);
        return code == 0 ? 0 : kUsageError;
    }

    if (*distance) {
        Options options;
        options.precision = precision == "float" ? Precision::float32 : Precision::float64;
        options.trace = trace;
        options.derivatives = derivatives;
        options.max_points = max_points;
        options.max_line_bytes = max_line_bytes;
        return run_lines(file, options, threads, process_line);
    }
    if (*cast || *raycast || *toi || *manifold) {
        Options options;
        options.precision = precision == "float" ? Precision::float32 : Precision::float64;
        options.max_points = max_points;
        options.max_line_bytes = max_line_bytes;
        if (*cast) {
            return run_lines(cast_file, options, threads, process_cast_line);
        }
        if (*manifold) {
            return run_lines(manifold_file, options, threads, process_manifold_line);
        }
        return *raycast ? run_lines(ray_file, options, threads, process_ray_line)
                        : run_lines(toi_file, options, threads, process_toi_line);
    }
    if (*svg) {
        return run_svg(svg_file, iteration, svg_out, svg_title, voronoi, draw_manifold, margin);
    }
    return run_demo(demo_out);
}
