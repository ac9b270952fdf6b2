# Issue 17: compressed logs read back by replay exactly as plain ones.
add_executable(test_replay_logs test_replay_logs.cpp)
target_link_libraries(test_replay_logs PRIVATE doctest_main arena_replay)
add_test(NAME replay.logs COMMAND test_replay_logs)
