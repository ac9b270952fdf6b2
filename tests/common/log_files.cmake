# Issue 17: match logs written plain or compressed (zstd) and read back by content.
add_executable(test_log_files test_log_files.cpp)
target_link_libraries(test_log_files PRIVATE doctest_main arena_common)
# The frames of the levels it is compared with (short logs at a cheaper level).
find_package(zstd CONFIG REQUIRED)
target_link_libraries(test_log_files PRIVATE zstd::libzstd_shared)
target_compile_definitions(test_log_files PRIVATE ARENA_TEST_DATA_DIR="${ARENA_TEST_DATA_DIR}")
add_test(NAME common.log_files COMMAND test_log_files)
