// cli/svg_writer.cpp - the SVG writer: numbers, XML text, elements, text metrics (svg_writer.hpp).
#include "svg_writer.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace gjk::cli::detail {
namespace {

/// Length of the UTF-8 sequence starting at s[i] if it encodes a character XML 1.0 allows,
/// else 0: malformed, overlong, a surrogate, U+FFFE/U+FFFF, or a control character.
std::size_t xml_char_length(std::string_view s, std::size_t i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
        return c >= 0x20 || c == '\t' || c == '\n' || c == '\r' ? 1 : 0;
    }
    const std::size_t n = (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
    if (n == 0 || i + n > s.size()) {
        return 0;
    }
    unsigned long cp = c & (0x7Fu >> n);
    for (std::size_t k = 1; k < n; ++k) {
        const auto b = static_cast<unsigned char>(s[i + k]);
        if ((b >> 6) != 0x2) {
            return 0;
        }
        cp = (cp << 6) | (b & 0x3Fu);
    }
    static constexpr unsigned long kMin[] = {0, 0, 0x80, 0x800, 0x10000};
    const bool ok = cp >= kMin[n] && cp <= 0x10FFFF && !(cp >= 0xD800 && cp <= 0xDFFF) &&
                    cp != 0xFFFE && cp != 0xFFFF;
    return ok ? n : 0;
}

std::size_t code_points(std::string_view s) {
    std::size_t n = 0;
    for (const char c : s) {
        n += (static_cast<unsigned char>(c) & 0xC0) != 0x80; // not a continuation byte
    }
    return n;
}

/// The text cut to `max_chars` code points, an ellipsis marking the cut.
std::string shorten(std::string_view s, std::size_t max_chars) {
    if (code_points(s) <= max_chars || max_chars < 1) {
        return std::string(s);
    }
    std::size_t i = 0, kept = 0;
    while (i < s.size() && kept < max_chars - 1) {
        ++i;
        while (i < s.size() && (static_cast<unsigned char>(s[i]) & 0xC0) == 0x80) {
            ++i;
        }
        ++kept;
    }
    return std::string(s.substr(0, i)) + "\u2026";
}

} // namespace

std::string num(double v) {
    if (!std::isfinite(v)) {
        v = 0;
    }
    v = std::clamp(v, -1e6, 1e6); // far outside any panel; keeps the text short
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", v);
    std::string s = buf;
    while (!s.empty() && s.back() == '0') {
        s.pop_back();
    }
    if (!s.empty() && s.back() == '.') {
        s.pop_back();
    }
    return s == "-0" ? "0" : s;
}

std::string label_number(double v, int digits) {
    if (!std::isfinite(v)) {
        return "?";
    }
    if (v == 0) {
        v = 0; // -0 prints as 0
    }
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.*g", digits, v);
    return buf;
}

std::string label_point(V p, int digits) {
    return "(" + label_number(p.x, digits) + ", " + label_number(p.y, digits) + ")";
}

std::string xml_text(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size();) {
        const char c = s[i];
        const std::size_t n = xml_char_length(s, i);
        if (n == 0) {
            out += '?';
            ++i;
            continue;
        }
        if (n > 1) {
            out.append(s.substr(i, n));
            i += n;
            continue;
        }
        switch (c) {
        case '&':
            out += "&amp;";
            break;
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        case '"':
            out += "&quot;";
            break;
        case '\'':
            out += "&apos;";
            break;
        default:
            out += c;
        }
        ++i;
    }
    return out;
}

std::string pt(V p) {
    return num(p.x) + "," + num(p.y);
}

void line(std::string& s, V p, V q, const std::string& style) {
    s += "<line x1=\"" + num(p.x) + "\" y1=\"" + num(p.y) + "\" x2=\"" + num(q.x) + "\" y2=\"" +
         num(q.y) + "\" " + style + "/>\n";
}

void circle(std::string& s, V c, double r, const std::string& style) {
    s += "<circle cx=\"" + num(c.x) + "\" cy=\"" + num(c.y) + "\" r=\"" + num(r) + "\" " + style +
         "/>\n";
}

void polygon(std::string& s, const std::vector<V>& px, const std::string& style) {
    s += "<polygon points=\"";
    for (std::size_t i = 0; i < px.size(); ++i) {
        if (i) {
            s += ' ';
        }
        s += pt(px[i]);
    }
    s += "\" " + style + "/>\n";
}

void rect(std::string& s, const Rect& r, const std::string& style) {
    s += "<rect x=\"" + num(r.x) + "\" y=\"" + num(r.y) + "\" width=\"" + num(r.w) +
         "\" height=\"" + num(r.h) + "\" " + style + "/>\n";
}

void text(std::string& s, V p, std::string_view content, const std::string& extra,
          const char* anchor, double size) {
    s += "<text x=\"" + num(p.x) + "\" y=\"" + num(p.y + 0.35 * size) + "\" font-size=\"" +
         num(size) + "\" text-anchor=\"" + anchor + "\" " + extra + ">" + xml_text(content) +
         "</text>\n";
}

double text_width(std::string_view content, double size, bool bold) {
    return static_cast<double>(code_points(content)) * size * (bold ? 0.6 : 0.56);
}

void fitted_text(std::string& s, V p, std::string_view content, const std::string& extra,
                 double size, double min_size, double width, bool bold) {
    const double natural = text_width(content, size, bold);
    const double fitted = natural > width ? std::max(min_size, size * width / natural) : size;
    if (text_width(content, fitted, bold) <= width * 1.001) { // round-off of the division
        text(s, p, content, extra, "start", fitted);
        return;
    }
    // Too long even at the smallest size: cut, counting wide glyphs (0.7 em) to be safe.
    const double per_char = 0.7 * fitted;
    text(s, p, shorten(content, static_cast<std::size_t>(width / per_char)), extra, "start",
         fitted);
}

} // namespace gjk::cli::detail
