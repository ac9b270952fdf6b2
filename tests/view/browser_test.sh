#!/usr/bin/env bash
# The replay viewer and the tournament report in a real browser (headless Chromium).
#
# Each page is opened with ?selftest=1: the replay's self-test steps through every turn with the
# buttons, the arrow keys, the slider and play/pause, requires the drawing to change at every
# step, replays the game's rules in the page against the next turn's input (and the referee's
# state text), and fails on any script error; the report's self-test requires every chart to be
# drawn and a link per failed game's replay. The verdict is read from the dumped DOM. A tampered
# log must FAIL, so the check can fail. Screenshots are saved in the output directory: look at
# them when the viewer changes.
#
# usage: browser_test.sh ARENA DATA_DIR OUT_DIR [BOTS_DIR]
# Exit 0 all passed, 1 a page failed, 77 no Chromium (ctest reports the test as skipped).
# CHROMIUM=/path/to/chrome picks the browser.
set -uo pipefail

arena=$1 data=$2 out=$3 bots=${4:-}

browser=${CHROMIUM:-}
if [ -z "$browser" ]; then
  for candidate in chromium chromium-browser google-chrome; do
    if command -v "$candidate" >/dev/null; then browser=$candidate; break; fi
  done
fi
if [ -z "$browser" ]; then
  echo "SKIP: no Chromium found (Debian: apt-get install chromium; or set CHROMIUM=/path/to/chrome)."
  echo "The viewer's browser test did not run."
  exit 77
fi

rm -rf "$out"
mkdir -p "$out"
passed=0
failed=0

# One headless browser run with a fresh profile; no network, no first-run or sync services.
browse() {
  local profile
  profile=$(mktemp -d "$out/profile.XXXXXX")
  timeout 60 "$browser" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync --hide-scrollbars \
    --user-data-dir="$profile" "$@" 2>>"$out/chromium.log"
  rm -rf "$profile"
}

# selftest PAGE EXPECTED [TEXT] [#HASH]: the page's verdict must be "SELFTEST EXPECTED" (and
# contain TEXT); #HASH is put after the address (#turn=3 opens a replay at turn 3).
selftest() {
  local page=$1 expected=$2 text=${3:-} hash=${4:-} result
  # Virtual time lets the play/pause check run without waiting in real time.
  result=$(browse --virtual-time-budget=20000 --dump-dom "file://$page?selftest=1$hash" |
           sed -n '/<pre id="selftest-result"/,/<\/pre>/p' | sed -e 's/<[^>]*>//g')
  if [[ "$result" == *"SELFTEST $expected"* && "$result" == *"$text"* ]]; then
    echo "ok    $(basename "$page")$hash: $(head -n 1 <<<"$result")"
    passed=$((passed + 1))
  else
    echo "FAIL  $(basename "$page")$hash: expected SELFTEST $expected${text:+ with '$text'}, got:"
    echo "${result:-(no self-test result in the page: see $out/chromium.log)}" | sed 's/^/      /'
    failed=$((failed + 1))
  fi
}

# screenshot PAGE?PARAMS PNG [WIDTH,HEIGHT]
screenshot() {
  browse --window-size="${3:-1400,900}" --virtual-time-budget=3000 --screenshot="$2" "file://$1" >/dev/null
  if [ -s "$2" ]; then echo "      screenshot $2"; else echo "FAIL  no screenshot $2"; failed=$((failed + 1)); fi
}

view() {  # arena view ARGS..., failing the test when it fails
  if ! "$arena" view "$@" >>"$out/arena.log" 2>&1; then
    echo "FAIL  arena view $*: $(tail -n 1 "$out/arena.log")"
    failed=$((failed + 1))
    return 1
  fi
}

echo "browser: $("$browser" --version 2>/dev/null | head -n 1)"

# Replays of each game, with a screenshot in the middle and at the end.
for log in samegame samegame-error diceshogi diceshogi-hostile tsuro; do
  page="$out/$log.html"
  view "$data/$log.json" -o "$page" || continue
  selftest "$page" PASS "opened=turn 1"
  turns=$(grep -o '"turn": *[0-9]*' "$data/$log.json" | tail -n 1 | grep -o '[0-9]*$')
  # An address ending in #turn=N opens turn N (the report's failure links, or typed by hand).
  selftest "$page" PASS "opened=turn $(( (turns + 1) / 2 ))" "#turn=$(( (turns + 1) / 2 ))"
  screenshot "$page?turn=$(( (turns + 1) / 2 ))" "$out/$log-turn$(( (turns + 1) / 2 )).png"
  screenshot "$page?turn=end" "$out/$log-end.png"
done

# A log whose turn 5 input was changed: the page must see that turn 4's move does not lead there.
if view "$data/samegame-tampered.json" -o "$out/samegame-tampered.html"; then
  selftest "$out/samegame-tampered.html" FAIL "turn 4: the board after"
fi

# A tournament's report and the replays of its failed games.
cp -r "$data/tournament-diceshogi" "$out/tournament"
if view "$out/tournament"; then
  selftest "$out/tournament/report.html" PASS "failure_links=20 turn_links=20"
  screenshot "$out/tournament/report.html" "$out/report.png" 1300,3400
  for replay in "$out"/tournament/replays/s0001-crasher_vs_greedy.html \
                "$out"/tournament/replays/s0002-greedy_vs_invalid.html; do
    selftest "$replay" PASS
  done
  # Each failure's link opens its replay at the failing turn: follow two of the report's links.
  links=$(browse --virtual-time-budget=3000 --dump-dom "file://$out/tournament/report.html" |
          grep -o 'href="replays/[^"]*#turn=[0-9]*"' | sed 's/^href="//; s/"$//' | sort -u)
  for game in s0001-crasher_vs_greedy s0002-greedy_vs_invalid; do
    link=$(grep -m 1 "^replays/$game.html#turn=" <<<"$links")
    if [ -z "$link" ]; then
      echo "FAIL  report.html has no link to $game's failing turn (replays/$game.html#turn=N)"
      failed=$((failed + 1))
      continue
    fi
    selftest "$out/tournament/${link%%#*}" PASS "opened=turn ${link##*#turn=}" "#${link#*#}"
  done
fi

# A tournament run by the arena writes its report.html at the end.
random_bot="$bots/diceshogi/random"
if [ -n "$bots" ] && [ -x "$random_bot" ]; then
  cat >"$out/live.json" <<EOF
{"game": "diceshogi",
 "bots": [{"name": "a", "command": "$random_bot --seed 1"}, {"name": "b", "command": "$random_bot --seed 2"}],
 "seeds": [1, 2]}
EOF
  if "$arena" tournament "$out/live.json" --out "$out/live" --concurrency 2 >>"$out/arena.log" 2>&1 &&
     [ -s "$out/live/report.html" ]; then
    selftest "$out/live/report.html" PASS
  else
    echo "FAIL  arena tournament wrote no report.html: $(tail -n 2 "$out/arena.log")"
    failed=$((failed + 1))
  fi
else
  echo "note  no $random_bot: the live tournament's report was not checked"
fi

echo "$passed passed, $failed failed"
echo "screenshots: $out/*.png"
[ "$failed" -eq 0 ]
