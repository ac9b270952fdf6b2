# `arena play` and a failed external referee (docs/other-games.md, "Referee failures"): the game
# has no result, so play says so on stderr (the failure, naming the referee; how to check it by
# hand) and exits 2, as for any broken tool; the log (--log) and the summary or --json are still
# written. A bot's failure (crash, timeout, invalid answer) is the bot's: a played game, exit 0.
set(PF_ARENA $<TARGET_FILE:arena>)
set(PF_DIR ${CMAKE_CURRENT_SOURCE_DIR})
set(PF_TESTBOT ${ARENA_BOTS_DIR}/test/testbot)

# Garbage on the referee's stdout after a turn: exit 2, the error names the referee and the line,
# says how to check it by hand; stdout has the game as far as it went, without a score or rank;
# the log is written and `arena replay --script` finds the referee fails the same way.
add_test(NAME external.play_referee_failure.garbage COMMAND sh -c [[
  rm -f pf_garbage.json
  "$0" play --referee "sh $1/hostile_referees/garbage.sh" --bot "$2 echo" --bot "$2 echo" \
    --seed 1 --log pf_garbage.json > pf_garbage.out 2> pf_garbage.err; echo EXIT$?
  cat pf_garbage.out; echo ---; cat pf_garbage.err; echo ---
  grep -c '"referee_failure": "referee ' pf_garbage.json
  "$0" replay pf_garbage.json --script --referee "sh $1/hostile_referees/garbage.sh"; echo EXIT$?]] ${PF_ARENA} ${PF_DIR} ${PF_TESTBOT})
set_tests_properties(external.play_referee_failure.garbage PROPERTIES
  PASS_REGULAR_EXPRESSION "^EXIT2\nexternal, seed 1, 1 turns, [0-9]+ ms\nresult: none: the referee failed \\(said on stderr\\)\n  seat 0 testbot#0: ok\n  seat 1 testbot#1: ok\nlog: pf_garbage.json\n---\nerror: referee 'sh [^']*/garbage.sh': line 4: 'hello, I am a referee': not a command [^\n]*\nThe game has no result: the referee failed, not the bots\\.\nCheck the referee by hand: run\n  sh [^\n]*/garbage.sh\nand type \"###Start 2\": it must write only ###Input, ###Output, ###Error and ###End lines on\nstdout [^\n]*`arena referee --help`[^\n]*\nprotocol. docs/other-games.md, \"Referee failures\"\\)\\.\nThe game as far as it went is in pf_garbage.json: `[^`\n]*arena replay pf_garbage.json --script --referee 'sh [^`\n]*/garbage.sh'` [^\n]*\n---\n1\nconsistent: [^\n]*\nThe game has no result: the referee failed, not the bots \\(referee 'sh [^\n]*garbage.sh': line 4: [^\n]*\\)\\.\nEXIT0\n$"
  TIMEOUT 60)

# A referee that exits before ###End, with --json: the log on stdout all the same, the error on
# stderr, exit 2; the command to check by hand is the one run, its {seed} replaced.
add_test(NAME external.play_referee_failure.exits_early_json COMMAND sh -c [[
  "$0" play --referee "sh $1/hostile_referees/exits_early.sh --seed {seed}" --bot "$2 echo" \
    --bot "$2 echo" --seed 42 --json > pf_early.json 2> pf_early.err; echo EXIT$?
  grep -c '"referee_failure": "referee ' pf_early.json; cat pf_early.err]] ${PF_ARENA} ${PF_DIR} ${PF_TESTBOT})
set_tests_properties(external.play_referee_failure.exits_early_json PROPERTIES
  PASS_REGULAR_EXPRESSION "^EXIT2\n1\nerror: referee 'sh [^']*/exits_early.sh --seed 42': [^\n]*before ###End[^\n]*out of cheese\nThe game has no result: the referee failed, not the bots\\.\nCheck the referee by hand: run\n  sh [^\n]*/exits_early.sh --seed 42\nand type \"###Start 2\"[^\n]*\nstdout [^\n]*\nprotocol. [^\n]*\n$"
  TIMEOUT 60)

# An SDK referee runner that fails: exit 2, the runner named with its stderr, and its command
# line to run by hand (the bots' commands, the seed, a result file).
add_test(NAME external.play_referee_failure.runner COMMAND sh -c [[
  rm -f pf_runner.json
  "$0" play --runner "sh $1/runner/hostile_runner.sh fail" --bot "$2 echo" --bot "$2 echo" \
    --seed 7 --log pf_runner.json > pf_runner.out 2> pf_runner.err; echo EXIT$?
  cat pf_runner.err; grep -c '"referee_failure": "runner ' pf_runner.json]] ${PF_ARENA} ${PF_DIR} ${PF_TESTBOT})
set_tests_properties(external.play_referee_failure.runner PROPERTIES
  PASS_REGULAR_EXPRESSION "^EXIT2\nerror: runner 'sh [^']*/hostile_runner.sh fail': exited with code 1 \\(its stderr ends: [^\n]*no league 9\\)\nThe game has no result: the referee failed, not the bots\\.\nCheck the runner by hand:\n  sh [^\n]*/hostile_runner.sh fail -p1 '[^']*/testbot echo' -p2 '[^']*/testbot echo' -seed 7 -l result.json\nIt must exit 0 [^\n]*\nThe game as far as it went is in pf_runner.json\\.\n1\n$"
  TIMEOUT 60)

# A bot's failure through an external referee is a played game: exit 0, no error. A bot that
# crashes, one that times out (the referee protocol cannot go on: it ranks last), one that
# answers an illegal move (the referee's ###Error: the referee ranks it, its outcome stays ok).
find_program(PF_PYTHON NAMES python3)
if(PF_PYTHON)
  add_test(NAME external.play_referee_failure.bot_failures_exit_0 COMMAND sh -c [[
    referee="python3 $1/toy_referee.py --seed {seed}"
    times="--first-turn-ms 5000 --turn-ms 3000"
    "$0" play --referee "$referee" --bot "$2 crash 3" --bot "python3 $1/toy_nim_bot.py one" --seed 3 $times; echo EXIT$?
    "$0" play --referee "$referee" --bot "$2 sleep 3000" --bot "python3 $1/toy_nim_bot.py one" --seed 3 --first-turn-ms 300 --turn-ms 300; echo EXIT$?
    "$0" play --referee "$referee" --bot "python3 $1/toy_nim_bot.py invalid" --bot "python3 $1/toy_nim_bot.py one" --seed 3 $times; echo EXIT$?]]
    ${PF_ARENA} ${PF_DIR} ${PF_TESTBOT})
  set_tests_properties(external.play_referee_failure.bot_failures_exit_0 PROPERTIES
    PASS_REGULAR_EXPRESSION "seat 0 testbot: score 0, rank 2, crash[^\n]*\n.*EXIT0\n.*seat 0 testbot: score 0, rank 2, timeout[^\n]*\n.*EXIT0\n.*seat 0 python3#0: score 0, rank 2, ok\n.*turn 1, seat 0 \\(python3#0\\): invalid move '7'[^\n]*\n.*EXIT0\n$"
    FAIL_REGULAR_EXPRESSION "error:|EXIT[^0]"
    TIMEOUT 120)
endif()

# A match (or tournament) whose every game failed in the referee rated nothing: each game's
# progress line says it has no result (not "a 0, b 0"), the standings and failures are written,
# and the run exits 2 saying what to do; a run with some rated games exits 0 as before.
add_test(NAME external.match_referee_failure.all_games COMMAND sh -c [[
  rm -rf pf_match
  "$0" match --referee "sh $1/hostile_referees/garbage.sh --seed {seed}" --bot "a=$2 echo" \
    --bot "b=$2 echo" -n 2 --out pf_match > pf_match.out 2> pf_match.err; echo EXIT$?
  cat pf_match.out pf_match.err; ls pf_match/standings.md]] ${PF_ARENA} ${PF_DIR} ${PF_TESTBOT})
set_tests_properties(external.match_referee_failure.all_games PROPERTIES
  PASS_REGULAR_EXPRESSION "^EXIT2\n.*s0001-a_vs_b: no result: the referee failed\n.*2 game\\(s\\) failed in the referee: first: .*error: every game of this run \\(2\\) failed in the referee, so nothing was rated.*referee --help.*another --out\\.\n.*pf_match/standings.md"
  FAIL_REGULAR_EXPRESSION "a 0, b 0"
  TIMEOUT 60)

# The same with an SDK runner (convention 2): the advice is the runner's interface, not the
# referee protocol.
add_test(NAME external.match_referee_failure.all_games_runner COMMAND sh -c [[
  rm -rf pf_match_runner
  "$0" match --runner "sh $1/runner/hostile_runner.sh fail" --bot "a=$2 echo" --bot "b=$2 echo" \
    -n 2 --out pf_match_runner > /dev/null 2> pf_match_runner.err; echo EXIT$?
  cat pf_match_runner.err]] ${PF_ARENA} ${PF_DIR} ${PF_TESTBOT})
set_tests_properties(external.match_referee_failure.all_games_runner PROPERTIES
  PASS_REGULAR_EXPRESSION "^EXIT2\nerror: every game of this run \\(2\\) failed in the referee, so nothing was rated \\(the first failure is above\\)\\. Check the runner by hand \\(it must exit 0 and write the SDK's game result JSON. docs/other-games.md, \"Convention 2\"\\), then play again with another --out\\.\n$"
  TIMEOUT 60)

# A referee is trusted code by default; with --sandbox it runs as a bot does. A referee that
# looks around (hostile_referees/spy.sh) writes where it likes and sees the arena's environment
# without it; sandboxed it writes nothing, reads no /etc/shadow, sees no environment but the
# allow-list and is not root.
add_test(NAME external.play_referee_sandboxed COMMAND sh -c [[
  rm -f spy_marker
  ARENA_SPY_SECRET=s3cret "$0" play --referee "sh $1/hostile_referees/spy.sh $PWD/spy_marker" \
    --bot "$2 echo" --bot "$2 echo" --seed 1 --sandbox 2>&1 | grep -o 'spy: [^)]*' | head -n 1
  if [ -e spy_marker ]; then echo MARKER; else echo NO-MARKER; fi
  ARENA_SPY_SECRET=s3cret "$0" play --referee "sh $1/hostile_referees/spy.sh $PWD/spy_marker" \
    --bot "$2 echo" --bot "$2 echo" --seed 1 2>&1 | grep -o 'spy: [^)]*' | head -n 1
  rm -f spy_marker]] ${PF_ARENA} ${PF_DIR} ${PF_TESTBOT})
set_tests_properties(external.play_referee_sandboxed PROPERTIES
  PASS_REGULAR_EXPRESSION "^spy: wrote=no shadow=no env=unset uid=[1-9][0-9]*\nNO-MARKER\nspy: wrote=yes shadow=[a-z]+ env=s3cret uid=[0-9]+\n$"
  SKIP_REGULAR_EXPRESSION "cannot create its sandbox" TIMEOUT 60)

# An external referee is bounded per game: a referee that sends 1 MB of input a turn (within the
# 4 MB a turn) ends its game as a referee failure naming the bound on a game's text (16 MiB),
# about 16 turns in, instead of growing the arena's memory with every turn; the log keeps the
# turns played up to there, and reads back.
add_test(NAME external.play_referee_failure.game_bound COMMAND sh -c [[
  rm -f pf_flood.json
  "$0" play --referee "sh $1/hostile_referees/floods_input.sh" --bot "$2 echo --lines 110" \
    --bot "$2 echo --lines 110" --no-time-limit --seed 1 --log pf_flood.json \
    > pf_flood.out 2> pf_flood.err; echo EXIT$?
  sed "s/xxxx*/X/g" pf_flood.err
  jq '.turns | length' pf_flood.json
  ls -l pf_flood.json | awk '{print "LOG_BYTES=" $5}']] ${PF_ARENA} ${PF_DIR} ${PF_TESTBOT})
set_tests_properties(external.play_referee_failure.game_bound PROPERTIES
  PASS_REGULAR_EXPRESSION "^EXIT2\nerror: referee 'sh [^']*/floods_input.sh': line [0-9]+: [^\n]*more than 16 MiB of text \\(the referee's lines and the bots' answers\\), the bound on an external game: ended[^\n]*\n.*\n1[0-9]\nLOG_BYTES=1[0-9][0-9][0-9][0-9][0-9][0-9][0-9]\n"
  TIMEOUT 120)
