#!/usr/bin/env bash
# Issue 17, "standings are always computed in game-id order": the same complete run with its
# results.jsonl lines in another order (as games finish 2 at a time, or shards merged) gives
# byte-identical standings.json and standings.csv through `arena tournament --resume` (which plays
# nothing on a complete run) and the same report numbers through `arena view`.
#   streaming.sh ARENA BENCH_MAKE_RESULTS WORK_DIR
set -euo pipefail
arena=$1 make_results=$2 work=$3
rm -rf "$work" && mkdir -p "$work"
"$make_results" 1200 "$work/a" > /dev/null
cp -r "$work/a" "$work/b"
# Another order of the same lines (a fixed shuffle: the test is deterministic).
shuf --random-source=<(yes) "$work/a/results.jsonl" > "$work/b/results.jsonl"
cmp -s "$work/a/results.jsonl" "$work/b/results.jsonl" && { echo "FAIL: not shuffled"; exit 1; }
for d in a b; do
  "$arena" tournament --resume --out "$work/$d" > "$work/$d.out"
  "$arena" view "$work/$d" > "$work/$d.view"
done
cmp "$work/a/standings.json" "$work/b/standings.json"
cmp "$work/a/standings.csv" "$work/b/standings.csv"
grep -q "1200 of 1200\|games: 1200\|1200 games" "$work/a/standings.md" || {
  echo "FAIL: standings.md does not count 1200 games"; exit 1; }
echo "PASS: shuffled results give byte-identical standings"
