# Failures one click away (issue 16, items 5 and 6): the terminal summary and standings.md's
# first-failure cell say the failing turn, the outcome and the referee's error with the bots'
# names, and the command that prints that turn; from records built by hand (no bots run), old
# records (no failing turn kept) included.
add_executable(test_failures test_failures.cpp)
target_link_libraries(test_failures PRIVATE doctest_main arena_report)
add_test(NAME report.failures COMMAND test_failures)
