# gjk - convenience targets around CMake. `make demo` and `make test` are the Quick start.
# Missing Debian packages are installed first (apt-get, only when a package is absent).

BUILD     ?= build
ASAN      ?= build-asan
JOBS      ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_ARGS ?=
# The Python package (python/): Debian's interpreter and libraries, its tests' oracle (shapely),
# property tests (hypothesis) and Dask; setuptools, wheel and venv for `pip install .`.
PYTHON_PACKAGES := python3-dev pybind11-dev python3-numpy python3-pytest python3-hypothesis \
             python3-shapely python3-dask python3-distributed python3-setuptools python3-wheel \
             python3-venv python3-pip
PACKAGES  := cmake g++ python3 make ninja-build pkg-config doxygen libgtest-dev libgmp-dev libqhull-dev nlohmann-json3-dev libcli11-dev libpugixml-dev libbenchmark-dev libbox2d-dev libsimdjson-dev \
             $(PYTHON_PACKAGES)

.PHONY: all build demo test test-asan test-consumer test-python-install test-fma docs docs-check deps clean format bench fuzz fuzz-smoke fuzz-build deps-fuzz

all: build

include web/web.mk

deps:
	@missing=""; for p in $(PACKAGES); do \
	  dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  SUDO=""; [ "$$(id -u)" -ne 0 ] && SUDO=sudo; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y --no-install-recommends $$missing; \
	fi

$(BUILD)/build.ninja: | deps
	cmake -S . -B $(BUILD) -G Ninja $(CMAKE_ARGS)

build: $(BUILD)/build.ninja
	cmake --build $(BUILD) -j $(JOBS)

# The built-in scenes in the terminal and as SVG pictures, then the browser demo, served.
demo: build
	./$(BUILD)/bin/gjk demo
	@$(MAKE) --no-print-directory web

# Every test: the C++ suites and the Python package's (ctest), then the browser demo's tests in
# headless Chromium.
test: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)
	@$(MAKE) --no-print-directory test-web

# The whole suite again under AddressSanitizer and UndefinedBehaviorSanitizer, optimized as the
# sanitizers' manuals advise (-Og: GCC's -O1 without the passes that hurt debugging, which
# compiles the instrumented suite in little more than half -O1's time and runs it as fast), with
# line tables only (-g1: reports keep their file and line); the benchmarks are not built (they
# run no test).
test-asan: deps
	cmake -S . -B $(ASAN) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-Og -g1 -DNDEBUG" -DGJK_SANITIZE=ON -DGJK_BUILD_BENCH=OFF \
	  -DGJK_WERROR=ON $(CMAKE_ARGS)
	cmake --build $(ASAN) -j $(JOBS)
	cd $(ASAN) && ctest --output-on-failure -j $(JOBS)

# The batch's identity tests (every distance_batch output distance()'s to the bit) and the oracle
# tests built for x86-64-v3, whose FMA instructions the compiler would use to contract a
# multiply and an add unless told not to (-ffp-contract=off, CMakeLists.txt). Skipped on a
# processor without AVX2 and FMA, which could not run the build. (CI builds its whole `make
# test` for x86-64-v3 instead: .ci/run.)
FMA_BUILD ?= build-fma
test-fma: deps
	@if ! grep -qw fma /proc/cpuinfo || ! grep -qw avx2 /proc/cpuinfo; then \
	  echo "test-fma: this processor lacks FMA or AVX2; skipped"; exit 0; fi; \
	cmake -S . -B $(FMA_BUILD) -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS=-march=x86-64-v3 \
	  -DGJK_BUILD_BENCH=OFF -DGJK_BUILD_PYTHON=OFF $(CMAKE_ARGS) && \
	cmake --build $(FMA_BUILD) -j $(JOBS) --target gjk_tests && \
	./$(FMA_BUILD)/bin/gjk_tests --gtest_brief=1 --gtest_filter='Batch*:*Oracle*'

# Install gjk into a temporary prefix, then build and run tests/consumer against it three ways:
# find_package(gjk), add_subdirectory, pkg-config (CMake and a plain g++ line).
CONSUMER ?= build-consumer
test-consumer: deps
	JOBS=$(JOBS) tests/consumer/run.sh $(CONSUMER)

# README's Python install, as a user runs it: a virtual environment over Debian's interpreter,
# `pip install --no-build-isolation .` (setuptools driving CMake, nothing from PyPI), then the
# installed package answers a query outside the source tree and holds its types (py.typed and
# the stubs, which python/tests/test_stubs.py checks against the module).
PYVENV ?= build-venv
test-python-install: deps
	rm -rf $(PYVENV) && /usr/bin/python3 -m venv --system-site-packages $(PYVENV)
	$(PYVENV)/bin/pip install --no-build-isolation --no-index -q .
	cd / && $(CURDIR)/$(PYVENV)/bin/python -c "import gjk, pathlib; \
	  r = gjk.distance(gjk.Shape([[0, 0], [1, 0], [0, 1]]), gjk.Shape([[3, 0]], 0.5)); \
	  assert abs(r.distance - 1.5) < 1e-12, r; print('installed', gjk.__file__, r); \
	  package = pathlib.Path(gjk.__file__).parent; \
	  missing = [f for f in ('py.typed', '__init__.pyi', '_gjk.pyi', 'dask.pyi') \
	             if not (package / f).is_file()]; \
	  assert not missing, f'{package} lacks {missing}'; print('types', package / 'py.typed')"

# The guide's figures and the API reference. Each docs/scenes/NAME.jsonl is a `gjk svg` query,
# NAME.args its options (shell-quoted); the pictures go to docs/figures/NAME.svg (committed, so
# the guide renders on GitHub). `gjk svg` draws the plane only: docs/scenes/space.py draws the
# figures of docs/gjk-in-3d.md (docs/figures/7-*.svg) from the tool's answers to its 3D queries.
# Doxygen writes the HTML reference to $(BUILD)/docs/html.
DOC_SCENES  := $(wildcard docs/scenes/*.jsonl)
DOC_FIGURES := $(patsubst docs/scenes/%.jsonl,docs/figures/%.svg,$(DOC_SCENES))
GJK_VERSION := $(shell sed -n 's/^project.gjk VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)

docs: build
	@mkdir -p docs/figures
	@for scene in $(DOC_SCENES); do \
	  name=$$(basename $$scene .jsonl); \
	  xargs -a docs/scenes/$$name.args ./$(BUILD)/bin/gjk svg $$scene -o docs/figures/$$name.svg || exit 1; \
	  echo "docs/figures/$$name.svg"; done
	/usr/bin/python3 docs/scenes/space.py ./$(BUILD)/bin/gjk docs/figures
	@$(MAKE) --no-print-directory docs-check

# Doxygen from the /// comments; fails on any warning (an undocumented public declaration,
# a broken reference), listing them.
docs-check: deps
	@mkdir -p $(BUILD)/docs
	GJK_VERSION=$(GJK_VERSION) GJK_DOCS_OUT=$(BUILD)/docs doxygen docs/Doxyfile
	@if [ -s $(BUILD)/docs/warnings.log ]; then \
	  echo "Doxygen warnings ($(BUILD)/docs/warnings.log):"; cat $(BUILD)/docs/warnings.log; exit 1; fi
	@echo "API reference: $(BUILD)/docs/html/index.html (no Doxygen warnings)"

# libFuzzer targets (fuzz/): the JSONL line contract and the distance/overlap kernels, built
# with clang++ -fsanitize=fuzzer,address,undefined,float-divide-by-zero. `make fuzz-smoke`
# runs each for FUZZ_SECONDS (60, as CI does); `make fuzz` for 30 minutes each. New inputs
# go to $(FUZZ_BUILD)/corpus/<target>/, crashes to $(FUZZ_BUILD)/<target>-crash-*; the
# committed seeds in fuzz/corpus/<target>/ are only read.
FUZZ_BUILD   ?= build-fuzz
FUZZ_SECONDS ?= 60
FUZZERS      := fuzz_jsonl fuzz_kernel
FUZZ_PACKAGES := clang libclang-rt-14-dev libgmp-dev nlohmann-json3-dev libsimdjson-dev libcli11-dev cmake ninja-build

deps-fuzz:
	@$(MAKE) --no-print-directory deps PACKAGES="$(FUZZ_PACKAGES)"

fuzz-build: deps-fuzz
	cmake -S . -B $(FUZZ_BUILD) -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  -DGJK_FUZZ=ON -DGJK_BUILD_TESTS=OFF -DGJK_BUILD_BENCH=OFF -DGJK_WERROR=ON
	cmake --build $(FUZZ_BUILD) -j $(JOBS) --target $(FUZZERS)

# The smoke run (CI) runs each target for FUZZ_SECONDS with every check, fuzz_kernel's
# accuracy against the oracle included: the findings of fuzz/findings/README.md are fixed, and
# an 11-minute full-accuracy campaign after the fixes (2026-11-23, 3.2 million runs) found
# nothing. FUZZ_ACCURACY=0 checks fuzz_kernel's safety invariants only (no crash, hang or NaN;
# error codes; distance >= 0; unit normals; caps). `make fuzz` runs everything, 30 minutes
# each.
FUZZ_ACCURACY ?= 1
fuzz-smoke: fuzz-build
	@for f in $(FUZZERS); do \
	  mkdir -p $(FUZZ_BUILD)/corpus/$$f; \
	  safety=""; [ "$(FUZZ_ACCURACY)" = 0 ] && [ $$f = fuzz_kernel ] && safety="GJK_FUZZ_SAFETY_ONLY=1"; \
	  echo "== $$f for $(FUZZ_SECONDS) s $${safety:+(safety invariants only)}"; \
	  env $$safety ./$(FUZZ_BUILD)/bin/$$f -max_total_time=$(FUZZ_SECONDS) \
	    -timeout=10 -rss_limit_mb=2560 -print_final_stats=1 -artifact_prefix=$(FUZZ_BUILD)/$$f- \
	    $(FUZZ_BUILD)/corpus/$$f fuzz/corpus/$$f || exit 1; \
	done

fuzz:
	@$(MAKE) --no-print-directory fuzz-smoke FUZZ_SECONDS=1800 FUZZ_ACCURACY=1

# Benchmarks against Box2D in a Release build; the table goes to bench/results/<cpu>.md.
BENCH_BUILD ?= build-release
# The 3D peers of bench/space.cpp (optional to the build: their rows appear when they are found).
BENCH_PACKAGES := libbullet-dev libfcl-dev libccd-dev

bench: deps
	@$(MAKE) --no-print-directory deps PACKAGES="$(BENCH_PACKAGES)"
	cmake -S . -B $(BENCH_BUILD) -G Ninja -DCMAKE_BUILD_TYPE=Release -DGJK_BUILD_TESTS=OFF $(CMAKE_ARGS)
	cmake --build $(BENCH_BUILD) -j $(JOBS) --target gjk_bench gjk_python
	./$(BENCH_BUILD)/bin/gjk_bench --benchmark_repetitions=5 --benchmark_report_aggregates_only=true \
	  --benchmark_out=$(BENCH_BUILD)/bench.json --benchmark_out_format=json
	/usr/bin/python3 bench/report.py $(BENCH_BUILD)/bench.json \
	  "bench/results/$$(sed -n 's/^model name[^:]*: *//p' /proc/cpuinfo | head -1 | sed 's/([A-Z]*)//g' | tr -c 'A-Za-z0-9\n' '-' | sed 's/-*$$//').md"
	GJK_PYTHONPATH=$(BENCH_BUILD)/python /usr/bin/python3 bench/python_bench.py $(BENCH_BUILD)/bench.json

format:
	clang-format -i $$(git ls-files '*.hpp' '*.cpp')

clean:
	rm -rf $(BUILD) $(ASAN) $(CONSUMER) $(FUZZ_BUILD) $(PYVENV) build-python $(FMA_BUILD)
