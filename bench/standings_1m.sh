#!/usr/bin/env bash
# Issue 17's target for reading results: standings from a 1,000,000-game results directory in at
# most 15 s and 100 MB on a 2-core machine. One run of each command over the same directory,
# printed on one line each: wall time, CPU time (user + system: what the command costs whatever
# else the machine runs) and peak RSS.
#   standings  arena standings DIR   (reads results.jsonl, prints the table)
#   view       arena view DIR        (the same reading, then writes report.html)
#
#   bench/standings_1m.sh [BUILD_DIR] [GAMES]   (default: build 1000000; env STANDINGS_1M_DIR
#                                                 keeps the generated directory there for reuse)
set -euo pipefail

build=${1:-build}
games=${2:-1000000}
arena=$build/arena
make_results=$build/bench/bench_make_results
for program in "$arena" "$make_results" /usr/bin/time; do
  [[ -x $program ]] || {
    echo "standings_1m: $program missing (build: ninja -C $build arena bench_make_results;" \
      "/usr/bin/time: apt-get install time)" >&2
    exit 2
  }
done
arena=$(realpath "$arena")
work=${STANDINGS_1M_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/standings-1m.XXXXXX")}
mkdir -p "$work"
[[ -n ${STANDINGS_1M_DIR:-} ]] || trap 'rm -rf "$work"' EXIT

dir=$work/results-$games
[[ -s $dir/results.jsonl ]] || "$make_results" "$games" "$dir" > /dev/null
lines=$(wc -l < "$dir/results.jsonl")
size_mb=$(du -m "$dir/results.jsonl" | cut -f1)
echo "results: $lines games, ${size_mb} MB ($dir); load average: $(cut -d' ' -f1-3 /proc/loadavg)"

# "<wall s> <cpu s> <peak MB>" of one run of "$@".
measure() {
  /usr/bin/time -v -o "$work/time.txt" "$@" > "$work/out.txt" 2>&1 || {
    echo "standings_1m: '$*' failed:" >&2
    tail -5 "$work/out.txt" >&2
    exit 1
  }
  awk -F': ' '/Maximum resident set size/ { mb = $2 / 1024 }
    /User time/ { cpu += $2 } /System time/ { cpu += $2 }
    /Elapsed \(wall clock\)/ { n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i] }
    END { printf "%.2f %.2f %.1f\n", s, cpu, mb }' "$work/time.txt"
}

printf '%-10s %8s %8s %8s\n' command wall_s cpu_s peak_MB
for command in standings view; do
  read -r wall cpu mb <<< "$(measure "$arena" "$command" "$dir")"
  printf '%-10s %8s %8s %8s\n' "$command" "$wall" "$cpu" "$mb"
done
echo "(targets, issue 17: standings of 1,000,000 games <= 15 s wall and <= 100 MB peak on 2 cores;" \
  "on a machine loaded by other work, compare cpu_s)"
