# Failures one click away (issue 16, item 5): a record keeps each failed seat's failing turn and
# the referee's error, reads it back, and still reads the records written before (no bots run).
add_executable(test_record_failures test_record_failures.cpp)
target_link_libraries(test_record_failures PRIVATE doctest_main arena_tournament)
add_test(NAME tournament.record_failures COMMAND test_record_failures)
