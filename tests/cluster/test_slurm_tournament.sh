#!/usr/bin/env bash
# examples/slurm for real: a private single-node Slurm cluster (slurm_cluster.sh) runs a 4-shard
# Dice Shogi tournament as `sbatch --array=0-3` (--chdir and -o set by examples/slurm/submit.sh) and
# the merge as a job depending on it (afterok). First with shard 2 made to fail: submit.sh --wait
# fails, the merge job never runs; then the same command again: the merge succeeds, shards 0, 1 and
# 3 keep their games (they resume, playing nothing). The merged results and standings must equal a
# one-machine run of the same config; every daemon started must be gone at the end.
#
#   test_slurm_tournament.sh ARENA BOTS_DIR
#
# Exit 77 (ctest SKIP_RETURN_CODE) with "SKIPPED: ..." when Slurm/munge (or root, or jq) are absent.
set -euo pipefail

(($# == 2)) || { echo "usage: $0 ARENA BOTS_DIR" >&2; exit 2; }
arena=$1 bots=$2
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
cluster=$here/slurm_cluster.sh
# shellcheck source=tests/cluster/tournament_fixture.sh
source "$here/tournament_fixture.sh"

"$cluster" check || exit $?
command -v jq > /dev/null || { echo "SKIPPED: jq not installed (apt-get install jq)"; exit 77; }

work=$(mktemp -d "${TMPDIR:-/tmp}/arena-slurm-tournament.XXXXXX")
cluster_dir=$work/cluster
cluster_up=0
finish() {
  local status=$?
  if ((cluster_up)); then
    "$cluster" down "$cluster_dir" || status=1
  fi
  if ((status == 0)); then
    rm -rf "$work"
  else
    echo "test_slurm_tournament: failed; files kept in $work" >&2
  fi
  exit "$status"
}
trap finish EXIT
fail() {
  echo "test_slurm_tournament: FAIL: $*" >&2
  exit 1
}

started_ns=$(date +%s%N)
cd "$work"
write_config tournament.json "$bots"
write_flaky_arena "$work/flaky-arena" "$arena"
# The reference: the same config on one machine, from the same directory (a bot's identity holds
# its working directory).
"$arena" tournament tournament.json --out single --concurrency 2 > single.txt 2>&1 ||
  fail "one-machine run: $(tail -5 single.txt)"

# Each submission is bounded well under ctest's TIMEOUT (180 s), which kills without a trap: a job
# that hangs then fails the test here, and the cluster is still stopped.
submit_timeout_s=75
eval "$("$cluster" up "$cluster_dir" | grep '^export ')"
cluster_up=1

# 1. Shard 2 fails: the array job fails, the merge job is cancelled (never runs), submit.sh says so.
touch "$work/flaky-arena.fail-2"
status=0
ARENA=$work/flaky-arena timeout "$submit_timeout_s" "$repo/examples/slurm/submit.sh" --wait tournament.json 4 run \
  > submit-1.txt 2>&1 || status=$?
((status != 0)) || fail "submit.sh --wait with a failing shard exited 0: $(cat submit-1.txt)"
grep -q 'did not merge' submit-1.txt || fail "submit.sh did not say the run failed: $(cat submit-1.txt)"
[[ ! -e run/merged ]] || fail "the merge job ran although shard 2 failed"
grep -q 'shard 2 made to fail' run/slurm-logs/shard-2-*.out ||
  fail "the failing task's -o file lacks its error: $(ls run/slurm-logs)"
for shard in 0 1 3; do
  [[ -s run/shard-$shard/results.jsonl ]] || fail "shard $shard did not play"
  [[ -s $(echo run/slurm-logs/shard-$shard-*.out) ]] || fail "no -o file for task $shard"
done
cp run/shard-0/results.jsonl shard-0-results.before

# 2. The same command again: every task runs again (the array is resubmitted), the shards that
# finished play nothing (--resume), shard 2 plays its games, and the merge job runs.
rm "$work/flaky-arena.fail-2"
ARENA=$work/flaky-arena timeout "$submit_timeout_s" "$repo/examples/slurm/submit.sh" --wait tournament.json 4 run \
  > submit-2.txt 2>&1 || fail "second submission: $(cat submit-2.txt; cat run/slurm-logs/merge-*.out)"
array_job=$(sed -n 's/^shards: job \([0-9]*\) .*/\1/p' submit-2.txt)
merge_job=$(sed -n 's/^merge: job \([0-9]*\) .*/\1/p' submit-2.txt)
[[ -n $array_job && -n $merge_job ]] || fail "submit.sh did not print the job ids: $(cat submit-2.txt)"
for shard in 0 1 2 3; do
  [[ -f run/slurm-logs/shard-$shard-$array_job.out ]] || fail "no -o file for task $shard of job $array_job"
done
[[ -f run/slurm-logs/merge-$merge_job.out ]] || fail "no -o file for the merge job $merge_job"
cmp -s shard-0-results.before run/shard-0/results.jsonl || fail "shard 0 was played again"
[[ $(runs_of "$work/flaky-arena" 2) == 2 ]] || fail "shard 2 ran $(runs_of "$work/flaky-arena" 2) times, expected 2"

"$here/compare_runs.sh" single run/merged || fail "the merged run differs from the one-machine run"

"$cluster" down "$cluster_dir"
cluster_up=0
# down fails if a daemon it started is left; besides, nothing may still run in the test's
# directory (a shard's arena or bot outliving its job). Zombies count as gone: this container's
# init does not reap.
cd /
left=$(find /proc -mindepth 2 -maxdepth 2 -name cwd -lname "$work*" 2> /dev/null | cut -d/ -f3 |
  while read -r pid; do
    [[ $(awk '{print $3}' "/proc/$pid/stat" 2> /dev/null) == [^Z]* ]] &&
      echo "$pid:$(tr '\0' ' ' < "/proc/$pid/cmdline" 2> /dev/null)"
  done || true)
[[ -z $left ]] || fail "processes left in $work after down: $left"
elapsed_ms=$((($(date +%s%N) - started_ns) / 1000000))
echo "test_slurm_tournament: PASS (4 shards as array job $array_job, merge job $merge_job, equal to" \
  "one machine; a failed shard resubmitted; ${elapsed_ms} ms)"
