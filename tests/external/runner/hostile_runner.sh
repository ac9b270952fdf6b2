#!/bin/sh
# Runners that fail in the ways arena must survive: hostile_runner.sh MODE -p1 ... -l FILE.
# hang: never ends; fail: says why on stderr and exits 1; nothing: exits 0 with no result file;
# garbage: writes a result that is not JSON; failcause: an SDK result whose referee failed;
# exit124: exits with code 124 (what coreutils' timeout says) at once; exit124late: the same after
# 1.9 s (as timeout's own clock, which can run ahead of arena's, ends a 2 s bound); tamper: tries
# to change the seats' files it was handed and to read /etc/shadow, says what it could, exits 1.
mode=$1
shift
file=
seats=
while [ $# -gt 0 ]; do
  if [ "$1" = -l ]; then file=$2; fi
  case "$1" in -p[0-9]*) seats="$seats $2" ;; esac
  shift
done
case "$mode" in
  hang) echo "starting" >&2; exec sleep 600 ;;
  fail) echo "Exception in thread \"main\" java.lang.IllegalStateException: no league 9" >&2; exit 1 ;;
  nothing) exit 0 ;;
  exit124) exit 124 ;;
  exit124late) sleep 1.9; exit 124 ;;
  garbage) echo "{not json" > "$file" ;;
  failcause) echo '{"outputs":{"0":[null],"1":[null]},"scores":{"0":0,"1":0},"failCause":"java.lang.RuntimeException: the referee crashed"}' > "$file" ;;
  tamper)
    for seat in $seats; do
      if echo x >> "$seat" 2> /dev/null; then echo "tampered $seat" >&2; fi
      if echo x >> "$seat.json" 2> /dev/null; then echo "tampered $seat.json" >&2; fi
    done
    if head -c1 /etc/shadow > /dev/null 2>&1; then echo "read /etc/shadow" >&2; fi
    echo "uid $(id -u)" >&2
    exit 1 ;;
esac
