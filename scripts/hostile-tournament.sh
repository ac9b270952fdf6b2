#!/usr/bin/env bash
# The hostile tournament of issue 7 at full size: 200 SameGame games (50 bots x 4 boards), half
# of the bots hostile (timeouts, crashes, garbage, floods, forks, memory / CPU / file hogs,
# sandbox escapes). Prints the time, the outcomes, the bot processes left (must be 0) and the
# arena's peak RSS (must stay under 200 MB). ctest runs the same program on 1 board.
#   scripts/hostile-tournament.sh [--boards N] [--concurrency C] [--keep DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
build="${BUILD_DIR:-build}"
if [ ! -f "$build/CMakeCache.txt" ]; then
  cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
cmake --build "$build" -j "$(nproc)" --target hostile_tournament >/dev/null
exec "$build/tests/hostile/hostile_tournament" --boards 4 --concurrency "$(nproc)" "$@"
