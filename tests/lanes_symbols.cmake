# The AVX2 object holds the lockstep loop and nothing else (src/lanes.hpp says why): every
# symbol it defines for the linker must be lockstep_loop or a lambda inside it. A copy of any
# other inline function there, compiled with AVX2, could be the one the linker keeps for every
# caller, and a processor without AVX2 would crash in it.
# Run as: cmake -DNM=<nm> -DOBJECTS=<the gjk library's objects, ;-separated> -P lanes_symbols.cmake
foreach(object IN LISTS OBJECTS)
  if(object MATCHES "lanes_avx2")
    set(avx2_object "${object}")
  endif()
endforeach()
if(NOT avx2_object)
  message(FATAL_ERROR "no lanes_avx2 object among: ${OBJECTS}")
endif()
execute_process(COMMAND "${NM}" --defined-only --demangle "${avx2_object}"
                OUTPUT_VARIABLE symbols RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "${NM} failed on ${avx2_object}")
endif()
string(REPLACE "\n" ";" lines "${symbols}")
set(loops 0)
foreach(line IN LISTS lines)
  # Global (upper-case type) symbols only; local labels and constants are the object's own.
  if(line MATCHES "^[0-9a-f]* [A-Z] (.*)$")
    set(name "${CMAKE_MATCH_1}")
    if(NOT name MATCHES "gjk::detail::lockstep_loop<")
      message(FATAL_ERROR "the AVX2 object defines ${name}")
    endif()
    math(EXPR loops "${loops} + 1")
  endif()
endforeach()
if(loops LESS 2)
  message(FATAL_ERROR "the AVX2 object does not define both loops:\n${symbols}")
endif()
message(STATUS "${avx2_object}: ${loops} symbols, all of the lockstep loop")
