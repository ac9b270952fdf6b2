# `arena referee GAME` (issue 18, item 4): arena's exact built-in referees behind cg-brutaltester's
# referee protocol, for other tools. The protocol as a runner sees it (pipes, a scripted runner),
# and the round trip: the same seeded games through `arena play` (the built-in referee) and
# through `arena referee` as an external referee give byte-identical bot inputs and the same
# results. referee_command_driver.py is a cg-brutaltester runner in miniature (it relays the
# bots); referee_command_roundtrip.py compares its record with `arena play --json`'s log.
find_program(ARENA_REFEREE_TEST_PYTHON NAMES python3)
if(NOT ARENA_REFEREE_TEST_PYTHON)
  message(STATUS "python3 not found: the arena referee tests (external.referee_command.*) are skipped")
  return()
endif()
set(ARENA $<TARGET_FILE:arena>)
set(RC_DIR ${CMAKE_CURRENT_SOURCE_DIR})
set(RC_DRIVER ${ARENA_REFEREE_TEST_PYTHON} ${RC_DIR}/referee_command_driver.py)
set(RC_ROUNDTRIP ${ARENA_REFEREE_TEST_PYTHON} ${RC_DIR}/referee_command_roundtrip.py $<TARGET_FILE:arena>)
set(RC_BOTS ${ARENA_BOTS_DIR})

# ---- The protocol, line by line ---------------------------------------------------------------

# A runner that says "###Start 2" and then closes stdin: the first player's input, the request
# for its answer, then (no answer: the referee's timeout) the game's end with seat 1 first; the
# referee's log (stderr) says the timeout and CodinGame's scores.
add_test(NAME external.referee_command.start_input_output_end COMMAND sh -c [[
  printf '###Start 2\n' | "$0" referee diceshogi --seed 42 2> rc_start.err; echo EXIT$?
  cat rc_start.err]] ${ARENA})
set_tests_properties(external.referee_command.start_input_output_end PROPERTIES
  PASS_REGULAR_EXPRESSION "^###Input 0\n[^#]+###Output 0 1\n###Error 0 \\$0 timeout!\n###End 1 0\nEXIT0\nturn 1, player 0: stdin closed where its answer was due: the referee's timeout\nturn 1, player 0: \\$0 timeout!\nscores: -1 1\nranks: 2 1\nreason: Player 1 wins: player 0 gave no answer in time\.\n$")

# Rejected answers: "###Error P <the referee's exact error text>", then the game goes on or ends
# as the referee says; SameGame's error ends the game alone (###End 0). An empty line is an
# answer like any other (SameGame: "Empty action provided."), a "\r\n" line end is read as "\n".
add_test(NAME external.referee_command.errors COMMAND sh -c [[
  printf '###Start 1\nnot a move\n' | "$0" referee samegame --testcase 3 2>&1; echo EXIT$?
  printf '###Start 1\n\n' | "$0" referee samegame 2>&1; echo EXIT$?
  printf '###Start 1\n0 0 x\r\n' | "$0" referee samegame --no-error-lines 2>&1; echo EXIT$?]] ${ARENA})
set_tests_properties(external.referee_command.errors PROPERTIES
  PASS_REGULAR_EXPRESSION "###Output 0 1\nturn 1, player 0: \\[ERROR\\] Action not properly formatted\\. Should be: 'x y \\[message\\].'\n###Error 0 \\[ERROR\\] Action not properly formatted\\. Should be: 'x y \\[message\\].'\nscores: [-0-9]+\nranks: 1\nreason: [^\n]+\n###End 0\nEXIT0\n.*###Output 0 1\nturn 1, player 0: \\[ERROR\\] Empty action provided\\.\n###Error 0 \\[ERROR\\] Empty action provided\\.\n.*###End 0\nEXIT0\n###Input 0\n[^#]+###Output 0 1\n###Input 0\n[^#]+###Output 0 1\n(turn|scores)[^#]*###End 0\nEXIT0\n$"
  FAIL_REGULAR_EXPRESSION "not properly formatted[^\n]*\r")

# The seed: --seed; else the runner's "###Seed S" (cg-brutaltester -o with -s or -i sends it
# before ###Start); else drawn at random and written on the log. The same seed, the same first
# input as `arena play --seed`.
add_test(NAME external.referee_command.seeds COMMAND sh -c [[
  printf '###Seed 7\n###Start 2\n' | "$0" referee diceshogi 2>&1 | grep -v '^###\|^[^s]' ; echo EXIT$?
  printf '###Seed 7\n###Start 2\n' | "$0" referee diceshogi --seed 9 2>&1 | grep '^seed'
  printf '###Start 2\n' | "$0" referee diceshogi 2>&1 | grep '^seed'
  printf '###Start 3\n' | "$0" referee tsuro --seed 5 2>/dev/null | sed -n '2,/^###/p' | grep -v '^###' > rc_seed_ref.txt
  "$0" play tsuro --seed 5 --bot "$1 crash 1" --bot "$1 crash 1" --bot "$1 crash 1" --json | "$2" -c 'import json,sys; sys.stdout.write(json.load(sys.stdin)["turns"][0]["input"])' > rc_seed_play.txt
  cmp rc_seed_ref.txt rc_seed_play.txt && echo SAME_FIRST_INPUT]] ${ARENA} ${RC_BOTS}/test/testbot ${ARENA_REFEREE_TEST_PYTHON})
set_tests_properties(external.referee_command.seeds PROPERTIES
  PASS_REGULAR_EXPRESSION "seed: 7 \\(the runner's ###Seed\\)\n.*seed: 9 \\(--seed. the runner's ###Seed 7 is not used\\)\nseed: -?[0-9]+ \\(drawn at random: give --seed -?[0-9]+ to play this game again\\)\nSAME_FIRST_INPUT")

# What the runner or the command line gets wrong: exit 2 and a message that says what to do.
add_test(NAME external.referee_command.refused COMMAND sh -c [[
  printf '###Start 3\n' | "$0" referee diceshogi --seed 1; echo EXIT$?
  printf '###Start 5\n' | "$0" referee tsuro; echo EXIT$?
  printf '###Start 2\n' | "$0" referee samegame; echo EXIT$?
  printf 'hello\n' | "$0" referee samegame; echo EXIT$?
  "$0" referee samegame < /dev/null; echo EXIT$?
  "$0" referee chess < /dev/null; echo EXIT$?
  "$0" referee tsuro --testcase 3 < /dev/null; echo EXIT$?
  "$0" referee samegame --testcase 51 < /dev/null; echo EXIT$?
  "$0" referee diceshogi --testcase 'not an sfen' < /dev/null; echo EXIT$?]] ${ARENA})
set_tests_properties(external.referee_command.refused PROPERTIES
  PASS_REGULAR_EXPRESSION "error: the runner sent '###Start 3': Dice Shogi is played by 2 player\\(s\\): give the runner 2 player\\(s\\)\nEXIT2\nerror: the runner sent '###Start 5': Tsuro is played by 2 to 4 player\\(s\\).*\nEXIT2\nerror: the runner sent '###Start 2': SameGame is played by 1 player\\(s\\).*\nEXIT2\nerror: the runner sent 'hello' where \"###Start N\" was expected: arena referee speaks cg-brutaltester's referee protocol \\(see arena referee --help\\)\nEXIT2\nerror: stdin ended before \"###Start N\".*\nEXIT2\nerror: unknown game 'chess': known games are samegame, diceshogi, tsuro\nEXIT2\nerror: --testcase: tsuro has no test cases. its games are set by --seed\nEXIT2\nerror: --testcase: there is no built-in board 51: CodinGame's boards are numbered 1 to 50\nEXIT2\nerror: --testcase: [^\n]+\nEXIT2\n$")

# cg-brutaltester stops a referee by closing its pipes and SIGTERM: arena referee ends at once
# (128 + 15), without an ###End.
add_test(NAME external.referee_command.sigterm COMMAND sh -c [[
  rm -f rc_term.fifo && mkfifo rc_term.fifo || exit 1
  "$0" referee diceshogi --seed 3 < rc_term.fifo > rc_term.out 2>&1 & pid=$!
  exec 3> rc_term.fifo; printf '###Start 2\n' >&3
  # Once it asks for the first answer (its handlers are in place, even in a slow sanitizer build).
  for wait in $(seq 100); do grep -q '^###Output' rc_term.out && break; sleep 0.1; done
  kill -TERM $pid; wait $pid; echo EXIT$?; exec 3>&-
  grep -c '^###End' rc_term.out; tail -n 1 rc_term.out]] ${ARENA})
set_tests_properties(external.referee_command.sigterm PROPERTIES
  PASS_REGULAR_EXPRESSION "EXIT143\n0\ninterrupted \\(SIGTERM\\) on turn 1" TIMEOUT 15)

# The help explains the protocol and shows cg-brutaltester's command line.
add_test(NAME external.referee_command.help COMMAND ${ARENA} referee --help)
set_tests_properties(external.referee_command.help PROPERTIES
  PASS_REGULAR_EXPRESSION "###Start N.*###Input P.*###Output P 1.*###Error P.*###End 1 0.*scores.*timeout.*java -jar cg-brutaltester\\.jar -o -r \"arena referee diceshogi")

# A scripted runner (a cg-brutaltester runner in miniature) with real bots: every command is
# well formed (the driver checks), the ranks and the referee's log end the game.
add_test(NAME external.referee_command.scripted_runner COMMAND ${RC_DRIVER}
  --referee "$<TARGET_FILE:arena> referee tsuro --seed 11"
  --bot "${RC_BOTS}/tsuro/random --seed 1" --bot "${RC_BOTS}/tsuro/random --seed 2"
  --bot "${RC_BOTS}/tsuro/random --seed 3" --bot "${RC_BOTS}/tsuro/random --seed 4")
set_tests_properties(external.referee_command.scripted_runner PROPERTIES
  PASS_REGULAR_EXPRESSION "\"###Input 3\".*\"###Output 3 1\".*\"end\": \"###End [0-3]+( [0-3]+)*\".*scores: .*\"exit\": 0")

# ---- The round trip (issue 18, item 4): built-in referee vs arena referee ----------------------

add_test(NAME external.referee_command.roundtrip_diceshogi COMMAND sh -c [[
  "$0" "$1" "$2" diceshogi --play "--seed 42" --referee "--seed 42" --bot "$3/diceshogi/random --seed 1" --bot "$3/diceshogi/greedy --seed 5" || exit 1
  "$0" "$1" "$2" diceshogi --play "--seed 42" --referee "--seed 42" --bot "$3/diceshogi/greedy --seed 5" --bot "$3/diceshogi/random --seed 1" || exit 1
  "$0" "$1" "$2" diceshogi --play "--seed -5" --referee "--seed -5" --bot "$3/diceshogi/random --seed 2" --bot "$3/diceshogi/random --seed 3" || exit 1
  "$0" "$1" "$2" diceshogi --play "--seed 0" --referee "--seed 0" --bot "$3/diceshogi/greedy --seed 5" --bot "$3/test/testbot reply NOPE --lines 1"]]
  ${ARENA_REFEREE_TEST_PYTHON} ${RC_DIR}/referee_command_roundtrip.py ${ARENA} ${RC_BOTS})
set_tests_properties(external.referee_command.roundtrip_diceshogi PROPERTIES
  PASS_REGULAR_EXPRESSION "SAME: diceshogi --seed 42: [0-9]+ turns.*SAME: diceshogi --seed 42: .*SAME: diceshogi --seed -5: .*SAME: diceshogi --seed 0: [0-9]+ turns \\(1 with an error\\)"
  FAIL_REGULAR_EXPRESSION "DIFFERENT")

add_test(NAME external.referee_command.roundtrip_tsuro COMMAND sh -c [[
  "$0" "$1" "$2" tsuro --play "--seed 5" --referee "--seed 5" --bot "$3/tsuro/random --seed 1" --bot "$3/tsuro/random --seed 2" --bot "$3/tsuro/random --seed 3" || exit 1
  "$0" "$1" "$2" tsuro --play "--seed 77" --referee "--seed 77" --bot "$3/tsuro/random --seed 4" --bot "$3/tsuro/random --seed 5" --bot "$3/tsuro/random --seed 6" --bot "$3/tsuro/random --seed 7" || exit 1
  "$0" "$1" "$2" tsuro --play "--seed 9" --referee "--seed 9" --bot "$3/tsuro/random --seed 8" --bot "$3/test/testbot reply 9 --lines 1" --bot "$3/tsuro/random --seed 9"]]
  ${ARENA_REFEREE_TEST_PYTHON} ${RC_DIR}/referee_command_roundtrip.py ${ARENA} ${RC_BOTS})
set_tests_properties(external.referee_command.roundtrip_tsuro PROPERTIES
  PASS_REGULAR_EXPRESSION "SAME: tsuro --seed 5: [0-9]+ turns.*SAME: tsuro --seed 77: .*SAME: tsuro --seed 9: [0-9]+ turns \\(1 with an error\\)"
  FAIL_REGULAR_EXPRESSION "DIFFERENT")

add_test(NAME external.referee_command.roundtrip_samegame COMMAND sh -c [[
  "$0" "$1" "$2" samegame --play "--testcase 3" --referee "--testcase 3" --bot "$3/samegame/greedy" || exit 1
  "$0" "$1" "$2" samegame --play "--testcase 17" --referee "--testcase 17" --bot "$3/samegame/random --seed 4" || exit 1
  "$0" "$1" "$2" samegame --play "--testcase $4" --referee "--testcase $4" --bot "$3/samegame/greedy" || exit 1
  "$0" "$1" "$2" samegame --bot "$3/test/testbot reply 99 --lines 15"]]
  ${ARENA_REFEREE_TEST_PYTHON} ${RC_DIR}/referee_command_roundtrip.py ${ARENA} ${RC_BOTS} ${RC_DIR}/referee_command_board.txt)
set_tests_properties(external.referee_command.roundtrip_samegame PROPERTIES
  PASS_REGULAR_EXPRESSION "SAME: samegame --testcase 3: [0-9]+ turns.*SAME: samegame --testcase 17: .*SAME: samegame --testcase [^ ]*referee_command_board.txt: [0-9]+ turns.*SAME: samegame : 1 turns \\(1 with an error\\)"
  FAIL_REGULAR_EXPRESSION "DIFFERENT")

# The same round trip through arena's own cg-brutaltester adapter (arena/match/
# brutaltester_referee.cpp): `arena play --referee "arena referee GAME --seed {seed}"` against
# `arena play GAME`. Same inputs, outputs, errors and ranks (the adapter's scores are its own).
add_test(NAME external.referee_command.roundtrip_through_play COMMAND sh -c [[
  "$0" "$1" "$2" diceshogi --play "--seed 42" --referee "--seed {seed}" --through-play "--seed 42" --bot "$3/diceshogi/random --seed 1" --bot "$3/diceshogi/greedy --seed 5" || exit 1
  "$0" "$1" "$2" diceshogi --play "--seed 0" --referee "--seed {seed}" --through-play "--seed 0" --bot "$3/diceshogi/greedy --seed 5" --bot "$3/test/testbot reply NOPE --lines 1" || exit 1
  "$0" "$1" "$2" tsuro --play "--seed 5" --referee "--seed {seed}" --through-play "--seed 5" --bot "$3/tsuro/random --seed 1" --bot "$3/tsuro/random --seed 2" --bot "$3/tsuro/random --seed 3" || exit 1
  "$0" "$1" "$2" tsuro --play "--seed 9" --referee "--seed {seed}" --through-play "--seed 9" --bot "$3/tsuro/random --seed 8" --bot "$3/test/testbot reply 9 --lines 1" --bot "$3/tsuro/random --seed 9" || exit 1
  "$0" "$1" "$2" samegame --play "--testcase $4" --referee "--testcase $4" --through-play "" --bot "$3/samegame/greedy" || exit 1
  "$0" "$1" "$2" samegame --through-play "" --bot "$3/test/testbot reply 99 --lines 15"]]
  ${ARENA_REFEREE_TEST_PYTHON} ${RC_DIR}/referee_command_roundtrip.py ${ARENA} ${RC_BOTS} ${RC_DIR}/referee_command_board.txt)
set_tests_properties(external.referee_command.roundtrip_through_play PROPERTIES
  PASS_REGULAR_EXPRESSION "SAME through arena play --referee: diceshogi --seed 42: [0-9]+ turns.*SAME through arena play --referee: diceshogi --seed 0: [0-9]+ turns \\(1 with an error\\).*SAME through arena play --referee: tsuro --seed 5: .*SAME through arena play --referee: tsuro --seed 9: [0-9]+ turns \\(1 with an error\\).*SAME through arena play --referee: samegame --testcase [^ ]*referee_command_board.txt: .*SAME through arena play --referee: samegame : 1 turns \\(1 with an error\\)"
  FAIL_REGULAR_EXPRESSION "DIFFERENT")
