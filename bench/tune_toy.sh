#!/usr/bin/env bash
# How many games does `arena tune` need to drive bots/diceshogi/tunable (strongest at --skill
# 0.75) from a poor start (0.05) into its strong region [0.6, 0.9]? The same tune as tests/tune,
# over several master seeds. Per seed: the games played when theta first entered the region, the
# games after which it never left it again ("settled"), and where it ended; then the median of
# each and how many runs ended in the region.
#
#   bench/tune_toy.sh BUILD_DIR [SEEDS] [ITERATIONS]     (default 8 seeds, 60 iterations)
#
# Env: TUNE_BENCH_DIR (default a temporary directory, removed at the end).
set -euo pipefail

(($# >= 1 && $# <= 3)) || { echo "usage: $0 BUILD_DIR [SEEDS] [ITERATIONS]" >&2; exit 2; }
build=$(cd "$1" && pwd)
seeds=${2:-8}
iterations=${3:-60}
arena=$build/arena
bot=$build/bots/diceshogi/tunable
for program in "$arena" "$bot"; do
  [[ -x $program ]] || { echo "$0: $program is missing: build it (arena diceshogi_tunable)" >&2; exit 2; }
done
work=${TUNE_BENCH_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/arena-tune-bench.XXXXXX")}
[[ -n ${TUNE_BENCH_DIR:-} ]] || trap 'rm -rf "$work"' EXIT

median() { sort -n | awk '{v[NR] = $1} END {if (NR == 0) print "-"; else print v[int((NR + 1) / 2)]}'; }

echo "arena tune, toy bot: skill 0.05 -> [0.6, 0.9]; $iterations iterations of 2 seat-fair pairs (4 games), c_end 0.1, r_end 0.3"
printf '%6s %14s %14s %8s %8s\n' seed "games: entered" "games: settled" "final" "seconds"
reached=()
settled=()
inside=0
for ((seed = 1; seed <= seeds; seed++)); do
  cat > "$work/toy-$seed.json" <<JSON
{"game": "diceshogi", "bot": "$bot --skill {skill} --seed 7",
 "params": [{"name": "skill", "type": "float", "start": 0.05, "min": 0, "max": 1, "c_end": 0.1, "r_end": 0.3}],
 "iterations": $iterations, "pairs_per": 2, "seeds": {"master": $seed}, "logs": "none"}
JSON
  start=$(date +%s.%N)
  "$arena" tune "$work/toy-$seed.json" --out "$work/run-$seed" --concurrency 2 > /dev/null
  seconds=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN {print b - a}')
  # One line per iteration: games so far, theta after it.
  sed -n 's/.*"games":\[\([^]]*\)\].*"theta_after":{"skill":\([-0-9.e]*\)}.*/\1 \2/p' "$work/run-$seed/tune.jsonl" |
    awk '{n = split($1, ids, ","); games += n; print games, $2}' > "$work/theta-$seed.txt"
  entered=$(awk '$2 >= 0.6 && $2 <= 0.9 {print $1; exit}' "$work/theta-$seed.txt")
  settle=$(awk '{ if ($2 >= 0.6 && $2 <= 0.9) { if (!s) s = $1 } else s = 0 } END {print s ? s : ""}' "$work/theta-$seed.txt")
  final=$(tail -1 "$work/theta-$seed.txt" | awk '{printf "%.3f", $2}')
  [[ -n $entered ]] && reached+=("$entered")
  [[ -n $settle ]] && settled+=("$settle") && inside=$((inside + 1))
  printf '%6d %14s %14s %8s %8.1f\n' "$seed" "${entered:--}" "${settle:--}" "$final" "$seconds"
done
echo "median games to enter the strong region: $(printf '%s\n' "${reached[@]}" | median) (${#reached[@]} of $seeds runs entered it)"
echo "median games after which it stayed there: $(printf '%s\n' "${settled[@]}" | median) ($inside of $seeds runs ended in it)"
