#!/usr/bin/env bash
# `arena standings DIR` as a user runs it, on a results directory written by hand (no bots run):
#   referee_failures  a game whose external referee failed (issue 18: "referee_failure" in its
#                     line, ranks 0) is counted and named under the table, not rated
#   damaged           a damaged line is refused naming the file, the line and the field (exit 2)
#   shard_text        --shard 01/02 and --shard 5/2000000000 refused with what to give (exit 2)
#   standings.sh CASE ARENA WORK_DIR
set -uo pipefail
case=$1 arena=$2 work=$3/$1
rm -rf "$work" && mkdir -p "$work/run" && cd "$work" || exit 1
cat > run/config.json << 'JSON'
{"game": "diceshogi", "bots": [{"name": "a", "command": "/bin/true a"},
 {"name": "b", "command": "/bin/true b"}], "seeds": [11, 12]}
JSON
line() {  # id players ranks [referee_failure]
  local extra=""
  [[ -n ${4:-} ]] && extra=",\"referee_failure\":\"$4\""
  printf '{"id":"%s","game":"diceshogi","testcase":"","seed":11,"group":"g%s","players":%s,' \
    "$1" "${1%%-*}" "$2"
  printf '"scores":[0,0],"ranks":%s,"outcomes":["ok","ok"],"details":["",""],"reason":"r",' "$3"
  printf '"turns":4,"mean_turn_ms":[1.0,1.0],"max_turn_ms":[1.0,1.0],"log":""%s}\n' "$extra"
}
case $case in
referee_failures)
  {
    line s1-a_vs_b '["a","b"]' '[1,2]'
    line s2-b_vs_a '["b","a"]' '[0,0]' "referee 'python3 ref.py': line 7: '###Output 9 1': player 9 out of range"
    line s1-b_vs_a '["b","a"]' '[2,1]'
    line s2-a_vs_b '["a","b"]' '[0,0]' "referee 'python3 ref.py': exited before ###End"
  } > run/results.jsonl
  "$arena" standings run 2>&1
  echo "EXIT$?"
  ;;
damaged)
  { line s1-a_vs_b '["a","b"]' '[1,2]'; line s1-b_vs_a '["b","a"]' '[0,1]'; } > run/results.jsonl
  "$arena" standings run 2>&1
  echo "EXIT$?"
  ;;
shard_text)
  for shard in 01/02 5/2000000000; do
    "$arena" tournament run/config.json --shard "$shard" --out "s$RANDOM" 2>&1
    echo "EXIT$?"
  done
  ls -d s* 2> /dev/null || echo "nothing written"
  ;;
esac
