#!/bin/sh
# External games as a user runs them (docs/other-games.md), with the toy Nim referee of
# tests/external/toy_referee.py and its bots (toy_nim_bot.py).
# Usage: external_games.sh PART ARENA TOY_DIR
#   (PART: play, refused, tournament, untrusted_log, match)
# Prints what it checks; exits 1 at the first check that fails.
part=$1
arena=$2
toys=$3
work="ext_games_$part"
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1

referee="python3 $toys/toy_referee.py --seed {seed}"
optimal="python3 $toys/toy_nim_bot.py optimal"
one="python3 $toys/toy_nim_bot.py one"
# The same as --bot NAME=COMMAND.
bot_optimal="optimal=$optimal"
bot_one="one=$one"
# Generous limits: the machine running the tests may be loaded, and python starts slowly.
times="--first-turn-ms 5000 --turn-ms 3000"

fail() {
    echo "FAILED: $*"
    exit 1
}
# expect FILE PATTERN: FILE has a line matching the extended regular expression PATTERN.
expect() {
    grep -Eq -- "$2" "$1" || { echo "--- $1:"; cat "$1"; fail "$1 lacks /$2/"; }
    echo "ok: $1 has /$2/"
}
# exit_code WANTED GOT WHAT
exit_code() {
    [ "$1" = "$2" ] || fail "$3: exit $2, expected $1"
    echo "ok: $3: exit $2"
}

case "$part" in
play)
    # One game through the referee: seed 3 makes a pile of 13; 'optimal' (seat 0) wins.
    "$arena" play --referee "$referee" --bot "$bot_optimal" --bot "$bot_one" --seed 3 $times \
        --log nim.json > play.out 2>&1
    exit_code 0 $? "arena play --referee"
    expect play.out "^external, seed 3, [0-9]+ turns"
    expect play.out "seat 0 optimal: score 1, rank 1, ok"
    expect play.out "seat 1 one: score 0, rank 2, ok"
    expect nim.json '"referee": \{'
    expect nim.json '"command": "python3 [^"]*toy_referee.py --seed \{seed\}"'
    expect nim.json '"game": "external"'
    # --script: the log's outputs played against the referee again, no bot run; the referee is
    # the user's (--referee), never the command the log names.
    "$arena" replay nim.json --script --referee "$referee" > script.out 2>&1
    exit_code 0 $? "arena replay --script --referee"
    expect script.out "^consistent: the external referee gives every input"
    "$arena" replay nim.json --script --turn 2 --referee "$referee" > turn.out 2>&1
    exit_code 0 $? "arena replay --script --turn 2 --referee"
    expect turn.out "turn 2 of [0-9]+, seat 1 \\(one\\)"
    "$arena" replay nim.json --script --trust-log-referee > trusted.out 2>&1
    exit_code 0 $? "arena replay --script --trust-log-referee"
    expect trusted.out "^consistent: the external referee gives every input"
    # A log edited by hand is not what the referee gives.
    sed 's/"output": "1"/"output": "2"/' nim.json > edited.json
    "$arena" replay edited.json --script --referee "$referee" > edited.out 2>&1
    exit_code 1 $? "arena replay --script of an edited log"
    expect edited.out "NOT consistent with the external referee"
    # The bots again: the same game.
    "$arena" replay nim.json > again.out 2>&1
    exit_code 0 $? "arena replay"
    expect again.out "^identical: [0-9]+ turns"
    # The page: the generic drawing, registered from the log's "referee".
    "$arena" view nim.json -o nim.html > view.out 2>&1
    exit_code 0 $? "arena view LOG"
    expect view.out "^replay: nim.html"
    expect nim.html "window.ArenaGames.__generic"
    # Named, 3 players, with a bot that answers nonsense: it loses, the others share rank 1.
    "$arena" play --referee "$referee" --name toy-nim --players 3 --bot "a=$one" \
        --bot "b=python3 $toys/toy_nim_bot.py invalid" --bot "c=$one" --seed 1 $times --json \
        > three.json 2> three.err
    exit_code 0 $? "arena play --referee --players 3 --json"
    expect three.json '"game": "toy-nim"'
    ranks=$(python3 -c 'import json,sys; print(json.load(sys.stdin)["result"]["ranks"])' < three.json)
    [ "$ranks" = "[1, 3, 1]" ] || fail "ranks $ranks, expected [1, 3, 1]"
    echo "ok: ranks $ranks"
    ;;
refused)
    # Each mistake: exit 2, a message naming it, no game played.
    "$arena" play --referee ./no-such-referee --bot "$one" --bot "$one" > r1.out 2>&1
    exit_code 2 $? "a referee program that does not exist"
    expect r1.out "^error: --referee './no-such-referee': .*no-such-referee.*No game was played"
    grep -q "bot command\|Build the bot" r1.out && fail "a missing referee is described as a bot: $(cat r1.out)"
    "$arena" play --referee "python3 no_such_referee.py" --bot "$one" --bot "$one" > r2.out 2>&1
    exit_code 2 $? "a referee script that does not exist"
    expect r2.out "^error: --referee 'python3 no_such_referee.py': the script 'no_such_referee.py'"
    "$arena" play --runner ./no-such-runner --bot "$one" --bot "$one" > r3.out 2>&1
    exit_code 2 $? "a runner that does not exist"
    expect r3.out "^error: --runner './no-such-runner'"
    "$arena" play diceshogi --referee "$referee" --bot "$one" --bot "$one" > r4.out 2>&1
    exit_code 2 $? "GAME and --referee"
    expect r4.out "^error: give the game 'diceshogi' or --referee, not both"
    "$arena" play --bot "$one" --bot "$one" > r5.out 2>&1
    exit_code 2 $? "neither GAME nor --referee"
    expect r5.out "^error: give the game \\(samegame, diceshogi, tsuro.*\\) or an external referee with --referee CMD or --runner CMD"
    "$arena" play --referee "$referee" --runner "$referee" --bot "$one" --bot "$one" > r6.out 2>&1
    exit_code 2 $? "--referee and --runner"
    expect r6.out "^error: --referee and --runner: give one"
    "$arena" play diceshogi --turn-ms 50 --bot "$one" --bot "$one" > r7.out 2>&1
    exit_code 2 $? "--turn-ms without --referee"
    expect r7.out "^error: --players, --first-turn-ms, --turn-ms, --time-rules, --timebank-ms and --name describe a game played through --referee or --runner"
    "$arena" play --referee "$referee" --name "My Game" --bot "$one" --bot "$one" > r8.out 2>&1
    exit_code 2 $? "a bad --name"
    expect r8.out "^error: --name: 'My Game': use 1 to 64 lowercase letters"
    "$arena" play --referee "$referee" --name tsuro --bot "$one" --bot "$one" > r9.out 2>&1
    exit_code 2 $? "a built-in game's --name"
    expect r9.out "^error: --name: the game name 'tsuro' is a built-in game's"
    "$arena" play --referee "$referee" --players 2 --bot "$one" > r10.out 2>&1
    exit_code 2 $? "fewer bots than --players"
    expect r10.out "^error: external is played by 2 player\\(s\\): give one --bot per seat \\(got 1\\)"
    "$arena" play --referee "$referee" --bot "$one" --bot "$one" --bot "$one" --bot "$one" \
        --bot "$one" --bot "$one" --bot "$one" --bot "$one" --bot "$one" > r11.out 2>&1
    exit_code 2 $? "9 bots"
    expect r11.out "^error: --players: must be from 1 to 8, got 9"
    printf '{"referee": {"command": "./no-such-referee", "players": 2}, "bots": [{"name": "a", "command": "%s"}, {"name": "b", "command": "%s"}], "seeds": [1]}' \
        "$one" "$one" > missing.json
    "$arena" tournament missing.json --out missing > r12.out 2>&1
    exit_code 2 $? "a config whose referee does not exist"
    expect r12.out "no-such-referee"
    [ -e missing/results.jsonl ] && [ -s missing/results.jsonl ] && fail "a game was played"
    printf '{"referee": {"command": "%s", "players": 2, "working_dir": "/no/such/dir"}, "bots": [{"name": "a", "command": "%s"}, {"name": "b", "command": "%s"}], "seeds": [1]}' \
        "$referee" "$one" "$one" > nodir.json
    "$arena" tournament nodir.json --out nodir > r12b.out 2>&1
    exit_code 2 $? "a config whose referee's working directory does not exist"
    expect r12b.out "working directory '/no/such/dir'"
    printf '{"game": "diceshogi", "referee": {"command": "x", "players": 2}, "bots": [{"name": "a", "command": "a"}]}' > both.json
    "$arena" tournament both.json > r13.out 2>&1
    exit_code 2 $? "a config with game and referee"
    expect r13.out "^error: both.json: field 'referee': a config has \"game\" .* or \"referee\" .*, not both"
    "$arena" play --help > help.out 2>&1
    expect help.out "--referee"
    expect help.out "--runner"
    expect help.out "docs/other-games.md"
    ;;
tournament)
    # A config with "referee": 3 bots, 2 seeds, every seat order: 12 games.
    cat > nim.json <<EOF
{"referee": {"name": "nim", "command": "$referee", "players": 2, "first_turn_ms": 5000, "turn_ms": 3000},
 "bots": [{"name": "optimal", "command": "$optimal"}, {"name": "one", "command": "$one"},
          {"name": "bad", "command": "python3 $toys/toy_nim_bot.py invalid"}],
 "seeds": [3, 6], "concurrency": 2}
EOF
    "$arena" tournament nim.json --out run > run.out 2>&1
    exit_code 0 $? "arena tournament (referee in the config)"
    expect run.out "^nim tournament: 3 bots, 2 per game, 2 seed\\(s\\), .* = 12 games"
    [ "$(wc -l < run/results.jsonl)" = 12 ] || fail "12 records expected"
    echo "ok: 12 records"
    expect run/config.json '"referee": \{'
    expect run/standings.md "optimal"
    # Standings read again from the directory alone (config.json registers the game).
    "$arena" standings run > standings.out 2>&1
    exit_code 0 $? "arena standings DIR"
    expect standings.out "optimal"
    # --resume: nothing left to play.
    "$arena" tournament --resume --out run > resume.out 2>&1
    exit_code 0 $? "arena tournament --resume"
    expect resume.out "= 12 games"
    [ "$(wc -l < run/results.jsonl)" = 12 ] || fail "resume played games again"
    # A resumed run that had lost games plays them again through the referee.
    head -n 8 run/results.jsonl > cut.jsonl && mv cut.jsonl run/results.jsonl
    "$arena" tournament --resume --out run > resume2.out 2>&1
    exit_code 0 $? "arena tournament --resume (4 games missing)"
    [ "$(wc -l < run/results.jsonl)" = 12 ] || fail "resume did not play the 4 missing games"
    echo "ok: --resume played the 4 missing games"
    # The report, and a replay page of a game.
    "$arena" view run > view.out 2>&1
    exit_code 0 $? "arena view DIR"
    expect view.out "^report: run/report.html"
    log=$(ls run/games | head -n 1)
    "$arena" view "run/games/$log" -o game.html > view1.out 2>&1
    exit_code 0 $? "arena view of a tournament log"
    expect game.html "window.ArenaGames.__generic"
    "$arena" replay "run/games/$log" --script --referee "$referee" > script.out 2>&1
    exit_code 0 $? "arena replay --script --referee of a tournament log"
    expect script.out "^consistent: the nim referee"
    ;;
untrusted_log)
    # A shared log whose referee command would do something else: a replay (--script) never runs
    # it unless told; view runs nothing.
    "$arena" play --referee "$referee" --bot "$bot_optimal" --bot "$bot_one" --seed 3 $times \
        --log nim.json > play.out 2>&1
    exit_code 0 $? "arena play --referee"
    marker="$PWD/MARKER"
    python3 - "$marker" <<'PY'
import json, sys
log = json.load(open("nim.json"))
log["referee"]["command"] = "sh -c 'touch %s; exit 1'" % sys.argv[1]
json.dump(log, open("shared.json", "w"))
PY
    "$arena" replay shared.json --script > refused.out 2>&1
    exit_code 2 $? "arena replay --script of a log with its own referee command"
    [ -e "$marker" ] && fail "replay --script ran the log's referee command"
    expect refused.out "^error: .*A replay runs no command taken from a log: give the referee's command with --referee CMD, or add --trust-log-referee"
    expect refused.out "touch [^ ]*MARKER"
    "$arena" replay shared.json --script --turn 1 > refused_turn.out 2>&1
    exit_code 2 $? "arena replay --script --turn 1 of that log"
    "$arena" view shared.json -o shared.html > view.out 2>&1
    exit_code 0 $? "arena view of that log"
    [ -e "$marker" ] && fail "arena view ran the log's referee command"
    "$arena" replay shared.json --script --referee "$referee" > own.out 2>&1
    exit_code 0 $? "arena replay --script --referee (the user's referee)"
    expect own.out "^consistent: the external referee"
    [ -e "$marker" ] && fail "replay --referee ran the log's referee command"
    echo "ok: nothing ran the log's referee command"
    "$arena" replay shared.json --script --trust-log-referee > trusted.out 2>&1
    [ -e "$marker" ] || fail "--trust-log-referee did not run the log's referee command"
    echo "ok: --trust-log-referee runs it"
    # The replay command a failure summary gives (a bot that crashes) works as printed: it
    # names the run's referee, since a replay never runs the one a log names by itself.
    cat > crash.json <<EOF
{"referee": {"name": "nim", "command": "$referee", "players": 2, "first_turn_ms": 5000, "turn_ms": 3000},
 "bots": [{"name": "one", "command": "$one"}, {"name": "crash", "command": "sh -c 'exit 3'"}],
 "seeds": [3]}
EOF
    "$arena" tournament crash.json --out crashed > crashed.out 2>&1
    exit_code 0 $? "a tournament with a crashing bot"
    hint=$(grep -E "^    [^ ]*arena replay " crashed.out | head -n 1)
    [ -n "$hint" ] || { cat crashed.out; fail "no replay command in the failure summary"; }
    case "$hint" in *"--script --turn "*"--referee "*toy_referee.py*) ;; *) fail "hint: $hint" ;; esac
    sh -c "$hint" > hint.out 2>&1
    exit_code 0 $? "the failure summary's replay command: $hint"
    expect hint.out "^turn [0-9]+ of [0-9]+, seat [01] \\(crash\\)"
    expect crashed/standings.md "replay [^ ]* --script --turn [0-9]+ --referee '[^']*toy_referee.py"
    "$arena" replay nim.json --referee "$referee" > noscript.out 2>&1
    exit_code 2 $? "--referee without --script"
    expect noscript.out "^error: --referee and --trust-log-referee go with --script"
    ;;
match)
    "$arena" match --referee "$referee" --name nim-match --bot "$bot_optimal" --bot "$bot_one" -n 4 \
        --seed 5 --concurrency 2 $times --out m > match.out 2>&1
    exit_code 0 $? "arena match --referee"
    expect match.out "^nim-match match: optimal vs one, 4 games"
    expect m/config.json '"referee": \{'
    "$arena" match --resume --out m > resume.out 2>&1
    exit_code 0 $? "arena match --resume"
    ;;
*)
    fail "unknown part '$part'"
    ;;
esac
echo "PASSED: $part"
