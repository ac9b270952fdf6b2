#!/usr/bin/env bash
# Issue 17, flat cost: "a 12,000-game tournament's peak memory within 10% of a 1,200-game one's",
# both measured in this one run. A real Dice Shogi tournament: 4 random bots (--seed 1..4), round
# robin, both seat orders, 2 games at a time, logs kept (the default: every game, zstd), sized with
# --games. Each run once under /usr/bin/time -v; prints each one's peak RSS and wall time, then
# the ratio of the peaks.
#
#   bench/tournament_memory.sh [BUILD_DIR] [SMALL] [LARGE]   (default: build 1200 12000;
#                                                             env TOURNAMENT_MEMORY_DIR keeps the
#                                                             run directories there)
set -euo pipefail

build=${1:-build}
small=${2:-1200}
large=${3:-12000}
arena=$build/arena
random_bot=$build/bots/diceshogi/random
for program in "$arena" "$random_bot" /usr/bin/time; do
  [[ -x $program ]] || {
    echo "tournament_memory: $program missing (build: ninja -C $build arena diceshogi_random;" \
      "/usr/bin/time: apt-get install time)" >&2
    exit 2
  }
done
arena=$(realpath "$arena")
random_bot=$(realpath "$random_bot")
work=${TOURNAMENT_MEMORY_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/tournament-memory.XXXXXX")}
mkdir -p "$work"
[[ -n ${TOURNAMENT_MEMORY_DIR:-} ]] || trap 'rm -rf "$work"' EXIT

cat > "$work/config.json" <<JSON
{"game": "diceshogi", "bots": [
  {"name": "r1", "command": "$random_bot --seed 1"}, {"name": "r2", "command": "$random_bot --seed 2"},
  {"name": "r3", "command": "$random_bot --seed 3"}, {"name": "r4", "command": "$random_bot --seed 4"}],
 "seeds": {"count": 1, "master": 1}, "concurrency": 2}
JSON

# "<peak RSS MB> <wall s> <games recorded>" of one tournament of about $1 games.
tournament() {
  local out=$work/tournament-$1
  rm -rf "$out"
  /usr/bin/time -v -o "$work/time-$1.txt" "$arena" tournament "$work/config.json" --games "$1" \
    --out "$out" > "$work/output-$1.txt" 2>&1 || {
    echo "tournament_memory: the $1-game tournament failed:" >&2
    tail -5 "$work/output-$1.txt" >&2
    exit 1
  }
  awk -F': ' -v games="$(wc -l < "$out/results.jsonl")" '
    /Maximum resident set size/ { mb = $2 / 1024 }
    /Elapsed \(wall clock\)/ { n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i] }
    END { printf "%.1f %.1f %d\n", mb, s, games }' "$work/time-$1.txt"
}

# (a failed tournament() ends only its subshell: the script stops here when it printed nothing)
small_line=$(tournament "$small") && [[ -n $small_line ]] || exit 1
read -r small_mb small_s small_games <<< "$small_line"
echo "tournament of $small_games games: peak RSS $small_mb MB, wall $small_s s"
large_line=$(tournament "$large") && [[ -n $large_line ]] || exit 1
read -r large_mb large_s large_games <<< "$large_line"
echo "tournament of $large_games games: peak RSS $large_mb MB, wall $large_s s"
awk -v a="$large_mb" -v b="$small_mb" -v n="$large_games" -v m="$small_games" 'BEGIN {
  r = a / b
  printf "peak RSS ratio %d/%d games: %.3f (target <= 1.10: %s)\n", n, m, r, r <= 1.10 ? "met" : "NOT met" }'
