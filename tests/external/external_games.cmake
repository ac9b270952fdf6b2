# External games through every layer (issue 18, item 1; docs/other-games.md): the spec's checks,
# a config's "referee", the match log's "referee" and "referee_failure" (test_external_games.cpp);
# `arena play --referee`, `arena match --referee`, a tournament with its standings, --resume,
# view and replay --script (never running the referee command a log names unless told), all with tests/external/toy_referee.py (Nim) and toy_nim_bot.py, and
# what the command line gets wrong (external_games.sh).
add_executable(test_external_games ${CMAKE_CURRENT_SOURCE_DIR}/test_external_games.cpp)
target_link_libraries(test_external_games PRIVATE doctest_main arena_tournament arena_replay)
add_test(NAME external.games.spec_config_log COMMAND test_external_games)

find_program(ARENA_EXTERNAL_PYTHON NAMES python3)
if(NOT ARENA_EXTERNAL_PYTHON)
  message(STATUS "python3 not found: the external game tests (external.games.*) are skipped")
  return()
endif()
set(EXTERNAL_GAMES_SH ${CMAKE_CURRENT_SOURCE_DIR}/external_games.sh)
foreach(part play refused tournament untrusted_log match)
  add_test(NAME external.games.${part}
    COMMAND sh ${EXTERNAL_GAMES_SH} ${part} $<TARGET_FILE:arena> ${CMAKE_CURRENT_SOURCE_DIR})
  set_tests_properties(external.games.${part} PROPERTIES TIMEOUT 300)
endforeach()
