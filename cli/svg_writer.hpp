// cli/svg_writer.hpp - the SVG writer: numbers, XML text, elements and text metrics.
//
// Numbers as pixels and as labels, text escaped for XML, the elements (line, circle, polygon,
// rect, text) and the text metrics that fit a heading to its width.
//
// Robustness: every number goes through num() or label_number(), which never print nan or inf,
// and every text through xml_text(), which escapes markup and replaces what XML 1.0 cannot hold.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "gjk/math.hpp"

namespace gjk::cli::detail {

using V = Vec2<double>;

/// A rectangle in pixels.
struct Rect {
    double x, y, w, h;
};

// ---------------------------------------------------------------------------------------------
// Numbers and text

/// A pixel coordinate: two decimals at most, trailing zeros dropped; never nan or inf.
std::string num(double v);

/// A number for a label, with `digits` significant digits; "?" when not finite.
std::string label_number(double v, int digits = 4);

std::string label_point(V p, int digits = 3);

/// Text escaped for XML content and attribute values. What XML 1.0 cannot hold (control
/// characters, invalid UTF-8) becomes '?', so that any title gives a parseable document.
std::string xml_text(std::string_view s);

// ---------------------------------------------------------------------------------------------
// SVG elements (all arguments in pixels)

std::string pt(V p);

void line(std::string& s, V p, V q, const std::string& style);

void circle(std::string& s, V c, double r, const std::string& style);

void polygon(std::string& s, const std::vector<V>& px, const std::string& style);

void rect(std::string& s, const Rect& r, const std::string& style);

/// Text at p, centred vertically on p. `anchor` is start, middle or end; `extra` holds more
/// attributes (colour, weight, the halo class).
void text(std::string& s, V p, std::string_view content, const std::string& extra,
          const char* anchor = "start", double size = 12);

// ---------------------------------------------------------------------------------------------
// Text metrics

/// Estimated width of a text in px: sans-serif glyphs average about 0.56 em, bold 0.6.
double text_width(std::string_view content, double size, bool bold = false);

/// A heading in at most `width` px: the font shrinks down to `min_size`, then the text is cut.
void fitted_text(std::string& s, V p, std::string_view content, const std::string& extra,
                 double size, double min_size, double width, bool bold);

} // namespace gjk::cli::detail
