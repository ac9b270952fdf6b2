#!/usr/bin/env bash
# Runs a command as root inside a Debian root (made by debian-root.sh) with the host's /proc,
# /dev, /sys (cgroups: the suite's containment tests) and network, a fresh /tmp, and host
# directories bound in. The mounts live in a private mount namespace: they vanish with the command.
#   scripts/ci/in-root.sh ROOT [--bind HOST_DIR ROOT_DIR]... -- COMMAND [ARGS...]
set -euo pipefail
root="${1:?usage: in-root.sh ROOT [--bind HOST_DIR ROOT_DIR]... -- COMMAND...}"
shift
binds=()
while [ "${1:-}" = --bind ]; do
  binds+=("$2" "$3")
  shift 3
done
[ "${1:-}" = -- ] && shift
[ $# -gt 0 ] || { echo "in-root: no command" >&2; exit 2; }
cp /etc/resolv.conf "$root/etc/resolv.conf"
# pivot_root, not chroot alone: a chrooted process may not create user namespaces, which the
# suite's sandbox (bubblewrap) and unprivileged-containment tests need.
exec unshare --mount --propagation private -- bash -euo pipefail -c '
  root="$1"; shift
  mount --bind "$root" "$root"
  mount -t proc proc "$root/proc"
  mount --rbind /dev "$root/dev"
  mount --rbind /sys "$root/sys"
  mount -t tmpfs -o mode=1777 tmpfs "$root/tmp"
  while [ "$1" != -- ]; do
    mkdir -p "$root/$2"
    mount --bind "$1" "$root/$2"
    shift 2
  done
  shift
  cd "$root"
  mkdir -p .host-root
  pivot_root . .host-root
  exec /usr/sbin/chroot . /usr/bin/env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    HOME=/root LANG=C.UTF-8 TERM=dumb CI="${CI:-}" /bin/sh -c "umount -l /.host-root && exec \"\$@\"" \
    in-root "$@"
' in-root "$root" "${binds[@]}" -- "$@"
