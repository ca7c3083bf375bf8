// cli/svg_style.hpp - the pictures' layout (panel sizes, gaps, margins) and palette.
#pragma once

namespace gjk::cli::detail {

inline constexpr double kPanelW = 360;              // one panel, px
inline constexpr double kPanelH = 300;              //
inline constexpr double kGap = 16;                  // between panels
inline constexpr double kMargin = 20;               // around the page
inline constexpr double kHeaderH = 72;              // the page's title and summary
inline constexpr double kTitleBand = 24;            // a panel's heading
inline constexpr double kFootBand = 22;             // a panel's footnote
inline constexpr double kArrowLen = 0.15 * kPanelW; // the normal and the search direction, px
inline constexpr int kColumns = 3;

inline constexpr const char* kColorA = "#2563eb";       // shape A, point_a
inline constexpr const char* kColorB = "#ea580c";       // shape B, point_b
inline constexpr const char* kColorZ = "#7c3aed";       // the Minkowski difference
inline constexpr const char* kColorSimplex = "#059669"; // simplex edges, vertices, weights
inline constexpr const char* kColorP = "#dc2626";       // the closest point P
inline constexpr const char* kColorDir = "#0891b2";     // the search direction d
inline constexpr const char* kColorSupport = "#ca8a04"; // the new support point
inline constexpr const char* kColorInk = "#1f2937";     // text, origin, normal, witness segment
inline constexpr const char* kColorMuted = "#6b7280";   // footnotes

} // namespace gjk::cli::detail
