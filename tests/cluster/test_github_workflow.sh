#!/usr/bin/env bash
# .github/workflows/sharded-tournament.yml, run here: its YAML parsed, then its jobs' shell steps
# executed in order by run_workflow.py (build -> the 4 matrix shards, one artifact each -> merge),
# with the actions (checkout, upload/download-artifact) stood in for by copies and the package
# install + build step by the build tree given. The merged standings must equal a one-machine run
# of the same config from the same workspace.
#
#   test_github_workflow.sh BUILD_DIR      (a build tree with arena and the Dice Shogi bots)
#
# Exit 77 (ctest SKIP_RETURN_CODE) with "SKIPPED: ..." without python3 + PyYAML or jq.
set -euo pipefail

(($# == 1)) || { echo "usage: $0 BUILD_DIR" >&2; exit 2; }
build=$(cd "$1" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
workflow=$(cd "$here/../.." && pwd)/.github/workflows/sharded-tournament.yml

if ! python3 -c 'import yaml' 2> /dev/null; then
  echo "SKIPPED: python3 with PyYAML not installed (apt-get install python3-yaml)"
  exit 77
fi
command -v jq > /dev/null || { echo "SKIPPED: jq not installed (apt-get install jq)"; exit 77; }

work=$(mktemp -d "${TMPDIR:-/tmp}/arena-workflow-test.XXXXXX")
finish() {
  local status=$?
  if ((status == 0)); then
    rm -rf "$work"
  else
    echo "test_github_workflow: failed; files kept in $work" >&2
  fi
  exit "$status"
}
trap finish EXIT
fail() {
  echo "test_github_workflow: FAIL: $*" >&2
  exit 1
}

# The parts of the workflow the rest of the test relies on, named if missing.
python3 - "$workflow" << 'EOF2' || fail "the workflow lacks a part it needs"
import sys, yaml
workflow = yaml.safe_load(open(sys.argv[1]))
jobs = workflow["jobs"]
assert "workflow_dispatch" in workflow[True], "no workflow_dispatch trigger"
assert jobs["shard"]["needs"] == "build", "shard must need build"
assert jobs["merge"]["needs"] == "shard", "merge must need shard"
shards = jobs["shard"]["strategy"]["matrix"]["shard"]
assert shards == list(range(len(shards))), f"matrix shards {shards} are not 0..N-1"
uploads = [s for s in jobs["shard"]["steps"] if s.get("uses", "").startswith("actions/upload-artifact@")]
assert len(uploads) == 1 and "${{ matrix.shard }}" in uploads[0]["with"]["name"], "one artifact a shard"
assert any("arena merge" in s.get("run", "") for s in jobs["merge"]["steps"]), "no arena merge step"
print(f"test_github_workflow: YAML parsed: jobs {list(jobs)}, {len(shards)} shards")
EOF2

# The repository as the workflow checks it out: a config whose bots are the build's programs.
mkdir -p "$work/repo/configs"
# shellcheck source=tests/cluster/tournament_fixture.sh
source "$here/tournament_fixture.sh"
write_config "$work/repo/configs/cluster-test.json" build/bots
workspace=$work/workspace
cd "$work"
python3 "$here/run_workflow.py" "$workflow" --workdir "$workspace" --repo "$work/repo" \
  --prebuilt "$build" --input config=configs/cluster-test.json > run.txt 2>&1 ||
  fail "the workflow failed: $(tail -20 run.txt)"
grep '^run_workflow:' run.txt
for shard in 0 1 2 3; do
  [[ -s $workspace.artifacts/shard-$shard/results.jsonl ]] || fail "no artifact for shard $shard"
done

# The reference, in the workspace the jobs ran in (the bots' identities hold their paths).
cd "$workspace"
cp -r "$work/repo/configs" .
build/arena tournament configs/cluster-test.json --out single --concurrency 2 > single.txt 2>&1 ||
  fail "one-machine run: $(tail -5 single.txt)"
"$here/compare_runs.sh" single merged || fail "the merged artifact differs from the one-machine run"
echo "test_github_workflow: PASS (build, 4 matrix shards with an artifact each, merge: equal to one machine)"
