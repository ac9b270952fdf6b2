#!/bin/sh
# Bots built from source as a user sees them (issue 16, item 3; docs/bots-from-source.md).
#   build_from_source.sh CASE ARENA SOURCE_DIR WORK_DIR
# Each case has its own cache ($ARENA_CACHE): nothing touches ~/.cache.
set -u
case_name=$1 arena=$2 source_dir=$3 work=$4/build_from_source_$1
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
export ARENA_CACHE="$work/cache"
fail() { echo "FAILED: $*"; exit 1; }
# The bot in a folder of its own: the cache key covers the whole folder of the source, and the
# cases write their outputs here.
mkdir bot && cp "$source_dir/bots/samegame/greedy.cpp" bot/mine.cpp

case $case_name in
play)  # built, then cached; the greedy golden score either way (shared/specs/samegame.md)
    "$arena" play samegame --bot mine=bot/mine.cpp --testcase 6 > first.txt 2>&1 || fail "first run: $(cat first.txt)"
    grep -q "build: mine: bot/mine.cpp built (C++, " first.txt || fail "not built: $(cat first.txt)"
    grep -q "Obtained a score of 119" first.txt || fail "no score 119: $(cat first.txt)"
    "$arena" play samegame --bot mine=bot/mine.cpp --testcase 6 > second.txt 2>&1 || fail "second run"
    grep -q "build: mine: bot/mine.cpp cached (C++)" second.txt || fail "not cached: $(cat second.txt)"
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
    printf '{"game": "samegame", "bots": [{"name": "mine", "source": "bot/mine.cpp"}], "boards": [6]}\n' > c.json
    "$arena" tournament c.json --out run > first.txt 2>&1 || fail "first run: $(cat first.txt)"
    grep -q "build: mine: bot/mine.cpp built (C++, " first.txt || fail "not built: $(cat first.txt)"
    jq -e '.bots[0] == {"name": "mine", "source": "bot/mine.cpp"}' run/config.json > /dev/null || fail "config.json: $(cat run/config.json)"
    jq -e '.scores[0] == 119' run/results.jsonl > /dev/null || fail "score: $(cat run/results.jsonl)"
    echo "int changed = 1;" >> bot/mine.cpp
    "$arena" tournament --resume --out run > resumed.txt 2>&1; code=$?
    cat resumed.txt
    [ $code = 2 ] || fail "changed source resumed with exit code $code, not 2"
    grep -q "build: mine: bot/mine.cpp built (C++, " resumed.txt || fail "not rebuilt"
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
timeout)  # a header that never ends: the build's time limit, exit 2 naming what to do
    mkdir fifo && printf '#include "pipe.h"\nint main() {}\n' > fifo/bot.cpp && mkfifo fifo/pipe.h
    "$arena" play samegame --bot f=fifo/bot.cpp --build-timeout 2 > out.txt 2>&1; code=$?
    cat out.txt
    [ $code = 2 ] || fail "exit code $code, not 2"
    grep -q "error: bot 'f': building fifo/bot.cpp failed (timed out after 2 s):" out.txt || fail "no error line"
    grep -q "give it more time with --build-timeout SECONDS" out.txt || fail "no advice"
    ls -a cache | grep -q '^\.tmp-' && fail "a temporary build directory is left: $(ls -a cache)"
    printf '{"game": "samegame", "bots": [{"name": "f", "source": "fifo/bot.cpp"}], "boards": [6], "build_timeout": 1}\n' > c.json
    "$arena" tournament c.json --out run > config.txt 2>&1; code=$?
    [ $code = 2 ] || fail "config: exit code $code, not 2"
    grep -q "failed (timed out after 1 s)" config.txt || fail "config's build_timeout: $(cat config.txt)"
    ;;
interrupted)  # SIGTERM to the arena during a build: it ends whole (no compiler left), no .tmp-*
    mkdir slow && printf 'int main(void) { return 0; }\n' > slow/bot.c
    marker="arena-build-sleeper-$$"
    printf "trap '' TERM\nwhile :; do sleep 1; done\n" > "$marker.sh"
    printf '{"game": "samegame", "bots": [{"name": "s", "source": "slow/bot.c", "build": "trap \\"\\" TERM; sh %s/%s.sh & sleep 1000"}], "boards": [6]}\n' "$PWD" "$marker" > c.json
    "$arena" tournament c.json --out run > out.txt 2>&1 &
    pid=$!
    # Once the build runs (up to 60 s: a busy machine starts it slowly).
    i=0; until pgrep -f "$marker" > /dev/null || [ $i -ge 600 ]; do sleep 0.1; i=$((i + 1)); done
    kill -TERM $pid
    wait $pid; code=$?
    cat out.txt
    [ $code = 143 ] || fail "exit code $code, not 143"
    grep -q "error: bot 's': building slow/bot.c was interrupted: nothing was kept" out.txt || fail "no message"
    # The sleeper was killed before the arena exited; its end may take the kernel a moment.
    i=0; while pgrep -f "$marker" > /dev/null && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
    pgrep -f "$marker" > /dev/null && fail "the build's sleeper is still running"
    ls -a cache | grep -q '^\.tmp-' && fail "a temporary build directory is left: $(ls -a cache)"
    ;;
sandboxed)  # --sandbox: built in the sandbox, played from a cache outside the bot's directory
    export ARENA_CACHE="$work.cache" && rm -rf "$ARENA_CACHE"
    "$arena" play samegame --bot mine=bot/mine.cpp --testcase 6 --sandbox > cpp.txt 2>&1 || fail "C++: $(cat cpp.txt)"
    grep -q "build: mine: bot/mine.cpp built (C++, sandboxed, " cpp.txt || fail "not built: $(cat cpp.txt)"
    grep -q "Obtained a score of 119" cpp.txt || fail "no score 119: $(cat cpp.txt)"
    if command -v javac > /dev/null; then
        mkdir java && printf 'class Player { public static void main(String[] a) { System.out.println("7 7"); } }\n' > java/Player.java
        "$arena" play samegame --bot j=java/Player.java --testcase 6 --sandbox > java.txt 2>&1
        cat java.txt
        grep -q "build: j: java/Player.java built (Java, sandboxed, " java.txt || fail "Java not built"
        grep -q "could not start" java.txt && fail "the sandboxed Java bot could not start"
    else
        echo "SKIPPED (javac not installed): the sandboxed Java bot"
    fi
    rm -rf "$ARENA_CACHE"
    ;;
*) fail "unknown case $case_name" ;;
esac
echo PASSED
