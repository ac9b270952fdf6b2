#!/bin/sh
# Runners that fail in the ways arena must survive: hostile_runner.sh MODE -p1 ... -l FILE.
# hang: never ends; fail: says why on stderr and exits 1; nothing: exits 0 with no result file;
# garbage: writes a result that is not JSON; failcause: an SDK result whose referee failed;
# exit124: exits with code 124 (what coreutils' timeout says) at once; exit124late: the same after
# 1.9 s (as timeout's own clock, which can run ahead of arena's, ends a 2 s bound).
mode=$1
shift
file=
while [ $# -gt 0 ]; do
  if [ "$1" = -l ]; then file=$2; fi
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
esac
