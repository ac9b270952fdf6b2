# Issue 17, flat cost: results.jsonl read as a stream (tournament::for_each_result): the same
# checks and messages as the whole-file reader, lines in the lean format (turn-time histograms)
# and in the old one ("turn_ms"), blocks larger than one read.
add_executable(test_streaming_results test_streaming_results.cpp)
target_link_libraries(test_streaming_results PRIVATE doctest_main arena_tournament)
add_test(NAME tournament.streaming_results COMMAND test_streaming_results)
