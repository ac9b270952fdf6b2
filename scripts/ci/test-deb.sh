#!/usr/bin/env bash
# The .deb in a fresh Debian 12 root (a copy of a debootstrap minbase root cached under
# /var/cache/arena-ci/): apt-get install ./arena_<version>_amd64.deb pulls what it needs
# (bubblewrap, recommended), then arena plays a match of two installed sample bots, then
# apt-get purge removes every file it installed. Needs root (debootstrap, chroot, mounts).
#   scripts/ci/test-deb.sh [dist/arena_<version>_amd64.deb]
set -euo pipefail
cd "$(dirname "$0")/../.."
deb="${1:-$(ls -t dist/arena_*_amd64.deb 2>/dev/null | head -1)}"
[ -f "$deb" ] || { echo "test-deb: no .deb (run scripts/release.sh first)" >&2; exit 2; }
fail() {
  echo "test-deb: FAIL: $*" >&2
  exit 1
}
echo "test-deb: $deb ($(du -k "$deb" | cut -f1) KiB):" \
  "$(dpkg-deb -f "$deb" Package Version Architecture Depends Recommends | tr '\n' ' ')"
cached=$(scripts/ci/debian-root.sh bookworm)
root=$(mktemp -d "${TMPDIR:-/tmp}/arena-deb-root.XXXXXX")
trap 'rm -rf "$root"' EXIT
cp -a "$cached/." "$root/"
mkdir -p "$root/deb"
cp "$deb" "$root/deb/"
rooted() { scripts/ci/in-root.sh "$root" -- "$@"; }

rooted apt-get update -qq
rooted sh -c 'DEBIAN_FRONTEND=noninteractive apt-get install -y -qq /deb/*.deb >/deb/install.log 2>&1' ||
  fail "apt-get install: $(tail -20 "$root/deb/install.log")"
echo "test-deb: installed: $(rooted dpkg-query -W -f='${Package} ${Version}, ' arena bubblewrap)"
rooted arena --version
rooted sh -c 'cd /tmp && arena match diceshogi --bot greedy=/usr/lib/arena/bots/diceshogi/greedy \
  --bot random=/usr/lib/arena/bots/diceshogi/random -n 4 --out /tmp/match' >"$root/deb/match.out" 2>&1 ||
  fail "arena match: $(cat "$root/deb/match.out")"
echo "test-deb: match: $(grep -m3 -E 'greedy|random' "$root/deb/match.out" | tr '\n' ' ')"
rooted test -f /usr/share/doc/arena/README.md || fail "no /usr/share/doc/arena/README.md"
rooted test -x /usr/lib/arena/bots/samegame/strong || fail "no sample bots in /usr/lib/arena/bots"
rooted arena tournament --help >/dev/null

files=$(rooted dpkg-query -L arena)
rooted sh -c 'DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq arena >/deb/purge.log 2>&1' ||
  fail "apt-get purge: $(tail -20 "$root/deb/purge.log")"
left=()
while read -r file; do
  case "$file" in /usr | /usr/bin | /usr/lib | /usr/share | /usr/share/doc | /. | "") continue ;; esac
  if [ -e "$root$file" ]; then left+=("$file"); fi
done <<<"$files"
((${#left[@]} == 0)) || fail "left after purge: ${left[*]}"
echo "test-deb: removed: none of its $(wc -l <<<"$files") paths left"
echo "test-deb: PASS"
