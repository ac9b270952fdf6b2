#!/usr/bin/env bash
# Peak memory and wall time of today's commands that read a whole results directory, against the
# number of games in it (issue 17's "flat cost" target: standings from 1,000,000 games in at most
# 100 MB and 15 s; 12,000 games within 10% of 1,200 games' peak memory).
#
#   bench/standings_memory.sh [BUILD_DIR] [GAMES...]     (default: build 1200 12000 100000 1000000)
#
# For each size, bench_make_results writes a synthetic Dice Shogi run (config.json and
# results.jsonl, no logs) into $WORK/results-<N> (WORK: $STANDINGS_BENCH_DIR, default a temp dir,
# removed at the end unless STANDINGS_BENCH_KEEP=1), then each command runs once under
# /usr/bin/time -v:
#   view    arena view DIR                              reads results.jsonl, writes report.html
#   resume  arena tournament --resume --out DIR          on a complete run: plays nothing, reads the
#                                                        results, writes standings.* and report.html
# A command that runs past STANDINGS_BENCH_TIMEOUT seconds (default 900; SIGTERM, which the arena
# answers by writing what it has, then SIGKILL 30 s later) or over
# STANDINGS_BENCH_MAX_MB of address space (default 16000: the machine has 24 GB) is stopped and
# shown as such. Ratios are to the smallest size measured.
set -euo pipefail

build=${1:-build}
shift || true
sizes=("$@")
((${#sizes[@]})) || sizes=(1200 12000 100000 1000000)
arena=$build/arena
make_results=$build/bench/bench_make_results
timeout_s=${STANDINGS_BENCH_TIMEOUT:-900}
max_mb=${STANDINGS_BENCH_MAX_MB:-16000}

for program in "$arena" "$make_results" /usr/bin/time; do
  [[ -x $program ]] || {
    echo "standings_memory: $program missing (build: ninja -C $build arena bench_make_results;" \
      "/usr/bin/time: apt-get install time)" >&2
    exit 2
  }
done
arena=$(realpath "$arena")
work=${STANDINGS_BENCH_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/standings-bench.XXXXXX")}
mkdir -p "$work"
[[ ${STANDINGS_BENCH_KEEP:-0} == 1 || -n ${STANDINGS_BENCH_DIR:-} ]] || trap 'rm -rf "$work"' EXIT

# Runs "$@" once; prints "<peak RSS MB> <wall s>". A command stopped by the timeout or the memory
# cap prints ">=<MB at the stop> >=<wall>(<why>)".
measure() {
  local report=$work/time.txt status=0
  (ulimit -v $((max_mb * 1024)) && exec /usr/bin/time -v -o "$report" \
    timeout --kill-after=30 "$timeout_s" "$@") > /dev/null 2> "$work/stderr.txt" || status=$?
  local rss_mb wall
  rss_mb=$(awk -F': ' '/Maximum resident set size/ { printf "%.1f", $2 / 1024 }' "$report" 2> /dev/null)
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$report" 2> /dev/null |
    awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; printf "%.2f", s }')
  if ((status != 0)); then
    local why="exit$status"
    ((status == 124)) && why="timeout"
    grep -qiE 'bad_alloc|cannot allocate|out of memory' "$work/stderr.txt" && why="memory-cap"
    echo ">=${rss_mb:-?} >=${wall:-?}($why)"
  else
    echo "$rss_mb $wall"
  fi
}

printf '%-9s %-10s %-8s | %-11s %-9s %-7s | %-11s %-9s %-7s\n' games results gen_s \
  view_MB view_s MB_x resume_MB resume_s MB_x
base_view="" base_resume=""
for n in "${sizes[@]}"; do
  dir=$work/results-$n
  start_ns=$(date +%s%N)
  if [[ ! -s $dir/results.jsonl ]]; then
    "$make_results" "$n" "$dir" > /dev/null
  fi
  gen_s=$(awk -v ns=$(($(date +%s%N) - start_ns)) 'BEGIN { printf "%.1f", ns / 1e9 }')
  games=$(wc -l < "$dir/results.jsonl")
  size_mb=$(du -m "$dir/results.jsonl" | cut -f1)
  read -r view_mb view_s <<< "$(measure "$arena" view "$dir")"
  read -r resume_mb resume_s <<< "$(measure "$arena" tournament --resume --out "$dir")"
  [[ -n $base_view ]] || base_view=$view_mb
  [[ -n $base_resume ]] || base_resume=$resume_mb
  ratio() {
    awk -v a="${1#>=}" -v b="${2#>=}" 'BEGIN { if (a + 0 > 0 && b + 0 > 0) printf "%.2f", a / b; else print "-" }'
  }
  printf '%-9s %-10s %-8s | %-11s %-9s %-7s | %-11s %-9s %-7s\n' "$games" "${size_mb}MB" "$gen_s" \
    "$view_mb" "$view_s" "$(ratio "$view_mb" "$base_view")" \
    "$resume_mb" "$resume_s" "$(ratio "$resume_mb" "$base_resume")"
  # A resumed run that played games would make the next size's figures meaningless.
  if [[ -d $dir/games ]] && [[ -n $(ls -A "$dir/games") ]]; then
    echo "standings_memory: the resume played games in $dir: the synthetic run is not complete" >&2
    exit 1
  fi
done
echo "(MB = peak RSS, s = wall; MB_x = ratio to the first size; targets (issue 17): 1,000,000" \
  "games <= 100 MB and <= 15 s; 12,000 within 1.10x of 1,200)"
