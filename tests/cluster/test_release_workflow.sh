#!/usr/bin/env bash
# .github/workflows/release.yml checked as test_github_workflow.sh checks the sharded workflow:
# its YAML parsed and the parts a release relies on asserted (a tag trigger, write permission,
# a Debian 12 container, scripts/release.sh, both files attached), every shell step parsed by
# bash -n, and its version check run here: it passes for v<CMakeLists.txt's version> and fails
# for another tag.
#
#   test_release_workflow.sh SOURCE_DIR
#
# Exit 77 (ctest SKIP_RETURN_CODE) with "SKIPPED: ..." without python3 + PyYAML.
set -euo pipefail
(($# == 1)) || { echo "usage: $0 SOURCE_DIR" >&2; exit 2; }
source_dir=$(cd "$1" && pwd)
workflow=$source_dir/.github/workflows/release.yml
if ! python3 -c 'import yaml' 2> /dev/null; then
  echo "SKIPPED: python3 with PyYAML not installed (apt-get install python3-yaml)"
  exit 77
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/arena-release-workflow.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() {
  echo "test_release_workflow: FAIL: $*" >&2
  exit 1
}

python3 - "$workflow" "$work" << 'EOF2' || fail "the workflow lacks a part it needs"
import sys, yaml
workflow = yaml.safe_load(open(sys.argv[1]))
work = sys.argv[2]
on = workflow[True]
assert on["push"]["tags"] == ["v*"], "not triggered by a tag v*"
assert workflow["permissions"]["contents"] == "write", "cannot attach files to the release"
job = workflow["jobs"]["release"]
assert job["container"] == "debian:12", "not built on Debian 12"
steps = job["steps"]
assert steps[0]["uses"].startswith("actions/checkout@"), "no checkout first"
runs = [s["run"] for s in steps if "run" in s]
assert any("scripts/release.sh" in r for r in runs), "scripts/release.sh not run"
attach = [s for s in steps if s.get("uses", "").startswith("softprops/action-gh-release@")]
assert len(attach) == 1, "no step attaching the files to the release"
files = attach[0]["with"]["files"]
assert "dist/arena-*-linux-x86_64.tar.gz" in files and "dist/arena_*_amd64.deb" in files, files
for i, r in enumerate(runs):
    open(f"{work}/step-{i}.sh", "w").write(r)
version_steps = [i for i, s in enumerate(s for s in steps if "run" in s) if "GITHUB_REF_NAME" in s["run"]]
assert len(version_steps) == 1, "no step checking the tag against the version"
open(f"{work}/version-step", "w").write(str(version_steps[0]))
print(f"test_release_workflow: YAML parsed: {len(steps)} steps, {len(runs)} shell steps")
EOF2
for step in "$work"/step-*.sh; do
  bash -n "$step" || fail "$(basename "$step") is not valid bash: $(cat "$step")"
done
version=$(sed -n 's/^project(arena VERSION \([0-9.]*\).*/\1/p' "$source_dir/CMakeLists.txt")
check="$work/step-$(cat "$work/version-step").sh"
(cd "$source_dir" && GITHUB_REF_NAME="v$version" bash "$check") || fail "tag v$version refused"
if (cd "$source_dir" && GITHUB_REF_NAME="v0.0.0-not-it" bash "$check" 2> /dev/null); then
  fail "a tag naming another version was accepted"
fi
echo "test_release_workflow: PASS (tag v$version accepted, another refused; every step parses)"
