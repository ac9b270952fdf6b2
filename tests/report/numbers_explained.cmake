# Issue 16, item 7 (numbers explained): the standings' open bounds, both LOS figures and the
# puzzle table's boards said in words where users read them (terminal, standings.md, the JSON the
# report page shows), from records built by hand: no bots run.
add_executable(test_numbers_explained test_numbers_explained.cpp)
target_link_libraries(test_numbers_explained PRIVATE doctest_main arena_report)
add_test(NAME report.numbers_explained COMMAND test_numbers_explained)
