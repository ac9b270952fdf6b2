# Issue 17, shards: N shards on N workers. The same tournament as 1 shard on 1 GNU parallel job
# slot and as 2 shards on 2 slots; games per second of each and their ratio (linear = 2.00).
# Run: ninja -C build bench_shard_scaling   (or bench/shard_scaling.sh build [GAMES] [ROUNDS])
add_custom_target(bench_shard_scaling
  COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/shard_scaling.sh ${CMAKE_BINARY_DIR}
  DEPENDS arena arena-bot-init diceshogi_greedy diceshogi_random
  USES_TERMINAL
  COMMENT "games per second: 1 shard on 1 GNU parallel slot vs 2 shards on 2 slots")
