#!/usr/bin/env bash
# A private single-node Slurm cluster on this machine, from Debian's packages (slurmctld, slurmd,
# munge, slurm-client), for tests and benchmarks of sharded runs.
#
#   slurm_cluster.sh up DIR     start munged, slurmctld and slurmd with everything under DIR; wait
#                               until the node is idle; print the env vars clients need (eval them)
#   slurm_cluster.sh down DIR   cancel what is left in the queue, stop every daemon started by `up`
#                               (by their pid files) and fail if any of them is still alive
#   slurm_cluster.sh check      exit 77 with "SKIPPED: ..." when the packages or root are missing
#
# Why everything is private: the machine may run its own munge or Slurm (or a second copy of this
# cluster), so the munge key, its socket, the state, spool, log and pid files all live in DIR and the
# ports are not Slurm's defaults (6817/6818). Nothing under /etc/munge or /etc/slurm is read or
# written. Ports: SLURM_CLUSTER_PORT (slurmctld; slurmd uses PORT+1), default the first pair from
# 26817 up that nothing listens on.
set -euo pipefail

readonly NODE_NAME=arena-node
readonly UP_TIMEOUT_S=${SLURM_CLUSTER_UP_TIMEOUT:-30}
CTLD_PORT=${SLURM_CLUSTER_PORT:-26817}

die() {
  echo "slurm_cluster: $*" >&2
  exit 1
}

check_prerequisites() {
  local missing=()
  local tool
  for tool in munged mungekey slurmctld slurmd sbatch sinfo squeue scancel; do
    command -v "$tool" > /dev/null 2>&1 || missing+=("$tool")
  done
  if ((${#missing[@]})); then
    echo "SKIPPED: Slurm/munge not installed (missing: ${missing[*]});" \
      "apt-get install slurmctld slurmd munge slurm-client"
    return 77
  fi
  # SlurmUser=root keeps the daemons from needing a 'slurm' account and lets slurmd start jobs.
  if [[ $(id -u) != 0 ]]; then
    echo "SKIPPED: the private Slurm cluster runs its daemons as root; run as root"
    return 77
  fi
}

port_in_use() {
  ss -Hltn "sport = :$1" 2> /dev/null | grep -q .
}

pick_ports() {
  if [[ -z ${SLURM_CLUSTER_PORT:-} ]]; then
    while port_in_use "$CTLD_PORT" || port_in_use $((CTLD_PORT + 1)); do
      CTLD_PORT=$((CTLD_PORT + 2))
    done
  fi
  SLURMD_PORT=$((CTLD_PORT + 1))
}

write_slurm_conf() {
  local dir=$1 cpus real_memory_mb
  cpus=$(nproc)
  # Slurm drains a node that reports less memory than configured: declare half of what there is.
  real_memory_mb=$(($(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024 / 2))
  cat > "$dir/slurm.conf" << EOF
# Private one-node cluster written by tests/cluster/slurm_cluster.sh
ClusterName=arena-test
SlurmctldHost=$(hostname -s)(127.0.0.1)
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$CTLD_PORT
SlurmdPort=$SLURMD_PORT
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge/munge.socket
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/pid/slurmctld.pid
SlurmdPidFile=$dir/pid/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MailProg=/bin/true
SchedulerType=sched/builtin
SchedulerParameters=batch_sched_delay=0
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MinJobAge=2
NodeName=$NODE_NAME NodeHostname=localhost NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$real_memory_mb State=UNKNOWN
PartitionName=local Nodes=$NODE_NAME Default=YES MaxTime=INFINITE State=UP
EOF
}

start_munged() {
  local dir=$1
  # 0755: munged warns when clients cannot reach the socket; the key itself stays 0400.
  mkdir -p "$dir/munge" && chmod 0755 "$dir/munge"
  # A fresh key for this cluster only; munged insists that it is 0400/0600 and owned by its user.
  mungekey --create --keyfile="$dir/munge/munge.key" --force
  chmod 0400 "$dir/munge/munge.key"
  # --force: munged refuses a socket whose parent directories are not searchable by everyone
  # (mktemp -d makes 0700 ones); only root talks to this one, so the warning is enough.
  munged --socket="$dir/munge/munge.socket" --key-file="$dir/munge/munge.key" \
    --pid-file="$dir/pid/munged.pid" --log-file="$dir/log/munged.log" \
    --seed-file="$dir/munge/munged.seed" --force
}

node_state() {
  SLURM_CONF=$1/slurm.conf sinfo --noheader --nodes="$NODE_NAME" --format=%T 2> /dev/null || true
}

wait_until_idle() {
  local dir=$1 deadline=$((SECONDS + UP_TIMEOUT_S)) state=
  while ((SECONDS < deadline)); do
    state=$(node_state "$dir")
    [[ $state == idle ]] && return 0
    sleep 0.1
  done
  echo "slurm_cluster: node not idle after ${UP_TIMEOUT_S}s (state: '${state}'); logs in $dir/log" >&2
  tail -n 20 "$dir"/log/*.log >&2 || true
  return 1
}

cmd_up() {
  local dir
  [[ $# == 1 ]] || die "usage: $0 up DIR"
  check_prerequisites || exit $?
  mkdir -p "$1"
  dir=$(cd "$1" && pwd)
  [[ -e $dir/pid/munged.pid ]] && die "$dir already has a cluster (run '$0 down $dir' first)"
  # The state, spool and pid dirs hold root's daemon files: keep them private.
  mkdir -p "$dir/state" "$dir/spool" "$dir/pid" "$dir/log"
  chmod 0700 "$dir/state" "$dir/spool" "$dir/pid" "$dir/log"
  local started_ns
  started_ns=$(date +%s%N)
  pick_ports
  write_slurm_conf "$dir"
  start_munged "$dir" || die "munged did not start; see $dir/log/munged.log"
  # -c: start from an empty state (no jobs or node states left by an earlier cluster in DIR).
  # Both daemonize once ready and write their pid files.
  if ! slurmctld -c -f "$dir/slurm.conf" || ! slurmd -N "$NODE_NAME" -f "$dir/slurm.conf" ||
    ! wait_until_idle "$dir"; then
    cmd_down "$dir" || true
    exit 1
  fi
  local up_ms=$((($(date +%s%N) - started_ns) / 1000000))
  echo "# private Slurm cluster up in ${up_ms} ms (node $NODE_NAME idle); use it with:"
  echo "export SLURM_CONF=$dir/slurm.conf"
}

# A zombie counts as gone: in a container whose init does not reap, a stopped daemon stays a zombie.
pid_alive() {
  [[ -n $1 ]] && kill -0 "$1" 2> /dev/null || return 1
  local state
  state=$(awk '{print $3}' "/proc/$1/stat" 2> /dev/null) || return 1
  [[ $state != Z ]]
}

# The daemons stop themselves on TERM, 1-2 s each: TERM to all at once (each takes 1-2 s to exit on its own), then KILL what is left after 10 s.
stop_pids() {
  local pid waited=0
  for pid in "$@"; do kill -TERM "$pid" 2> /dev/null || true; done
  while ((waited < 100)); do
    local alive=0
    for pid in "$@"; do pid_alive "$pid" && alive=1; done
    ((alive)) || return 0
    sleep 0.1
    waited=$((waited + 1))
  done
  for pid in "$@"; do kill -KILL "$pid" 2> /dev/null || true; done
  sleep 0.2
}

# Processes working in this cluster's log or spool dir: slurmctld, slurmscriptd, slurmd, and each
# slurmstepd that slurmd forks for a job (stepd is re-parented to init and outlives slurmd; its
# environment is not readable under every kernel, its cwd is). One `find`: a shell loop over /proc
# takes seconds in a sandboxed kernel.
processes_of_cluster() {
  local roots
  roots=$(find /proc -mindepth 2 -maxdepth 2 -name cwd \( -lname "$1/log" -o -lname "$1/spool*" \) \
    2> /dev/null | cut -d/ -f3 | tr '\n' ' ' || true)
  [[ -n $roots ]] || return 0
  # ... and their descendants (a job's script and what it started), live ones only.
  ps -eo pid=,ppid=,stat= | awk -v roots="$roots" '
    BEGIN { n = split(roots, r, " "); for (i = 1; i <= n; i++) mine[r[i]] = 1 }
    { parent[$1] = $2; state[$1] = $3 }
    END {
      do {
        grew = 0
        for (p in parent) if (!(p in mine) && (parent[p] in mine)) { mine[p] = 1; grew = 1 }
      } while (grew)
      for (p in mine) if ((p in state) && state[p] !~ /^Z/) print p
    }'
}

cmd_down() {
  local dir
  [[ $# == 1 ]] || die "usage: $0 down DIR"
  dir=$(cd "$1" && pwd)
  [[ -d $dir/pid ]] || die "$dir has no cluster"
  # Jobs first, so that no slurmstepd outlives slurmd.
  if [[ -s $dir/pid/slurmctld.pid ]] && pid_alive "$(< "$dir/pid/slurmctld.pid")"; then
    # The cluster is private: every job in it is ours to cancel.
    SLURM_CONF=$dir/slurm.conf scancel --quiet --user="$(id -un)" 2> /dev/null || true
    local waited=0
    while ((waited < 100)) && [[ -n $(SLURM_CONF=$dir/slurm.conf squeue --noheader 2> /dev/null) ]]; do
      sleep 0.1
      waited=$((waited + 1))
    done
  fi
  local stopped=() pids=() name pid
  for name in slurmd slurmctld munged; do
    [[ -s $dir/pid/$name.pid ]] || continue
    pid=$(< "$dir/pid/$name.pid")
    pid_alive "$pid" || continue
    stopped+=("$name:$pid")
    pids+=("$pid")
  done
  ((${#pids[@]})) && stop_pids "${pids[@]}"
  local left=()
  for name_pid in "${stopped[@]}"; do
    pid_alive "${name_pid#*:}" && left+=("$name_pid")
  done
  # Stop what outlived the pid files (a job step), then report any process still there as a failure.
  local stragglers
  stragglers=$(processes_of_cluster "$dir")
  # shellcheck disable=SC2086 # one pid a word
  [[ -n $stragglers ]] && stop_pids $stragglers
  local proc
  for proc in $(processes_of_cluster "$dir"); do
    left+=("$(tr '\0' ' ' < "/proc/$proc/cmdline" 2> /dev/null):$proc")
  done
  if ((${#left[@]})); then
    echo "slurm_cluster: still running after down: ${left[*]}" >&2
    exit 1
  fi
  rm -f "$dir"/pid/*.pid
  echo "# private Slurm cluster in $dir stopped (${stopped[*]:-nothing was running})"
}

case ${1:-} in
  up) shift && cmd_up "$@" ;;
  down) shift && cmd_down "$@" ;;
  check) check_prerequisites ;;
  *) die "usage: $0 up DIR | down DIR | check" ;;
esac
