#!/usr/bin/env bash
# Configures and builds arena into build/ (Release). Extra arguments go to the build tool.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j "$(nproc)" "$@"
