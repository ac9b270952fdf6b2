#!/bin/sh
# `arena league` as a user runs it, one case per ctest, on instant bots (seeded random ones):
#   league_cli.sh CASE ARENA BOTS_DIR WORK_DIR
# Prints PASSED at the end of a case, FAILED: <why> at the first fault.
set -u
case_name=$1 arena=$2 bots=$3 work=$4/league_cli_$1
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
random=$bots/diceshogi/random

fail() { echo "FAILED: $*"; exit 1; }
lines() { if [ -f "$1" ]; then wc -l < "$1"; else echo 0; fi; }
# The waits allow 60 s: a machine busy with other builds starts arenas and bots slowly.
wait_lines() {  # FILE N: until the file has N lines
    i=0; while [ "$(lines "$1")" -lt "$2" ] && [ $i -lt 1200 ]; do sleep 0.05; i=$((i + 1)); done
}
games() { jq -r .games "$1"; }
bot() { jq -c ".bots[] | select(.name == \"$2\")" "$1"; }
# Every id once, every group whole (2 seat orders each, or $2).
check_results() {  # DIR [GAMES_PER_GROUP]
    [ "$(jq -r .id "$1/results.jsonl" | sort | uniq -d)" = "" ] || fail "an id twice in $1"
    per=${2:-2}
    jq -r .group "$1/results.jsonl" | sort | uniq -c | awk -v per="$per" '$1 != per { bad = 1 } END { exit bad }' ||
        fail "a group of $1 is not whole: $(jq -r .group "$1/results.jsonl" | sort | uniq -c | awk -v per="$per" '$1 != per' | head -3)"
}

case $case_name in
loop)  # new, add 3, run, show, retire, run again, kill -9 mid-run and go on
    "$arena" league new L diceshogi --seed 5 --min-games 4 --time-scale 20 > new.txt 2>&1 || fail "new: $(cat new.txt)"
    printf '#!/bin/sh\nexec %s --seed 3 "$@"\n' "$random" > mybot && chmod +x mybot
    "$arena" league add L "r1=$random --seed 1" "r2=$random --seed 2" v3=./mybot > add.txt 2>&1 || fail "add: $(cat add.txt)"
    "$arena" league run L --games 20 --concurrency 2 > run1.txt 2>&1 || fail "run: $(cat run1.txt)"
    grep -q "^played 20 game(s); the league has 20" run1.txt || fail "run 1 said: $(tail -5 run1.txt)"
    "$arena" league show L --json > s1.json || fail "show"
    [ "$(games s1.json)" = 20 ] || fail "show: $(cat s1.json)"
    [ "$(jq '.bots | length' s1.json)" = 3 ] || fail "show: 3 bots: $(cat s1.json)"
    [ "$(jq '[.bots[].games] | add' s1.json)" = 40 ] || fail "games per bot: $(cat s1.json)"
    [ "$(jq '[.bots[] | select(.active and (.interval | length) == 2 and .rating != null)] | length' s1.json)" = 3 ] || fail "ratings: $(cat s1.json)"
    for b in r1 r2 v3; do [ "$(bot s1.json $b | jq .games)" -ge 8 ] || fail "$b has fewer than its minimum: $(cat s1.json)"; done
    check_results L
    "$arena" league retire L r1 > retire.txt 2>&1 || fail "retire: $(cat retire.txt)"
    r1_games=$(bot s1.json r1 | jq .games)
    "$arena" league run L --games 10 --concurrency 2 > run2.txt 2>&1 || fail "run 2: $(cat run2.txt)"
    "$arena" league show L --json > s2.json
    [ "$(games s2.json)" = 30 ] || fail "30 games: $(cat s2.json)"
    [ "$(bot s2.json r1 | jq -c '[.games, .active]')" = "[$r1_games,false]" ] || fail "retired r1 played: $(cat s2.json)"
    "$arena" league show L | grep -q "r1 .*(retired)" || fail "show does not mark r1 retired"
    # kill -9 in mid-run, then run again: nothing lost, nothing twice
    "$arena" league run L --concurrency 2 > run3.txt 2>&1 & pid=$!
    wait_lines L/results.jsonl 60
    "$arena" league show L --json > during.json 2>&1 || fail "show during the run: $(cat during.json)"
    "$arena" league run L --games 2 > second.txt 2>&1 && fail "a second run in the same league was let in"
    grep -q "error: .*L" second.txt || fail "second run: $(cat second.txt)"
    kill -9 $pid; wait $pid 2>/dev/null
    kept=$(lines L/results.jsonl)
    "$arena" league run L --games 10 --concurrency 2 > run4.txt 2>&1 || fail "run 4: $(cat run4.txt)"
    played=$(sed -n 's/^played \([0-9]*\) game.*/\1/p' run4.txt)
    total=$(lines L/results.jsonl)
    [ "$total" -eq $((kept + played)) ] || fail "kept $kept + played $played != $total"
    [ "$played" -ge 10 ] && [ "$played" -le 11 ] || fail "played $played for --games 10"
    "$arena" league show L --json > s4.json
    [ "$(games s4.json)" = "$total" ] || fail "show: $(games s4.json) games, $total lines"
    check_results L
    grep -q '^top after' run4.txt || fail "no top of the table while running: $(cat run4.txt)"
    "$arena" standings L > standings.txt 2>&1 || fail "arena standings: $(cat standings.txt)"
    grep -q "$total game(s)" standings.txt || fail "standings: $(head -3 standings.txt)"
    "$arena" view L > view.txt 2>&1 || fail "arena view: $(cat view.txt)"
    [ -s L/report.html ] && [ -s L/standings.md ] || fail "no report or standings.md"
    ;;
cut)  # killed between the games of a group, in the middle of a line: the next run mends both
    "$arena" league new L diceshogi --seed 8 --time-scale 20 > /dev/null 2>&1 || fail new
    "$arena" league add L "a=$random --seed 1" "b=$random --seed 2" > /dev/null 2>&1 || fail add
    "$arena" league run L --games 4 > run1.txt 2>&1 || fail "run 1: $(cat run1.txt)"
    last=$(sed -n 4p L/results.jsonl | jq -r .id)
    { head -n 3 L/results.jsonl; printf '{"id": "m0000'; } > cut.jsonl && mv cut.jsonl L/results.jsonl
    "$arena" league show L --json > s.json || fail "show with a cut line"
    [ "$(games s.json)" = 3 ] || fail "show: $(cat s.json)"
    "$arena" league run L --games 1 > run2.txt 2>&1 || fail "run 2: $(cat run2.txt)"
    grep -q "^round 1: 1 game(s) (1 to complete cut groups)" run2.txt || fail "run 2: $(cat run2.txt)"
    [ "$(lines L/results.jsonl)" = 4 ] || fail "4 games: $(cat L/results.jsonl)"
    [ "$(sed -n 4p L/results.jsonl | jq -r .id)" = "$last" ] || fail "not the game cut: $(sed -n 4p L/results.jsonl | jq -r .id), $last"
    check_results L
    ;;
snapshot)  # the league plays what was added, whatever happens to the original afterwards
    "$arena" league new L diceshogi --seed 1 --min-games 2 --time-scale 20 > /dev/null 2>&1 || fail new
    mkdir src && printf '#!/bin/sh\nexec %s --seed 3 "$@"\n' "$random" > src/mybot && chmod +x src/mybot
    mkdir wd && cp "$random" wd/engine && printf 'data' > wd/weights.txt
    printf 'import os\nos.execv("%s", ["random", "--seed", "5"])\n' "$random" > pybot.py  # a source file
    "$arena" league add L "a=./src/mybot" "b=./engine --seed 4@wd" "c=$random --seed 9" d=pybot.py > add.txt 2>&1 || fail "add: $(cat add.txt)"
    [ -x L/bots/a/mybot ] && [ -f L/bots/b/weights.txt ] && [ -x L/bots/b/engine ] && [ -f L/bots/d/pybot.py ] || fail "snapshot files: $(find L/bots)"
    # a "rebuild" that crashes, a working directory emptied, a source edited
    printf '#!/bin/sh\nexit 3\n' > src/mybot; rm -rf wd; echo 'raise SystemExit(3)' > pybot.py
    "$arena" league run L --games 16 --concurrency 2 > run.txt 2>&1 || fail "run: $(cat run.txt)"
    [ "$(jq -r '.outcomes[]' L/results.jsonl | sort -u)" = ok ] || fail "a seat failed: $(jq -c .outcomes L/results.jsonl | sort | uniq -c)"
    "$arena" league add L "a=./src/mybot" > taken.txt 2>&1; [ $? = 2 ] || fail "a name taken was accepted"
    grep -q "already in the league.*another name" taken.txt || fail "taken: $(cat taken.txt)"
    "$arena" league add L "a2=./src/mybot" > /dev/null 2>&1 || fail "the new version under a new name"
    ;;
tsuro3)  # 3 players: every table in its 6 seat orders, Plackett-Luce ratings
    t=$bots/tsuro
    "$arena" league new L tsuro --players 3 --seed 2 --min-games 6 --time-scale 20 > /dev/null 2>&1 || fail new
    "$arena" league add L "a=$t/random --seed 1" "b=$t/random --seed 2" "c=$t/survivor" "d=$t/random --seed 4" > add.txt 2>&1 || fail "add: $(cat add.txt)"
    "$arena" league run L --games 24 --concurrency 2 > run.txt 2>&1 || fail "run: $(cat run.txt)"
    [ "$(lines L/results.jsonl)" = 24 ] || fail "24 games: $(lines L/results.jsonl)"
    [ "$(jq '.players | length' L/results.jsonl | sort -u)" = 3 ] || fail "3 players a game"
    check_results L 6
    "$arena" league show L --json > s.json
    [ "$(jq '[.bots[] | select(.rating != null)] | length' s.json)" = 4 ] || fail "ratings: $(cat s.json)"
    ;;
samegame)  # a puzzle: every bot on every board, once; a new bot plays the boards
    s=$bots/samegame
    "$arena" league new L samegame --boards 1-3 > /dev/null 2>&1 || fail new
    "$arena" league add L "g=$s/greedy" "f=$s/first" > /dev/null 2>&1 || fail add
    "$arena" league run L > run.txt 2>&1 || fail "run: $(cat run.txt)"
    grep -q "every active bot has played every board" run.txt || fail "run: $(cat run.txt)"
    [ "$(lines L/results.jsonl)" = 6 ] || fail "6 games"
    "$arena" league add L "r=$s/random" > /dev/null 2>&1 || fail add
    "$arena" league run L > run2.txt 2>&1 || fail "run 2: $(cat run2.txt)"
    [ "$(lines L/results.jsonl)" = 9 ] || fail "9 games"
    "$arena" league show L --json > s.json
    [ "$(jq -c '[.bots[].rating] == ([.bots[].rating] | sort | reverse)' s.json)" = true ] || fail "not best first: $(cat s.json)"
    [ "$(jq -c '[.bots[].games]' s.json)" = "[3,3,3]" ] || fail "each bot on each board once: $(cat s.json)"
    "$arena" standings L > st.txt 2>&1 || fail "standings: $(cat st.txt)"
    ;;
refusals)  # bad input: exit 2, what to do, nothing played lost
    expect2() {  # WHAT PATTERN COMMAND...
        what=$1 pattern=$2; shift 2
        "$@" > out.txt 2>&1; code=$?
        [ $code = 2 ] || fail "$what: exit $code: $(cat out.txt)"
        grep -q "$pattern" out.txt || fail "$what: $(cat out.txt)"
    }
    expect2 "show, no league" "holds no league\|not a directory" "$arena" league show nowhere
    expect2 "run, no league" "league new" "$arena" league run nowhere
    mkdir empty
    expect2 "add, no league" "holds no league" "$arena" league add empty "a=$random"
    expect2 "new, unknown game" "" "$arena" league new L nogame
    [ -e L/league.json ] && fail "a league made for an unknown game"
    "$arena" league new L diceshogi --seed 1 --time-scale 20 > /dev/null 2>&1 || fail new
    expect2 "new twice" "already holds a league" "$arena" league new L diceshogi
    expect2 "run, no bots" "add bots" "$arena" league run L --games 2
    expect2 "bad name" "letters, digits" "$arena" league add L "bad/name=$random"
    expect2 "dot name" "start with" "$arena" league add L ".hidden=$random"
    expect2 "missing program" "nothere" "$arena" league add L "a=./nothere"
    mkdir big && cp "$random" big/bot && truncate -s 70M big/blob
    expect2 "working directory too big" "more than the 64 MB.*only what it runs" "$arena" league add L "a=./bot@big"
    [ -e L/bots/a ] && fail "a refused snapshot left a folder"
    "$arena" league add L "a=$random --seed 1" "b=$random --seed 2" > /dev/null 2>&1 || fail add
    "$arena" league run L --games 4 > /dev/null 2>&1 || fail run
    expect2 "name taken" "already in the league" "$arena" league add L "b=$random"
    expect2 "retire unknown" "no bot named 'zz'" "$arena" league retire L zz
    "$arena" league retire L b > /dev/null || fail retire
    expect2 "run, one active bot" "1 active bot" "$arena" league run L --games 2
    [ "$(lines L/results.jsonl)" = 4 ] || fail "games lost: $(lines L/results.jsonl)"
    ;;
add_while_running)  # a bot added during a run is picked up at its next round
    "$arena" league new L diceshogi --seed 3 --min-games 4 --time-scale 20 > /dev/null 2>&1 || fail new
    "$arena" league add L "a=$random --seed 1" "b=$random --seed 2" > /dev/null 2>&1 || fail add
    # A script's background job starts with SIGINT ignored: given back as at a terminal.
    env --default-signal=INT "$arena" league run L --concurrency 1 > run.txt 2>&1 & pid=$!
    wait_lines L/results.jsonl 4
    "$arena" league add L "c=$random --seed 3" > add.txt 2>&1 || fail "add while running: $(cat add.txt)"
    grep -q "picks the new bot" add.txt || fail "add: $(cat add.txt)"
    i=0; until grep -q '"c"' L/results.jsonl || [ $i -ge 1200 ]; do sleep 0.05; i=$((i + 1)); done
    kill -INT $pid; wait $pid; code=$?
    [ $code = 130 ] || fail "run after Ctrl-C: exit $code: $(tail -3 run.txt)"
    grep -q "interrupted; to go on: .*league run L" run.txt || fail "run: $(tail -3 run.txt)"
    grep -q '"c"' L/results.jsonl || fail "c never played"
    # Ctrl-C may cut a group: the next run completes it first
    "$arena" league run L --games 1 > run2.txt 2>&1 || fail "run 2: $(cat run2.txt)"
    check_results L
    ;;
external)  # a game arena does not know, through its referee (tests/external's toy Nim)
    toys=$5
    "$arena" league new L --referee "python3 $toys/toy_referee.py --seed {seed}" --players 2 \
        --first-turn-ms 5000 --turn-ms 3000 --seed 4 --min-games 2 > new.txt 2>&1 || fail "new: $(cat new.txt)"
    "$arena" league add L "o=python3 $toys/toy_nim_bot.py optimal" "n=python3 $toys/toy_nim_bot.py one" > add.txt 2>&1 || fail "add: $(cat add.txt)"
    [ -f L/bots/o/toy_nim_bot.py ] || fail "the bot's script is not in its snapshot"
    "$arena" league run L --games 4 --concurrency 2 > run.txt 2>&1 || fail "run: $(cat run.txt)"
    [ "$(lines L/results.jsonl)" = 4 ] || fail "4 games: $(cat run.txt)"
    "$arena" league show L --json > s.json
    [ "$(jq -r '.bots[0].name' s.json)" = o ] || fail "optimal first: $(cat s.json)"
    check_results L
    ;;
*) fail "unknown case $case_name" ;;
esac
echo PASSED
