#!/usr/bin/env bash
# The hostile tournament of issues 7 and 13 at full size: 360 SameGame games (90 bots x 4
# boards), half of the bots hostile (timeouts, crashes, garbage, floods, forks, daemons after
# setsid/setpgid, children that rejoin their group, bots that stop themselves or exit 143,
# memory / CPU / process / file hogs spread over children, 9,999 and 10,000-byte answers, sandbox
# escapes through sockets, files, the environment and the terminal). Prints the time, the
# outcomes, the bot processes left (must be 0) and the arena's peak RSS (must stay under
# 200 MB). ctest runs the same program on 1 board.
#   scripts/hostile-tournament.sh [--boards N] [--concurrency C] [--keep DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
build="${BUILD_DIR:-build}"
if [ ! -f "$build/CMakeCache.txt" ]; then
  cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
cmake --build "$build" -j "$(nproc)" --target hostile_tournament >/dev/null
exec "$build/tests/hostile/hostile_tournament" --boards 4 --concurrency "$(nproc)" "$@"
