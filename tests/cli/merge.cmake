# Issue 17, items 1-2 as a user runs them (tests/cli/shards_merge.sh, one case per test): a run
# played as 3 shards (order 2, 0, 1; 2 games at a time) and merged equals the one-machine run
# (Dice Shogi, Tsuro with 3 players a game, SameGame): same games, results in schedule order,
# same standings.json but the turn times; a shard killed with SIGKILL resumes and merges; --games
# sizes every shard's run the same; a merged run goes on as a whole run (a new bot); logs lost or
# damaged after the games are named by merge (a warning) and view (exit 2, the report written);
# every bad input is refused with exit 2.
foreach(case diceshogi tsuro samegame killed games merged_goes_on lost_logs)
  add_test(NAME cli.shards.${case}
    COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/shards_merge.sh ${case} ${ARENA} ${ARENA_BOTS_DIR}
      ${CMAKE_CURRENT_BINARY_DIR})
  set_tests_properties(cli.shards.${case} PROPERTIES PASS_REGULAR_EXPRESSION "PASSED"
    FAIL_REGULAR_EXPRESSION "FAILED" TIMEOUT 300)
endforeach()

# Every bad input of the issue's list, and a few more: exit 2, the directory and the fault named,
# what to do; the shard directories unchanged.
add_test(NAME cli.shards.bad_input
  COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/shards_merge.sh bad_input ${ARENA} ${ARENA_BOTS_DIR}
    ${CMAKE_CURRENT_BINARY_DIR})
set_tests_properties(cli.shards.bad_input PROPERTIES TIMEOUT 300
  FAIL_REGULAR_EXPRESSION "FAILED|EXIT[013-9]|bug in arena"
  PASS_REGULAR_EXPRESSION [[
^error: --shard '3/3': shards are counted from 0, so 3 shard\(s\) are 0/3 to 2/3
EXIT2
error: --shard '0/0': a run has at least 1 shard \(N >= 1\)
EXIT2
error: --shard '1/x' is not a shard: give I/N[^
]*
EXIT2
== different configs
error: 'o1' and 's0' are shards of different runs \(config hash [0-9a-f]+ and [0-9a-f]+\); play every shard with the same config and --games\. What differs:
  - 'o1' adds seeds 4 to 4
EXIT2
== different arena versions
error: 's1' and 'old' were played by different arena versions \(0\.[0-9.]+ and 0\.0\.1\)[^
]*
EXIT2
== a shard twice
error: shard 1/3 is given twice: 's1' and 's1copy'; give each shard's directory once
EXIT2
== a missing shard
error: shard 1/3 is missing \(2 of 3 shards given\): give every shard's directory; a shard not played yet is played by [^
]*tournament CONFIG --shard 1/3 --out DIR
EXIT2
== missing games
merge: 3 shard\(s\) of one diceshogi run, checking every game
error: shards with games missing \(interrupted, or still running\):
  'lacking' \(shard 2/3\) lacks 1 of its 6 games: play them with [^
]*tournament --resume --out lacking
  then merge again
EXIT2
== damaged manifest
error: 'damaged/manifest.json' is not a manifest \(not JSON: [^
]*\); play the shard again into a new directory
EXIT2
== not a shard
error: 'c.json' is not a directory: give the --out directories of the shards
EXIT2
== resumed as another shard
error: 's1' is shard 1/3, not 2/3: a shard directory goes on with its own shard: [^
]*tournament --resume --out s1, or play shard 2/3 into another directory
EXIT2
== resumed with another config
resume: adds seeds 4 to 4
error: 's1' is shard 1/3 of another config \(config hash [0-9a-f]+ in its manifest, [0-9a-f]+ now\): [^
]*tournament --resume --out s1
EXIT2
== resumed by another arena version
error: 'old' is shard 0/3 of a run played by arena 0\.0\.1, this is arena [^
]*
EXIT2
== merge into results
error: 'm/results.jsonl' already holds results: remove it to merge again, or choose another directory with --out
EXIT2
== merge into a shard
error: --out 's0' is one of the shards: merge into another directory \(the shards are only read\)
EXIT2
UNCHANGED
END]])

# A game of another shard copied into a shard's directory: `arena standings` refuses it as merge
# does (it was counted twice: 25 games of a 24-game run), and so does --resume of that directory
# (it went on silently), changing nothing.
add_test(NAME cli.shards.standings_foreign
  COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/shards_merge.sh standings_foreign ${ARENA}
    ${ARENA_BOTS_DIR} ${CMAKE_CURRENT_BINARY_DIR})
set_tests_properties(cli.shards.standings_foreign PROPERTIES TIMEOUT 300
  FAIL_REGULAR_EXPRESSION "FAILED|bug in arena"
  PASS_REGULAR_EXPRESSION "error: 's1for/results.jsonl': game '[^']+' is not a game of shard 1/3 of the run: remove that line[^\n]*\nEXIT2\nGOOD0\nerror: 's1for/results.jsonl': game '[^']+' is not a game of shard 1/3 of the run: remove that line [^\n]*then run again with --resume\nRESUMED2\nKEPT")
