#!/bin/sh
# A bot for the toy runner: answers $1 to every input line, and says on stderr what it read.
# With $2 = "slow-on-2": sleeps 30 s at its second input (a timeout); "crash-on-2": exits 3
# there without answering (a crash); "invalid-on-2": answers "x" there.
n=0
while IFS= read -r line; do
  n=$((n + 1))
  echo "read: $line" >&2
  if [ "$n" = 2 ]; then
    case "$2" in
      slow-on-2) sleep 30 ;;
      crash-on-2) echo "dying" >&2; exit 3 ;;
      invalid-on-2) echo x; continue ;;
    esac
  fi
  echo "$1"
done
