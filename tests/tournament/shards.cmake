# Issue 17, items 1-2: shards' manifests, the checks of a set of shard directories, merge.
# arena_tournament's own list should name merge.cpp (requested from the lead); until it does:
get_target_property(arena_tournament_sources arena_tournament SOURCES)
if(NOT "merge.cpp" IN_LIST arena_tournament_sources)
  target_sources(arena_tournament PRIVATE ${PROJECT_SOURCE_DIR}/arena/tournament/merge.cpp)
endif()

add_executable(test_shards test_shards.cpp)
target_link_libraries(test_shards PRIVATE doctest_main arena_tournament)
add_test(NAME tournament.shards COMMAND test_shards)
