#!/usr/bin/env bash
# Second command of the README (and what CI runs): install what is missing, build, run every test.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
cd build && ctest --output-on-failure -j "$(nproc)" "$@"
