# Issue 17: the same results in another line order give byte-identical standings (streamed
# into a tally, computed in game-id order).
# The results come from bench/'s generator: only in builds with the benchmarks (the sanitizer
# build has none).
if(ARENA_BUILD_BENCH)
add_test(NAME cli.streaming_order_independent
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/streaming.sh $<TARGET_FILE:arena>
                 $<TARGET_FILE:bench_make_results> ${CMAKE_CURRENT_BINARY_DIR}/streaming)
set_tests_properties(cli.streaming_order_independent PROPERTIES
  PASS_REGULAR_EXPRESSION "PASS: shuffled" TIMEOUT 300)
endif()
