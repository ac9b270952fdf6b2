#!/usr/bin/env bash
# N shards on N workers: does a sharded tournament's games per second grow with the workers?
# The same Dice Shogi tournament (greedy --seed 1 vs random --seed 1, both seat orders of each seed,
# deterministic bots) is played, in alternating rounds, as
#   1 shard  on 1 GNU parallel job slot  (arena tournament --shard 0/1, --concurrency 1)
#   2 shards on 2 GNU parallel job slots (--shard 0/2 and 1/2, --concurrency 1 each)
# and each round's games per second are compared: linear scaling is a ratio of 2.00.
#
#   bench/shard_scaling.sh BUILD_DIR [GAMES] [ROUNDS]     (default 200 games, 3 rounds)
#
# Two figures a run: "wall" is the whole `parallel` command as a user times it (GNU parallel is Perl
# and starts in about a second here: it costs both runs the same); "span" is from the first job's
# start to the last one's end, read from parallel's --joblog. The machine's load average is printed
# before and after: other work on the cores weighs on the 2-slot run most. Less sensitive to that
# load: the CPU time spent per game (arena + bots, /usr/bin/time) in each setting; equal per-game
# CPU means that two shards cost no more work than one, so on two free cores they take half as long.
# Env: SHARD_BENCH_DIR (default a temporary directory, removed at the end).
set -euo pipefail

(($# >= 1 && $# <= 3)) || { echo "usage: $0 BUILD_DIR [GAMES] [ROUNDS]" >&2; exit 2; }
build=$(cd "$1" && pwd)
games=${2:-200}
rounds=${3:-3}
arena=$build/arena
for program in "$arena" "$build/bots/diceshogi/greedy" "$build/bots/diceshogi/random"; do
  [[ -x $program ]] || { echo "$0: $program is missing: build it (ninja arena diceshogi_greedy diceshogi_random)" >&2; exit 2; }
done
command -v parallel > /dev/null || { echo "$0: GNU parallel is not installed (apt-get install parallel)" >&2; exit 2; }

work=${SHARD_BENCH_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/arena-shard-bench.XXXXXX")}
mkdir -p "$work"
[[ -n ${SHARD_BENCH_DIR:-} ]] || trap 'rm -rf "$work"' EXIT
cd "$work"
cat > tournament.json << EOF
{
  "game": "diceshogi",
  "bots": [
    {"name": "greedy", "command": "$build/bots/diceshogi/greedy --seed 1"},
    {"name": "random", "command": "$build/bots/diceshogi/random --seed 1"}
  ],
  "seeds": {"count": 1, "master": 1}
}
EOF

now() { date +%s.%N; }
# run SLOTS ROUND: SLOTS shards on SLOTS job slots; prints "wall span games cpu".
run() {
  local slots=$1 round=$2 dir=run-$1-$2 started ended
  started=$(now)
  # %U + %S: CPU seconds of parallel and everything it waited for (the arenas, their bots).
  /usr/bin/time -o "$dir.cpu" -f '%U %S' parallel --will-cite --jobs "$slots" --joblog "$dir.joblog" \
    "$arena" tournament tournament.json --games "$games" --shard "{}/$slots" \
    --out "$dir/shard-{}" --concurrency 1 ::: $(seq 0 $((slots - 1))) > "$dir.out" 2>&1 ||
    { echo "$0: the $slots-slot run failed: $(tail -5 "$dir.out")" >&2; exit 1; }
  ended=$(now)
  local played
  played=$(cat "$dir"/shard-*/results.jsonl | wc -l)
  # joblog columns: Seq Host Starttime JobRuntime ...
  awk -F'\t' -v wall="$(echo "$ended - $started" | bc)" -v played="$played" \
    -v cpu="$(awk '{ print $1 + $2 }' "$dir.cpu")" '
    NR > 1 { if (first == "" || $3 < first) first = $3; if ($3 + $4 > last) last = $3 + $4 }
    END { printf "%.3f %.3f %d %.2f\n", wall, last - first, played, cpu }' "$dir.joblog"
}

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

echo "shard scaling: Dice Shogi, about $games games (greedy vs random), $rounds rounds, $(nproc) cores;" \
  "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-6s %-6s %8s %9s %9s %9s %9s %9s %12s\n' round slots games wall_s games/s span_s games/s \
  cpu_s cpu_ms/game
wall_ratios=() span_ratios=() cpu_ratios=()
for ((round = 1; round <= rounds; round++)); do
  declare -A rate_wall=() rate_span=() cpu_per_game=()
  # Alternate which goes first, so that a change of load does not favour one side.
  order=(1 2)
  ((round % 2 == 0)) && order=(2 1)
  for slots in "${order[@]}"; do
    read -r wall span played cpu < <(run "$slots" "$round")
    rate_wall[$slots]=$(echo "scale=2; $played / $wall" | bc)
    rate_span[$slots]=$(echo "scale=2; $played / $span" | bc)
    cpu_per_game[$slots]=$(echo "scale=2; 1000 * $cpu / $played" | bc)
    printf '%-6s %-6s %8s %9s %9s %9s %9s %9s %12s\n' "$round" "$slots" "$played" "$wall" \
      "${rate_wall[$slots]}" "$span" "${rate_span[$slots]}" "$cpu" "${cpu_per_game[$slots]}"
  done
  wall_ratios+=("$(echo "scale=2; ${rate_wall[2]} / ${rate_wall[1]}" | bc)")
  span_ratios+=("$(echo "scale=2; ${rate_span[2]} / ${rate_span[1]}" | bc)")
  cpu_ratios+=("$(echo "scale=2; ${cpu_per_game[2]} / ${cpu_per_game[1]}" | bc)")
  unset rate_wall rate_span cpu_per_game
done
echo "ratio of games/s, 2 shards on 2 slots / 1 shard on 1 slot (linear = 2.00), median of $rounds" \
  "rounds: wall $(printf '%s\n' "${wall_ratios[@]}" | median) (rounds: ${wall_ratios[*]})," \
  "span $(printf '%s\n' "${span_ratios[@]}" | median) (rounds: ${span_ratios[*]})"
echo "CPU time per game, 2 slots / 1 slot (1.00: sharding adds no work; with idle cores games/s" \
  "then scale linearly): median $(printf '%s\n' "${cpu_ratios[@]}" | median) (rounds: ${cpu_ratios[*]})"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
