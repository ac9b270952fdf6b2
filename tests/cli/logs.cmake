# Issue 17, item 5: match logs kept as the config says ("logs": all / failed / none), compressed
# with zstd by default (games/<id>.json.zst), read back by replay, view and the report as the user
# runs them. Dice Shogi: greedy bots (deterministic with --seed) and a bot answering nonsense.
set(LOGS_GREEDY ${ARENA_BOTS_DIR}/diceshogi/greedy)
set(LOGS_TESTBOT ${ARENA_BOTS_DIR}/test/testbot)

# "failed": only the 4 games of 'mine' (invalid answers) keep a log; the 2 games between the
# greedy bots have "log": "". The kept log replays with --script --turn 2 (the command the
# summary prints), and the report is written.
add_test(NAME cli.logs.failed_only COMMAND sh -c [=[
  rm -rf logs_failed
  printf '{"game": "diceshogi", "bots": [{"name": "g1", "command": "%s --seed 1"}, {"name": "g2", "command": "%s --seed 2"}, {"name": "mine", "command": "%s reply xyz"}], "seeds": [5], "time": {"scale": 20}, "logs": "failed"}' "$1" "$1" "$2" > logs_failed.json
  "$0" tournament logs_failed.json --out logs_failed --concurrency 1 > logs_failed.out 2>&1; echo EXIT$?
  echo "FILES $(ls logs_failed/games | sort | tr '\n' ' ')"
  echo "NO_LOG $(grep -c '"log":""' logs_failed/results.jsonl)"
  log=$(grep '"id":"s0001-g1_vs_mine"' logs_failed/results.jsonl | sed 's/.*"log":"\([^"]*\)".*/\1/')
  echo "LOG $log"
  "$0" replay "logs_failed/$log" --script --turn 2 2>&1; echo EXIT$?
  "$0" view logs_failed 2>&1; echo EXIT$?]=] ${ARENA} ${LOGS_GREEDY} ${LOGS_TESTBOT})
set_tests_properties(cli.logs.failed_only PROPERTIES PASS_REGULAR_EXPRESSION
  "EXIT0\nFILES s0001-g1_vs_mine.json.zst s0001-g2_vs_mine.json.zst s0001-mine_vs_g1.json.zst s0001-mine_vs_g2.json.zst \nNO_LOG 2\nLOG games/s0001-g1_vs_mine.json.zst\n.*turn 2 of 2, seat 1 \\(mine\\).*output: 'xyz'.*EXIT0\n.*report: logs_failed/report.html \\(4 failed games.*EXIT0")

# The run's config.json keeps the policy, so that --resume goes on with it (needs the two lines
# of effective_config in runner.cpp asked for in the LOGS report).
add_test(NAME cli.logs.saved_in_config COMMAND sh -c [=[
  rm -rf logs_saved
  printf '{"game": "diceshogi", "bots": [{"name": "g1", "command": "%s --seed 1"}, {"name": "g2", "command": "%s --seed 2"}], "seeds": [5], "time": {"scale": 20}, "logs": "failed", "log_compression": "none"}' "$1" "$1" > logs_saved.json
  "$0" tournament logs_saved.json --out logs_saved --concurrency 1 > logs_saved.out 2>&1; echo EXIT$?
  grep -o '"log[_a-z]*": "[a-z]*"' logs_saved/config.json]=] ${ARENA} ${LOGS_GREEDY})
set_tests_properties(cli.logs.saved_in_config PROPERTIES PASS_REGULAR_EXPRESSION
  "EXIT0\n\"logs\": \"failed\"\n\"log_compression\": \"none\"")

# "none": no log at all, every record's "log" is ""; the standings and the report are still
# written.
add_test(NAME cli.logs.none COMMAND sh -c [=[
  rm -rf logs_none
  printf '{"game": "diceshogi", "bots": [{"name": "g1", "command": "%s --seed 1"}, {"name": "mine", "command": "%s reply xyz"}], "seeds": [5], "time": {"scale": 20}, "logs": "none"}' "$1" "$2" > logs_none.json
  "$0" tournament logs_none.json --out logs_none --concurrency 1 > logs_none.out 2>&1; echo EXIT$?
  echo "FILES $(ls logs_none/games 2>/dev/null | wc -l)"
  echo "NO_LOG $(grep -c '"log":""' logs_none/results.jsonl)"
  "$0" view logs_none 2>&1; echo EXIT$?]=] ${ARENA} ${LOGS_GREEDY} ${LOGS_TESTBOT})
set_tests_properties(cli.logs.none PROPERTIES PASS_REGULAR_EXPRESSION
  "EXIT0\nFILES 0\nNO_LOG 2\n.*report: logs_none/report.html.*EXIT0")

# "all" (the default) with "log_compression": "none": plain games/<id>.json, as before.
add_test(NAME cli.logs.plain COMMAND sh -c [=[
  rm -rf logs_plain
  printf '{"game": "diceshogi", "bots": [{"name": "g1", "command": "%s --seed 1"}, {"name": "g2", "command": "%s --seed 2"}], "seeds": [5], "time": {"scale": 20}, "log_compression": "none"}' "$1" "$1" > logs_plain.json
  "$0" tournament logs_plain.json --out logs_plain --concurrency 1 > logs_plain.out 2>&1; echo EXIT$?
  echo "FILES $(ls logs_plain/games | sort | tr '\n' ' ')"
  head -c 11 logs_plain/games/s0001-g1_vs_g2.json; echo
  "$0" replay logs_plain/games/s0001-g1_vs_g2.json --script 2>&1; echo EXIT$?]=] ${ARENA} ${LOGS_GREEDY})
set_tests_properties(cli.logs.plain PROPERTIES PASS_REGULAR_EXPRESSION
  "EXIT0\nFILES s0001-g1_vs_g2.json s0001-g2_vs_g1.json \n{\"version\":\nconsistent: .*EXIT0")

# arena play --log F.json.zst writes zstd data (magic 28 b5 2f fd); replay (bots again and
# --script) and view read it as the plain log; the page is F.html.
add_test(NAME cli.logs.compressed_round_trip COMMAND sh -c [=[
  rm -f logs_rt.json.zst logs_rt.json logs_rt.html
  "$0" play diceshogi --bot "g1=$1 --seed 1" --bot "g2=$1 --seed 2" --seed 5 --time-scale 20 --log logs_rt.json.zst > /dev/null 2>&1; echo EXIT$?
  od -A n -t x1 -N 4 logs_rt.json.zst
  "$0" replay logs_rt.json.zst --time-scale 20 2>&1 | head -1; echo EXIT$?
  "$0" replay logs_rt.json.zst --script 2>&1; echo EXIT$?
  "$0" replay logs_rt.json.zst --script --turn 3 2>&1 | head -1
  "$0" view logs_rt.json.zst 2>&1; echo EXIT$?
  ls logs_rt.html]=] ${ARENA} ${LOGS_GREEDY})
set_tests_properties(cli.logs.compressed_round_trip PROPERTIES PASS_REGULAR_EXPRESSION
  "EXIT0\n 28 b5 2f fd\nidentical: [0-9]+ turns, same inputs and outputs.*\nEXIT0\nconsistent: the diceshogi referee gives every input, verdict and the result of logs_rt.json.zst.*\nEXIT0\nturn 3 .*\nreplay: logs_rt.html \\([0-9]+ turns; open it in a browser\\)\nEXIT0\nlogs_rt.html")

# A damaged .zst (zstd's magic number, then garbage; or a log cut short): exit 2 naming the file,
# in replay and view.
add_test(NAME cli.logs.damaged COMMAND sh -c [=[
  printf '\050\265\057\375garbage' > logs_bad.json.zst
  "$0" replay logs_bad.json.zst --script 2>&1; echo EXIT$?
  "$0" view logs_bad.json.zst 2>&1; echo EXIT$?
  "$0" play diceshogi --bot "$1 --seed 1" --bot "$1 --seed 2" --seed 5 --time-scale 20 --log logs_cut.json.zst > /dev/null 2>&1
  head -c 100 logs_cut.json.zst > logs_cut2.json.zst
  "$0" replay logs_cut2.json.zst 2>&1; echo EXIT$?]=] ${ARENA} ${LOGS_GREEDY})
set_tests_properties(cli.logs.damaged PROPERTIES PASS_REGULAR_EXPRESSION
  "error: cannot read the compressed log 'logs_bad.json.zst': zstd: [^\n]*damaged or cut short[^\n]*\nEXIT2\nerror: cannot read the compressed log 'logs_bad.json.zst'[^\n]*\nEXIT2\nerror: cannot read the compressed log 'logs_cut2.json.zst': [^\n]*\nEXIT2")

# A wrong value: exit 2, the field, the values allowed and the closest one.
add_test(NAME cli.logs.config_error COMMAND sh -c [=[
  printf '{"game": "diceshogi", "bots": [{"name": "g1", "command": "%s"}, {"name": "g2", "command": "%s"}], "logs": "faild"}' "$1" "$1" > logs_error.json
  "$0" tournament logs_error.json --out logs_error 2>&1; echo EXIT$?]=] ${ARENA} ${LOGS_GREEDY})
set_tests_properties(cli.logs.config_error PROPERTIES PASS_REGULAR_EXPRESSION
  "error: logs_error.json: field 'logs': 'faild': did you mean \"failed\"\\? use \"all\", \"failed\" or \"none\" \\(which games keep their log in games/\\)\nEXIT2")
