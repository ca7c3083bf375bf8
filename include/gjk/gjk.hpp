// gjk/gjk.hpp - the whole library in one include.
#pragma once

#include "gjk/batch.hpp"
#include "gjk/cast.hpp"
#include "gjk/distance.hpp"
#include "gjk/gradient.hpp"
#include "gjk/hull.hpp"
#include "gjk/instantiations.hpp"
#include "gjk/manifold.hpp"
#include "gjk/math.hpp"
#include "gjk/overlap.hpp"
#include "gjk/penetration.hpp"
#include "gjk/prepared.hpp"
#include "gjk/raycast.hpp"
#include "gjk/segment.hpp"
#include "gjk/separating_axes.hpp"
#include "gjk/shape.hpp"
#include "gjk/triangle.hpp"
