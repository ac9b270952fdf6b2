# Timing at the edges, as a player meets it (docs/timing.md): a slow start-up is not charged to
# the first turn (and --startup-ms 0 charges it again), a start-up beyond the allowance is a
# timeout said so, a late answer is timed, the log has each turn's CPU and wait, and the SDK time
# rules' options are checked.
set(TIMING_RANDOM ${ARENA_BOTS_DIR}/diceshogi/random)
set(TIMING_TESTBOT ${ARENA_BOTS_DIR}/test/testbot)

# A Dice Shogi bot that takes 1.3 s to start (first-turn limit: 1000 ms) plays; with the old rule
# it times out on turn 1.
add_test(NAME cli.timing.startup_not_charged COMMAND sh -c [=[
  "$0" play diceshogi --seed 3 --bot "slow=sh -c 'sleep 1.3; exec $1 --seed 1'" --bot "r=$1 --seed 2" --log timing_startup.json; echo EXIT$?
  grep -o '"startup_ms": *[0-9.]*' timing_startup.json | head -1
  grep -c '"cpu_ms":' timing_startup.json
  "$0" play diceshogi --seed 3 --startup-ms 0 --bot "slow=sh -c 'sleep 1.3; exec $1 --seed 1'" --bot "r=$1 --seed 2"; echo EXIT$?]=]
  ${ARENA} ${TIMING_RANDOM})
set_tests_properties(cli.timing.startup_not_charged PROPERTIES
  PASS_REGULAR_EXPRESSION "seat 0 slow: score -?[0-9]+, rank [12], ok\n    started in 1[0-9][0-9][0-9] ms: not charged[^\n]*\n.*EXIT0\n\"startup_ms\": ?1[0-9][0-9][0-9][.0-9]*\n[1-9][0-9]*\n.*seat 0 slow: score -?[0-9]+, rank 2, timeout \\(no answer within 1[0-9][0-9][0-9]\\.[0-9] ms\\)\n.*EXIT0")

# Nothing read within the allowance: a timeout on turn 1, said so.
add_test(NAME cli.timing.startup_exceeded COMMAND sh -c [=[
  "$0" play diceshogi --seed 3 --startup-ms 300 --bot "late=sh -c 'sleep 3; exec $1'" --bot "r=$1"; echo EXIT$?]=]
  ${ARENA} ${TIMING_RANDOM})
set_tests_properties(cli.timing.startup_exceeded PROPERTIES
  PASS_REGULAR_EXPRESSION "seat 0 late: score -?[0-9]+, rank 2, timeout \\(did not read its first input within the start-up allowance \\(300 ms\\)\\)\n.*EXIT0")

# A late answer's real time (first-turn limit 1000 ms x 0.1 = 100 ms, grace 100 ms); no answer.
add_test(NAME cli.timing.late_answer COMMAND sh -c [=[
  "$0" play diceshogi --seed 3 --time-scale 0.1 --bot "late=$1 sleep 130" --bot "r=$2" --log timing_late.json; echo EXIT$?
  grep -o '"late": *true' timing_late.json
  "$0" play diceshogi --seed 3 --time-scale 0.1 --bot "mute=$1 sleep 60000" --bot "r=$2"; echo EXIT$?]=]
  ${ARENA} ${TIMING_TESTBOT} ${TIMING_RANDOM})
set_tests_properties(cli.timing.late_answer PROPERTIES
  PASS_REGULAR_EXPRESSION "seat 0 late: [^\n]*timeout \\(answered after 1[3-9][0-9]\\.[0-9] ms \\(limit 100 ms\\)\\)\n.*EXIT0\n\"late\": ?true\n.*seat 0 mute: [^\n]*timeout \\(no answer within 2[0-9][0-9]\\.[0-9] ms\\)\n.*EXIT0")

# The SDK rules' options: for external games only, and refused as the SDK refuses them.
add_test(NAME cli.timing.time_rules_options COMMAND sh -c [=[
  "$0" play diceshogi --bot a --bot b --time-rules codingame-4.7.7 2>&1; echo EXIT$?
  "$0" play --referee "python3 ref.py" --bot a=x --bot b=y --time-rules fast 2>&1; echo EXIT$?
  "$0" play --referee "python3 ref.py" --bot a=x --bot b=y --timebank-ms 20000 2>&1; echo EXIT$?
  "$0" play --referee "python3 ref.py" --bot a=x --bot b=y --timebank-ms 1000 --turn-ms 50 2>&1; echo EXIT$?]=]
  ${ARENA})
set_tests_properties(cli.timing.time_rules_options PROPERTIES
  PASS_REGULAR_EXPRESSION "--time-rules, --timebank-ms[^\n]*describe a game played through --referee or --runner[^\n]*\nEXIT2\n[^\n]*--time-rules: 'fast': use \"plain\"[^\n]*\nEXIT2\n[^\n]*--timebank-ms: 20000 ms for each of 2 players[^\n]*at most 15000 ms per player\nEXIT2\n[^\n]*--timebank-ms: a timebank replaces the per-turn limits[^\n]*\nEXIT2")
