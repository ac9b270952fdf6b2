# Issue 17, flat cost: the run's tally (arena/report/run_tally) gives the same standings whatever
# order the records come in, the same as the record-by-record standings did, and holds a bounded
# amount whatever the number of games; the streaming reader of results.jsonl.
add_executable(test_tally test_tally.cpp)
target_link_libraries(test_tally PRIVATE doctest_main arena_report)
add_test(NAME report.tally COMMAND test_tally)
