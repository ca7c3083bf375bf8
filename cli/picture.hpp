// From a query to the data of its picture: runs the distance query with a trace and builds
// the world-frame hulls and the Minkowski difference the SVG draws.
#pragma once

#include <string>

#include "contract/jsonl/line.hpp"
#include "svg.hpp"

namespace gjk::cli {

/// The picture of one query (double precision). only_iteration: 0 for all panels.
SvgInput make_picture(const contract::Prepared<double>& p, std::string title,
                      int only_iteration = 0);

} // namespace gjk::cli
