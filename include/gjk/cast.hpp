// gjk/cast.hpp - when does a moving shape first touch another? Shape cast (translations) and
// time of impact (translations and rotations).
//
// The motion. Over a step, t runs from 0 to max_fraction (<= 1). A shape cast moves A by
// t * translation_a and B by t * translation_b; a time of impact query moves each shape along
// a Sweep (gjk/sweep.hpp): its rotation centre goes in a straight line from c0 to c1 while its
// angle goes from a0 to a1, both linear in t (Box2D's b2Sweep).
//
// Where each part lives:
//     gjk/cast_types.hpp         CastInput, ToiInput, CastOutput, CastStatus, MotionError
//     gjk/cast/advancement.hpp   conservative advancement: the outer loop of both queries, the
//                                tolerance, the start and the normal at a hit
//     gjk/cast/separation.hpp    the separation functions of the closest features
//     gjk/cast/toi_step.hpp      one step of the time of impact: scan, root, proof
//     gjk/shape_cast.hpp         shape_cast()
//     gjk/time_of_impact.hpp     time_of_impact()
#pragma once

#include "gjk/cast_types.hpp"
#include "gjk/shape_cast.hpp"
#include "gjk/time_of_impact.hpp"
