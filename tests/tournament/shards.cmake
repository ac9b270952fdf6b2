# Issue 17, items 1-2: shards' manifests, the checks of a set of shard directories, merge.

add_executable(test_shards test_shards.cpp)
target_link_libraries(test_shards PRIVATE doctest_main arena_tournament)
add_test(NAME tournament.shards COMMAND test_shards)
