# The AVX2 and AVX-512 objects hold the lockstep loops and nothing else (src/lanes/loop.hpp says
# why): every symbol each defines for the linker must be lockstep_loop, lockstep3_loop or a lambda
# inside one. A copy of any other inline function there, compiled with AVX2 or AVX-512, could be
# the one the linker keeps for every caller, and a processor without that instruction set would
# crash in it.
# Run as: cmake -DNM=<nm> -DOBJECTS=<the gjk library's objects, ;-separated> -P lanes_symbols.cmake
set(wide_objects "")
foreach(object IN LISTS OBJECTS)
  if(object MATCHES "lanes_avx2|lanes_avx512")
    list(APPEND wide_objects "${object}")
  endif()
endforeach()
list(LENGTH wide_objects found)
if(NOT found EQUAL 2)
  message(FATAL_ERROR "not both lanes_avx2 and lanes_avx512 objects among: ${OBJECTS}")
endif()
foreach(wide_object IN LISTS wide_objects)
  execute_process(COMMAND "${NM}" --defined-only --demangle "${wide_object}"
                  OUTPUT_VARIABLE symbols RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "${NM} failed on ${wide_object}")
  endif()
  string(REPLACE "\n" ";" lines "${symbols}")
  set(loops 0)
  foreach(line IN LISTS lines)
    # Global (upper-case type) symbols only; local labels and constants are the object's own.
    if(line MATCHES "^[0-9a-f]* [A-Z] (.*)$")
      set(name "${CMAKE_MATCH_1}")
      # DW.ref.__gxx_personality_v0 is data, not code: the address of the C++ runtime's
      # personality routine, which the loop's unwinding tables name in the sanitizers' build
      # (-Og with ASan); every object's copy holds the same address.
      if(name STREQUAL "DW.ref.__gxx_personality_v0")
        continue()
      endif()
      if(NOT name MATCHES "gjk::detail::lockstep3?_loop<")
        message(FATAL_ERROR "${wide_object} defines ${name}")
      endif()
      math(EXPR loops "${loops} + 1")
    endif()
  endforeach()
  if(loops LESS 2)
    message(FATAL_ERROR "${wide_object} does not define both loops:\n${symbols}")
  endif()
  message(STATUS "${wide_object}: ${loops} symbols, all of the lockstep loop")
endforeach()
