#!/usr/bin/env bash
# A real Slurm job array on a private single-node cluster (slurm_cluster.sh): 4 array tasks each
# write their SLURM_ARRAY_TASK_ID, a job that depends on the array (afterok) concatenates them; then
# the cluster is stopped and no daemon of it may be left. This is the shape issue 17's sharded
# tournament takes (array of shards + dependent merge), checked here without arena itself.
# Exit 77 (ctest SKIP_RETURN_CODE) with "SKIPPED: ..." when Slurm/munge are not installed.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
cluster=$here/slurm_cluster.sh

"$cluster" check || exit $?

work=$(mktemp -d "${TMPDIR:-/tmp}/arena-slurm-test.XXXXXX")
cluster_dir=$work/cluster
job_dir=$work/job
mkdir -p "$job_dir"
cluster_up=0

finish() {
  local status=$?
  if ((cluster_up)); then
    "$cluster" down "$cluster_dir" || status=1
  fi
  if ((status == 0)); then
    rm -rf "$work"
  else
    echo "test_slurm_array: failed; files kept in $work" >&2
  fi
  exit "$status"
}
trap finish EXIT

fail() {
  echo "test_slurm_array: FAIL: $*" >&2
  exit 1
}

started_ns=$(date +%s%N)
eval "$("$cluster" up "$cluster_dir" | tee /dev/stderr | grep '^export ')"
cluster_up=1
[[ ${SLURM_CONF:-} == "$cluster_dir/slurm.conf" ]] || fail "up did not print SLURM_CONF"

cat > "$job_dir/shard.sh" << 'EOF'
#!/bin/sh
echo "task $SLURM_ARRAY_TASK_ID of job $SLURM_ARRAY_JOB_ID" > "shard-$SLURM_ARRAY_TASK_ID.txt"
echo "stdout of task $SLURM_ARRAY_TASK_ID"
EOF
cat > "$job_dir/merge.sh" << 'EOF'
#!/bin/sh
cat shard-0.txt shard-1.txt shard-2.txt shard-3.txt > merged.txt
EOF

# --parsable prints the job id; --wait returns when every array task has ended (non-zero if any
# failed). --chdir and -o are given because a job otherwise runs in, and writes to, the cwd of
# sbatch as seen on the node.
array_job=$(sbatch --parsable --wait --array=0-3 --job-name=arena-shards --chdir="$job_dir" \
  -o "$job_dir/out-%a.txt" "$job_dir/shard.sh") || fail "array job failed"
array_job=${array_job%%;*}
[[ $array_job =~ ^[0-9]+$ ]] || fail "unexpected job id '$array_job'"

merge_job=$(sbatch --parsable --wait --dependency="afterok:$array_job" --job-name=arena-merge \
  --chdir="$job_dir" -o "$job_dir/merge-out.txt" "$job_dir/merge.sh") || fail "merge job failed"

expected=""
for task in 0 1 2 3; do
  expected+="task $task of job $array_job"$'\n'
  [[ $(< "$job_dir/out-$task.txt") == "stdout of task $task" ]] || fail "out-$task.txt is wrong"
done
[[ $(< "$job_dir/merged.txt")$'\n' == "$expected" ]] || fail "merged.txt: $(< "$job_dir/merged.txt")"

"$cluster" down "$cluster_dir"
cluster_up=0
elapsed_ms=$((($(date +%s%N) - started_ns) / 1000000))
echo "test_slurm_array: PASS (array job $array_job, merge job ${merge_job%%;*}; up + jobs + down in" \
  "${elapsed_ms} ms)"
