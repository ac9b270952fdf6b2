#!/usr/bin/env bash
# compare_runs.sh EXPECTED_DIR ACTUAL_DIR: exit 0 when two result directories of the same schedule
# hold the same games and the same standings, else print the differences and exit 1.
#
# What may differ between two runs of the same games, and is left out:
# - results.jsonl: the order of the lines, each game's turn times (turn_ms, mean/max_turn_ms or
#   any *_ms field), "details" (a bot that exits on its own just before the arena's SIGTERM reads
#   "exit code 0" in one run and "signal 15" in another) and "log" (where the log was written).
#   Compared: id, game, testcase, seed, group, players, scores, ranks, outcomes, reason, turns,
#   identities, one game at a time as a set.
# - standings.json: the turn-time figures of each bot (every turn_ms field but the count of
#   turns) and any time stamp or host field.
# Needs jq.
set -euo pipefail

(($# == 2)) || { echo "usage: $0 EXPECTED_DIR ACTUAL_DIR" >&2; exit 2; }
expected=$1 actual=$2

games() {
  # The seed as text: jq reads numbers as doubles, which do not hold every signed 64-bit seed.
  sed -E 's/"seed":(-?[0-9]+)/"seed":"\1"/' "$1/results.jsonl" | jq -cS '{id, game, testcase, seed, group, players, scores, ranks, outcomes, reason, turns,
    identities}' | sort
}

standings() {
  jq -S 'walk(if type == "object" then
      with_entries(select(.key | test("(^|_)(timestamp|time|host|hostname|date|started|finished|written)(_|$)|_ms$") | not))
      + (if has("turn_ms") and (.turn_ms | type) == "object" then {turn_ms: {turns: .turn_ms.turns}}
         else {} end)
    else . end)' "$1/standings.json"
}

status=0
for dir in "$expected" "$actual"; do
  for file in results.jsonl standings.json; do
    [[ -s $dir/$file ]] || { echo "compare_runs: $dir/$file is missing or empty" >&2; exit 1; }
  done
done
if ! diff <(games "$expected") <(games "$actual") > /dev/null; then
  echo "compare_runs: the games differ (< $expected, > $actual):" >&2
  diff <(games "$expected") <(games "$actual") | cut -c1-400 | head -12 >&2 || true
  status=1
fi
if ! diff <(standings "$expected") <(standings "$actual") > /dev/null; then
  echo "compare_runs: standings.json differs (< $expected, > $actual):" >&2
  diff <(standings "$expected") <(standings "$actual") | head -40 >&2 || true
  status=1
fi
((status == 0)) && echo "compare_runs: $(games "$actual" | wc -l) games and the standings equal"
exit "$status"
