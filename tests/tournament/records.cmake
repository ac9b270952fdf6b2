# Records of results.jsonl: a referee's failure kept and read back (issue 18); the quick reader
# of a line gives the full reader's record and leaves every other line to it (issue 17: standings
# of 1,000,000 games in 15 s). No bots run.
add_executable(test_records test_records.cpp)
target_link_libraries(test_records PRIVATE doctest_main arena_tournament)
add_test(NAME tournament.records COMMAND test_records)

# What an outside tester found in --shard and merge's messages (issue 17).
add_executable(test_shard_messages test_shard_messages.cpp)
target_link_libraries(test_shard_messages PRIVATE doctest_main arena_tournament)
add_test(NAME tournament.shard_messages COMMAND test_shard_messages)
