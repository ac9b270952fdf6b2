#!/usr/bin/env bash
# Issue 17's target "compressed Dice Shogi logs at most 6 KB per game on average": plays GAMES
# real Dice Shogi games (4 random bots, round robin, both seat orders: 12 games a seed) with the
# arena's default logs (games/<id>.json.zst), then prints
#   - the average size of the .json.zst files the arena wrote, and its ratio to 6 KB;
#   - bench_log_sizes's figures on the same logs: compression and read-back time per game, the
#     games' own duration, and other zstd levels for comparison.
# Usage: bench/log_sizes.sh BUILD_DIR [GAMES]   (default 240; env LOG_SIZES_DIR keeps the run)
set -euo pipefail
build=$(cd "${1:?usage: bench/log_sizes.sh BUILD_DIR [GAMES]}" && pwd)
games=${2:-240}
seeds=$(( (games + 11) / 12 ))
dir=${LOG_SIZES_DIR:-$(mktemp -d)}
mkdir -p "$dir"
random="$build/bots/diceshogi/random"
cat >"$dir/config.json" <<JSON
{"game": "diceshogi", "seeds": $seeds, "bots": [
  {"name": "r0", "command": "$random --seed 0"}, {"name": "r1", "command": "$random --seed 1"},
  {"name": "r2", "command": "$random --seed 2"}, {"name": "r3", "command": "$random --seed 3"}]}
JSON
rm -rf "$dir/run"
start=$(date +%s.%N)
"$build/arena" tournament "$dir/config.json" --out "$dir/run" --concurrency 2 >/dev/null
end=$(date +%s.%N)
count=$(find "$dir/run/games" -name '*.json.zst' | wc -l)
bytes=$(find "$dir/run/games" -name '*.json.zst' -printf '%s\n' | awk '{s += $1} END {print s}')
echo "played $count games in $(awk -v a="$start" -v b="$end" 'BEGIN {printf "%.1f", b - a}') s (2 at a time)"
awk -v b="$bytes" -v n="$count" 'BEGIN {printf "games/*.json.zst as written: %.2f KB per game, %.3f of the 6 KB target (%s)\n", b / n / 1000, b / n / 6000, b / n <= 6000 ? "met" : "NOT met"}'
"$build/bench/bench_log_sizes" "$dir/run/games" --levels 3,9,12,15,19
[ -n "${LOG_SIZES_DIR:-}" ] || rm -rf "$dir"
