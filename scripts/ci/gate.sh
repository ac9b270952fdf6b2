#!/usr/bin/env bash
# Regression gate for CI (docs/gate.md): builds arena and a bot from the working tree, builds the
# same bot from an earlier git ref (the previous version) in a temporary directory, and runs
# `arena gate` with the working tree's bot as the candidate against it.
#   - games between bots (Dice Shogi, Tsuro): the config's "previous" bot runs the old binary and
#     the SPRT decides;
#   - SameGame: the old binary plays first and writes the baseline (--save-baseline), then the
#     candidate is compared with it, board by board.
# Exit code: the gate's (0 pass, 1 fail, 2 error); 2 also when a build fails.
#
# usage: scripts/ci/gate.sh [options] [-- more arena gate options]
#   --config FILE     gate config (default configs/gate-diceshogi.json)
#   --bot PATH        the bot, as built: bots/<game>/<name> in a build directory, CMake target
#                     <game>_<name> (default bots/diceshogi/strong)
#   --ref REF         git ref of the previous version (default HEAD: your uncommitted changes
#                     against the last commit; CI passes the base branch or the previous commit)
#   --candidate NAME  the config's bot under test (default: the config's "candidate")
#   --previous NAME   the config's bot that plays the previous version (default previous)
#   --out DIR         the gate's output directory (default results/gate/<config name>)
#   --junit FILE      JUnit report (default <out>/junit.xml)
#   --build-dir DIR   where the working tree is built (default build)
# Examples:
#   scripts/ci/gate.sh --ref origin/main
#   scripts/ci/gate.sh --config configs/gate-samegame.json --bot bots/samegame/greedy --ref HEAD~1
#   scripts/ci/gate.sh --ref HEAD -- --max-games 100 --concurrency 2
set -euo pipefail
cd "$(dirname "$0")/../.."

config=configs/gate-diceshogi.json
bot=bots/diceshogi/strong
ref=HEAD
candidate=""
previous=previous
out=""
junit=""
build_dir=build
while [ $# -gt 0 ]; do
  case "$1" in
    --config) config=$2; shift 2 ;;
    --bot) bot=$2; shift 2 ;;
    --ref) ref=$2; shift 2 ;;
    --candidate) candidate=$2; shift 2 ;;
    --previous) previous=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --junit) junit=$2; shift 2 ;;
    --build-dir) build_dir=$2; shift 2 ;;
    --) shift; break ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "gate.sh: unknown option '$1' (--help lists them)" >&2; exit 2 ;;
  esac
done

say() { echo "gate.sh: $*"; }
die() { echo "gate.sh: $*" >&2; exit 2; }

[ -f "$config" ] || die "no config '$config'"
# The two fields the script needs, read from the config's own lines ("key": "value").
field() { sed -n 's/^[[:space:]]*"'"$1"'":[[:space:]]*"\([^"]*\)".*/\1/p' "$config" | head -n 1; }
game=$(field game)
[ -n "$candidate" ] || candidate=$(field candidate)
[ -n "$candidate" ] || die "$config names no \"candidate\": pass --candidate NAME"
name=$(basename "$bot")
target="$(basename "$(dirname "$bot")")_${name}"
[ -n "$out" ] || out="results/gate/$(basename "$config" .json)"
[ -n "$junit" ] || junit="$out/junit.xml"

# A push that creates a branch has no "before" commit (all zeros): compare with the parent.
case "$ref" in 0000000000000000000000000000000000000000) ref=HEAD~1 ;; esac
rev=$(git rev-parse --verify --quiet "$ref^{commit}") ||
  die "unknown git ref '$ref' (in CI: check out the whole history, e.g. fetch-depth: 0)"

say "building arena and $target from the working tree in $build_dir/"
cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE=Release >/dev/null || die "cmake failed"
cmake --build "$build_dir" -j "$(nproc)" --target arena "$target" || die "the build failed"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
say "building $target at $ref ($(git rev-parse --short "$rev")) in $tmp/"
if ! git cat-file -e "$rev:$(dirname "$bot")" 2>/dev/null; then
  say "$ref has no $(dirname "$bot")/: no previous version to compare with, nothing to gate"
  exit 0
fi
mkdir "$tmp/src"
git archive "$rev" | tar -x -C "$tmp/src"   # the committed tree at REF; git state untouched
cmake -S "$tmp/src" -B "$tmp/build" -DCMAKE_BUILD_TYPE=Release -DARENA_BUILD_TESTS=OFF \
  -DARENA_BUILD_BENCH=OFF >/dev/null || die "cmake failed for $ref"
cmake --build "$tmp/build" -j "$(nproc)" --target "$target" || die "building $target at $ref failed"
# Kept with the results, so that the logs' commands (and arena replay) still find it.
mkdir -p "$out/previous-bin"
cp "$tmp/build/$bot" "$out/previous-bin/$name"

arena="$build_dir/arena"
commands=(--command "$candidate=$build_dir/$bot" --command "$previous=$out/previous-bin/$name")
set +e
if [ "$game" = samegame ]; then
  say "the previous version plays first and writes the baseline"
  "$arena" gate "$config" "${commands[@]}" --candidate "$previous" --save-baseline \
    --allow-failures --baseline "$out/baseline.json" --out "$out/previous" --overwrite "$@"
  code=$?
  [ $code -eq 0 ] || die "the previous version's run failed (exit code $code): no baseline"
  say "the candidate against that baseline"
  "$arena" gate "$config" "${commands[@]}" --candidate "$candidate" \
    --baseline "$out/baseline.json" --out "$out/candidate" --overwrite --junit "$junit" "$@"
  code=$?
else
  "$arena" gate "$config" "${commands[@]}" --candidate "$candidate" --out "$out" --overwrite \
    --junit "$junit" "$@"
  code=$?
fi
say "exit code $code ($( [ $code -eq 0 ] && echo pass || { [ $code -eq 1 ] && echo fail || echo error; })); report: $junit, games: $out/"
exit $code
