#!/usr/bin/env bash
# A sharded arena tournament with GNU parallel: one job a shard, on this machine's cores or on other
# machines over ssh, then `arena merge` of the N shard directories.
#
#   examples/gnu-parallel/run.sh CONFIG N RUN_DIR [PARALLEL_OPTION...]
#
#   run.sh configs/diceshogi.json 4 runs/ds                   # 4 shards, as many at once as cores
#   run.sh configs/diceshogi.json 4 runs/ds --jobs 2          # 2 at a time
#   run.sh configs/diceshogi.json 8 runs/ds --sshlogin 2/alice@node1,2/node2,:   # + this machine (:)
#
# Every job runs in this directory (--workdir), so the config's relative paths hold. Over ssh the
# other machines must see this directory, RUN_DIR and the arena at the same paths (a shared file
# system), and reach it as `ssh LOGIN` does without a password.
# The joblog (RUN_DIR/joblog.tsv) records each shard's exit status. When the run did not complete
# (a shard failed, a machine was lost, Ctrl-C), run the same command again: with the joblog there,
# --resume-failed plays only the shards that failed or never ran, and each of those resumes from
# the games it already has; then the merge runs.
#
# ARENA: the arena program (default: `arena` from PATH). ARENA_CONCURRENCY: games at once within
# each shard (default 1: parallel's --jobs decides how many shards run at once).
set -euo pipefail

usage() {
  echo "usage: $0 CONFIG N RUN_DIR [PARALLEL_OPTION...]" >&2
  exit 2
}
(($# >= 3)) || usage
config=$1 shards=$2 run_dir=$3
shift 3
[[ $shards =~ ^[1-9][0-9]*$ ]] || { echo "$0: N must be a whole number above 0, not '$shards'" >&2; exit 2; }
[[ -f $config ]] || { echo "$0: no config file '$config'" >&2; exit 2; }
command -v parallel > /dev/null || { echo "$0: GNU parallel is not installed (apt-get install parallel)" >&2; exit 2; }

if [[ -e $run_dir/merged/results.jsonl ]]; then
  echo "$0: $run_dir/merged already holds the merged run: nothing to do (remove it to merge again," \
    "or give another RUN_DIR for a new run)" >&2
  exit 2
fi
mkdir -p "$run_dir"
# Absolute paths, so that a job started elsewhere (another machine) names the same files.
config=$(cd "$(dirname "$config")" && pwd)/$(basename "$config")
run_dir=$(cd "$run_dir" && pwd)
arena=${ARENA:-arena}
[[ $arena == */* ]] && arena=$(cd "$(dirname "$arena")" && pwd)/$(basename "$arena")
joblog=$run_dir/joblog.tsv

resume=()
if [[ -s $joblog ]]; then
  resume=(--resume-failed)
  echo "$joblog exists: re-running only the shards that failed or did not run (--resume-failed)"
fi

# -q: the command's words are passed as they are (quoted for the remote shell too); {} is the shard.
# --resume on each shard: a shard run again keeps the games it has and plays only the rest.
status=0
parallel --will-cite --joblog "$joblog" "${resume[@]}" --workdir "$PWD" --tagstring 'shard {}' \
  "$@" -q "$arena" tournament "$config" --shard "{}/$shards" --out "$run_dir/shard-{}" \
  --concurrency "${ARENA_CONCURRENCY:-1}" --resume ::: $(seq 0 $((shards - 1))) || status=$?
if ((status != 0)); then
  # parallel's exit status: the number of jobs that failed (1 to 100), 101 for more, 255 when
  # parallel itself was stopped (Ctrl-C, a kill: its jobs were killed by a signal).
  what="$status shard(s) failed"
  ((status <= 100)) || what="parallel stopped (exit status $status: interrupted, or over 100 shards failed)"
  echo "$0: $what; how each shard ended is in columns Exitval and Signal of $joblog;" \
    "fix the cause and run the same command again: only the shards that failed or did not" \
    "finish are played again, each from where it stopped" >&2
  exit 1
fi

shard_dirs=()
for ((shard = 0; shard < shards; shard++)); do
  # parallel reports success when a remote job could not start at all (no $SHELL there, another
  # file system): say so here rather than let the merge refuse a missing directory.
  if [[ ! -s $run_dir/shard-$shard/manifest.json ]]; then
    echo "$0: shard $shard reported success but left no $run_dir/shard-$shard/manifest.json:" \
      "its machine does not see $run_dir at the same path, or its job did not start" \
      "(ssh LOGIN 'echo \$SHELL' must name a shell); fix that, remove $joblog (it counts the" \
      "shard as done) and run the same command again: shards played already are not played again" >&2
    exit 1
  fi
  shard_dirs+=("$run_dir/shard-$shard")
done
"$arena" merge "${shard_dirs[@]}" --out "$run_dir/merged"
