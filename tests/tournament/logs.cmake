# Issue 17, item 5: log retention (all / failed / none) and compression, as the config says.
add_executable(test_log_store test_log_store.cpp)
target_link_libraries(test_log_store PRIVATE doctest_main arena_tournament)
add_test(NAME tournament.log_store COMMAND test_log_store)
