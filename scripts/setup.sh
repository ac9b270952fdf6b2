#!/usr/bin/env bash
# First command of the README: install what is missing, build, and run the main job on the
# built-in default: every sample SameGame bot over the 50 CodinGame boards, then the standings.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
# A new directory each run: running set-up again never overwrites earlier results.
build/arena tournament configs/samegame.json --out "results/samegame-$(date +%Y%m%d-%H%M%S)" "$@"
