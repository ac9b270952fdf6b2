#!/usr/bin/env bash
# Issue 17, item 5 ("flat cost"), both targets measured in one run:
#   1. standings from a 1,000,000-game results directory (bench_make_results writes it): `arena
#      view DIR` (reads results.jsonl as a stream, writes report.html) at most 100 MB peak RSS and
#      15 s; also `arena tournament --resume --out DIR` on the same complete run (plays nothing,
#      writes standings.* and report.html), shown for comparison;
#   2. a real 12,000-game Dice Shogi tournament (4 random bots, 2 games at a time, logs kept)
#      against a 1,200-game one: peak RSS within 1.10x.
#
#   bench/streaming.sh [BUILD_DIR] [GAMES]    (default: build-r 1000000; env STREAMING_BENCH_DIR
#                                               keeps the directories there)
set -euo pipefail

build=${1:-build}
games=${2:-1000000}
arena=$(realpath "$build/arena")
make_results=$build/bench/bench_make_results
random_bot=$(realpath "$build/bots/diceshogi/random")
for program in "$arena" "$make_results" "$random_bot" /usr/bin/time; do
  [[ -x $program ]] || { echo "streaming: $program missing" >&2; exit 2; }
done
work=${STREAMING_BENCH_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/streaming-bench.XXXXXX")}
mkdir -p "$work"
[[ -n ${STREAMING_BENCH_DIR:-} ]] || trap 'rm -rf "$work"' EXIT

# "<peak RSS MB> <wall s>" of one run of "$@" (its output in $work/out.txt).
measure() {
  /usr/bin/time -v -o "$work/time.txt" "$@" > "$work/out.txt" 2>&1 || {
    echo "streaming: '$*' failed:" >&2
    tail -5 "$work/out.txt" >&2
    exit 1
  }
  awk -F': ' '/Maximum resident set size/ { mb = $2 / 1024 }
    /Elapsed \(wall clock\)/ { n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i] }
    END { printf "%.1f %.2f\n", mb, s }' "$work/time.txt"
}

dir=$work/results-$games
[[ -s $dir/results.jsonl ]] || "$make_results" "$games" "$dir" > /dev/null
lines=$(wc -l < "$dir/results.jsonl")
size_mb=$(du -m "$dir/results.jsonl" | cut -f1)
read -r view_mb view_s <<< "$(measure "$arena" view "$dir")"
read -r resume_mb resume_s <<< "$(measure "$arena" tournament --resume --out "$dir")"
echo "standings of $lines games (results.jsonl $size_mb MB):"
echo "  arena view DIR:                  peak RSS $view_mb MB, wall $view_s s   (target <= 100 MB, <= 15 s)"
echo "  arena tournament --resume DIR:   peak RSS $resume_mb MB, wall $resume_s s"

# A real tournament: 4 random bots, round robin, both seat orders, N games.
tournament() {
  local n=$1 out=$work/tournament-$1
  rm -rf "$out"
  cat > "$work/config-$n.json" <<JSON
{"game": "diceshogi", "bots": [
  {"name": "r0", "command": "$random_bot --seed 1"}, {"name": "r1", "command": "$random_bot --seed 2"},
  {"name": "r2", "command": "$random_bot --seed 3"}, {"name": "r3", "command": "$random_bot --seed 4"}],
 "seeds": {"count": $((n / 12)), "master": 1}, "concurrency": 2}
JSON
  measure "$arena" tournament "$work/config-$n.json" --out "$out"
}
read -r small_mb small_s <<< "$(tournament 1200)"
read -r large_mb large_s <<< "$(tournament 12000)"
ratio=$(awk -v a="$large_mb" -v b="$small_mb" 'BEGIN { printf "%.2f", a / b }')
echo "tournament peak RSS: 1,200 games $small_mb MB ($small_s s), 12,000 games $large_mb MB" \
  "($large_s s): ratio $ratio (target <= 1.10)"
