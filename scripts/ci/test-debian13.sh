#!/usr/bin/env bash
# Debian 13 (trixie: GCC 14, Boost 1.83, as in Ubuntu 24.04) from source: in a trixie root made by
# debootstrap (kept under /var/cache/arena-ci/ for the next run), scripts/install-deps.sh
# --build-only, a Release build with warnings as errors, then the whole suite. The cluster tests,
# the browser test and the tests of optional tools skip themselves there (their packages are not
# installed: the host's Release run has them). Needs root (debootstrap, chroot, mounts).
#   scripts/ci/test-debian13.sh [CTEST_ARGS...]
#   scripts/ci/test-debian13.sh --prepare      only the root and its packages (CI: in the background)
set -euo pipefail
cd "$(dirname "$0")/../.."
src=$PWD
cache="${ARENA_CI_CACHE:-/var/cache/arena-ci}"
jobs="${JOBS:-$(nproc)}"
start=$(date +%s)
root=$(scripts/ci/debian-root.sh trixie)
mkdir -p "$cache/ccache-trixie"
rooted() {
  scripts/ci/in-root.sh "$root" --bind "$src" /src --bind "$build" /build \
    --bind "$cache/ccache-trixie" /ccache -- env CCACHE_DIR=/ccache CCACHE_MAXSIZE=5G "$@"
}
exec 8>"$cache/trixie-packages.lock"
flock 8
scripts/ci/in-root.sh "$root" --bind "$src" /src -- /src/scripts/install-deps.sh --build-only
# ccache, its cache kept next to the root: inside the root the paths (/src, /build) never change,
# so a later run on this machine compiles only what changed.
if [ ! -x "$root/usr/bin/ccache" ]; then
  scripts/ci/in-root.sh "$root" -- sh -c 'DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ccache >/dev/null'
fi
flock -u 8
if [ "${1:-}" = --prepare ]; then exit 0; fi

# A fresh build tree each run, outside the source tree and the cached root.
build="$cache/trixie-build"
rm -rf "$build"
mkdir -p "$build"
rooted sh -c 'echo "debian13: Debian $(cat /etc/debian_version), $(g++ --version | head -1),\
 Boost $(sed -n "s/^#define BOOST_LIB_VERSION \"\(.*\)\"/\1/p" /usr/include/boost/version.hpp)"'
ready=$(date +%s)

rooted cmake -S /src -B /build -DCMAKE_BUILD_TYPE=Release -DARENA_BUILD_BENCH=OFF \
  -DCMAKE_COMPILE_WARNING_AS_ERROR=ON -DCMAKE_CXX_COMPILER_LAUNCHER=ccache >/dev/null
# -k: every file that does not compile (or warns) is named in one run, not only the first.
rooted cmake --build /build -j "$jobs" -- -k
built=$(date +%s)

rooted sh -c "cd /build && ctest --output-on-failure -j $jobs --timeout 600 $*"
tested=$(date +%s)
rm -rf "$build"
echo "debian13: root and packages $((ready - start)) s, build $((built - ready)) s," \
  "ctest $((tested - built)) s"
