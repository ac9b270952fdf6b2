#!/bin/sh
# Issue 17, items 1-2, as a user runs them: a run played as N shards (in any order, each with its
# own concurrency) and merged is the one-machine run (same games, same standings apart from the
# measured turn times), a shard killed midway resumes safely, and every bad input is refused
# with exit 2 naming the problem while nothing already played changes. One case per ctest:
#   shards_merge.sh CASE ARENA BOTS_DIR WORK_DIR
# Deterministic bots only (greedy/random with --seed): a game is the same whenever it is played.
set -u
case_name=$1 arena=$2 bots=$3 work=$4/shards_merge_$1
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1

fail() { echo "FAILED: $*"; exit 1; }

# Turn limits x 50: a loaded machine must not turn a game into a timeout in one run only.
versus_config() {  # FILE GAME PLAYERS_PER_GAME SEEDS BOT_JSON...
    file=$1 game=$2 players=$3 seeds=$4; shift 4
    list=$(printf '%s, ' "$@"); list=${list%, }
    printf '{"game": "%s", "bots": [%s], "players_per_game": %s, "seeds": {"count": %s, "master": 5}, "time": {"scale": 50}}\n' \
        "$game" "$list" "$players" "$seeds" > "$file"
}
bot() { printf '{"name": "%s", "command": "%s"}' "$1" "$2"; }
diceshogi_config() { versus_config "$1" diceshogi 2 "${2:-4}" "$(bot g "$bots/diceshogi/greedy --seed 1")" \
    "$(bot r1 "$bots/diceshogi/random --seed 2")" "$(bot r2 "$bots/diceshogi/random --seed 3")"; }
tsuro_config() { versus_config "$1" tsuro 3 3 "$(bot t1 "$bots/tsuro/random --seed 1")" \
    "$(bot t2 "$bots/tsuro/random --seed 2")" "$(bot t3 "$bots/tsuro/random --seed 3")" \
    "$(bot t4 "$bots/tsuro/random --seed 4")"; }
samegame_config() {
    printf '{"game": "samegame", "bots": [%s, %s], "boards": [1, 2, 3, 4, 5, 6, 7], "time": {"scale": 50}}\n' \
        "$(bot greedy "$bots/samegame/greedy --seed 1")" "$(bot random "$bots/samegame/random --seed 2")" > "$1"
}

# What the standings are computed from, without the turn times (which differ run to run).
games_of() { jq -c '{id, group, players, scores, ranks, outcomes, turns, reason, log, identities}' "$1/results.jsonl"; }
standings_of() { jq -S 'del(.. | objects | .turn_ms?, .health?, .max_turn_ms?, .mean_turn_ms?)' "$1/standings.json"; }
ids_of() { jq -r .id "$1/results.jsonl"; }
digest() { find "$@" -type f ! -name .arena.lock -exec md5sum {} + | sort; }

# One-machine run (one game at a time: its results.jsonl is in schedule order) against 3 shards
# played in the order 2, 0, 1 with 2 games at a time, then merged from a shuffled list.
one_against_shards() {  # CONFIG
    "$arena" tournament "$1" --out one --concurrency 1 > one.txt 2>&1 || fail "one-machine run: $(cat one.txt)"
    for i in 2 0 1; do
        "$arena" tournament "$1" --shard $i/3 --out s$i --concurrency 2 > s$i.txt 2>&1 || fail "shard $i: $(cat s$i.txt)"
    done
    before=$(digest s0 s1 s2)
    "$arena" merge s1 s2 s0 --out merged > merge.txt 2>&1 || fail "merge: $(cat merge.txt)"
    cat merge.txt
    [ "$(digest s0 s1 s2)" = "$before" ] || fail "merge changed a shard directory"
    [ "$(ids_of one)" = "$(ids_of merged)" ] || fail "merged results not in schedule order"
    [ "$(games_of one | sort)" = "$(games_of merged | sort)" ] || fail "merged games differ from the one-machine run's"
    [ "$(cat s0/results.jsonl s1/results.jsonl s2/results.jsonl | sort)" = "$(sort merged/results.jsonl)" ] || fail "merged lines are not the shards' lines"
    if ! [ "$(standings_of one)" = "$(standings_of merged)" ]; then
        standings_of one > one.json; standings_of merged > merged.json; diff one.json merged.json
        fail "standings.json of the merge differs from the one-machine run's"
    fi
    for log in $(jq -r 'select(.log != "") | .log' merged/results.jsonl); do
        [ -f "merged/$log" ] || fail "log $log of the merged run is missing"
    done
    [ "$(jq -r '.shard, (.merged_from | length), .game_count' merged/manifest.json | tr '\n' ' ')" = "0/1 3 $(ids_of one | wc -l) " ] ||
        fail "manifest of the merge: $(head -c 300 merged/manifest.json)"
    [ -f merged/report.html ] && [ -f merged/standings.md ] || fail "no report or standings.md"
    "$arena" standings merged > st_merged.txt 2>&1 || fail "standings of the merge"
    "$arena" standings s2 s0 s1 > st_shards.txt 2>&1 || fail "standings of the shards"
    head -1 st_shards.txt
    grep -q "^standings of 3 of 3 shards: $(ids_of one | wc -l) game(s)" st_shards.txt || fail "standings heading: $(head -1 st_shards.txt)"
    [ "$(tail -n +2 st_merged.txt)" = "$(tail -n +2 st_shards.txt)" ] || fail "standings of the shards differ from the merge's"
    echo PASSED
}

case $case_name in
diceshogi) diceshogi_config c.json; one_against_shards c.json ;;
tsuro) tsuro_config c.json; one_against_shards c.json ;;
samegame) samegame_config c.json; one_against_shards c.json ;;

killed)  # a shard killed with SIGKILL midway (a torn last line too) resumes; the merge is whole
    diceshogi_config c.json 30  # 180 games
    "$arena" tournament c.json --out one --concurrency 2 > /dev/null 2>&1 || fail "one-machine run"
    for i in 0 2; do "$arena" tournament c.json --shard $i/3 --out s$i --concurrency 2 > /dev/null 2>&1 || fail "shard $i"; done
    "$arena" tournament c.json --shard 1/3 --out s1 --concurrency 2 > s1.txt 2>&1 & pid=$!
    i=0; while [ "$(cat s1/results.jsonl 2>/dev/null | wc -l)" -lt 5 ] && [ $i -lt 400 ]; do sleep 0.05; i=$((i + 1)); done
    kill -KILL $pid; wait $pid 2>/dev/null
    printf '{"id": "s00' >> s1/results.jsonl  # the line being written when it died
    had=$(wc -l < s1/results.jsonl)
    owned=$(jq .game_count s1/manifest.json)
    [ "$had" -lt "$owned" ] || fail "the shard was not killed midway ($had of $owned games)"
    "$arena" merge s0 s1 s2 --out early > early.txt 2>&1; code=$?
    cat early.txt
    [ $code = 2 ] || fail "merge of an unfinished shard: exit $code"
    grep -q "'s1' (shard 1/3) lacks $((owned - had)) of its $owned games: play them with .*tournament --resume --out s1" early.txt || fail "missing games not said"
    [ ! -e early/results.jsonl ] || fail "a refused merge wrote results"
    # The same while an arena writes in s1 (its lock held): wait for it, not --resume.
    python3 -c 'import fcntl, sys, time; f = open(sys.argv[1], "a"); fcntl.lockf(f, fcntl.LOCK_EX); print("locked", flush=True); time.sleep(60)' \
        s1/.arena.lock > held.txt & holder=$!
    i=0; while ! grep -q locked held.txt && [ $i -lt 200 ]; do sleep 0.05; i=$((i + 1)); done
    "$arena" merge s0 s1 s2 --out busy > busy.txt 2>&1; code=$?
    kill $holder; wait $holder 2>/dev/null
    cat busy.txt
    [ $code = 2 ] && grep -q "'s1' (shard 1/3) lacks $((owned - had)) of its $owned games: it is being played by pid $holder .*: wait for it to end" busy.txt ||
        fail "a shard being played is not said so (exit $code)"
    "$arena" standings s0 s1 s2 > st_early.txt 2>&1 || fail "standings of an unfinished shard: $(cat st_early.txt)"
    head -1 st_early.txt
    grep -q "^standings of 3 of 3 shards: [0-9]* game(s) (incomplete: [0-9]* of the 180 games of the shards given)$" st_early.txt ||
        fail "standings do not say a shard is unfinished"
    kept=$(head -n "$had" s1/results.jsonl)
    "$arena" tournament --resume --out s1 --concurrency 2 > resume.txt 2>&1 || fail "resume: $(cat resume.txt)"
    grep "^shard 1/3" resume.txt
    [ "$(head -n "$had" s1/results.jsonl)" = "$kept" ] || fail "games already played were changed"
    "$arena" tournament --resume --out s1 > again.txt 2>&1 || fail "resuming a complete shard: $(cat again.txt)"
    [ "$(wc -l < s1/results.jsonl)" = "$owned" ] || fail "shard 1 has $(wc -l < s1/results.jsonl) games, not $owned"
    "$arena" merge s0 s1 s2 --out merged > merge.txt 2>&1 || fail "merge: $(cat merge.txt)"
    [ "$(games_of one | sort)" = "$(games_of merged | sort)" ] || fail "merged games differ from the one-machine run's"
    [ "$(standings_of one)" = "$(standings_of merged)" ] || fail "standings differ from the one-machine run's"
    echo PASSED ;;

games)  # --games sizes the whole run, the same on every shard: the shards make that run
    diceshogi_config c.json 40
    "$arena" tournament c.json --games 30 --out one --concurrency 1 > one.txt 2>&1 || fail "one-machine run"
    for i in 0 1; do "$arena" tournament c.json --games 30 --shard $i/2 --out s$i > s$i.txt 2>&1 || fail "shard $i"; done
    head -2 s1.txt
    "$arena" merge s0 s1 --out merged > merge.txt 2>&1 || fail "merge: $(cat merge.txt)"
    [ "$(ids_of one)" = "$(ids_of merged)" ] || fail "merged games are not the --games 30 run's"
    "$arena" tournament c.json --games 36 --shard 1/2 --out other > /dev/null 2>&1 || fail "shard of --games 36"
    "$arena" merge s0 other --out mixed > mixed.txt 2>&1; code=$?
    cat mixed.txt
    [ $code = 2 ] && grep -q "shards of different runs" mixed.txt || fail "shards of other sizes merged (exit $code)"
    echo PASSED ;;

bad_input)  # every refusal: exit 2, the problem named, nothing played lost
    diceshogi_config c.json 3
    for shard in 3/3 0/0 1/x; do
        "$arena" tournament c.json --shard $shard --out bad 2>&1; echo "EXIT$?"
    done
    for i in 0 1 2; do "$arena" tournament c.json --shard $i/3 --out s$i > /dev/null 2>&1 || fail "shard $i"; done
    diceshogi_config other.json 4
    "$arena" tournament other.json --shard 1/3 --out o1 > /dev/null 2>&1 || fail "other shard"
    cp -r s0 old && sed -i 's/"arena_version": "[^"]*"/"arena_version": "0.0.1"/' old/manifest.json
    cp -r s2 lacking && sed -i 2d lacking/results.jsonl
    cp -r s2 damaged && printf '{"arena_version": ' > damaged/manifest.json
    cp -r s1 s1copy
    before=$(digest s0 s1 s2 o1)
    say() { echo "== $1"; shift; "$@" 2>&1; echo "EXIT$?"; }
    say "different configs" "$arena" merge s0 o1 s2 --out m
    say "different arena versions" "$arena" merge old s1 s2 --out m
    say "a shard twice" "$arena" merge s0 s1 s1copy s2 --out m
    say "a missing shard" "$arena" merge s0 s2 --out m
    say "missing games" "$arena" merge s0 s1 lacking --out m
    say "damaged manifest" "$arena" merge s0 s1 damaged --out m
    say "not a shard" "$arena" merge s0 s1 c.json --out m
    say "resumed as another shard" "$arena" tournament --resume --shard 2/3 --out s1
    say "resumed with another config" "$arena" tournament other.json --resume --out s1
    say "resumed by another arena version" "$arena" tournament --resume --out old
    [ -e m ] && fail "a refused merge created its --out directory"
    "$arena" merge s0 s1 s2 --out m > /dev/null 2>&1 || fail "a good merge"
    say "merge into results" "$arena" merge s0 s1 s2 --out m
    say "merge into a shard" "$arena" merge s0 s1 s2 --out s0
    [ "$(digest s0 s1 s2 o1)" = "$before" ] && echo UNCHANGED
    echo END ;;
standings_foreign)  # a game copied into another shard's directory: refused, as merge refuses it
    diceshogi_config c.json 3
    for i in 0 1 2; do "$arena" tournament c.json --shard $i/3 --out s$i > /dev/null 2>&1 || fail "shard $i"; done
    cp -r s1 s1for && head -1 s0/results.jsonl >> s1for/results.jsonl
    "$arena" standings s0 s1for s2 2>&1; echo "EXIT$?"
    "$arena" standings s0 s1 s2 > /dev/null 2>&1; echo "GOOD$?"
    # --resume of that directory says it too (it went on, silently, with the line left there).
    before=$(digest s1for/results.jsonl s1for/games)
    "$arena" tournament --resume --out s1for 2>&1 > /dev/null; echo "RESUMED$?"
    [ "$(digest s1for/results.jsonl s1for/games)" = "$before" ] && echo "KEPT" ;;
merged_goes_on)  # README: the merged directory is a run like any other: a new bot, --resume
    diceshogi_config c.json 3
    for i in 0 1; do "$arena" tournament c.json --shard $i/2 --out s$i > /dev/null 2>&1 || fail "shard $i"; done
    "$arena" merge s0 s1 --out m > /dev/null 2>&1 || fail "merge"
    "$arena" tournament --resume --out m > same.txt 2>&1 || fail "the merge resumed as it was: $(cat same.txt)"
    [ -f m/manifest.json ] || fail "the merge's manifest went though the run did not change"
    versus_config more.json diceshogi 2 3 "$(bot g "$bots/diceshogi/greedy --seed 1")" \
        "$(bot r1 "$bots/diceshogi/random --seed 2")" "$(bot r2 "$bots/diceshogi/random --seed 3")" \
        "$(bot r3 "$bots/diceshogi/random --seed 4")"
    "$arena" tournament more.json --resume --out m > more.txt 2>&1 || fail "a bot added to the merge: $(cat more.txt)"
    "$arena" tournament more.json --out one --concurrency 1 > /dev/null 2>&1 || fail "one-machine run"
    [ "$(games_of one | sort)" = "$(games_of m | sort)" ] || fail "the merge with a new bot differs from the one-machine run"
    "$arena" standings m > st.txt 2>&1 || fail "standings of the grown merge: $(cat st.txt)"
    grep -q "r3" st.txt || fail "the new bot is not in the standings"
    echo PASSED ;;
lost_logs)  # logs lost or damaged after the games: said, named, nothing played lost
    versus_config c.json diceshogi 2 3 "$(bot g "$bots/diceshogi/greedy --seed 1")" \
        "$(bot bad "$bots/test/testbot reply nonsense")"
    for i in 0 1; do "$arena" tournament c.json --shard $i/2 --out s$i > /dev/null 2>&1 || fail "shard $i"; done
    lost=$(jq -r .log s1/results.jsonl | head -1)
    rm "s1/$lost"
    "$arena" merge s0 s1 --out m > merge.txt 2> merge.err || fail "merge without a log: $(cat merge.txt merge.err)"
    cat merge.err
    grep -q "warning: 1 game(s) merged without their log, which is not in their shard (first: 's1/$lost'" merge.err ||
        fail "the lost log is not said"
    damaged=$(jq -r .log m/results.jsonl | sed -n 2p)
    head -c 100 "s0/$damaged" > cut && rm "m/$damaged" && mv cut "m/$damaged"
    "$arena" view m > view.txt 2> view.err; code=$?
    cat view.txt view.err
    [ $code = 2 ] || fail "view of a run with a damaged log: exit $code"
    grep -q "^report: m/report.html" view.txt || fail "no report written"
    grep -q "error: the log of failed game [^ ]*: cannot read the compressed log 'm/$damaged'" view.err ||
        fail "the damaged log is not named"
    grep -q "error: the log of failed game [^ ]*: .*$lost" view.err || fail "the lost log is not named"
    echo PASSED ;;
*) fail "no case $case_name" ;;
esac
