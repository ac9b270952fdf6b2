# Issue 17, the 1.25x bare-driver target (OVERHEAD). bench/driver_ratio.sh runs these.
# A game's fixed cost phase by phase (spawn, first turn, stop): BotProcess against fork + exec.
# Run: build/bench/spawn_phases 50 -- build/bots/test/testbot reply '7 4'
add_executable(spawn_phases spawn_phases.cpp)
target_link_libraries(spawn_phases PRIVATE arena_process)
set_target_properties(spawn_phases PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/bench)

# Issue 28: a bot flooding stderr, its turns under the arena against a bare driver with `cat`
# draining the bot's stderr. Run: build/bench/stderr_drain 5 20 -- build/bots/test/testbot stderrflood
add_executable(stderr_drain stderr_drain.cpp)
target_link_libraries(stderr_drain PRIVATE arena_process)
set_target_properties(stderr_drain PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/bench)
