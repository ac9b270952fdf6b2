#!/usr/bin/env bash
# A full SameGame tournament (50 boards, one instant bot, logs on: today's only mode) against the
# bare driver (bench/bare_driver.cpp) replaying the same 50 games' inputs to the same bot, 1 and 2
# games at a time, in one run (issue 17's target: the tournament within 1.25x of the driver).
#
#   bench/driver_ratio.sh [BUILD_DIR] [ROUNDS]        (default: build 5)
#
# The instant bot is the test bot answering "0 0" at once (build/bots/test/testbot reply '0 0'
# --lines 15): a legal move until the bottom-left region is a single tile, so most games last 1-3
# turns and the figure is dominated by per-game work (spawn, hash, log, reap), not per turn. It
# runs again with ARENA_CONTAINMENT=process-group (no PID namespace per bot) to show what
# containment costs per game. The greedy sample bot (full games, a few ms of thought per turn)
# shows the same comparison with whole games. The timings alternate tournament / driver ROUNDS
# times; the medians are compared. The tournament is timed as a command (start-up, standings and
# report included); the driver times its replay only (the logs are loaded before its clock starts).
set -euo pipefail

build=$(realpath "${1:-build}")
rounds=${2:-5}
arena=$build/arena
driver=$build/bench/bare_driver
testbot=$build/bots/test/testbot
greedy=$build/bots/samegame/greedy
for program in "$arena" "$driver" "$testbot" "$greedy"; do
  [[ -x $program ]] || {
    echo "driver_ratio: $program missing (ninja -C $build arena bare_driver testbot samegame_greedy)" >&2
    exit 2
  }
done
work=$(mktemp -d "${TMPDIR:-/tmp}/driver-ratio.XXXXXX")
trap 'rm -rf "$work"' EXIT

now_ns() { date +%s%N; }
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# compare CONTAINMENT NAME CONFIG_COMMAND BOT_ARGV...: prints one table line per concurrency.
# CONTAINMENT: "" (the default: a PID namespace per bot) or "process-group" (ARENA_CONTAINMENT).
compare() {
  local containment=$1 name=$2 command=$3
  shift 3
  local tag=$name-${containment:-pid-namespace}
  local config=$work/$tag.json
  printf '{"game": "samegame", "bots": [{"name": "%s", "command": "%s"}], "boards": "all"}\n' \
    "$name" "$command" > "$config"
  # The reference run whose logs the driver replays.
  "$arena" tournament "$config" --out "$work/$tag-ref" --concurrency 1 > /dev/null
  local logs=("$work/$tag-ref"/games/*.json)
  local turns
  turns=$(cat "${logs[@]}" | grep -o '"turn": *[0-9]*' | wc -l)
  local jobs round
  for jobs in 1 2; do
    local arena_s=() driver_s=()
    for ((round = 0; round < rounds; round++)); do
      local out=$work/$tag-run-$jobs-$round start
      start=$(now_ns)
      # stderr kept aside: process-group containment prints a notice every run.
      ARENA_CONTAINMENT=$containment "$arena" tournament "$config" --out "$out" \
        --concurrency "$jobs" > /dev/null 2> "$work/arena.err" || {
        cat "$work/arena.err" >&2
        exit 1
      }
      arena_s+=("$(awk -v ns=$(($(now_ns) - start)) 'BEGIN { printf "%.4f", ns / 1e9 }')")
      rm -rf "$out"
      driver_s+=("$("$driver" --jobs "$jobs" "${logs[@]}" -- "$@" | awk '{ print $6 }')")
    done
    local a d
    a=$(printf '%s\n' "${arena_s[@]}" | median)
    d=$(printf '%s\n' "${driver_s[@]}" | median)
    printf '%-8s %-13s %-4s %-6s %-6s | %-10s %-10s %-8s | %s\n' "$name" "${containment:-pid-namespace}" \
      "$jobs" "${#logs[@]}" "$turns" \
      "$a" "$d" "$(awk -v a="$a" -v d="$d" 'BEGIN { printf "%.2f", a / d }')" \
      "arena ${arena_s[*]} / driver ${driver_s[*]}"
  done
}

printf '%-8s %-13s %-4s %-6s %-6s | %-10s %-10s %-8s | %s\n' bot containment jobs games turns \
  arena_s driver_s ratio "all rounds (s)"
compare "" instant "$testbot reply '0 0' --lines 15" "$testbot" reply '0 0' --lines 15
# The same without the PID namespace per bot: what containment costs per game on this kernel.
compare process-group instant "$testbot reply '0 0' --lines 15" "$testbot" reply '0 0' --lines 15
compare "" greedy "$greedy" "$greedy"
echo "(median of $rounds rounds each, alternating; target (issue 17): ratio <= 1.25 at 1 and 2 jobs)"
