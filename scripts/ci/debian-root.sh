#!/usr/bin/env bash
# Makes (once) a minimal Debian root with debootstrap and prints its path. CI keeps the roots
# under /var/cache/arena-ci/ (ARENA_CI_CACHE): a second run on the same machine reuses them, a
# run on a new machine makes them from nothing (a few minutes of download). A root is built in
# a temporary directory and renamed only when complete, so an interrupted run leaves no half root;
# a lock lets a second call (CI makes the roots in the background, then asks again) wait for it.
#   scripts/ci/debian-root.sh SUITE          (bookworm, trixie, ...)
set -euo pipefail
suite="${1:?usage: debian-root.sh SUITE}"
cache="${ARENA_CI_CACHE:-/var/cache/arena-ci}"
root="$cache/debian-$suite"
mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
mkdir -p "$cache"
exec 9>"$cache/debian-$suite.lock"
flock 9
if [ -x "$root/usr/bin/apt-get" ]; then
  echo "$root"
  exit 0
fi
command -v debootstrap >/dev/null || {
  echo "debian-root: installing debootstrap" >&2
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >&2
}
rm -rf "$root.tmp"
echo "debian-root: debootstrap $suite into $root (minbase)" >&2
debootstrap --variant=minbase "$suite" "$root.tmp" "$mirror" >"$cache/debootstrap-$suite.log" 2>&1 || {
  tail -20 "$cache/debootstrap-$suite.log" >&2
  echo "debian-root: debootstrap $suite failed (log: $cache/debootstrap-$suite.log)" >&2
  exit 1
}
echo "deb $mirror $suite main" >"$root.tmp/etc/apt/sources.list"
mv "$root.tmp" "$root"
echo "$root"
