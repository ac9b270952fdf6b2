# `cmake --install` and `cpack -G DEB` (scripts/release.sh): the programs in bin/, the sample bots
# in lib/arena/bots/<game>/, the configs (their bots found there) in share/arena/configs/, the
# docs in share/doc/arena/. arena finds arena-bot-init next to itself.
include(GNUInstallDirs)
# `cmake --install` and cpack take the programs built (scripts/release.sh builds only those), not
# every target: the tests need not be built to package a release.
set(CMAKE_SKIP_INSTALL_ALL_DEPENDENCY ON)
set(ARENA_INSTALL_BOTS_DIR ${CMAKE_INSTALL_LIBDIR}/arena/bots)
if(CMAKE_INSTALL_LIBDIR MATCHES "/")
  # Debian's multiarch libdir (lib/x86_64-linux-gnu) is for libraries: the bots are programs.
  set(ARENA_INSTALL_BOTS_DIR lib/arena/bots)
endif()
install(TARGETS arena arena-bot-init RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

set(arena_sample_bots
    samegame:random samegame:greedy samegame:strong samegame:first
    diceshogi:random diceshogi:greedy diceshogi:strong diceshogi:uci_adapter diceshogi:tunable
    tsuro:random tsuro:survivor tsuro:strong)
foreach(entry IN LISTS arena_sample_bots)
  string(REPLACE ":" ";" parts ${entry})
  list(GET parts 0 game)
  list(GET parts 1 bot)
  install(TARGETS ${game}_${bot} RUNTIME DESTINATION ${ARENA_INSTALL_BOTS_DIR}/${game})
endforeach()
foreach(game samegame diceshogi tsuro)
  install(FILES bots/${game}/README.md DESTINATION ${CMAKE_INSTALL_DOCDIR}/bots/${game})
endforeach()

# The configs name their bots build/bots/...: installed, they name the installed bots.
file(GLOB arena_configs ${PROJECT_SOURCE_DIR}/configs/*.json)
foreach(config IN LISTS arena_configs)
  file(READ ${config} text)
  string(REPLACE "build/bots/" "${CMAKE_INSTALL_PREFIX}/${ARENA_INSTALL_BOTS_DIR}/" text "${text}")
  get_filename_component(name ${config} NAME)
  file(WRITE ${CMAKE_BINARY_DIR}/installed-configs/${name} "${text}")
endforeach()
install(DIRECTORY ${CMAKE_BINARY_DIR}/installed-configs/
        DESTINATION ${CMAKE_INSTALL_DATADIR}/arena/configs)
install(FILES README.md configs/README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs)
# Licence texts of what a static build links in (scripts/release.sh gathers them there).
install(DIRECTORY ${CMAKE_BINARY_DIR}/licenses/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/licenses
        OPTIONAL)

set(CPACK_PACKAGE_NAME arena)
set(CPACK_PACKAGE_VENDOR "arena")
set(CPACK_PACKAGE_CONTACT "arena maintainers <arena@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "local referee and tournament arena for CodinGame bots (SameGame, Dice Shogi, Tsuro)")
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
    "${CPACK_PACKAGE_DESCRIPTION_SUMMARY}\n arena plays CodinGame bots against each other on this machine: games,\n series with Elo and SPRT, tournaments with HTML reports and replays,\n a regression gate for CI. Sample bots are in /usr/lib/arena/bots.")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION games)
# Depends: computed from the programs (none when linked statically, as scripts/release.sh does).
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# --sandbox runs bots under bubblewrap; everything else works without it.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "bubblewrap")
set(CPACK_PACKAGING_INSTALL_PREFIX ${CMAKE_INSTALL_PREFIX})
set(CPACK_STRIP_FILES ON)
include(CPack)
