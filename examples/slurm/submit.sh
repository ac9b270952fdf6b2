#!/usr/bin/env bash
# Submits a sharded arena tournament to Slurm: an array job of N tasks (shard.sbatch, one task a
# shard) and a merge job (merge.sbatch) that runs once every task has succeeded.
#
#   examples/slurm/submit.sh [--wait] CONFIG N RUN_DIR [SBATCH_OPTION...]
#
# Run it from the directory the config's relative paths (bot commands) are relative to: the jobs
# run there (--chdir). RUN_DIR must be on a file system every node sees (shared home, NFS, ...).
# ARENA: the arena program the nodes run (default: `arena` from PATH, as a node finds it).
# --wait: return when the merge job ends, with its status (0: merged; non-zero: a shard or the
# merge failed). SBATCH_OPTION... go to both sbatch calls (e.g. --partition=short --account=me).
# Prints the two job ids and where the outputs go.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
usage() {
  echo "usage: $0 [--wait] CONFIG N RUN_DIR [SBATCH_OPTION...]" >&2
  exit 2
}
wait_for_merge=()
if [[ ${1:-} == --wait ]]; then
  wait_for_merge=(--wait)
  shift
fi
(($# >= 3)) || usage
config=$1 shards=$2 run_dir=$3
shift 3
[[ $shards =~ ^[1-9][0-9]*$ ]] || { echo "$0: N must be a whole number above 0, not '$shards'" >&2; exit 2; }
[[ -f $config ]] || { echo "$0: no config file '$config'" >&2; exit 2; }

if [[ -e $run_dir/merged/results.jsonl ]]; then
  echo "$0: $run_dir/merged already holds the merged run: nothing to do (remove it to merge again," \
    "or give another RUN_DIR for a new run)" >&2
  exit 2
fi
mkdir -p "$run_dir/slurm-logs"
# Absolute paths: the jobs start in --chdir, which is this directory, but their -o files and the
# variables are read by Slurm and the scripts, so no relative path is left to interpret.
config=$(cd "$(dirname "$config")" && pwd)/$(basename "$config")
run_dir=$(cd "$run_dir" && pwd)
arena=${ARENA:-arena}
[[ $arena == */* ]] && arena=$(cd "$(dirname "$arena")" && pwd)/$(basename "$arena")
submitted=$run_dir/slurm-logs/.submitted-$$
if ((${#wait_for_merge[@]})); then
  touch "$submitted"
  sleep 1 # a file system may keep whole seconds: the merged files must be strictly newer
fi
exports="ALL,ARENA=$arena,ARENA_CONFIG=$config,ARENA_SHARDS=$shards,ARENA_RUN_DIR=$run_dir"

# -o: one output file per task (%A: the array job id, %a: the task id).
array_job=$(sbatch --parsable --array="0-$((shards - 1))" --chdir="$PWD" --export="$exports" \
  -o "$run_dir/slurm-logs/shard-%a-%A.out" "$@" "$here/shard.sbatch")
array_job=${array_job%%;*}
echo "shards: job $array_job (array 0-$((shards - 1))), output in $run_dir/slurm-logs/"

# afterok: only when every task succeeded; --kill-on-invalid-dep: if one fails, the merge job is
# cancelled instead of waiting in the queue forever. Resubmit after fixing: the shards resume.
merge_status=0
merge_job=$(sbatch --parsable "${wait_for_merge[@]}" --dependency="afterok:$array_job" \
  --kill-on-invalid-dep=yes --chdir="$PWD" --export="$exports" \
  -o "$run_dir/slurm-logs/merge-%j.out" "$@" "$here/merge.sbatch") || merge_status=$?
merge_job=${merge_job%%;*}
echo "merge: job $merge_job (after job $array_job succeeds), result in $run_dir/merged/"
if ((${#wait_for_merge[@]})); then
  # sbatch --wait says 0 for a merge job cancelled without running (a shard failed): the merged
  # standings written after this submission are the proof that it ran.
  if ((merge_status == 0)) && [[ ! $run_dir/merged/standings.json -nt $submitted ]]; then
    merge_status=1
  fi
  rm -f "$submitted"
  if ((merge_status != 0)); then
    echo "$0: the run did not merge: a shard or the merge failed (their errors are in" \
      "$run_dir/slurm-logs/); fix the cause and run the same command again: the shards keep" \
      "the games they have" >&2
  fi
  exit "$merge_status"
fi
echo "watch: squeue -j $array_job,$merge_job"
