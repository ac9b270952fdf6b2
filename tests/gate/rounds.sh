#!/bin/sh
# The gate across machines (docs/gate.md, "Across machines"): a gate in rounds played on one
# machine and as rounds x shards (shards played in shuffled order, judged after each round) gives
# the same LLR at every look point and the same verdict; bad round directories are refused.
# Dice Shogi between seeded greedy/random bots: every game is the same whenever it is played.
#   rounds.sh CASE ARENA BOTS_DIR WORK_DIR
set -u
case_name=$1 arena=$2 bots=$3 work=$4/gate_rounds_$1
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
greedy=$bots/diceshogi/greedy random=$bots/diceshogi/random

fail() { echo "FAILED: $*"; exit 1; }

# A gate config: FILE CANDIDATE_COMMAND OPPONENT_COMMAND ROUND_PAIRS MAX_GAMES [MASTER_SEED]
config() {
    printf '{"game": "diceshogi", "seeds": {"master": %s}, "candidate": "new", "time": {"scale": 50},
  "gate": {"round_pairs": %s, "max_games": %s},
  "bots": [{"name": "new", "command": "%s"}, {"name": "old", "command": "%s"}]}\n' \
        "${6:-7}" "$4" "$5" "$2" "$3" > "$1"
}

looks() { grep -E '^round [0-9]+: sprt ' "$1"; }
verdict() { grep -E '^gate (PASS|FAIL|INCONCLUSIVE|CONTINUE)' "$1"; }

# One machine, then ROUNDS x N shards in the order SHARD_ORDER, judged after each round until the
# judge stops saying "continue" (3). Both must look and decide the same.
same_as_one_machine() {  # CONFIG N "SHARD_ORDER"
    "$arena" gate "$1" --out one --concurrency 2 > one.txt 2>&1
    one_code=$?
    cat one.txt
    [ -n "$(looks one.txt)" ] || fail "one machine: no look point printed"
    round=0
    while :; do
        for i in $3; do
            "$arena" gate "$1" --round $round --shard "$i/$2" --concurrency 2 \
                --out "multi/round-$round/shard-$i-of-$2" > "play-$round-$i.txt" 2>&1 ||
                { cat "play-$round-$i.txt"; fail "round $round shard $i/$2 not played"; }
        done
        "$arena" gate "$1" --judge multi/round-*/shard-* --out multi > judge.txt 2>&1
        judge_code=$?
        echo "--- judge after round $round: exit $judge_code"
        cat judge.txt
        [ $judge_code = 3 ] || break
        grep -q -- "--round $((round + 1)) --shard 0/$2 --out multi/round-$((round + 1))/shard-0-of-$2" judge.txt ||
            fail "the judge does not say how to play round $((round + 1))"
        round=$((round + 1))
        [ $round -lt 50 ] || fail "no end after 50 rounds"
    done
    [ "$one_code" = "$judge_code" ] || fail "exit codes differ: one machine $one_code, rounds $judge_code"
    [ "$(looks one.txt)" = "$(looks judge.txt)" ] || fail "the look points differ"
    [ "$(verdict one.txt)" = "$(verdict judge.txt)" ] || fail "the verdicts differ"
    jq -e '.exit_code' multi/gate.json > /dev/null || fail "no gate.json from the judge"
    echo "SAME: exit $judge_code, $(looks judge.txt | wc -l) look(s), $(verdict judge.txt)"
}

case $case_name in
pass_3_shards)  # greedy against random: H1 within a few rounds
    config gate.json "$greedy --seed 1" "$random --seed 2" 4 400
    same_as_one_machine gate.json 3 "2 0 1"
    grep -q '^gate PASS' judge.txt || fail "greedy does not pass against random"
    ;;
fail_2_shards)  # random against greedy: H0
    config gate.json "$random --seed 1" "$greedy --seed 2" 3 400
    same_as_one_machine gate.json 2 "1 0"
    grep -q '^gate FAIL' judge.txt || fail "random does not fail against greedy"
    ;;
undecided_rounds)  # two random bots: every round looked at, inconclusive at the end
    config gate.json "$random --seed 1" "$random --seed 2" 3 18
    same_as_one_machine gate.json 2 "1 0"
    [ "$(looks judge.txt | wc -l)" = 3 ] || fail "3 rounds of 3 seeds: 3 look points"
    grep -q '^gate INCONCLUSIVE' judge.txt || fail "not inconclusive"
    ;;
tsuro_3_players)  # tables of 3, every seat order: a test per field bot, pairs by swapped seats
    tsuro=$bots/tsuro/random
    printf '{"game": "tsuro", "players_per_game": 3, "seeds": {"master": 3}, "candidate": "new",
  "time": {"scale": 50}, "gate": {"round_pairs": 2, "max_games": 36}, "bots": [
  {"name": "new", "command": "%s --seed 1"}, {"name": "a", "command": "%s --seed 2"},
  {"name": "b", "command": "%s --seed 3"}]}\n' "$tsuro" "$tsuro" "$tsuro" > gate.json
    same_as_one_machine gate.json 2 "1 0"
    [ "$(looks judge.txt | wc -l)" = 6 ] || fail "3 rounds x 2 field bots: 6 look lines"
    ;;
bad_input)
    config gate.json "$random --seed 1" "$random --seed 2" 3 18
    play() { "$arena" gate gate.json --round "$1" --shard "$2" --out "$3" > /dev/null 2>&1 || fail "play $*"; }
    play 0 0/3 r0s0
    play 0 1/3 r0s1
    play 0 2/3 r0s2
    play 1 0/3 r1s0
    play 1 2/3 r1s2
    echo "== missing shard 1/3 of round 1: judged up to round 0, exit 3"
    "$arena" gate gate.json --judge r0s0 r0s2 r0s1 r1s2 r1s0 --out judged > out.txt 2>&1
    code=$?; cat out.txt
    [ $code = 3 ] || fail "a missing shard: exit $code, not 3"
    grep -q '^gate CONTINUE: new: no decision after round 0; round 1: shard 1/3 missing' out.txt ||
        fail "the gap is not named"
    grep -q -- '--round 1 --shard 1/3 --out judged/round-1/shard-1-of-3$' out.txt ||
        fail "no command for the missing shard"
    [ "$(looks out.txt | wc -l)" = 1 ] || fail "the count does not stop at the gap"
    echo "== the same, played in the rounds' layout under G/: the next commands name G/"
    for dir in r0s0 r0s1 r0s2 r1s0 r1s2; do
        r=${dir#r}; r=${r%%s*}; i=${dir##*s}
        mkdir -p G/round-$r && cp -r $dir G/round-$r/shard-$i-of-3
    done
    "$arena" gate gate.json --judge G/round-*/shard-*/ > out.txt 2>&1
    code=$?; cat out.txt
    [ $code = 3 ] || fail "a missing shard under G/: exit $code, not 3"
    grep -q -- '--round 1 --shard 1/3 --out G/round-1/shard-1-of-3$' out.txt ||
        fail "the missing shard's command does not name G/"
    grep -q -- '--judge G/round-\*/shard-\*$' out.txt || fail "the judge's command does not name G/"
    echo "== a shard given twice: exit 2"
    cp -r r0s1 copy
    "$arena" gate gate.json --judge r0s0 r0s1 copy r0s2 > out.txt 2>&1
    code=$?; cat out.txt
    [ $code = 2 ] && grep -q "shard 1/3 of round 0 is given twice: 'r0s1' and 'copy'" out.txt ||
        fail "a shard twice: exit $code"
    echo "== a round of another gate config: exit 2"
    config other.json "$random --seed 1" "$random --seed 2" 3 18 99
    "$arena" gate other.json --round 0 --shard 0/1 --out other > /dev/null 2>&1 || fail "other"
    "$arena" gate gate.json --judge r0s0 r0s1 r0s2 other > out.txt 2>&1
    code=$?; cat out.txt
    [ $code = 2 ] && grep -q "'other' belongs to another gate (other.json)" out.txt ||
        fail "another gate's round: exit $code"
    echo "== a round split two ways: exit 2"
    "$arena" gate gate.json --round 1 --shard 1/2 --out r1half > /dev/null 2>&1 || fail "half"
    "$arena" gate gate.json --judge r1s0 r1half > out.txt 2>&1
    code=$?; cat out.txt
    [ $code = 2 ] && grep -q "round 1 is split two ways" out.txt || fail "two splits: exit $code"
    echo "== --round out of range: exit 2"
    "$arena" gate gate.json --round 3 --shard 0/2 --out r3 > out.txt 2>&1
    code=$?; cat out.txt
    [ $code = 2 ] && grep -q -- "--round 3: this gate has rounds 0 to 2 (9 seeds in rounds of 3)" out.txt ||
        fail "--round 3: exit $code"
    echo "== a directory of another round is not played into: exit 2"
    "$arena" gate gate.json --round 2 --shard 0/3 --out r0s0 --resume > out.txt 2>&1
    code=$?; cat out.txt
    [ $code = 2 ] && grep -q "'r0s0' holds shard 0/3 of round 0 of this gate" out.txt ||
        fail "another round's directory: exit $code"
    echo "== not a round directory: exit 2"
    mkdir plain
    "$arena" gate gate.json --judge plain > out.txt 2>&1
    code=$?; cat out.txt
    [ $code = 2 ] && grep -q "'plain' is not a round of a gate" out.txt || fail "plain: exit $code"
    echo "== a gate without round_pairs: exit 2"
    printf '{"game": "diceshogi", "candidate": "new", "bots": [{"name": "new", "command": "%s"}, {"name": "old", "command": "%s"}]}\n' "$random" "$random" > plain.json
    "$arena" gate plain.json --round 0 --out p > out.txt 2>&1
    code=$?; cat out.txt
    [ $code = 2 ] && grep -q 'add "round_pairs" to its "gate"' out.txt || fail "no round_pairs: exit $code"
    echo "== a bot rebuilt between shards (same command, other program): exit 2"
    cp "$random" ./bot
    config rebuilt.json "./bot --seed 1" "$random --seed 2" 3 18
    "$arena" gate rebuilt.json --round 0 --shard 0/2 --out b0 > /dev/null 2>&1 || fail "b0"
    cp "$greedy" ./bot
    "$arena" gate rebuilt.json --round 0 --shard 1/2 --out b1 > /dev/null 2>&1 || fail "b1"
    "$arena" gate rebuilt.json --judge b0 b1 > out.txt 2>&1
    code=$?; cat out.txt
    [ $code = 2 ] && grep -q "bot new is not the same program in 'b0' and 'b1'" out.txt ||
        fail "a rebuilt bot: exit $code"
    echo "== --judge with --shard: exit 2"
    "$arena" gate gate.json --judge r0s0 --shard 0/2 > out.txt 2>&1
    code=$?; cat out.txt
    [ $code = 2 ] || fail "--judge --shard: exit $code"
    ;;
failure_pointers)  # a candidate's invalid move fails at the round's end; its log is in its shard
    testbot=$bots/test/testbot
    config gate.json "$testbot reply nonsense" "$testbot reply random" 2 20
    for i in 1 0; do
        "$arena" gate gate.json --round 0 --shard $i/2 > /dev/null 2>&1 || fail "shard $i/2"
    done
    "$arena" gate gate.json --judge results/gate/round-*/shard-* > out.txt 2>&1
    code=$?; cat out.txt
    [ $code = 1 ] || fail "an invalid move: exit $code, not 1"
    grep -q "^gate FAIL: new: invalid in r0/s0001-new_vs_old" out.txt || fail "no FAIL line"
    grep -q "log:    results/gate/round-0/shard-1-of-2/games/s0002-new_vs_old.json" out.txt ||
        fail "the log of a game of shard 1/2 is not pointed at in its directory"
    ;;
samegame)  # boards split by shards only: one round, judged when every shard is in
    greedy_sg=$bots/samegame/greedy
    printf '{"game": "samegame", "boards": [1, 2, 3, 4, 5], "bots": [{"name": "greedy", "command": "%s"}], "time": {"scale": 50}}\n' "$greedy_sg" > sg.json
    "$arena" gate sg.json --out base --save-baseline > out.txt 2>&1 || { cat out.txt; fail "baseline"; }
    "$arena" gate sg.json --shard 1/2 --out s1 > out.txt 2>&1 || { cat out.txt; fail "shard 1/2"; }
    "$arena" gate sg.json --judge s1 --out j > out.txt 2>&1
    code=$?; cat out.txt
    [ $code = 3 ] && grep -q 'round 0: shard 0/2 missing' out.txt || fail "a missing SameGame shard: exit $code"
    "$arena" gate sg.json --shard 0/2 --out s0 > out.txt 2>&1 || { cat out.txt; fail "shard 0/2"; }
    "$arena" gate sg.json --judge s1 s0 --out j > out.txt 2>&1
    code=$?; cat out.txt
    [ $code = 0 ] && grep -q '^gate PASS: greedy: 5 board(s) no worse than the baseline' out.txt ||
        fail "SameGame shards judged: exit $code"
    [ "$(jq '.boards | length' j/gate.json)" = 5 ] || fail "gate.json lacks boards"
    "$arena" gate sg.json --round 1 --shard 0/2 --out s2 > out.txt 2>&1
    code=$?; cat out.txt
    [ $code = 2 ] && grep -q -- '--round 1: this gate has one round, 0' out.txt || fail "SameGame --round 1: exit $code"
    ;;
*) fail "unknown case $case_name" ;;
esac
echo "PASSED $case_name"
