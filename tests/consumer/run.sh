#!/usr/bin/env bash
# Installs gjk into a temporary prefix and builds and runs tests/consumer against it every way
# a user can consume the library:
#   1. find_package(gjk) with CMAKE_PREFIX_PATH (and a too-new version request must fail),
#   2. add_subdirectory of the source tree (only the library may be built),
#   3. pkg-config with PKG_CONFIG_PATH: from CMake (pkg_check_modules) and on a plain g++ line.
# Usage: tests/consumer/run.sh [WORK_DIR]   (default: build-consumer; it is wiped first)
set -euo pipefail
src=$(cd "$(dirname "$0")/../.." && pwd)
work=$(realpath -m "${1:-$src/build-consumer}")
consumer="$src/tests/consumer"
jobs=${JOBS:-2}
rm -rf "$work"
mkdir -p "$work"

step() { printf '\n== %s\n' "$*"; }
fail() { printf 'test-consumer: FAIL: %s\n' "$*" >&2; exit 1; }

step "build gjk (library and tool only) and install it into $work/prefix"
# Configured for another prefix on purpose: the installed package must be relocatable.
cmake -S "$src" -B "$work/gjk" -G Ninja \
  -DGJK_BUILD_TESTS=OFF -DGJK_BUILD_BENCH=OFF -DGJK_BUILD_PYTHON=OFF \
  -DCMAKE_INSTALL_PREFIX=/opt/gjk-not-here >/dev/null
cmake --build "$work/gjk" -j "$jobs"
cmake --install "$work/gjk" --prefix "$work/prefix" >/dev/null
prefix="$work/prefix"
for f in include/gjk/gjk.hpp include/gjk/distance.hpp lib/libgjk.a bin/gjk \
         lib/cmake/gjk/gjkConfig.cmake lib/cmake/gjk/gjkConfigVersion.cmake \
         lib/cmake/gjk/gjkTargets.cmake lib/pkgconfig/gjk.pc; do
  [ -e "$prefix/$f" ] || fail "not installed: $f"
done
version=$(sed -n 's/^project(gjk VERSION \([0-9.]*\).*/\1/p' "$src/CMakeLists.txt")
[ "$("$prefix/bin/gjk" --version)" = "gjk $version" ] || fail "installed gjk --version is not $version"
echo "installed gjk $version"

step "1. find_package(gjk $version) with CMAKE_PREFIX_PATH"
cmake -S "$consumer" -B "$work/package" -G Ninja -DGJK_CONSUMER_MODE=package \
  -DGJK_CONSUMER_VERSION="$version" -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
cmake --build "$work/package"
"$work/package/consumer"
# SameMajorVersion: a request for the next major version must not accept this one.
next_major=$(( ${version%%.*} + 1 )).0
if cmake -S "$consumer" -B "$work/package-next" -G Ninja -DGJK_CONSUMER_MODE=package \
     -DGJK_CONSUMER_VERSION="$next_major" -DCMAKE_PREFIX_PATH="$prefix" >"$work/next.log" 2>&1; then
  fail "find_package(gjk $next_major) accepted gjk $version"
fi
grep -q "gjkConfig.cmake, version: $version" "$work/next.log" || fail "find_package(gjk $next_major) failed for another reason: see $work/next.log"
echo "find_package(gjk $next_major) refuses gjk $version, as SameMajorVersion should"

step "2. add_subdirectory($src)"
cmake -S "$consumer" -B "$work/subdirectory" -G Ninja -DGJK_CONSUMER_MODE=subdirectory \
  -DGJK_SOURCE_DIR="$src" >/dev/null
cmake --build "$work/subdirectory" -j "$jobs"
"$work/subdirectory/consumer"
# Nothing but the library and the consumer was built.
built=$(cd "$work/subdirectory" && find . -name '*.a' -o -type f -perm -u+x -name 'gjk*' | sort | tr '\n' ' ')
[ "$built" = "./gjk/libgjk.a " ] || fail "the subproject built more than libgjk.a: $built"

step "3a. pkg-config from CMake (pkg_check_modules) with PKG_CONFIG_PATH"
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
[ "$(pkg-config --modversion gjk)" = "$version" ] || fail "pkg-config --modversion gjk is not $version"
cmake -S "$consumer" -B "$work/pkgconfig" -G Ninja -DGJK_CONSUMER_MODE=pkgconfig >/dev/null
cmake --build "$work/pkgconfig"
"$work/pkgconfig/consumer"

step "3b. pkg-config on a plain g++ command line"
echo "g++ main.cpp $(pkg-config --cflags --libs gjk)"
# shellcheck disable=SC2046 # the flags must split into words
g++ -Wall -Wextra -Werror "$consumer/main.cpp" -o "$work/consumer-gxx" $(pkg-config --cflags --libs gjk)
"$work/consumer-gxx"

printf '\ntest-consumer: all three ways build and pass\n'
