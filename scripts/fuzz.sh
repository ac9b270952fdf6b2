#!/usr/bin/env bash
# Runs every libFuzzer target for N seconds each (default 20): the referees' output parsing, the
# config loader, the command-line splitter, the match log's JSON. Builds them first (clang,
# ASan + UBSan; only the targets and the libraries they test) into build-fuzz/ unless BUILD_DIR
# says otherwise. Corpora are kept in
# fuzz/corpus/<target>/ (gitignored) so longer runs build on earlier ones. A crash, hang or leak
# stops the run with libFuzzer's report and the input that caused it (fuzz/artifacts/<target>-
# crash-*, -timeout-*, -leak-*) and exits non-zero.
#   scripts/fuzz.sh [SECONDS] [TARGET...]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-20}"
shift || true
build="${BUILD_DIR:-build-fuzz}"

# FUZZ_CXX_FLAGS: -O1 (libFuzzer's advice: more inputs a second); CI's smoke run builds at -O0
# (scripts/test-sanitizers.sh), in less than half the time, into a directory of its own.
flags="${FUZZ_CXX_FLAGS:--O1 -g1}"
if [ ! -f "$build/CMakeCache.txt" ]; then
  CC=clang CXX=clang++ cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CXX_FLAGS_RELEASE="$flags" -DARENA_BUILD_FUZZ=ON -DARENA_BUILD_TESTS=OFF \
    -DARENA_BUILD_BENCH=OFF >/dev/null
else
  cmake -S . -B "$build" -DCMAKE_CXX_FLAGS_RELEASE="$flags" >/dev/null
fi
cmake --build "$build" -j "$(nproc)" --target fuzz_all >/dev/null

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  for t in "$build"/fuzz/fuzz_*; do targets+=("$(basename "$t")"); done
fi

for target in "${targets[@]}"; do
  corpus="fuzz/corpus/$target"
  mkdir -p "$corpus" fuzz/artifacts
  # Seeds: the project's own configs for the config loader.
  if [ "$target" = fuzz_config ]; then cp -n configs/*.json "$corpus/" 2>/dev/null || true; fi
  # Real records (fuzz/seeds/<target>/): a first byte picks the caller's expectations.
  if [ -d "fuzz/seeds/$target" ]; then cp -n "fuzz/seeds/$target"/* "$corpus/" 2>/dev/null || true; fi
  echo "== $target: ${seconds}s"
  # -timeout: one input taking over 10 s is a hang; -rss_limit_mb: a leak or blow-up.
  log="fuzz/artifacts/$target.log"
  status=0
  "$build/fuzz/$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="fuzz/artifacts/$target-" "$corpus" >"$log" 2>&1 ||
    status=$?
  grep -E "^(stat::number_of_executed_units|stat::average_exec_per_sec|stat::peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    grep -vE "^(INFO|#[0-9]+)" "$log" | head -40 >&2
    echo "fuzz: $target FAILED (exit $status); rerun: $build/fuzz/$target <crash file>" >&2
    exit 1
  fi
done
echo "fuzz: all targets ran ${seconds}s each without a crash, hang or leak"
