# Issue 17, flat cost: the schedule computed game by game (tournament::Schedule): same games, ids,
# groups and shards as the listed schedule, and a 600,000-game run that holds no list of its games.
add_executable(test_schedule_computed test_schedule_computed.cpp)
target_link_libraries(test_schedule_computed PRIVATE doctest_main arena_tournament)
target_compile_definitions(test_schedule_computed PRIVATE
  ARENA_TESTBOT="${ARENA_BOTS_DIR}/test/testbot")
add_dependencies(test_schedule_computed testbot)
add_test(NAME tournament.schedule_computed COMMAND test_schedule_computed)
