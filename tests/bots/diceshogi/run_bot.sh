#!/bin/sh
# Runs a Dice Shogi bot on a turn file and checks its answers with check_answers.
# usage: run_bot.sh CHECKER INPUT "EXPECTED ..." BOT [ARGS...]
# EXPECTED: space-separated actions the last answer must be one of ("" = any offered action).
# The bot's stderr is shown (tests match messages in it).
checker=$1 input=$2 expected=$3
shift 3
out=$(mktemp)
trap 'rm -f "$out"' EXIT
"$@" < "$input" > "$out"
status=$?
if [ $status -ne 0 ]; then
    echo "FAIL: the bot exited with status $status"
    exit 1
fi
# shellcheck disable=SC2086  # EXPECTED is a list
"$checker" "$input" "$out" $expected
