# `arena tune` as a user runs it: refusals (exit 2, the field named, nothing written), kill -9 then
# --resume giving the run that was never stopped, and a bot that crashes with some values.
set(ARENA $<TARGET_FILE:arena>)
set(TUNABLE ${ARENA_BOTS_DIR}/diceshogi/tunable)

add_test(NAME tune.cli_refusals COMMAND sh -c [[
  rm -rf tr && mkdir tr && cd tr
  p='{"name": "skill", "type": "float", "start": 0.05, "min": 0, "max": 1, "c_end": 0.1, "r_end": 0.3}'
  for case in '"bot": "X --skill {skil}", "params": [P]' \
              '"bot": "X --seed 1", "params": [P]' \
              '"bot": "X --skill {skill}", "params": [P], "pair_per": 2' \
              '"bot": "X --skill {skill}", "params_text": "skill, float, 0.5, 1, 0, 0.1, 0.002"' \
              '"bot": "./nothere --skill {skill}", "params": [P]'; do
    printf '{"game": "diceshogi", "iterations": 3, %s}' "$case" | sed "s|X|$1|; s|P|$p|" > bad.json
    "$0" tune bad.json --out out 2>&1; echo "EXIT$?"; [ -e out ] && echo "DIRECTORY WRITTEN"
  done
  "$0" tune --resume 2>&1; echo "EXIT$?"
  "$0" tune --resume --out nowhere 2>&1; echo "EXIT$?"]] ${ARENA} ${TUNABLE})
set_tests_properties(tune.cli_refusals PROPERTIES
  PASS_REGULAR_EXPRESSION "field 'bot': placeholder \\{skil\\} names no parameter[^\n]*\nEXIT2\n[^\n]*field 'params': parameter 'skill' has no placeholder \\{skill\\}[^\n]*\nEXIT2\n[^\n]*field 'pair_per': unknown field: did you mean 'pairs_per'\\?[^\n]*\nEXIT2\n[^\n]*field 'params_text': line 1 [^\n]*min must be below max\nEXIT2\n[^\n]*field 'bot': [^\n]*nothere[^\n]*file not found[^\n]*\nEXIT2\n[^\n]*--resume needs --out DIR[^\n]*\nEXIT2\n[^\n]*nowhere/tune-config.json' not found[^\n]*\nEXIT2\n$"
  FAIL_REGULAR_EXPRESSION "DIRECTORY WRITTEN")

# The same tune twice: once whole, once killed with kill -9 in mid-run and resumed (twice). The
# journal and the result are byte for byte the same; no game is recorded twice.
add_test(NAME tune.cli_kill_and_resume COMMAND sh -c [[
  rm -rf tk && mkdir tk && cd tk
  printf '{"game": "diceshogi", "bot": "%s --skill {skill} --seed 7", "iterations": 40, "pairs_per": 2,
    "params": [{"name": "skill", "type": "float", "start": 0.05, "min": 0, "max": 1, "c_end": 0.1, "r_end": 0.3}],
    "seeds": {"master": 5}, "time": {"scale": 20}}' "$1" > toy.json
  "$0" tune toy.json --out whole --concurrency 2 > whole.txt 2>&1 || { echo "WHOLE FAILED"; cat whole.txt; }
  kill_at() {  # starts or resumes the run, kills it with SIGKILL once tune.jsonl has $1 lines
    "$0" tune $2 --out cut --concurrency 2 > /dev/null 2>&1 & pid=$!
    tries=0
    while [ "$(cat cut/tune.jsonl 2>/dev/null | wc -l)" -lt "$1" ] && [ $tries -lt 6000 ]; do
      sleep 0.02; tries=$((tries + 1)); done
    sleep 0.07; kill -9 $pid; wait $pid 2>/dev/null
    echo "killed at $(cat cut/tune.jsonl | wc -l) line(s)"
  }
  kill_at 8 toy.json
  kill_at 20 --resume
  "$0" tune --resume --out cut --concurrency 2 > resumed.txt 2>&1; echo "EXIT$?"
  grep "^resume: " resumed.txt
  cmp whole/tune.jsonl cut/tune.jsonl && echo "JOURNAL SAME"
  cmp whole/result.json cut/result.json && echo "RESULT SAME"
  echo "games: $(sed 's/,.*//' cut/results.jsonl | sort -u | wc -l) distinct of $(wc -l < cut/results.jsonl)"]]
  ${ARENA} ${TUNABLE})
set_tests_properties(tune.cli_kill_and_resume PROPERTIES
  PASS_REGULAR_EXPRESSION "killed at [0-9]+ line.s.\nkilled at [0-9]+ line.s.\nEXIT0\nresume: [0-9]+ whole iteration.s. in tune.jsonl[^\n]*\nJOURNAL SAME\nRESULT SAME\ngames: 160 distinct of 160\n"
  FAIL_REGULAR_EXPRESSION "WHOLE FAILED"
  TIMEOUT 300)

# A bot that crashes with some values: its games are lost as on CodinGame, the tune goes on, and
# the journal and the report say which values crashed.
add_test(NAME tune.cli_crashing_values COMMAND sh -c [[
  rm -rf tc && mkdir tc && cd tc
  printf '#!/bin/sh\ncase "$2" in 0.[6-9]*|1*) exit 3;; esac\nexec %s "$@"\n' "$1" > bot.sh && chmod +x bot.sh
  printf '{"game": "diceshogi", "bot": "./bot.sh --skill {skill} --seed 7", "iterations": 12, "pairs_per": 2,
    "params": [{"name": "skill", "type": "float", "start": 0.3, "min": 0, "max": 1, "c_end": 0.1, "r_end": 0.3}],
    "time": {"scale": 20}}' "$1" > c.json
  "$0" tune c.json --out run --concurrency 2 > out.txt 2>&1; echo "EXIT$?"
  grep -c '"crashes":{"plus":[1-9]\|"crashes":{"plus":0,"minus":[1-9]' run/tune.jsonl | sed 's/^/iterations with crashes: /'
  grep -o "<td>theta[+-]</td><td>[0-9]* ([0-9]* crash)</td><td>skill=0.[6-9][0-9]*</td>" run/report.html | head -1
  grep -o '"iterations": 12' run/result.json]] ${ARENA} ${TUNABLE})
set_tests_properties(tune.cli_crashing_values PROPERTIES
  PASS_REGULAR_EXPRESSION "EXIT0\niterations with crashes: [1-9][0-9]*\n<td>theta[+-]</td><td>[0-9]+ \\([1-9][0-9]* crash\\)</td><td>skill=0\\.[6-9][0-9]*</td>\n\"iterations\": 12"
  TIMEOUT 300)
