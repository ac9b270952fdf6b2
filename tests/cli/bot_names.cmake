# Bots by name (issue 16, items 2, 6 and 8): play's and replay's --bot NAME=COMMAND@DIR, the time
# options, names instead of CodinGame's $0/$1 on the terminal (the log keeps them), -v and -vv.
set(TESTBOT ${ARENA_BOTS_DIR}/test/testbot)
set(DICE_RANDOM ${ARENA_BOTS_DIR}/diceshogi/random)
set(TSURO_RANDOM ${ARENA_BOTS_DIR}/tsuro/random)

# NAME=COMMAND names the bot in every line of the summary; a program's name that repeats or is
# another bot's name gets its seat; two bots given one name are refused before any game.
add_test(NAME cli.bot_names.play_named COMMAND sh -c [[
  "$0" play diceshogi --bot mine=$1 --bot "boss=$2 reply nonsense" --seed 5 2>&1; echo EXIT$?
  "$0" play diceshogi --bot random=$1 --bot $1 --seed 5 2>&1 | grep 'seat 1'
  "$0" play diceshogi --bot a=$1 --bot a=$1 2>&1; echo EXIT$?]] ${ARENA} ${DICE_RANDOM} ${TESTBOT})
set_tests_properties(cli.bot_names.play_named PROPERTIES
  PASS_REGULAR_EXPRESSION "result: [^\n]*\n  seat 0 mine: score [^\n]*\n  seat 1 boss: score [^\n]*invalid[^\n]*\n.*turn 2, seat 1 \\(boss\\): boss: nonsense is not valid move\n.*EXIT0\n  seat 1 random#1: score.*error: --bot: two bots are named 'a' \\(seats 0 and 1\\): give each its own NAME=COMMAND\nEXIT2"
  FAIL_REGULAR_EXPRESSION "\\$[01]")

# @DIR: the bot runs in DIR (it reads marker.txt there), a relative program is found in DIR; an
# '@' inside quotes is the bot's; a directory that does not exist (or a bare '@' in an argument)
# stops play before any game, naming the bot.
add_test(NAME cli.bot_names.working_dir COMMAND sh -c [[
  rm -rf bn_dir && mkdir bn_dir && printf 'abc' > bn_dir/marker.txt && cp "$1" bn_dir/tb
  "$0" play samegame --bot "mine=./tb readfile marker.txt --lines 15 --exit-after 1@bn_dir" -v 2>&1; echo EXIT$?
  "$0" play samegame --bot "mine=./tb readfile marker.txt --lines 15@'bn_dir'" -v 2>&1 | grep -c '> read 3' | sed 's/^/QUOTED_DIR=/'
  "$0" play samegame --bot "mine=$1 reply '1@1' --lines 15" -v 2>&1 | grep -o '> 1@1' | head -1
  "$0" play samegame --bot "mine=./tb reply x --lines 15" 2>&1; echo EXIT$?
  "$0" play samegame --bot "mine=$1 reply x@bn_nowhere" -v 2>&1; echo EXIT$?
  "$0" play samegame --bot "$1 --user=me@host" 2>&1; echo EXIT$?
  "$0" play samegame --bot "mine=$1@bn_dir/marker.txt" 2>&1; echo EXIT$?
  "$0" play samegame --bot "mine=$1@" 2>&1; echo EXIT$?]] ${ARENA} ${TESTBOT})
set_tests_properties(cli.bot_names.working_dir PROPERTIES
  PASS_REGULAR_EXPRESSION "turn   1  seat 0 mine [^\n]*> read 3.*EXIT0\nQUOTED_DIR=1\n> 1@1\nerror: --bot mine: bot command './tb': file not found[^\n]*\nEXIT2\nerror: --bot mine: working directory 'bn_nowhere' does not exist: create it or fix the path after '@'[^\n]*\nEXIT2\nerror: --bot testbot: working directory 'host' does not exist[^\n]*quoted[^\n]*\nEXIT2\nerror: --bot mine: 'bn_dir/marker.txt' is not a directory[^\n]*\nEXIT2\nerror: --bot 'mine=[^']*@': no directory after '@'[^\n]*\nEXIT2"
  FAIL_REGULAR_EXPRESSION "turn   1  seat 0 mine [^\n]*> error|bn_nowhere[^\n]*\nturn")

# --time-scale, --time-margin-ms and --no-time-limit set the limit every turn is played with (the
# -v line shows it); wrong values are refused naming the option and its range in words.
add_test(NAME cli.bot_names.time_options COMMAND sh -c [[
  for options in "--time-scale 2" "--time-margin-ms 5" "--time-scale 0.5 --time-margin-ms -10" "--no-time-limit"; do
    "$0" play samegame --bot "$1" --testcase 1 -v $options 2>&1 | sed -n 1p | sed 's/.*\/ \([0-9]*\) ms.*/LIMIT=\1/'
  done
  for value in 0 -1 nan inf abc 1001; do
    "$0" play samegame --bot "$1" --time-scale $value 2>&1; echo EXIT$?
  done
  "$0" play samegame --bot "$1" --time-margin-ms 99999999 2>&1; echo EXIT$?
  "$0" play samegame --bot "$1" --no-time-limit --time-scale 2 2>&1; echo EXIT$?]] ${ARENA} ${ARENA_BOTS_DIR}/samegame/greedy)
set_tests_properties(cli.bot_names.time_options PROPERTIES
  PASS_REGULAR_EXPRESSION "LIMIT=40000\nLIMIT=20005\nLIMIT=9990\nLIMIT=86400000\n[^\n]*--time-scale: must be a number from 0.01 to 1000, got '0'\n[^\n]*\nEXIT2\n[^\n]*--time-scale: must be a number from 0.01 to 1000, got '-1'\n[^\n]*\nEXIT2\n[^\n]*--time-scale: must be a number from 0.01 to 1000, got 'nan'\n[^\n]*\nEXIT2\n[^\n]*--time-scale: must be a number from 0.01 to 1000, got 'inf'\n[^\n]*\nEXIT2\n[^\n]*--time-scale: must be a number from 0.01 to 1000, got 'abc'\n[^\n]*\nEXIT2\n[^\n]*--time-scale: must be a number from 0.01 to 1000, got '1001'\n[^\n]*\nEXIT2\n[^\n]*--time-margin-ms: must be a whole number from -1000 to 600000, got '99999999'\n[^\n]*\nEXIT2\n[^\n]*--time-scale excludes --no-time-limit\n[^\n]*\nEXIT2"
  FAIL_REGULAR_EXPRESSION "17976931348623157")

# -v: each turn's line (seat and name, time, output, verdict with names) and a footer that does
# not suggest -v; -vv adds the input and the bot's stderr, made safe to print.
add_test(NAME cli.bot_names.verbose_levels COMMAND sh -c [[
  "$0" play diceshogi --bot mine=$1 --bot "boss=$2 reply nonsense --stderr thinking" --seed 5 -v 2>&1
  echo ====
  "$0" play diceshogi --bot mine=$1 --bot "boss=$2 reply nonsense --stderr $(printf 'x\033[2Jy')" --seed 5 -vv > bn_vv.out 2>&1
  cat bn_vv.out; echo RAW_ESCAPES=$(tr -d -c '\033' < bn_vv.out | wc -c)]] ${ARENA} ${DICE_RANDOM} ${TESTBOT})
set_tests_properties(cli.bot_names.verbose_levels PROPERTIES
  PASS_REGULAR_EXPRESSION "^turn   1  seat 0 mine  [^\n]*ms  > [^\n]*\nturn   2  seat 1 boss  [^\n]*> nonsense[^\n]*boss: nonsense is not valid move\n.*\\(add --log FILE to keep the full transcript\\)\n====\nturn   1  seat 0 mine  [^\n]*\n      input \\([0-9]+ bytes\\):\n        \\| [^\n]*\n.*turn   2  seat 1 boss [^\n]*\n      input [^\n]*\n(        \\| [^\n]*\n)+      stderr:\n        \\| x\\\\x1b\\[2Jy\n.*RAW_ESCAPES=0"
  FAIL_REGULAR_EXPRESSION "or -v to see every turn|\\$[01]")

# Names, not placeholders, in what replay prints (--turn, the result, the differences), while the
# log keeps CodinGame's exact "$0"; replay's -v is play's, and replay takes the time options.
add_test(NAME cli.bot_names.replay_names COMMAND sh -c [[
  "$0" play tsuro --bot "mine=$1 --seed 1" --bot "boss=$1 --seed 2" --seed 7 --log bn_tsuro.json > /dev/null || exit 1
  grep -c '"summary": "\$0 starts' bn_tsuro.json | sed 's/^/LOG_KEEPS_PLACEHOLDER=/'
  "$0" replay bn_tsuro.json --turn 1 2>&1
  "$0" replay bn_tsuro.json --script --turn 2 2>&1 | grep '^summary'
  "$0" replay bn_tsuro.json 2>&1 | grep '^identical'
  "$0" replay bn_tsuro.json -v --time-scale 3 2>&1 | head -1]] ${ARENA} ${TSURO_RANDOM})
set_tests_properties(cli.bot_names.replay_names PROPERTIES
  PASS_REGULAR_EXPRESSION "LOG_KEEPS_PLACEHOLDER=1\n.*turn 1 of [0-9]+, seat 0 \\(mine\\).*summary: mine starts at [^\n]*\n.*summary: boss starts at[^\n]*\nidentical: [^\n]*result: [^\n]*(mine|boss|No player)[^\n]*\nturn   1  seat 0 mine  [^\n]*/ 3000 ms  > START"
  FAIL_REGULAR_EXPRESSION "[^\"]\\$[01]")

# replay --bot NAME=COMMAND: NAME a recorded bot's name or its seat (a name first); the bot keeps
# its name, the replay says who plays the seat now; @DIR as in play (and a log's bot keeps its
# directory); an unknown name lists the bots.
add_test(NAME cli.bot_names.replay_bot COMMAND sh -c [[
  "$0" play diceshogi --bot "mine=$1 --seed 1" --bot "boss=$1 --seed 2" --seed 5 --log bn_dice.json > /dev/null || exit 1
  "$0" replay bn_dice.json --bot "boss=$2 reply nonsense" 2>&1; echo EXIT$?
  echo ====
  "$0" replay bn_dice.json --bot "1=$2 reply nonsense" 2>&1 | head -1
  "$0" play diceshogi --bot "1=$1 --seed 1" --bot "0=$1 --seed 2" --seed 5 --log bn_dice_digits.json > /dev/null || exit 1
  "$0" replay bn_dice_digits.json --bot "1=$2 reply nonsense" 2>&1 | head -1
  rm -rf bn_rdir && mkdir bn_rdir && cp "$2" bn_rdir/tb
  "$0" replay bn_dice.json --bot "mine=./tb reply nonsense@bn_rdir" 2>&1 | head -1
  "$0" replay bn_dice.json --bot "nobody=$2" 2>&1; echo EXIT$?
  "$0" replay bn_dice.json --bot "mine=$2@bn_nowhere" 2>&1; echo EXIT$?
  rm -rf bn_moved && cp "$1" bn_rdir/random
  "$0" play diceshogi --bot "mine=./random --seed 1@bn_rdir" --bot "boss=$1 --seed 2" --seed 5 --log bn_dice_dir.json > /dev/null || exit 1
  "$0" replay bn_dice_dir.json | sed -n 1p
  mv bn_rdir bn_moved
  "$0" replay bn_dice_dir.json 2>&1; echo EXIT$?]] ${ARENA} ${DICE_RANDOM} ${TESTBOT})
set_tests_properties(cli.bot_names.replay_bot PROPERTIES
  PASS_REGULAR_EXPRESSION "^seat 1 \\(boss\\) is played by '[^']*testbot reply nonsense' instead of the log's '[^']*random --seed 2'\ndiffers at turn 2: output\n.*new turn:\nturn 2 of [0-9]+, seat 1 \\(boss\\).*error:  boss: nonsense is not valid move\n.*new game: [0-9]+ turns, [^\n]*\nEXIT1\n====\nseat 1 \\(boss\\) is played by[^\n]*\nseat 0 \\(1\\) is played by[^\n]*\nseat 0 \\(mine\\) is played by './tb reply nonsense' in bn_rdir instead[^\n]*\nerror: --bot 'nobody=[^']*': write NAME=COMMAND with NAME a bot of the log or its seat from 0: 'mine' \\(seat 0\\), 'boss' \\(seat 1\\)\nEXIT2\nerror: --bot mine: working directory 'bn_nowhere' does not exist[^\n]*\nEXIT2\nidentical: [^\n]*\nerror: the log's bot of seat 0 \\(mine\\): its working directory 'bn_rdir' is not a directory here: replay from where the game was played\n  \\(replace it with --bot mine=COMMAND\\[@DIR\\], or check the log without bots with --script\\)\nEXIT2"
  FAIL_REGULAR_EXPRESSION "\\$[01]|\\(replaced\\)")
