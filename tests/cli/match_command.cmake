# Issue 16, item 1: `arena match GAME --bot NAME=CMD ...`, a series without a config. Outputs and
# exit codes as a player sees them; deterministic bots (--seed), small counts.
set(DS_RANDOM ${ARENA_BOTS_DIR}/diceshogi/random)
set(SG_RANDOM ${ARENA_BOTS_DIR}/samegame/random)
set(TSURO_RANDOM ${ARENA_BOTS_DIR}/tsuro/random)
set(TESTBOT ${ARENA_BOTS_DIR}/test/testbot)

# Dice Shogi, -n 5: rounded up to whole seat-swapped groups (3 seeds x 2 seat orders = 6), the
# plan says so; then the standings, the first bot's pair (W-D-L, pentanomial, Elo and LOS of the
# pair's games) and a tournament's directory layout.
add_test(NAME cli.match.diceshogi_games COMMAND sh -c [[
  rm -rf match_ds
  "$0" match diceshogi --bot "a=$1 --seed 1" --bot "b=$1 --seed 2" -n 5 --seed 7 --concurrency 2 --out match_ds; echo EXIT$?
  wc -l < match_ds/results.jsonl | sed 's/^ */LINES=/'
  ls match_ds/games | wc -l | sed 's/^ */LOGS=/'
  for f in config.json standings.md standings.json standings.csv report.html; do [ -f match_ds/$f ] || echo "MISSING $f"; done
  "$0" view match_ds > /dev/null 2>&1; echo VIEW_EXIT$?]] ${ARENA} ${DS_RANDOM})
set_tests_properties(cli.match.diceshogi_games PROPERTIES
  PASS_REGULAR_EXPRESSION "Dice Shogi match: a vs b, 6 games \\(3 seed\\(s\\) x 2 seat orders\\). 5 rounded up to whole seat-swapped groups, master seed 7. 2 at a time, output in match_ds/.*Elo \\[95%\\].*a vs b: 6 games, W-D-L [0-9]+-[0-9]+-[0-9]+, pentanomial [0-9 /]+\\(seat-swapped pairs.*Elo \\(pair's games\\).*LOS \\(pair's games\\).*EXIT0\nLINES=6\nLOGS=6\nVIEW_EXIT0"
  FAIL_REGULAR_EXPRESSION "MISSING")

# The same seed plays the same games: the results match line for line (but for timings).
add_test(NAME cli.match.same_seed_same_games COMMAND sh -c [[
  rm -rf match_seed1 match_seed2
  "$0" match diceshogi --bot "a=$1 --seed 1" --bot "b=$1 --seed 2" -n 4 --seed 11 --out match_seed1 > /dev/null || exit 1
  "$0" match diceshogi --bot "a=$1 --seed 1" --bot "b=$1 --seed 2" -n 4 --seed 11 --out match_seed2 > /dev/null || exit 1
  for d in match_seed1 match_seed2; do grep -o '"id":"[^"]*".*"ranks":\[[0-9,]*\]' $d/results.jsonl | sort > $d.ranks; done
  cmp match_seed1.ranks match_seed2.ranks && echo SAME_GAMES]] ${ARENA} ${DS_RANDOM})
set_tests_properties(cli.match.same_seed_same_games PROPERTIES PASS_REGULAR_EXPRESSION "SAME_GAMES")

# --resume goes on with a match: the printed line works (`arena match --resume --out DIR`), and
# `arena tournament --resume --out DIR` reads the same directory; a second start without
# --resume is refused with the line that goes on.
add_test(NAME cli.match.resume COMMAND sh -c [[
  rm -rf match_resume
  "$0" match diceshogi --bot "a=$1 --seed 1" --bot "b=$1 --seed 2" -n 6 --seed 3 --out match_resume > /dev/null || exit 1
  head -n 2 match_resume/results.jsonl > match_resume.cut && cp match_resume.cut match_resume/results.jsonl
  "$0" match --resume --out match_resume 2>&1; echo EXIT$?
  wc -l < match_resume/results.jsonl | sed 's/^ */LINES=/'
  "$0" tournament --resume --out match_resume > /dev/null 2>&1; echo TOURNAMENT_EXIT$?
  "$0" match diceshogi --bot "a=$1 --seed 1" --bot "b=$1 --seed 2" -n 6 --seed 3 --out match_resume 2>&1; echo EXIT$?
  "$0" match diceshogi --bot "a=$1" --bot "b=$1" --resume --out match_resume 2>&1; echo EXIT$?]] ${ARENA} ${DS_RANDOM})
set_tests_properties(cli.match.resume PROPERTIES
  PASS_REGULAR_EXPRESSION "Dice Shogi match: a vs b, 6 games.*a vs b: 6 games.*EXIT0\nLINES=6\nTOURNAMENT_EXIT0\nerror: 'match_resume/results.jsonl' already holds results: go on with that match: [^ ]*arena match --resume --out match_resume, or choose another directory with --out\nEXIT2\nerror: --resume goes on with the match in 'match_resume' as it was started.*EXIT2")

# SameGame (named in any case): every bot on the same boards, compared board by board.
add_test(NAME cli.match.samegame_boards COMMAND sh -c [[
  rm -rf match_sg
  "$0" match SameGame --bot "greedy=$1" --bot "rand=$2 --seed 3" --boards 1,2,5-6 --out match_sg; echo EXIT$?
  wc -l < match_sg/results.jsonl | sed 's/^ */LINES=/']] ${ARENA} ${GREEDY} ${SG_RANDOM})
set_tests_properties(cli.match.samegame_boards PROPERTIES
  PASS_REGULAR_EXPRESSION "SameGame match: greedy vs rand on the same boards 1-2, 5-6 \\(4 tests, 0 validators\\) = 8 games.*greedy vs rand on the same 4 boards: greedy better on [0-9], equal on [0-9], worse on [0-9]. total [0-9,]+ vs[ \n]+[0-9,]+ \\([-+][0-9,]+\\)\n  boards that differ:\n    board .*test0[1256] .*EXIT0\nLINES=8")

# Tsuro, 3 bots: all three at each table, every seat order of a seed (6 games); the first bot's
# pairs with each other bot.
add_test(NAME cli.match.tsuro_three COMMAND sh -c [[
  rm -rf match_tsuro
  "$0" match tsuro --bot "a=$1 --seed 1" --bot "b=$1 --seed 2" --bot "c=$1 --seed 3" -n 6 --seed 5 --out match_tsuro; echo EXIT$?]] ${ARENA} ${TSURO_RANDOM})
set_tests_properties(cli.match.tsuro_three PROPERTIES
  PASS_REGULAR_EXPRESSION "Tsuro match: a, b, c at one table, 6 games \\(1 seed\\(s\\) x 6 seat orders\\), master seed 5.*rating \\(finish order\\).*a vs [bc]: 6 games.*a vs [bc]: 6 games.*EXIT0")

# --sprt: the gate's exit codes. A bot that always plays an invalid move loses every game: the
# other one is accepted as stronger (exit 0); with the loser first, it is not (exit 1).
add_test(NAME cli.match.sprt COMMAND sh -c [[
  rm -rf match_sprt_h1 match_sprt_h0
  "$0" match diceshogi --bot "good=$1 --seed 1" --bot "bad=$2 reply nonsense" --sprt 0 10 --seed 1 --out match_sprt_h1 --concurrency 2; echo EXIT$?
  "$0" match diceshogi --bot "bad=$2 reply nonsense" --bot "good=$1 --seed 1" --sprt 0 10 --seed 1 --out match_sprt_h0 --concurrency 2; echo EXIT$?
  full=$(wc -l < match_sprt_h1/results.jsonl)
  head -n 20 match_sprt_h1/results.jsonl > match_sprt.cut && cp match_sprt.cut match_sprt_h1/results.jsonl
  "$0" match --resume --out match_sprt_h1 | tail -n 1; echo RESUMED_EXIT$?
  [ "$(wc -l < match_sprt_h1/results.jsonl)" -lt 1000 ] && echo "STOPPED_AGAIN (first run: $full games)"]] ${ARENA} ${DS_RANDOM} ${TESTBOT})
# Resumed, the match goes on with its test (OUT/match.json) and stops when it decides again.
set_tests_properties(cli.match.sprt PROPERTIES
  PASS_REGULAR_EXPRESSION "SPRT H0 0 / H1 10 nElo: stops when decided, at most 1000 games.*SPRT good vs bad: H0 0 against H1 10 nElo.*H1 accepted after [0-9]+ games.*EXIT0\n.*SPRT bad vs good: .*H0 accepted after [0-9]+ games.*EXIT1\n.*H1 accepted after [0-9]+ games.*\nRESUMED_EXIT0\nSTOPPED_AGAIN")

# Errors, each before any game (exit 2, no output directory): too few or too many bots, an
# unknown game, a bot program that does not exist, options of another kind of game, ranges.
add_test(NAME cli.match.errors COMMAND sh -c [[
  rm -rf match_err
  "$0" match diceshogi --bot "a=$1" --out match_err 2>&1; echo EXIT$?
  "$0" match tsuro --bot "$1" --bot "$1" --bot "$1" --bot "$1" --bot "$1" --out match_err 2>&1; echo EXIT$?
  "$0" match chess --bot a=x --bot b=y --out match_err 2>&1; echo EXIT$?
  "$0" match diceshogi --bot "a=$1" --bot b=./no-such-bot --out match_err 2>&1; echo EXIT$?
  "$0" match diceshogi --bot "a=$1" --bot "b=$1" --boards 1-3 --out match_err 2>&1; echo EXIT$?
  "$0" match tsuro --bot "a=$1" --bot "b=$1" --bot "c=$1" --sprt 0 10 --out match_err 2>&1; echo EXIT$?
  "$0" match diceshogi --bot "a=$1" --bot "b=$1" --sprt 10 0 --out match_err 2>&1; echo EXIT$?
  "$0" match diceshogi --bot "a=$1" --bot "b=$1" -n 0 --out match_err 2>&1; echo EXIT$?
  "$0" match samegame --bot "a=$1" --boards 1,77 --out match_err 2>&1; echo EXIT$?
  "$0" match --resume 2>&1; echo EXIT$?
  [ -e match_err ] && echo "OUT_DIR_CREATED"; echo DONE]] ${ARENA} ${DS_RANDOM})
set_tests_properties(cli.match.errors PROPERTIES
  PASS_REGULAR_EXPRESSION "error: Dice Shogi is played by 2 players and a match seats every bot at each game: give 2 --bot options \\(got 1\\)\nEXIT2\nerror: Tsuro is played by 2 to 4 players.*\\(got 5\\). for more bots, run a tournament.*\nEXIT2\nerror: unknown game 'chess': known games are .*\nEXIT2\nerror: --bot b: .*no-such-bot.*\nEXIT2\nerror: --boards is for puzzles.*\nEXIT2\nerror: --sprt tests the first bot against the second: give exactly 2 --bot options \\(got 3\\)\nEXIT2\nerror: --sprt ELO0 ELO1: .*ELO0 below ELO1.*got 10 and 0\nEXIT2\n.*must be a whole number from 1 to 10000000, got '0'.*\nEXIT2\nerror: --boards: .*77.*\nEXIT2\nerror: --resume needs --out DIR.*\nEXIT2\nDONE"
  FAIL_REGULAR_EXPRESSION "OUT_DIR_CREATED|bug in arena")

# The help shows the command first among the examples, and its own examples.
add_test(NAME cli.match.help COMMAND sh -c [[
  "$0" --help | grep -A1 '^Examples:'
  "$0" match --help]] ${ARENA})
set_tests_properties(cli.match.help PROPERTIES
  PASS_REGULAR_EXPRESSION "Examples:\n  arena match diceshogi --bot mine=.*-n,--games.*--sprt ELO x 2 +ELO0 ELO1: .*--boards.*--time-scale.*--max-memory.*Examples:\n  arena match diceshogi")

# The board-by-board comparison and the sequential test's text, from values built by hand.
add_executable(test_match_summary ${CMAKE_CURRENT_SOURCE_DIR}/test_match_summary.cpp)
target_link_libraries(test_match_summary PRIVATE doctest_main arena_report)
add_test(NAME cli.match.summary_text COMMAND test_match_summary)

# --gauntlet: the first bot plays each other bot, every seat order of each seed, -n games against
# each; the others never meet. The standings show the first bot against each from its side, even
# when it ranks last (here "bad", which always answers nonsense and loses every game). A cut run
# goes on with --resume to the same games, none twice.
add_test(NAME cli.match.gauntlet COMMAND sh -c [[
  rm -rf match_gauntlet match_gauntlet_bad
  "$0" match diceshogi --gauntlet --bot "new=$1 --seed 1" --bot "r1=$1 --seed 2" --bot "r2=$1 --seed 3" --bot "bad=$2 reply nonsense" -n 4 --seed 3 --concurrency 2 --out match_gauntlet 2>&1; echo EXIT$?
  wc -l < match_gauntlet/results.jsonl | sed 's/^ */LINES=/'
  grep -v '"players":\["new",\|"players":\["[a-z0-9]*","new"\]' match_gauntlet/results.jsonl | wc -l | sed 's/^ */WITHOUT_NEW=/'
  for b in r1 r2 bad; do grep -c "\"$b\"" match_gauntlet/results.jsonl | sed "s/^/GAMES_$b=/"; done
  tr -d ' \n' < match_gauntlet/standings.json | grep -o '"gauntlet":{"bot":"new","pairs":\[{"a":"new","b":"[a-z0-9]*"'
  tr -d ' \n' < match_gauntlet/standings.json | grep -o '"a":"[a-z0-9]*","b":"new"' | sed 's/^/TURNED_WRONG /'
  grep -A9 '^## new against each' match_gauntlet/standings.md | grep -c '^| [rb][a-z0-9]* | 4 |' | sed 's/^/MD_ROWS=/'
  head -n 5 match_gauntlet/results.jsonl > match_gauntlet.cut && cp match_gauntlet.cut match_gauntlet/results.jsonl
  "$0" match --resume --out match_gauntlet > /dev/null 2>&1; echo RESUMED_EXIT$?
  grep -o '"id":"[^"]*"' match_gauntlet/results.jsonl | sort | uniq | wc -l | sed 's/^ */UNIQUE_IDS=/'
  "$0" match diceshogi --gauntlet --bot "bad=$2 reply nonsense" --bot "r1=$1 --seed 2" --bot "r2=$1 --seed 3" -n 2 --seed 3 --out match_gauntlet_bad 2>&1 | grep '^  vs '
  ]] ${ARENA} ${DS_RANDOM} ${TESTBOT})
set_tests_properties(cli.match.gauntlet PROPERTIES
  FAIL_REGULAR_EXPRESSION "TURNED_WRONG"
  PASS_REGULAR_EXPRESSION "Dice Shogi match: new, r1, r2, bad: a gauntlet of new, 2 players a game, 12 games \\(2 seed\\(s\\) x 3 opponent\\(s\\) x 2 seat orders\\). 4 against each other bot.*\nnew against each \\(each pair's own games\\):\n  vs [a-z0-9 ]+ 4 games .*\n  vs [a-z0-9 ]+ 4 games .*\n  vs bad +4 games  W-D-L 4-0-0 .*\n  Elo and LOS from each pair's own games.*EXIT0\nLINES=12\nWITHOUT_NEW=0\nGAMES_r1=4\nGAMES_r2=4\nGAMES_bad=4\n\"gauntlet\":{\"bot\":\"new\",\"pairs\":\\[{\"a\":\"new\",\"b\":\"[a-z0-9]+\"\nMD_ROWS=3\nRESUMED_EXIT0\nUNIQUE_IDS=12\n  vs r[12] +2 games  W-D-L 0-0-2 .*\n  vs r[12] +2 games  W-D-L 0-0-2 ")

# A gauntlet's refusals (exit 2, before any game): a puzzle, where every bot plays alone, and
# a single bot.
add_test(NAME cli.match.gauntlet_errors COMMAND sh -c [[
  "$0" match samegame --gauntlet --bot "a=$1" --bot "b=$1" --out match_gauntlet_err 2>&1; echo EXIT$?
  "$0" match diceshogi --gauntlet --bot "a=$2" --out match_gauntlet_err 2>&1; echo EXIT$?
  [ -e match_gauntlet_err ] && echo "OUT_DIR_CREATED"; echo DONE]] ${ARENA} ${SG_RANDOM} ${DS_RANDOM})
set_tests_properties(cli.match.gauntlet_errors PROPERTIES
  PASS_REGULAR_EXPRESSION "error: SameGame bots each play alone on the same boards: .*leave out --gauntlet\nEXIT2\nerror: --gauntlet plays the first bot against each other one at tables of 2: give at least 2 --bot options \\(got 1\\)\nEXIT2\nDONE"
  FAIL_REGULAR_EXPRESSION "OUT_DIR_CREATED|bug in arena")

# A tournament config's "format": "gauntlet" with its "candidate" named (not the first bot): only
# the candidate's games, and the standings (terminal, standings.md, and `arena standings` again
# from the results) show the candidate against each, from its side.
add_test(NAME cli.tournament.gauntlet_standings COMMAND sh -c [[
  rm -rf tournament_gauntlet
  printf '{"game": "diceshogi", "format": "gauntlet", "candidate": "cand", "seeds": 1, "bots": [
    {"name": "r1", "command": "%s --seed 2"}, {"name": "cand", "command": "%s reply nonsense"},
    {"name": "r2", "command": "%s --seed 3"}]}' "$1" "$2" "$1" > tournament_gauntlet.json
  "$0" tournament tournament_gauntlet.json --out tournament_gauntlet 2>&1 | grep '^  vs \|against each'; echo EXIT$?
  grep -c '"r1".*"r2"\|"r2".*"r1"' tournament_gauntlet/results.jsonl | sed 's/^/R1_R2_GAMES=/'
  "$0" standings tournament_gauntlet > /dev/null 2>&1
  grep -A9 '^## cand against each' tournament_gauntlet/standings.md | grep '^| r[12] | 2 | 0-0-2 |' | wc -l | sed 's/^ */MD_ROWS=/'
  ]] ${ARENA} ${DS_RANDOM} ${TESTBOT})
set_tests_properties(cli.tournament.gauntlet_standings PROPERTIES
  PASS_REGULAR_EXPRESSION "cand against each \\(each pair's own games\\):\n  vs r[12] +2 games  W-D-L 0-0-2 .*\n  vs r[12] +2 games  W-D-L 0-0-2 .*\nEXIT0\nR1_R2_GAMES=0\nMD_ROWS=2")
