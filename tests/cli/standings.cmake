# `arena standings` and --shard as a user sees them (tests/cli/standings.sh; no bots run): a game
# whose referee failed counted and named, not rated (issue 18); a damaged line named; --shard
# with leading zeros or a huge N refused with what to give (issue 17, outside tester).
add_test(NAME cli.standings.referee_failures
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/standings.sh referee_failures $<TARGET_FILE:arena>
    ${CMAKE_CURRENT_BINARY_DIR}/standings)
set_tests_properties(cli.standings.referee_failures PROPERTIES
  FAIL_REGULAR_EXPRESSION "error:|EXIT[1-9]"
  PASS_REGULAR_EXPRESSION [[
standings of run: 4 game\(s\)
.*
2 game\(s\) failed in the referee: first: s2-a_vs_b: referee 'python3 ref\.py': exited before ###End
EXIT0]])
add_test(NAME cli.standings.damaged
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/standings.sh damaged $<TARGET_FILE:arena>
    ${CMAKE_CURRENT_BINARY_DIR}/standings)
set_tests_properties(cli.standings.damaged PROPERTIES PASS_REGULAR_EXPRESSION
  "error: 'run/results.jsonl' line 2: field 'ranks\\[0\\]' must be a whole number from 1 to 2, got 0: fix or remove that line\nEXIT2")
add_test(NAME cli.standings.shard_text
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/standings.sh shard_text $<TARGET_FILE:arena>
    ${CMAKE_CURRENT_BINARY_DIR}/standings)
set_tests_properties(cli.standings.shard_text PROPERTIES PASS_REGULAR_EXPRESSION [[
error: --shard '01/02' is not a shard: give I/N, shard I \(counted from 0\) of N, e\.g\. 0/4 \.\.\. 3/4
EXIT2
error: --shard '5/2000000000': a run has at most 10000000 shards \(as many as its most games\): give N from 1 to 10000000
EXIT2
nothing written]])
