#!/usr/bin/env bash
# examples/gnu-parallel for real: a 4-shard Dice Shogi tournament, 2 shards at a time on local job
# slots, shard 2 made to fail: run.sh exits 1, the joblog names shard 2, nothing is merged. The same
# command again resumes (--resume-failed): shard 2 alone runs again, then the merge. Then the same
# tournament over --sshlogin on two hosts (an ssh stand-in that runs the command here). The merged
# results and standings must equal a one-machine run of the same config.
#
#   test_parallel_tournament.sh ARENA BOTS_DIR
#
# Exit 77 (ctest SKIP_RETURN_CODE) with "SKIPPED: ..." when GNU parallel (or jq) is not installed.
set -euo pipefail

(($# == 2)) || { echo "usage: $0 ARENA BOTS_DIR" >&2; exit 2; }
arena=$1 bots=$2
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
# shellcheck source=tests/cluster/tournament_fixture.sh
source "$here/tournament_fixture.sh"

if ! command -v parallel > /dev/null 2>&1 || ! parallel --version 2> /dev/null | grep -q 'GNU parallel'; then
  echo "SKIPPED: GNU parallel not installed (apt-get install parallel)"
  exit 77
fi
command -v jq > /dev/null || { echo "SKIPPED: jq not installed (apt-get install jq)"; exit 77; }

work=$(mktemp -d "${TMPDIR:-/tmp}/arena-parallel-tournament.XXXXXX")
finish() {
  local status=$?
  if ((status == 0)); then
    rm -rf "$work"
  else
    echo "test_parallel_tournament: failed; files kept in $work" >&2
  fi
  exit "$status"
}
trap finish EXIT
fail() {
  echo "test_parallel_tournament: FAIL: $*" >&2
  exit 1
}

started_ns=$(date +%s%N)
cd "$work"
write_config tournament.json "$bots"
write_flaky_arena "$work/flaky-arena" "$arena"
"$arena" tournament tournament.json --out single --concurrency 2 > single.txt 2>&1 ||
  fail "one-machine run: $(tail -5 single.txt)"

# 1. Shard 2 fails: run.sh exits 1 saying so, the joblog has its exit code, nothing is merged.
touch "$work/flaky-arena.fail-2"
status=0
ARENA=$work/flaky-arena "$repo/examples/gnu-parallel/run.sh" tournament.json 4 run --jobs 2 \
  > run-1.txt 2>&1 || status=$?
((status == 1)) || fail "run.sh with a failing shard: exit $status, expected 1: $(tail -5 run-1.txt)"
grep -q '1 shard(s) failed' run-1.txt || fail "run.sh did not say a shard failed: $(tail -5 run-1.txt)"
grep -q 'shard 2 made to fail' run-1.txt || fail "the failing shard's error is not shown"
[[ ! -e run/merged ]] || fail "merged although shard 2 failed"
# joblog: Seq Host Starttime JobRuntime Send Receive Exitval Signal Command
failed=$(awk -F'\t' 'NR > 1 && $7 != 0 {print $7 ": " $9}' run/joblog.tsv)
[[ $failed == "3: "*"--shard 2/4 "* ]] || fail "joblog's failed jobs: '$failed'"
for shard in 0 1 3; do
  [[ -s run/shard-$shard/results.jsonl ]] || fail "shard $shard did not play"
done

# 2. The same command again: --resume-failed runs shard 2 only, then the merge.
rm "$work/flaky-arena.fail-2"
ARENA=$work/flaky-arena "$repo/examples/gnu-parallel/run.sh" tournament.json 4 run --jobs 2 \
  > run-2.txt 2>&1 || fail "resumed run: $(tail -5 run-2.txt)"
grep -q -- '--resume-failed' run-2.txt || fail "the second run did not say it resumes"
runs=$(for shard in 0 1 2 3; do runs_of "$work/flaky-arena" "$shard"; done | tr '\n' ' ')
[[ $runs == "1 1 2 1 " ]] || fail "runs per shard: $runs; --resume-failed should re-run shard 2 only"
[[ $(($(wc -l < run/joblog.tsv) - 1)) == 5 ]] || fail "joblog should have 5 entries"

"$here/compare_runs.sh" single run/merged || fail "the merged run differs from the one-machine run"

# 3. The --sshlogin form: two "machines", nodeA and nodeB, one shard at a time each. Their ssh is a
# stand-in (--ssh) that runs the remote command here, as a password-less ssh to a machine sharing
# this file system would; it notes each host it was asked for.
cat > fake-ssh << 'EOF2'
#!/bin/bash
# ssh [OPTION...] HOST [--] COMMAND...: the command runs here, through a shell, as sshd would run it.
while [[ $1 == -* ]]; do
  case $1 in -l | -p | -o | -i | -S | -F) shift 2 ;; *) shift ;; esac
done
echo "$1" >> "${0%/*}/ssh-hosts.txt"
shift
# sshd gives the remote command the user's login shell as $SHELL, and parallel's remote worker runs
# the job through it: without it (CI runs the tests with SHELL unset) every job does nothing.
SHELL=$(getent passwd "$(id -un)" | cut -d: -f7)
export SHELL=${SHELL:-/bin/sh}
[[ ${1:-} == -- ]] && shift
exec bash -c "$*"
EOF2
chmod +x fake-ssh
# A machine whose jobs cannot start (no $SHELL for parallel's remote worker): parallel reports
# success, the script must not.
sed '/^SHELL=/d; s/^export SHELL=.*/unset SHELL/' fake-ssh > broken-ssh
chmod +x broken-ssh
if ARENA=$arena "$repo/examples/gnu-parallel/run.sh" tournament.json 2 broken-run \
  --sshlogin 1/nodeA --ssh "$work/broken-ssh" > broken-run.txt 2>&1; then
  fail "a run whose jobs never started succeeded"
fi
grep -q "reported success but left no .*shard-0/manifest.json" broken-run.txt ||
  fail "a run whose jobs never started: $(tail -3 broken-run.txt)"
ARENA=$arena "$repo/examples/gnu-parallel/run.sh" tournament.json 4 ssh-run \
  --sshlogin 1/nodeA,1/nodeB --ssh "$work/fake-ssh" > ssh-run.txt 2>&1 ||
  fail "the --sshlogin run: $(tail -5 ssh-run.txt)"
hosts=$(awk -F'\t' 'NR > 1 {print $2}' ssh-run/joblog.tsv | sort | uniq -c | awk '{print $2 ":" $1}' | tr '\n' ' ')
[[ $hosts == "nodeA:2 nodeB:2 " ]] || fail "--sshlogin: shards per host in the joblog: $hosts"
"$here/compare_runs.sh" single ssh-run/merged || fail "the --sshlogin run differs from one machine"
elapsed_ms=$((($(date +%s%N) - started_ns) / 1000000))
echo "test_parallel_tournament: PASS (4 shards on 2 local job slots, a failed shard resumed alone;" \
  "4 shards over --sshlogin on 2 hosts; both merged equal to one machine; ${elapsed_ms} ms)"
