#!/bin/sh
# The replay commands arena prints for failed games start with arena as the user ran it (argv[0]
# as typed), so that pasting one into the same shell replays the game: arena on PATH under another
# name, ./NAME from its own directory, an absolute path from another directory. Each case runs
# arena through a symlink named my-arena, takes the command from what a user reads (the summary
# after the run, standings.md's first-failure cell), runs it where the user is and checks that it
# exits 0 and prints the failing turn.
#   failures_program.sh CASE ARENA BOTS_DIR WORK_DIR
# Prints PASSED, or FAILED: why.
set -u
case_name=$1 arena=$2 bots=$3 work=$4/failures_program_$case_name
greedy=$bots/diceshogi/greedy testbot=$bots/test/testbot

fail() { echo "FAILED: $*"; exit 1; }

rm -rf "$work" && mkdir -p "$work/bin" "$work/elsewhere" || fail "cannot make $work"
ln -s "$arena" "$work/bin/my-arena"
bin=$(cd "$work/bin" && pwd)
# Both seat orders of one seed; mine answers nonsense, so each of its games fails at its turn.
printf '{"game": "diceshogi", "bots": [{"name": "greedy", "command": "%s --seed 1"}, {"name": "mine", "command": "%s reply xyz"}], "seeds": [5]}' \
    "$greedy" "$testbot" > "$work/elsewhere/fp.json"

# The command under "first: ..." in the summary of the output in file $1.
summary_command() { grep -A1 '^    first: ' "$1" | sed -n 2p | sed 's/^ *//'; }
# The command in mine's first-failure cell of standings.md $1 (Markdown code).
cell_command() { grep '^| mine ' "$1" | sed 's/.*`\([^`]*\)`.*/\1/'; }

# Runs command $2 as a user pastes it (sh, here, same PATH); $1 names it. It must exit 0 and
# print the game's failing turn as recorded, mine's bad answer.
replays() {
    echo "$1: $2"
    sh -c "$2" > replay.out 2>&1 || fail "$1 '$2' exits $?: $(head -5 replay.out)"
    grep -q "^turn [0-9]* of [0-9]*, seat [01] (mine)" replay.out ||
        fail "$1 '$2' prints no turn of mine: $(head -5 replay.out)"
    grep -q "xyz is not valid move" replay.out || fail "$1 '$2' shows no error: $(cat replay.out)"
}

# $1 must start with $2 (the program as typed), not with build/arena.
starts_with() {
    case "$1" in "$2 replay "*) ;; *) fail "'$1' does not start with '$2 replay '" ;; esac
}

case $case_name in
on_path)  # installed on PATH under its own name, run from the config's directory
    cd "$work/elsewhere" || fail "cd"
    PATH="$bin:$PATH" my-arena tournament fp.json --out run --concurrency 1 > run.out 2>&1 ||
        fail "tournament exits $?: $(cat run.out)"
    printed=$(summary_command run.out)
    starts_with "$printed" my-arena
    PATH="$bin:$PATH" replays summary "$printed"
    cell=$(cell_command run/standings.md)
    starts_with "$cell" my-arena
    PATH="$bin:$PATH" replays standings.md "$cell"
    echo PASSED ;;

relative)  # ./my-arena from its own directory, a match written elsewhere
    cd "$bin" || fail "cd"
    ./my-arena match diceshogi --bot greedy="$greedy --seed 1" --bot mine="$testbot reply xyz" \
        -n 2 --out ../elsewhere/match --concurrency 1 > run.out 2>&1 ||
        fail "match exits $?: $(cat run.out)"
    printed=$(summary_command run.out)
    starts_with "$printed" ./my-arena
    replays summary "$printed"
    cell=$(cell_command ../elsewhere/match/standings.md)
    starts_with "$cell" ./my-arena
    replays standings.md "$cell"
    echo PASSED ;;

merge)  # an absolute path, from another directory: two shards merged
    cd "$work/elsewhere" || fail "cd"
    for shard in 0 1; do
        "$bin/my-arena" tournament fp.json --shard $shard/2 --out s$shard --concurrency 1 \
            > shard.out 2>&1 || fail "shard $shard exits $?: $(cat shard.out)"
    done
    "$bin/my-arena" merge s0 s1 --out merged > run.out 2>&1 || fail "merge exits $?: $(cat run.out)"
    printed=$(summary_command run.out)
    starts_with "$printed" "$bin/my-arena"
    replays summary "$printed"
    cell=$(cell_command merged/standings.md)
    starts_with "$cell" "$bin/my-arena"
    replays standings.md "$cell"
    echo PASSED ;;

play)  # ./my-arena play with a referee that fails: its advice's replay command, run, reaches it
    cd "$bin" || fail "cd"
    ./my-arena play --referee "sh -c 'exit 3'" --bot "$greedy" --bot "$greedy" --log g.json \
        > run.out 2>&1 && fail "play of a failing referee exits 0"
    printed=$(sed -n 's/.*The game as far as it went is in g.json: `\([^`]*\)`.*/\1/p' run.out)
    # The run's referee is named: a replay never runs the one the log names by itself.
    case "$printed" in
    "./my-arena replay g.json --script --referee 'sh -c "*"exit 3"*) ;;
    *) fail "play's advice gives '$printed': $(cat run.out)" ;;
    esac
    # The referee fails again (exit 2), said by the arena that was found: not "not found" (127).
    sh -c "$printed" > replay.out 2>&1; code=$?
    [ $code = 2 ] && grep -q "^error: referee 'sh -c 'exit 3''" replay.out ||
        fail "'$printed' exits $code: $(cat replay.out)"
    echo PASSED ;;

*) fail "unknown case '$case_name'" ;;
esac
