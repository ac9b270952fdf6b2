# Issue 17: standings of a 1,000,000-game results directory (wall, CPU and peak memory of
# `arena standings` and `arena view`, one run each). Not a test (a minute or more): run
# `ninja -C BUILD bench_standings_1m`, or bench/standings_1m.sh BUILD [GAMES] directly.
add_custom_target(bench_standings_1m
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/standings_1m.sh ${CMAKE_BINARY_DIR}
  DEPENDS arena bench_make_results
  USES_TERMINAL)
