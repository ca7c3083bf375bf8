# gjk - convenience targets around CMake. `make demo` and `make test` are the Quick start.
# Missing Debian packages are installed first (apt-get, only when a package is absent).

BUILD     ?= build
ASAN      ?= build-asan
JOBS      ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_ARGS ?=
PACKAGES  := cmake g++ python3 make ninja-build pkg-config doxygen libgtest-dev libgmp-dev nlohmann-json3-dev libcli11-dev libpugixml-dev libbenchmark-dev libbox2d-dev

.PHONY: all build demo test test-asan test-consumer docs docs-check deps clean format bench

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

# Every test: the C++ suites (ctest), then the browser demo's tests in headless Chromium.
test: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)
	@$(MAKE) --no-print-directory test-web

# The whole suite again under AddressSanitizer and UndefinedBehaviorSanitizer.
test-asan: deps
	cmake -S . -B $(ASAN) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DGJK_SANITIZE=ON -DGJK_WERROR=ON $(CMAKE_ARGS)
	cmake --build $(ASAN) -j $(JOBS)
	cd $(ASAN) && ctest --output-on-failure -j $(JOBS)

# Install gjk into a temporary prefix, then build and run tests/consumer against it three ways:
# find_package(gjk), add_subdirectory, pkg-config (CMake and a plain g++ line).
CONSUMER ?= build-consumer
test-consumer: deps
	JOBS=$(JOBS) tests/consumer/run.sh $(CONSUMER)

# The guide's figures and the API reference. Each docs/scenes/NAME.jsonl is a `gjk svg` query,
# NAME.args its options (shell-quoted); the pictures go to docs/figures/NAME.svg (committed, so
# the guide renders on GitHub). Doxygen writes the HTML reference to $(BUILD)/docs/html.
DOC_SCENES  := $(wildcard docs/scenes/*.jsonl)
DOC_FIGURES := $(patsubst docs/scenes/%.jsonl,docs/figures/%.svg,$(DOC_SCENES))
GJK_VERSION := $(shell sed -n 's/^project.gjk VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)

docs: build
	@mkdir -p docs/figures
	@for scene in $(DOC_SCENES); do \
	  name=$$(basename $$scene .jsonl); \
	  xargs -a docs/scenes/$$name.args ./$(BUILD)/bin/gjk svg $$scene -o docs/figures/$$name.svg || exit 1; \
	  echo "docs/figures/$$name.svg"; done
	@$(MAKE) --no-print-directory docs-check

# Doxygen from the /// comments; fails on any warning (an undocumented public declaration,
# a broken reference), listing them.
docs-check: deps
	@mkdir -p $(BUILD)/docs
	GJK_VERSION=$(GJK_VERSION) GJK_DOCS_OUT=$(BUILD)/docs doxygen docs/Doxyfile
	@if [ -s $(BUILD)/docs/warnings.log ]; then \
	  echo "Doxygen warnings ($(BUILD)/docs/warnings.log):"; cat $(BUILD)/docs/warnings.log; exit 1; fi
	@echo "API reference: $(BUILD)/docs/html/index.html (no Doxygen warnings)"

# Benchmarks against Box2D in a Release build; the table goes to bench/results/<cpu>.md.
BENCH_BUILD ?= build-release
bench: deps
	cmake -S . -B $(BENCH_BUILD) -G Ninja -DCMAKE_BUILD_TYPE=Release -DGJK_BUILD_TESTS=OFF $(CMAKE_ARGS)
	cmake --build $(BENCH_BUILD) -j $(JOBS) --target gjk_bench
	./$(BENCH_BUILD)/bin/gjk_bench --benchmark_repetitions=5 --benchmark_report_aggregates_only=true \
	  --benchmark_out=$(BENCH_BUILD)/bench.json --benchmark_out_format=json
	python3 bench/report.py $(BENCH_BUILD)/bench.json \
	  "bench/results/$$(sed -n 's/^model name[^:]*: *//p' /proc/cpuinfo | head -1 | tr -c 'A-Za-z0-9\n' '-' | sed 's/-*$$//').md"

format:
	clang-format -i $$(git ls-files '*.hpp' '*.cpp')

clean:
	rm -rf $(BUILD) $(ASAN) $(CONSUMER)
