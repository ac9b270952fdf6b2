# Failures one click away (issue 16, items 5 and 6), as a player meets them: a bot that answers
# nonsense in a Dice Shogi tournament (one seed, both seat orders, one game at a time so the
# first failure is known). The results keep each failed seat's turn and CodinGame's exact error;
# the replay command with --script --turn N prints that turn.
set(FAILURES_GREEDY ${ARENA_BOTS_DIR}/diceshogi/greedy)
set(FAILURES_TESTBOT ${ARENA_BOTS_DIR}/test/testbot)

add_test(NAME cli.failures.record_and_turn COMMAND sh -c [=[
  rm -rf failures_run
  printf '{"game": "diceshogi", "bots": [{"name": "greedy", "command": "%s --seed 1"}, {"name": "mine", "command": "%s reply xyz"}], "seeds": [5]}' "$1" "$2" > failures.json
  "$0" tournament failures.json --out failures_run --concurrency 1 > failures_run.out 2>&1; echo EXIT$?
  sed -n 1p failures_run/results.jsonl | grep -o '"failures":[^]]*]'
  log=$(grep '"id":"s0001-greedy_vs_mine"' failures_run/results.jsonl | sed 's/.*"log":"\([^"]*\)".*/\1/')
  "$0" replay "failures_run/$log" --script --turn 2 2>&1; echo EXIT$?]=] ${ARENA} ${FAILURES_GREEDY} ${FAILURES_TESTBOT})
set_tests_properties(cli.failures.record_and_turn PROPERTIES
  PASS_REGULAR_EXPRESSION "EXIT0\n\"failures\":\\[null,{\"turn\":2,\"error\":\"\\$1: xyz is not valid move\"}\\]\n.*turn 2 of 2, seat 1 \\(mine\\).*output: 'xyz'.*error: +[^\n]*xyz is not valid move\nEXIT0")

# The summary after the run and standings.md: each failing bot's first failure with its turn,
# outcome and error (the bots' names, no $0/$1), and the replay command with --script --turn N,
# starting with the arena that ran (here its absolute path, as ctest runs it; not build/arena).
add_test(NAME cli.failures.summary_and_standings COMMAND sh -c [[
  rm -rf failures_sum
  printf '{"game": "diceshogi", "bots": [{"name": "greedy", "command": "%s --seed 1"}, {"name": "mine", "command": "%s reply xyz"}], "seeds": [5]}' "$1" "$2" > failures_sum.json
  "$0" tournament failures_sum.json --out failures_sum --concurrency 1 2>&1; echo EXIT$?
  grep '^| mine ' failures_sum/standings.md]] ${ARENA} ${FAILURES_GREEDY} ${FAILURES_TESTBOT})
set_tests_properties(cli.failures.summary_and_standings PROPERTIES
  PASS_REGULAR_EXPRESSION "  mine: 2 of 2 games failed \\(2 invalid answers\\)\n    first: s0001-greedy_vs_mine, invalid at turn 2: mine: xyz is not valid move\n    /[^\n ]*/arena replay failures_sum/games/s0001-greedy_vs_mine.json.zst --script --turn 2\n.*EXIT0\n\\| mine \\|[^\n]*invalid at turn 2: mine: xyz is not valid move `/[^\n `]*/arena replay failures_sum/games/s0001-greedy_vs_mine.json.zst --script --turn 2`"
  FAIL_REGULAR_EXPRESSION "\\$[01]|[ `]build/arena replay")

# The replay commands start with arena as the user ran it (argv[0] as typed; ctest above runs it
# by its absolute path), so that pasting one replays the game: tests/cli/failures_program.sh runs
# arena through a symlink on PATH (tournament), as ./NAME (match) and by an absolute path from
# another directory (merge), and runs the printed commands (summary, standings.md) where it ran;
# and play's advice when its external referee fails (`./my-arena replay LOG --script`).
foreach(case on_path relative merge play)
  add_test(NAME cli.failures.program_${case}
    COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/failures_program.sh ${case} ${ARENA} ${ARENA_BOTS_DIR}
      ${CMAKE_CURRENT_BINARY_DIR})
  set_tests_properties(cli.failures.program_${case} PROPERTIES PASS_REGULAR_EXPRESSION "PASSED"
    FAIL_REGULAR_EXPRESSION "FAILED" TIMEOUT 120)
endforeach()
