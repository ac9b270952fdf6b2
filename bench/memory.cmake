# Issue 17, flat cost: a 12,000-game Dice Shogi tournament's peak memory against a 1,200-game
# one's, measured in one run (target: ratio <= 1.10). Not a test (it plays 13,200 games, about a
# minute on 2 cores): run `ninja -C BUILD bench_tournament_memory`, or
# bench/tournament_memory.sh BUILD [SMALL] [LARGE] directly.
add_custom_target(bench_tournament_memory
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/tournament_memory.sh ${CMAKE_BINARY_DIR}
  DEPENDS arena diceshogi_random
  USES_TERMINAL
  COMMENT "peak RSS of a 12,000-game tournament against a 1,200-game one")
