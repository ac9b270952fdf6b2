# `arena league` as a user runs it (league_cli.sh): the whole loop with kill -9, a group and a
# line cut by a kill, snapshots, 3
# players, a puzzle, bad input, a bot added while a run goes on, an external referee.
foreach(case loop cut snapshot tsuro3 samegame refusals add_while_running external)
  add_test(NAME league.cli_${case}
    COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/league_cli.sh ${case} $<TARGET_FILE:arena>
            ${ARENA_BOTS_DIR} ${CMAKE_CURRENT_BINARY_DIR}
            ${CMAKE_SOURCE_DIR}/tests/external)
  set_tests_properties(league.cli_${case} PROPERTIES
    PASS_REGULAR_EXPRESSION "PASSED\n" FAIL_REGULAR_EXPRESSION "FAILED" TIMEOUT 300)
endforeach()
