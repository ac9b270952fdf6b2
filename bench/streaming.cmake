# Issue 17, flat cost: standings of 1,000,000 games (peak RSS, wall) and a 12,000-game
# tournament's peak memory against a 1,200-game one's, measured in one run. Not a test (it
# takes minutes): run `ninja -C BUILD bench_streaming`, or bench/streaming.sh BUILD directly.
add_custom_target(bench_streaming
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/streaming.sh ${CMAKE_BINARY_DIR}
  DEPENDS arena bench_make_results diceshogi_random
  USES_TERMINAL)
