# Live standings (issue 16, item 4): the runner's snapshot callback (off the lock, at most every
# K s, the records so far, the leader on the progress line), the running report page, and what a
# snapshot of 10,000 records costs (printed).
add_executable(test_live_standings test_live_standings.cpp)
target_link_libraries(test_live_standings PRIVATE doctest_main arena_report arena_view)
target_compile_definitions(test_live_standings PRIVATE
  ARENA_GREEDY_BOT="${ARENA_BOTS_DIR}/samegame/greedy"
  ARENA_TESTBOT="${ARENA_BOTS_DIR}/test/testbot")
add_dependencies(test_live_standings samegame_greedy testbot)
add_test(NAME tournament.live_standings COMMAND test_live_standings)
