# web/web.mk - the browser demo: the gjk kernel compiled to WebAssembly with Debian's
# emscripten, a static page of plain ES modules, and its tests in headless Chromium.
# The main Makefile includes this file; it also works alone, from the repository root:
#     make -f web/web.mk web | web-build | test-web | web-deps
#
#   web-deps   installs the Debian packages emscripten and chromium (and Node.js/npm) when absent
#   web-build  builds the WebAssembly module and assembles the site in $(BUILD)/web
#              (plus a Node.js build of the same module in $(BUILD)/web-node, for the tests)
#   web        web-build, then serves $(BUILD)/web on http://127.0.0.1:8000/ (loopback only;
#              Ctrl-C stops it); serve-web is another name for it
#   test-web   the end-to-end tests (tests/web/): real headless Chromium driven by
#              playwright-core, checked against the native `gjk` tool

BUILD ?= build
JOBS  ?= 2

# Alone, `make -f web/web.mk` builds the site; included, the includer's default goal stays.
WEB_SAVED_GOAL := $(.DEFAULT_GOAL)
WEB_STANDALONE := $(filter 1,$(words $(MAKEFILE_LIST)))

WEB_SRC      := web
WEB_OUT      := $(BUILD)/web
WEB_OBJ      := $(BUILD)/web-obj
WEB_NODE     := $(BUILD)/web-node
WEB_PACKAGES := emscripten chromium
# Debian's emscripten runs offline; its JS optimizer needs Debian's acorn on NODE_PATH.
WEB_EMXX     := NODE_PATH=/usr/share/nodejs em++
# -I.: the bindings answer with the contract's answers and fields (contract/*.hpp, headers only).
WEB_CXXFLAGS := -std=c++20 -O2 -ffp-contract=off -Iinclude -I. -Wall -Wextra
# Only the library's compiled part (src/gjk.cpp) and the bindings: src/batch.cpp needs threads.
WEB_OBJECTS  := $(WEB_OBJ)/gjk.o $(WEB_OBJ)/bindings.o
WEB_LDFLAGS  := -O2 --bind -sMODULARIZE=1 -sALLOW_MEMORY_GROWTH=1 -sEXPORT_NAME=createGjk
WEB_HEADERS  := $(wildcard include/gjk/*.hpp include/gjk/*/*.hpp contract/*.hpp)

.PHONY: web web-build web-deps serve-web test-web

# The packages are installed by the main Makefile's `deps`, the one place that runs apt-get.
web-deps:
	@extra=""; command -v node >/dev/null 2>&1 || extra="$$extra nodejs"; \
	command -v npm >/dev/null 2>&1 || extra="$$extra npm"; \
	$(MAKE) --no-print-directory -f Makefile deps PACKAGES="$(WEB_PACKAGES)$$extra"

$(WEB_OBJ)/gjk.o: src/gjk.cpp $(WEB_HEADERS) | web-deps
	@mkdir -p $(@D)
	$(WEB_EMXX) $(WEB_CXXFLAGS) -c $< -o $@

$(WEB_OBJ)/bindings.o: $(WEB_SRC)/bindings.cpp $(WEB_HEADERS) | web-deps
	@mkdir -p $(@D)
	$(WEB_EMXX) $(WEB_CXXFLAGS) -c $< -o $@

# The page's module: an ES module that finds gjk.wasm next to itself.
$(WEB_OUT)/gjk.js: $(WEB_OBJECTS)
	@mkdir -p $(@D)
	$(WEB_EMXX) $(WEB_LDFLAGS) -sEXPORT_ES6=1 -sENVIRONMENT=web $(WEB_OBJECTS) -o $@

# The same module for Node.js (CommonJS; the tests pass it the .wasm bytes).
$(WEB_NODE)/gjk.cjs: $(WEB_OBJECTS)
	@mkdir -p $(@D)
	$(WEB_EMXX) $(WEB_LDFLAGS) -sENVIRONMENT=node $(WEB_OBJECTS) -o $@

web-build: web-deps $(WEB_OUT)/gjk.js $(WEB_NODE)/gjk.cjs
	@rm -rf $(WEB_OUT)/js
	cp -R $(WEB_SRC)/index.html $(WEB_SRC)/style.css $(WEB_SRC)/js $(WEB_OUT)/
	@echo "site assembled in $(WEB_OUT)/ (make web serves it)"

web serve-web: web-build
	@echo "serving the demo on http://127.0.0.1:8000/ (Ctrl-C stops it)"
	python3 -m http.server 8000 --bind 127.0.0.1 --directory $(WEB_OUT)

test-web: web-deps web-build
	@test -x $(BUILD)/bin/gjk || { cmake -S . -B $(BUILD) -G Ninja && \
	  cmake --build $(BUILD) -j $(JOBS) --target gjk_cli; }
	@test -d $(WEB_SRC)/node_modules/playwright-core || \
	  (cd $(WEB_SRC) && npm ci --no-audit --no-fund)
	GJK_BUILD=$(BUILD) node --test tests/web/

ifneq ($(WEB_STANDALONE),)
.DEFAULT_GOAL := web-build
else
.DEFAULT_GOAL := $(WEB_SAVED_GOAL)
endif
