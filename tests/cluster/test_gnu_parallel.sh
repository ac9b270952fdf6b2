#!/usr/bin/env bash
# GNU parallel as a shard runner: 4 tiny jobs, 2 at a time, with a --joblog; one of them is made to
# fail; a second run with --resume-failed re-runs that one only and completes the set. This is the
# shape issue 17's `examples/gnu-parallel/` takes (one job a shard), checked here without arena.
# Exit 77 (ctest SKIP_RETURN_CODE) with "SKIPPED: ..." when GNU parallel is not installed.
set -euo pipefail

if ! command -v parallel > /dev/null 2>&1 || ! parallel --version 2> /dev/null | grep -q 'GNU parallel'; then
  echo "SKIPPED: GNU parallel not installed (apt-get install parallel)"
  exit 77
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/arena-parallel-test.XXXXXX")
finish() {
  local status=$?
  if ((status == 0)); then
    rm -rf "$work"
  else
    echo "test_gnu_parallel: failed; files kept in $work" >&2
  fi
  exit "$status"
}
trap finish EXIT
fail() {
  echo "test_gnu_parallel: FAIL: $*" >&2
  exit 1
}
cd "$work"

# One "shard": counts its runs, fails while fail-I exists, else writes shard-I.txt.
cat > shard.sh << 'EOF'
#!/bin/sh
echo run >> "runs-$1.txt"
if [ -e "fail-$1" ]; then
  echo "shard $1: forced failure" >&2
  exit 3
fi
echo "shard $1" > "shard-$1.txt"
EOF
chmod +x shard.sh
touch fail-2

# --will-cite: no citation notice on stderr. Exit status of parallel = number of failed jobs.
status=0
parallel --will-cite --jobs 2 --joblog joblog.tsv ./shard.sh {} ::: 0 1 2 3 2> first-stderr.txt ||
  status=$?
((status == 1)) || fail "first run: exit $status, expected 1 (one failed job)"
grep -q 'shard 2: forced failure' first-stderr.txt || fail "first run: the failure's stderr is lost"
for shard in 0 1 3; do [[ -f shard-$shard.txt ]] || fail "first run: shard $shard missing"; done
[[ ! -e shard-2.txt ]] || fail "first run: shard 2 should have failed"
# joblog: a header, then one line per job: Seq Host Starttime JobRuntime Send Receive Exitval
# Signal Command.
[[ $(($(wc -l < joblog.tsv) - 1)) == 4 ]] || fail "first run: joblog should have 4 jobs"
failed_in_log=$(awk -F'\t' 'NR > 1 && $7 != 0 {print $9}' joblog.tsv)
[[ $failed_in_log == "./shard.sh 2" ]] || fail "first run: joblog failures: '$failed_in_log'"

rm fail-2
parallel --will-cite --jobs 2 --joblog joblog.tsv --resume-failed ./shard.sh {} ::: 0 1 2 3 ||
  fail "resumed run: exit $?"
for shard in 0 1 2 3; do
  [[ $(< "shard-$shard.txt") == "shard $shard" ]] || fail "resumed run: shard $shard wrong"
done
runs=$(for shard in 0 1 2 3; do wc -l < "runs-$shard.txt"; done | tr '\n' ' ')
[[ $runs == "1 1 2 1 " ]] || fail "resumed run should re-run shard 2 only; runs per shard: $runs"
[[ $(($(wc -l < joblog.tsv) - 1)) == 5 ]] || fail "resumed run: joblog should have 5 entries"

echo "test_gnu_parallel: PASS (4 jobs, 2 at a time; the failed one re-run alone by --resume-failed)"
