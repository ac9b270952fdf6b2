# Bots built from source (issue 16, item 3): C, C++, Java, Rust, Pascal builds, Python and
# JavaScript without one, a bot's own build command, the cache, compile errors, the versions.
add_executable(test_build_from_source test_build_from_source.cpp)
target_link_libraries(test_build_from_source PRIVATE doctest_main arena_report)
target_compile_definitions(test_build_from_source PRIVATE
  ARENA_GREEDY_SOURCE="${PROJECT_SOURCE_DIR}/bots/samegame/greedy.cpp")
add_test(NAME tournament.build_from_source COMMAND test_build_from_source)
# Compilers take a while on a loaded machine.
set_tests_properties(tournament.build_from_source PROPERTIES TIMEOUT 600)

# Hostile sources against the build's containment (test_build_contained.cpp): as the user running
# the tests, and as nobody (when root: the sandboxed build then runs as nobody too, and limits
# without a cgroup fall back to the address space).
add_executable(test_build_contained test_build_contained.cpp)
target_link_libraries(test_build_contained PRIVATE doctest_main arena_tournament)
add_test(NAME tournament.build_contained COMMAND test_build_contained)
add_test(NAME tournament.build_contained_unprivileged COMMAND sh -c
  "if [ \"$(id -u)\" = 0 ] && command -v setpriv >/dev/null; then exec setpriv --reuid=65534 --regid=65534 --clear-groups env HOME=/tmp \"$0\"; else echo 'SKIPPED (not root: tournament.build_contained runs as this user)'; fi"
  $<TARGET_FILE:test_build_contained>)
set_tests_properties(tournament.build_contained tournament.build_contained_unprivileged
  PROPERTIES TIMEOUT 600)
set_tests_properties(tournament.build_contained_unprivileged PROPERTIES
  SKIP_REGULAR_EXPRESSION "SKIPPED \\(not root")
