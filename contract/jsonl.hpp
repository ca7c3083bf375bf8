// contract/jsonl.hpp - every JSONL contract of the `gjk` tool, one file per subcommand:
// distance, cast, toi (time of impact), raycast, manifold (contract/jsonl/), each line
// answered by its process_*_line().
#pragma once

#include "contract/jsonl/cast.hpp"
#include "contract/jsonl/distance.hpp"
#include "contract/jsonl/line.hpp"
#include "contract/jsonl/manifold.hpp"
#include "contract/jsonl/raycast.hpp"
#include "contract/jsonl/toi.hpp"
