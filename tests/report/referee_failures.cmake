# Issue 18: a game whose referee failed is counted in the run's tally, not rated, and named.
add_executable(test_referee_failures test_referee_failures.cpp)
target_link_libraries(test_referee_failures PRIVATE doctest_main arena_report)
add_test(NAME report.referee_failures COMMAND test_referee_failures)
