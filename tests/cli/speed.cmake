# Issue 17, "a full tournament with an instant bot at most 1.25x a bare driver": what the run's
# fixed work became, as a user sees it; and the plan line's words (an outside tester's findings).
set(SPEED_TESTBOT ${ARENA_BOTS_DIR}/test/testbot)

# The plan line says what the schedule plays: both seat orders of a pair, all 6 orders of a table
# of 3 ("seat_orders": "all"), or its 3 rotations ("rotations": each bot in each seat once, 3
# games a seed, not 6).
add_test(NAME cli.speed.plan_seat_orders COMMAND sh -c [=[
  rm -rf speed_plan* && mkdir speed_plan
  printf '{"game": "diceshogi", "bots": [{"name": "a", "command": "%s reply xyz"}, {"name": "b", "command": "%s reply xyz"}], "seeds": [5]}' "$1" "$1" > speed_plan/pair.json
  "$0" tournament speed_plan/pair.json --out speed_plan/pair --concurrency 1 2>&1 | head -1
  for orders in all rotations; do
    printf '{"game": "tsuro", "bots": [{"name": "a", "command": "%s reply xyz"}, {"name": "b", "command": "%s reply xyz"}, {"name": "c", "command": "%s reply xyz"}], "players_per_game": 3, "seat_orders": "%s", "seeds": [5]}' "$1" "$1" "$1" "$orders" > speed_plan/$orders.json
    "$0" tournament speed_plan/$orders.json --out speed_plan/$orders --concurrency 1 2>&1 | head -1
    echo "GAMES $(wc -l < speed_plan/$orders/results.jsonl)"
  done]=] ${ARENA} ${SPEED_TESTBOT})
set_tests_properties(cli.speed.plan_seat_orders PROPERTIES PASS_REGULAR_EXPRESSION
  "^diceshogi tournament: 2 bots, 2 per game, 1 seed\\(s\\), each pair in both seat orders = 2 games, 1 at a time[^\n]*\ntsuro tournament: 3 bots, 3 per game, 1 seed\\(s\\), each table of 3 in all 6 seat orders = 6 games[^\n]*\nGAMES 6\ntsuro tournament: 3 bots, 3 per game, 1 seed\\(s\\), each table of 3 in its 3 rotations \\(each bot in each seat once\\) = 3 games[^\n]*\nGAMES 3\n$"
  FAIL_REGULAR_EXPRESSION "every seat order")

# More shards than seat-swapped groups: a shard left without games says so and how many shards to
# use (not "= 0 games"), exits 0 with its manifest, and the merge of all the shards works.
add_test(NAME cli.speed.empty_shard COMMAND sh -c [=[
  rm -rf speed_shard* && mkdir speed_shard
  printf '{"game": "diceshogi", "bots": [{"name": "a", "command": "%s reply xyz"}, {"name": "b", "command": "%s reply xyz"}], "seeds": [5]}' "$1" "$1" > speed_shard/c.json
  "$0" tournament speed_shard/c.json --shard 1/2 --out speed_shard/s1 --concurrency 1 2>&1; echo EXIT$?
  "$0" tournament speed_shard/c.json --shard 0/2 --out speed_shard/s0 --concurrency 1 > /dev/null 2>&1; echo EXIT$?
  "$0" merge speed_shard/s0 speed_shard/s1 --out speed_shard/merged > /dev/null 2>&1; echo MERGE$?
  echo "GAMES $(wc -l < speed_shard/merged/results.jsonl)"]=] ${ARENA} ${SPEED_TESTBOT})
set_tests_properties(cli.speed.empty_shard PROPERTIES PASS_REGULAR_EXPRESSION
  "^shard 1/2: this shard has no games: 2 shards for 1 group; use at most 1 shard [^\n]*\n.*EXIT0\nEXIT0\nMERGE0\nGAMES 2\n$"
  FAIL_REGULAR_EXPRESSION "= 0 games")

# A run over within half a second writes no live standings (the final files would replace them at
# once): the debug log says "none yet" where, before, the first game's snapshot was written in
# every run. The final files are written.
add_test(NAME cli.speed.short_run_no_live_files COMMAND sh -c [=[
  rm -rf speed_short*
  printf '{"game": "samegame", "bots": [{"name": "instant", "command": "%s reply xyz"}], "boards": [1, 2, 3, 4, 5, 6]}' "$1" > speed_short.json
  "$0" --log-level debug tournament speed_short.json --out speed_short --concurrency 1 > /dev/null 2> speed_short.err; echo EXIT$?
  echo "LIVE $(grep -c 'live standings: none yet (the run is under 500 ms old)' speed_short.err)"
  head -1 speed_short/standings.md]=] ${ARENA} ${SPEED_TESTBOT})
set_tests_properties(cli.speed.short_run_no_live_files PROPERTIES PASS_REGULAR_EXPRESSION
  "^EXIT0\nLIVE [1-9]\n# SameGame standings\n$")

# The report's replay pages share one copy of the viewer (replays/viewer/replay.js and .css)
# instead of embedding it in each page: a page is the log and a few KB, it loads the shared
# files, and `arena view LOG` still writes a self-contained page.
add_test(NAME cli.speed.replays_share_the_viewer COMMAND sh -c [=[
  rm -rf speed_replays*
  printf '{"game": "samegame", "bots": [{"name": "instant", "command": "%s reply xyz"}], "boards": [1, 2, 3]}' "$1" > speed_replays.json
  "$0" tournament speed_replays.json --out speed_replays --concurrency 1 > /dev/null 2>&1; echo EXIT$?
  page=speed_replays/replays/test01-instant.html
  echo "PAGES $(ls speed_replays/replays/*.html | wc -l)"
  [ $(wc -c < $page) -lt 20000 ] && echo SMALL
  grep -o '<script src="viewer/replay.js"></script>' $page
  grep -o '<link rel="stylesheet" href="viewer/replay.css">' $page
  grep -c 'id="match-log"' $page
  grep -c 'function' speed_replays/replays/viewer/replay.js | sed 's/^[1-9][0-9]*$/SCRIPT/'
  [ -s speed_replays/replays/viewer/replay.css ] && echo STYLES
  "$0" view speed_replays/games/test01-instant.json.zst -o speed_replays_alone.html > /dev/null 2>&1; echo EXIT$?
  grep -c 'viewer/replay.js' speed_replays_alone.html]=] ${ARENA} ${SPEED_TESTBOT})
set_tests_properties(cli.speed.replays_share_the_viewer PROPERTIES PASS_REGULAR_EXPRESSION
  "^EXIT0\nPAGES 3\nSMALL\n<script src=\"viewer/replay.js\"></script>\n<link rel=\"stylesheet\" href=\"viewer/replay.css\">\n1\nSCRIPT\nSTYLES\nEXIT0\n0\n$")
