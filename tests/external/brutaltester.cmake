# Convention 1 (cg-brutaltester's referee protocol): the toy Nim referee played end to end, a
# bot's timeout, K output lines, hostile referees (tests/match/test_brutaltester.cpp).
find_program(ARENA_TEST_PYTHON NAMES python3 PATHS /usr/bin /usr/local/bin NO_DEFAULT_PATH)
find_program(ARENA_TEST_PYTHON NAMES python3)
if(NOT ARENA_TEST_PYTHON)
  message(STATUS "python3 not found: the brutaltester tests (external.brutaltester) are skipped")
  return()
endif()
add_executable(test_brutaltester ${PROJECT_SOURCE_DIR}/tests/match/test_brutaltester.cpp)
target_link_libraries(test_brutaltester PRIVATE doctest_main arena_match)
target_compile_definitions(test_brutaltester PRIVATE
  ARENA_TEST_PYTHON="${ARENA_TEST_PYTHON}"
  ARENA_TOY_DIR="${CMAKE_CURRENT_SOURCE_DIR}")
add_test(NAME external.brutaltester COMMAND test_brutaltester)

# The SDK's time rules (plain, 4.7.7's overruns, a timebank): rule by rule, and a toy game.
add_executable(test_time_rules ${PROJECT_SOURCE_DIR}/tests/match/test_time_rules.cpp)
target_link_libraries(test_time_rules PRIVATE doctest_main arena_match)
target_compile_definitions(test_time_rules PRIVATE
  ARENA_TEST_PYTHON="${ARENA_TEST_PYTHON}"
  ARENA_TOY_DIR="${CMAKE_CURRENT_SOURCE_DIR}")
add_test(NAME external.time_rules COMMAND test_time_rules)
