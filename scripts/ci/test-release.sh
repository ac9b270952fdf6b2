#!/usr/bin/env bash
# The release archive in an empty root: its files, /proc, /dev and a /tmp, nothing else (no
# libraries, no shell, no /etc, no bwrap; bubblewrap runs it here). Checks that every program is
# static, then runs arena --version, play, match of two sample bots, tournament, its report and a
# replay page with view (the pages may need no file from outside), and --sandbox saying it needs
# bubblewrap. Needs bwrap on the host.
#   scripts/ci/test-release.sh [dist/arena-<version>-linux-x86_64.tar.gz]
set -euo pipefail
cd "$(dirname "$0")/../.."
archive="${1:-$(ls -t dist/arena-*-linux-x86_64.tar.gz 2>/dev/null | head -1)}"
[ -f "$archive" ] || { echo "test-release: no archive (run scripts/release.sh first)" >&2; exit 2; }
command -v bwrap >/dev/null || { echo "test-release: needs bwrap (apt-get install bubblewrap)" >&2; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/arena-release-test.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() {
  echo "test-release: FAIL: $*" >&2
  exit 1
}
tar -C "$work" -xzf "$archive"
top=$(ls "$work")
unpacked="$work/$top"
echo "test-release: $archive ($(du -k "$archive" | cut -f1) KiB), $(find "$unpacked" -type f | wc -l) files"

for program in "$unpacked"/bin/* "$unpacked"/bots/*/*; do
  [ -x "$program" ] && [ -f "$program" ] || continue
  out=$(ldd "$program" 2>&1 || true)
  [[ $out == *"not a dynamic executable"* ]] || fail "${program#"$unpacked"/} is not static: $out"
done
echo "test-release: every program is static (ldd: not a dynamic executable)"

# The empty root: the unpacked directory is /arena, and the current directory. As an ordinary
# user (uid 1000 in a user namespace), as on a shared machine without root.
in_empty_root() {
  bwrap --unshare-user --uid 1000 --gid 1000 \
    --bind "$unpacked" /arena --proc /proc --dev /dev --tmpfs /tmp --chdir /arena \
    --setenv PATH /arena/bin --unsetenv LD_LIBRARY_PATH --new-session -- "$@"
}
run() {
  local name="$1"
  shift
  if ! in_empty_root "$@" >"$work/$name.out" 2>&1; then
    cat "$work/$name.out" >&2
    fail "$name: $* failed"
  fi
  echo "test-release: $name: $(head -c 300 "$work/$name.out" | tr '\n' ' ')"
}

mkdir "$unpacked/out"
run version /arena/bin/arena --version
grep -qE '^arena [0-9]+\.[0-9]+\.[0-9]+' "$work/version.out" || fail "arena --version"
run play arena play samegame --bot bots/samegame/greedy --testcase 3 --log out/game.json
[ -s "$unpacked/out/game.json" ] || fail "play wrote no log"
run match arena match diceshogi --bot greedy=bots/diceshogi/greedy \
  --bot random=bots/diceshogi/random -n 4 --out out/match
cat >"$unpacked/out/tsuro.json" <<'JSON'
{
  "game": "tsuro",
  "bots": [
    {"name": "survivor", "command": "bots/tsuro/survivor --seed 1"},
    {"name": "random", "command": "bots/tsuro/random --seed 1"}
  ],
  "seeds": {"count": 2, "master": 1}
}
JSON
run tournament arena tournament out/tsuro.json --out out/tournament --concurrency 2
grep -q survivor "$work/tournament.out" || fail "no standings"
run report arena view out/tournament
run replay arena view out/game.json -o out/replay.html
# Self-contained pages: no script, style sheet or image loaded from a file or the network.
for page in tournament/report replay; do
  html="$unpacked/out/$page.html"
  [ -s "$html" ] || fail "no $page page"
  if grep -oE '<(script|link|img)[^>]*(src|href)="[^"#]' "$html" | grep -v '="data:' | grep -q .; then
    fail "$page.html loads a file: $(grep -oE '<(script|link|img)[^>]*(src|href)="[^"]*"' "$html" | head -3)"
  fi
done
echo "test-release: report.html $(du -k "$unpacked/out/tournament/report.html" | cut -f1) KiB and" \
  "replay.html $(du -k "$unpacked/out/replay.html" | cut -f1) KiB, self-contained"

# No bubblewrap in the empty root: --sandbox must say so, and fail.
status=0
in_empty_root arena play samegame --bot bots/samegame/greedy --sandbox >"$work/sandbox.out" 2>&1 ||
  status=$?
[ "$status" -ne 0 ] || fail "--sandbox without bubblewrap succeeded"
grep -q bubblewrap "$work/sandbox.out" || fail "--sandbox without bubblewrap: $(cat "$work/sandbox.out")"
echo "test-release: --sandbox (exit $status): $(head -c 200 "$work/sandbox.out")"
echo "test-release: PASS"
