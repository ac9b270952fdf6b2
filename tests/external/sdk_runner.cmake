# Convention 2 (docs/other-games.md): games played whole by an SDK referee runner.
# - external.sdk_result: the SDK's result JSON turned into a match log (samples in the test).
# - external.sdk_runner: end to end with a toy runner in Java (runner/ToyRunner.java, compiled
#   here when a JDK is found; without one its cases print "SKIPPED: ..." and pass), real bots
#   through arena's bot wrapper (arena/cli/wrap_command.cpp, built here as arena-sdk-wrap-test),
#   and hostile runners (runner/hostile_runner.sh): hanging, failing, no or bad result.
set(SDK_RUNNER_DIR ${CMAKE_CURRENT_SOURCE_DIR}/runner)

add_executable(test_sdk_result ${PROJECT_SOURCE_DIR}/tests/match/test_sdk_result.cpp)
target_link_libraries(test_sdk_result PRIVATE doctest_main arena_match)
add_test(NAME external.sdk_result COMMAND test_sdk_result)

add_executable(arena-sdk-wrap-test ${SDK_RUNNER_DIR}/wrap_main.cpp
  ${PROJECT_SOURCE_DIR}/arena/cli/wrap_command.cpp)
target_link_libraries(arena-sdk-wrap-test PRIVATE arena_match)

find_package(Java COMPONENTS Development QUIET)
set(SDK_TOY_RUNNER "")
if(Java_JAVAC_EXECUTABLE AND Java_JAVA_EXECUTABLE)
  set(toy_classes ${CMAKE_CURRENT_BINARY_DIR}/toy_runner)
  add_custom_command(OUTPUT ${toy_classes}/ToyRunner.class
    COMMAND ${CMAKE_COMMAND} -E make_directory ${toy_classes}
    COMMAND ${Java_JAVAC_EXECUTABLE} -d ${toy_classes} ${SDK_RUNNER_DIR}/ToyRunner.java
    DEPENDS ${SDK_RUNNER_DIR}/ToyRunner.java
    COMMENT "javac ToyRunner.java (the toy SDK referee runner of the tests)")
  add_custom_target(sdk_toy_runner DEPENDS ${toy_classes}/ToyRunner.class)
  set(SDK_TOY_RUNNER "${Java_JAVA_EXECUTABLE} -cp ${toy_classes} ToyRunner")
endif()

add_executable(test_sdk_runner ${PROJECT_SOURCE_DIR}/tests/match/test_sdk_runner.cpp)
target_link_libraries(test_sdk_runner PRIVATE doctest_main arena_match)
target_compile_definitions(test_sdk_runner PRIVATE
  ARENA_SDK_TOY_RUNNER="${SDK_TOY_RUNNER}"
  ARENA_SDK_RUNNER_DIR="${SDK_RUNNER_DIR}"
  ARENA_SDK_WRAPPER="$<TARGET_FILE:arena-sdk-wrap-test>")
add_dependencies(test_sdk_runner arena-sdk-wrap-test)
if(TARGET sdk_toy_runner)
  add_dependencies(test_sdk_runner sdk_toy_runner)
endif()
add_test(NAME external.sdk_runner COMMAND test_sdk_runner)
set_tests_properties(external.sdk_runner PROPERTIES TIMEOUT 300)
