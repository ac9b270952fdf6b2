# Bots built from source (issue 16, item 3): C, C++, Java, Rust, Pascal builds, Python and
# JavaScript without one, a bot's own build command, the cache, compile errors, the versions.
add_executable(test_build_from_source test_build_from_source.cpp)
target_link_libraries(test_build_from_source PRIVATE doctest_main arena_report)
target_compile_definitions(test_build_from_source PRIVATE
  ARENA_GREEDY_SOURCE="${PROJECT_SOURCE_DIR}/bots/samegame/greedy.cpp")
add_test(NAME tournament.build_from_source COMMAND test_build_from_source)
# Compilers take a while on a loaded machine.
set_tests_properties(tournament.build_from_source PROPERTIES TIMEOUT 600)
