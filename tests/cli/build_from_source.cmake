# Bots built from source through the `arena` command (issue 16, item 3), one case per ctest of
# build_from_source.sh: play built then cached, a compile error, a tournament's config.json and
# --resume with a changed source, an unknown language, a build's time limit (--build-timeout,
# "build_timeout"), an interrupt of the arena during a build, and sandboxed builds played from a
# cache outside the bot's directory.
foreach(case play compile_error tournament unknown_language timeout interrupted sandboxed)
  add_test(NAME cli.build_from_source.${case}
    COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/build_from_source.sh ${case} ${ARENA}
            ${PROJECT_SOURCE_DIR} ${CMAKE_CURRENT_BINARY_DIR})
  set_tests_properties(cli.build_from_source.${case} PROPERTIES
    PASS_REGULAR_EXPRESSION "PASSED" FAIL_REGULAR_EXPRESSION "FAILED" TIMEOUT 300)
endforeach()
