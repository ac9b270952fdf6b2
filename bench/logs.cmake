# Issue 17, item 5 (logs): compressed Dice Shogi logs at most 6 KB per game on average, at a
# small cost per game. bench_log_sizes measures real logs as the arena writes them;
# bench/log_sizes.sh plays the games first (4 random bots) and runs it.
# Run: bench/log_sizes.sh build-dir [GAMES]
add_executable(bench_log_sizes bench_log_sizes.cpp)
find_package(zstd CONFIG REQUIRED)
target_link_libraries(bench_log_sizes PRIVATE arena_common zstd::libzstd_shared)
set_target_properties(bench_log_sizes PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/bench)
