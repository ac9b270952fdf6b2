#!/usr/bin/env bash
# The test suite under AddressSanitizer + UndefinedBehaviorSanitizer, then a short run of every
# fuzz target (FUZZ_SECONDS each, default 5: a smoke test within CI's 30 minutes;
# scripts/fuzz.sh alone fuzzes longer). CI runs this once (scripts/test.sh with CI set).
# Any sanitizer report, leak included, fails the run.
#   build-san/   the whole project and its tests with ASan + UBSan, built by the project's usual
#                compiler (what builds in Release builds here too)
#   build-fuzz-smoke/  clang + libFuzzer at -O0: only the fuzz targets and the libraries they test
set -euo pipefail
cd "$(dirname "$0")/.."
build="${BUILD_DIR:-build-san}"
start=$(date +%s)

# -O1 -g1: what the sanitizers recommend (readable reports, line numbers), and quick to build.
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS_RELEASE="-O1 -g1" \
  -DARENA_SANITIZE=ON -DARENA_BUILD_BENCH=OFF >/dev/null
cmake --build "$build" -j "$(nproc)"
built=$(date +%s)

# halt_on_error: the first report fails the test; detect_leaks: leaks are errors too.
export ASAN_OPTIONS="halt_on_error=1:detect_leaks=1:abort_on_error=1"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"
# The cluster tests (-LE cluster) check the examples on Slurm and GNU parallel, and view.browser
# the pages' JavaScript in Chromium, not memory safety: the Release run has them already (the
# pages themselves are made under the sanitizers by the other view tests); architecture checks
# the sources' layering and file sizes, the same in any build (CI's Debian 13 stage runs it).
(cd "$build" && ctest --output-on-failure -j "$(nproc)" --timeout 600 -LE cluster \
  -E '^(view\.browser|architecture)$')
tested=$(date +%s)

# At -O0: the targets build in less than half the time, and a smoke run needs no speed.
BUILD_DIR="${FUZZ_BUILD_DIR:-build-fuzz-smoke}" FUZZ_CXX_FLAGS="-O0 -g1" \
  scripts/fuzz.sh "${FUZZ_SECONDS:-5}"
end=$(date +%s)
echo "sanitizers: build $((built - start)) s, ctest $((tested - built)) s," \
  "fuzz build and runs $((end - tested)) s"
