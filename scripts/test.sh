#!/usr/bin/env bash
# Second command of the README: install what is missing, build, run every test. (CI runs the same
# suite in its own stages: .ci/run.)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
(cd build && ctest --output-on-failure -j "$(nproc)" "$@")
# CI also runs the suite once under ASan + UBSan, plus a short run of every fuzz target
# (ARENA_SANITIZERS=1 does the same locally; it builds a second tree, build-san/).
if [ -n "${CI:-}" ] || [ "${ARENA_SANITIZERS:-0}" = 1 ]; then
  scripts/test-sanitizers.sh
fi
