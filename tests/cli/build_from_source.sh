#!/bin/sh
# Bots built from source as a user sees them (issue 16, item 3; docs/bots-from-source.md).
#   build_from_source.sh CASE ARENA SOURCE_DIR WORK_DIR
# Each case has its own cache ($ARENA_CACHE): nothing touches ~/.cache.
set -u
case_name=$1 arena=$2 source_dir=$3 work=$4/build_from_source_$1
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
export ARENA_CACHE="$work/cache"
fail() { echo "FAILED: $*"; exit 1; }
cp "$source_dir/bots/samegame/greedy.cpp" mine.cpp

case $case_name in
play)  # built, then cached; the greedy golden score either way (shared/specs/samegame.md)
    "$arena" play samegame --bot mine=mine.cpp --testcase 6 > first.txt 2>&1 || fail "first run: $(cat first.txt)"
    grep -q "build: mine: mine.cpp built (C++, " first.txt || fail "not built: $(cat first.txt)"
    grep -q "Obtained a score of 119" first.txt || fail "no score 119: $(cat first.txt)"
    "$arena" play samegame --bot mine=mine.cpp --testcase 6 > second.txt 2>&1 || fail "second run"
    grep -q "build: mine: mine.cpp cached (C++)" second.txt || fail "not cached: $(cat second.txt)"
    grep -q "Obtained a score of 119" second.txt || fail "no score 119 the second time"
    ;;
compile_error)  # exit 2 before any game, the compiler's message naming file:line
    printf 'int main() {\n    return 0\n}\n' > broken.cpp
    "$arena" play samegame --bot b=broken.cpp > out.txt 2>&1; code=$?
    cat out.txt
    [ $code = 2 ] || fail "exit code $code, not 2"
    grep -q "error: bot 'b': building broken.cpp failed (exit code 1):" out.txt || fail "no error line"
    grep -q "broken.cpp:2:" out.txt || fail "no file:line"
    grep -q "Obtained" out.txt && fail "a game was played"
    ;;
tournament)  # config "source": built once, config.json keeps the source; a changed one is another version
    printf '{"game": "samegame", "bots": [{"name": "mine", "source": "mine.cpp"}], "boards": [6]}\n' > c.json
    "$arena" tournament c.json --out run > first.txt 2>&1 || fail "first run: $(cat first.txt)"
    grep -q "build: mine: mine.cpp built (C++, " first.txt || fail "not built: $(cat first.txt)"
    jq -e '.bots[0] == {"name": "mine", "source": "mine.cpp"}' run/config.json > /dev/null || fail "config.json: $(cat run/config.json)"
    jq -e '.scores[0] == 119' run/results.jsonl > /dev/null || fail "score: $(cat run/results.jsonl)"
    echo "int changed = 1;" >> mine.cpp
    "$arena" tournament --resume --out run > resumed.txt 2>&1; code=$?
    cat resumed.txt
    [ $code = 2 ] || fail "changed source resumed with exit code $code, not 2"
    grep -q "build: mine: mine.cpp built (C++, " resumed.txt || fail "not rebuilt"
    grep -q "the build of .*mine.cpp: content changed" resumed.txt || fail "no version change named"
    ;;
unknown_language)  # a config's source of an unknown language: exit 2, the known ones listed
    printf 'x' > mine.kt
    printf '{"game": "samegame", "bots": [{"name": "k", "source": "mine.kt"}], "boards": [6]}\n' > c.json
    "$arena" tournament c.json --out run > out.txt 2>&1; code=$?
    cat out.txt
    [ $code = 2 ] || fail "exit code $code, not 2"
    grep -q "error: bot 'k': mine.kt: no known language has the extension '.kt' (known: .cpp," out.txt || fail "no message"
    ;;
*) fail "unknown case $case_name" ;;
esac
echo PASSED
