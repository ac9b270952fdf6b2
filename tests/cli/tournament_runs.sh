#!/bin/sh
# Issue 14's faults, one case per ctest: standings that never lie when runs are resumed,
# interrupted, killed, shared or given odd bot names. Dice Shogi between seeded random bots:
# fast, and every game is the same whenever it is played.
#   tournament_runs.sh CASE ARENA BOTS_DIR WORK_DIR
# A background job of a script starts with SIGINT ignored (and the arena then leaves it so):
# `env --default-signal=INT` gives it back, as for a command typed at a terminal.
set -u
case_name=$1 arena=$2 bots=$3 work=$4/tournament_runs_$1
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
random=$bots/diceshogi/random

fail() { echo "FAILED: $*"; exit 1; }

# A config of 2 seeded random bots (or the bots given as JSON) and N seeds.
config() {  # FILE SEEDS [BOTS_JSON]
    bots_json=${3:-"[{\"name\": \"r0\", \"command\": \"$random --seed 1\"}, {\"name\": \"r1\", \"command\": \"$random --seed 2\"}]"}
    # Turn limits x 50: a loaded machine must not turn a game into a timeout in one run only.
    printf '{"game": "diceshogi", "bots": %s, "seeds": %s, "time": {"scale": 50}}\n' "$bots_json" "$2" > "$1"
}

# What the standings are computed from, without the turn times (which differ run to run).
games_of() { jq -c '{id, players, scores, ranks, outcomes}' "$1/results.jsonl" | sort; }
standings_of() { jq -S 'del(.. | objects | .turn_ms?, .health?) | del(.partial?)' "$1/standings.json"; }
same_standings() {  # DIR_A DIR_B
    [ "$(games_of "$1")" = "$(games_of "$2")" ] || fail "games of $2 differ from $1"
    [ "$(standings_of "$1")" = "$(standings_of "$2")" ] || fail "standings of $2 differ from $1"
}
lines() { if [ -f "$1" ]; then wc -l < "$1"; else echo 0; fi; }
# The waits below allow 60 s: a machine busy with other builds starts arenas and bots slowly.
wait_lines() {  # FILE N: until the file has N lines
    i=0; while [ "$(lines "$1")" -lt "$2" ] && [ $i -lt 1200 ]; do sleep 0.05; i=$((i + 1)); done
}
wait_for_process() {  # PATTERN: until a process whose command line matches it runs (pgrep -f)
    i=0; until pgrep -f "$1" > /dev/null || [ $i -ge 1200 ]; do sleep 0.05; i=$((i + 1)); done
}

case $case_name in
version_change)  # a new version under the old name: stop before any game, then --replace
    cp "$random" bot && config c.json 4 "[{\"name\": \"r0\", \"command\": \"./bot --seed 1\"}, {\"name\": \"r1\", \"command\": \"$random --seed 2\"}]"
    "$arena" tournament c.json --out d --concurrency 2 > /dev/null || fail "first run"
    printf 'x' >> bot  # rebuilt: same command, other content
    "$arena" tournament c.json --out d --resume > out.txt 2>&1; code=$?
    cat out.txt
    [ $code = 2 ] || fail "exit $code, expected 2"
    grep -q "bot 'r0': 8 game(s)" out.txt || fail "does not name r0 and its games"
    grep -q "content changed" out.txt || fail "does not say the program changed"
    grep -q "another name" out.txt && grep -q -- "--replace" out.txt || fail "no ways on"
    [ "$(lines d/results.jsonl)" = 8 ] || fail "results changed"
    sed 's/--seed 1/--seed 3/' c.json > c2.json  # another command too
    "$arena" tournament c2.json --out d --resume > out.txt 2>&1; code=$?
    grep -q "command './bot --seed 1' -> './bot --seed 3'" out.txt || fail "command change not named"
    "$arena" tournament c2.json --out d --resume --replace r0 > out.txt 2>&1 || fail "--replace: $(cat out.txt)"
    grep "replaced:" out.txt
    [ "$(lines d/results.jsonl)" = 8 ] || fail "not 8 games after --replace"
    [ "$(cat d/replaced-*/results.jsonl | wc -l)" = 8 ] || fail "old games not moved aside"
    [ "$(ls d/replaced-*/games | wc -l)" = 8 ] || fail "old logs not moved aside"
    [ "$(jq -r '.identities[] | select(.command | test("^./bot")) | .command' d/results.jsonl | sort -u)" = "./bot --seed 3" ] || fail "new games not of the new version"
    echo PASSED ;;

resume_keeps_games)  # --games 48, stopped, resumed without config: exactly 48
    config c.json 60  # 120 games
    "$arena" tournament c.json --out d --games 48 --concurrency 2 > /dev/null || fail "first run"
    head -n 30 d/results.jsonl > r && mv r d/results.jsonl  # as if stopped after 30 games
    "$arena" tournament --resume --out d > out.txt 2>&1 || fail "resume: $(cat out.txt)"
    grep "games" out.txt | head -2
    [ "$(lines d/results.jsonl)" = 48 ] || fail "$(lines d/results.jsonl) games, expected 48"
    "$arena" tournament c.json --out d --resume > out.txt 2>&1 || fail "resume with config: $(cat out.txt)"
    [ "$(lines d/results.jsonl)" = 48 ] || fail "with the config: $(lines d/results.jsonl) games"
    # A changed schedule is refused; adding a bot plays only its games.
    sed 's/"seeds": 60/"seeds": 60, "seat_orders": "rotations", "games_per_seed": 2/' c.json > c2.json
    "$arena" tournament c2.json --out d --resume > out.txt 2>&1; code=$?
    [ $code = 2 ] && grep -q "games_per_seed: 1 in the run, 2 now" out.txt || fail "schedule change not refused: $code $(cat out.txt)"
    config c3.json 60 "[{\"name\": \"r0\", \"command\": \"$random --seed 1\"}, {\"name\": \"r1\", \"command\": \"$random --seed 2\"}, {\"name\": \"v12\", \"command\": \"$random --seed 12\"}]"
    "$arena" tournament c3.json --out d --resume > out.txt 2>&1 || fail "adding a bot: $(cat out.txt)"
    grep "adds bot 'v12'" out.txt || fail "does not say it adds v12"
    [ "$(lines d/results.jsonl)" = 144 ] || fail "$(lines d/results.jsonl) games after adding v12, expected 144"
    echo PASSED ;;

one_writer)  # a second arena on a directory in use stops at once, naming the first
    config c.json 100
    "$arena" tournament c.json --out d --concurrency 1 > first.txt 2>&1 & first=$!
    wait_lines d/results.jsonl 2
    "$arena" tournament c.json --out d --resume > out.txt 2>&1; code=$?
    kill -KILL $first; wait $first
    cat out.txt
    [ $code = 2 ] || fail "exit $code, expected 2"
    grep -q "in use by pid $first (.*tournament" out.txt || fail "does not name pid $first"
    # The holder died (kill -9): its lock file stays, and blocks nothing.
    [ -f d/.arena.lock ] || fail "no lock file"
    "$arena" tournament --resume --out d > out.txt 2>&1 || fail "stale lock blocks: $(cat out.txt)"
    echo PASSED ;;

odd_names)  # a/b, a_b and a?b are three bots with their own games; long names work
    config c.json 1 '[{"name": "a/b", "command": "'"$random"' --seed 1"}, {"name": "a_b", "command": "'"$random"' --seed 2"}, {"name": "a?b", "command": "'"$random"' --seed 3"}]'
    "$arena" tournament c.json --out d > out.txt 2>&1 || fail "run: $(cat out.txt)"
    [ "$(ls d/games | wc -l)" = 6 ] || fail "$(ls d/games | wc -l) game files, expected 6"
    [ "$(jq -r '.id' d/results.jsonl | sort -u | wc -l)" = 6 ] || fail "ids collide"
    for bot in 'a/b' 'a_b' 'a?b'; do
        [ "$(jq --arg b "$bot" '[.[] | select(.players | index($b))] | length' -s d/results.jsonl)" = 4 ] || fail "$bot does not have 4 games"
    done
    long=$(printf 'x%.0s' $(seq 200))
    config l.json 1 "[{\"name\": \"${long}1\", \"command\": \"$random --seed 1\"}, {\"name\": \"${long}2\", \"command\": \"$random --seed 2\"}]"
    "$arena" tournament l.json --out dl > out.txt 2>&1 || fail "long names: $(cat out.txt)"
    [ "$(ls dl/games | wc -l)" = 2 ] || fail "long names: not 2 games"
    # Names whose ids would still clash around the "_vs_" separator are refused at load.
    config x.json 1 '[{"name": "a", "command": "x"}, {"name": "a_vs", "command": "x"}, {"name": "b", "command": "x"}, {"name": "vs_b", "command": "x"}]'
    "$arena" tournament x.json --out dx > out.txt 2>&1; code=$?
    cat out.txt
    [ $code = 2 ] && grep -q "same id" out.txt || fail "clash not refused"
    [ ! -e dx/games ] || fail "played before refusing"
    echo PASSED ;;

interrupt)  # SIGINT / SIGTERM: partial standings, "N of M games saved; to go on: ..."
    config c.json 100
    "$arena" tournament c.json --out full --concurrency 2 > /dev/null || fail "uninterrupted run"
    for signal in INT TERM HUP; do
        env --default-signal=INT "$arena" tournament c.json --out "d$signal" --concurrency 2 > out.txt 2>&1 & pid=$!
        wait_lines "d$signal/results.jsonl" 10
        kill -$signal $pid; wait $pid; code=$?
        cat out.txt | tail -3
        expected=130; [ $signal = TERM ] && expected=143; [ $signal = HUP ] && expected=129
        [ $code = $expected ] || fail "SIG$signal: exit $code, expected $expected"
        saved=$(lines "d$signal/results.jsonl")
        grep -q "^$saved of 200 games saved; to go on: .*tournament --resume --out d$signal\$" out.txt || fail "no 'N of M games saved' line"
        grep -q "partial: $saved of 200 games" "d$signal/standings.md" || fail "standings not marked partial"
        [ -f "d$signal/report.html" ] || fail "no report"
        command=$(sed -n 's/^.* games saved; to go on: //p' out.txt)
        eval "$command" > /dev/null || fail "the printed command failed"
        same_standings full "d$signal"
    done
    echo PASSED ;;

kill9)  # kill -9 at 5 moments of a 120-game run, then --resume: the uninterrupted standings
    config c.json 60
    "$arena" tournament c.json --out full --concurrency 2 > /dev/null || fail "uninterrupted run"
    for at in 1 23 50 81 115; do
        "$arena" tournament c.json --out "d$at" --concurrency 2 > /dev/null 2>&1 & pid=$!
        wait_lines "d$at/results.jsonl" $at
        kill -KILL $pid; wait $pid
        echo "killed at $(lines "d$at/results.jsonl") games"
        "$arena" tournament --resume --out "d$at" > out.txt 2>&1 || fail "resume after kill at $at: $(tail -3 out.txt)"
        [ "$(lines "d$at/results.jsonl")" = 120 ] || fail "kill at $at: $(lines "d$at/results.jsonl") games"
        same_standings full "d$at"
    done
    echo PASSED ;;

play_log)  # arena play --log F, interrupted: the turns played, marked interrupted
    # The first turn has 20 s: the bot is still thinking when the signal comes.
    "$arena" play samegame --bot "$bots/test/testbot sleep 61234 --lines 15" --log game.json > out.txt 2>&1 & pid=$!
    wait_for_process "^$bots/test/testbot sleep 61234"  # the bot itself, not the arena naming it
    kill -TERM $pid; wait $pid; code=$?
    cat out.txt
    [ $code = 143 ] || fail "exit $code, expected 143"
    [ "$(jq -r .interrupted game.json)" = SIGTERM ] || fail "log not marked interrupted"
    # The turn cut short by the interrupt was not missed by the bot: it is left out, never
    # judged a timeout or a crash.
    [ "$(jq '.turns | length' game.json)" = 0 ] || fail "the turn cut short is in the log"
    grep -q -i "timeout\|crash" game.json && fail "the interrupted turn was judged: $(cat game.json)"
    grep -q "interrupted (SIGTERM) after 0 turn(s); the turns played are in game.json" out.txt || fail "no message"
    # Its replay runs the same sleeping bot: interrupted too.
    env --default-signal=INT "$arena" replay game.json > out.txt 2>&1 & pid=$!
    wait_for_process "^$bots/test/testbot sleep 61234"
    kill -INT $pid; wait $pid; code=$?
    cat out.txt
    [ $code = 130 ] || fail "replay: exit $code, expected 130"
    echo PASSED ;;

gate_interrupt)  # the gate stops too: no verdict, the command that goes on
    printf '{"game": "diceshogi", "seeds": {"master": 3}, "gate": {"sprt": {"elo0": -5, "elo1": 5}, "max_games": 2000},
      "time": {"scale": 50}, "bots": [{"name": "new", "command": "%s --seed 1"}, {"name": "old", "command": "%s --seed 2"}]}\n' "$random" "$random" > g.json
    "$arena" gate g.json --out d --concurrency 2 > out.txt 2>&1 & pid=$!
    wait_lines d/results.jsonl 10
    "$arena" gate g.json --out d --overwrite > second.txt 2>&1; second=$?
    kill -TERM $pid; wait $pid; code=$?
    [ $second = 2 ] && grep -q "in use by pid $pid" second.txt || fail "a second gate on the directory: exit $second, $(cat second.txt)"
    tail -2 out.txt
    [ $code = 143 ] || fail "exit $code, expected 143"
    grep -q "games saved; to go on: .*gate g.json --out d --concurrency 2 --resume\$" out.txt || fail "no command to go on"
    grep -q "gate PASS\|gate FAIL" out.txt && fail "a verdict on an interrupted gate"
    echo PASSED ;;

*) fail "unknown case $case_name" ;;
esac
