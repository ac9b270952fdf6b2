# Live standings (issue 16, item 4) as a user sees them: while a tournament of a slow bot runs
# (looked at once its first snapshot is there, however long a busy machine takes to get there),
# standings.md starts with "running: N of M games", standings.json has "running" and report.html
# shows the banner and reloads itself; once it is over, none of that. And (item 8) a bot whose
# program does not exist stops the tournament before any game: exit 2, naming the bot and its
# command, no results.jsonl.
set(TESTBOT ${ARENA_BOTS_DIR}/test/testbot)
add_test(NAME cli.live_standings COMMAND sh -c [[
  rm -rf cli_live && mkdir -p cli_live
  printf '{"game": "samegame", "bots": [{"name": "slow", "command": "%s sleep 800 --lines 15"}], "boards": [1, 2, 3, 4, 5, 6, 7, 8]}' "$1" > cli_live/c.json
  "$0" tournament cli_live/c.json --out cli_live/out --concurrency 1 > cli_live/log.txt 2>&1 & arena=$!
  i=0
  until head -1 cli_live/out/standings.md 2>/dev/null | grep -q 'running: [1-7] of 8' &&
      grep -q 'class="running">running: [1-7] of 8' cli_live/out/report.html 2>/dev/null; do
    [ $i -ge 600 ] && break
    sleep 0.1; i=$((i + 1))
  done
  echo "DURING:"; head -1 cli_live/out/standings.md
  grep -o '"running": {' cli_live/out/standings.json
  grep -o 'id="running" class="running">running: [0-9]* of 8 games' cli_live/out/report.html
  grep -o '"running":{"done":[0-9]*' cli_live/out/report.html
  wait $arena; echo "EXIT$?"
  echo "AFTER:"; head -1 cli_live/out/standings.md
  grep -c 'running' cli_live/out/standings.md cli_live/out/standings.json
  grep -c '"running":{\|class="running">running' cli_live/out/report.html
  echo END]] ${ARENA} ${TESTBOT})
set_tests_properties(cli.live_standings PROPERTIES
  PASS_REGULAR_EXPRESSION "DURING:\n\\*\\*running: [1-7] of 8 games[^\n]*\n\"running\": {\nid=\"running\" class=\"running\">running: [1-7] of 8 games\n\"running\":{\"done\":[1-7]\nEXIT0\nAFTER:\n# SameGame standings\ncli_live/out/standings.md:0\ncli_live/out/standings.json:0\n0\nEND"
  TIMEOUT 120)

add_test(NAME cli.tournament_missing_program COMMAND sh -c [[
  rm -rf cli_missing && mkdir -p cli_missing
  printf '{"game": "diceshogi", "bots": [{"name": "mine", "command": "./no-such-bot --fast"}, {"name": "other", "command": "%s reply random"}]}' "$1" > cli_missing/c.json
  "$0" tournament cli_missing/c.json --out cli_missing/out 2>&1; echo "EXIT$?"
  test -e cli_missing/out/results.jsonl && echo "RESULTS WRITTEN"; echo END]] ${ARENA} ${TESTBOT})
set_tests_properties(cli.tournament_missing_program PROPERTIES
  PASS_REGULAR_EXPRESSION "^error: bot 'mine': [^\n]*'./no-such-bot[^\n]*file not found[^\n]*No game was played\\.\nEXIT2\nEND"
  FAIL_REGULAR_EXPRESSION "RESULTS WRITTEN|warning")
