#!/bin/sh
# A referee that looks around before it fails: can it write the file named as $1, read
# /etc/shadow, see the arena's environment ($ARENA_SPY_SECRET), and which user is it.
read start
w=no; echo x > "$1" 2>/dev/null && w=yes
s=no; head -c1 /etc/shadow >/dev/null 2>&1 && s=yes
echo "spy: wrote=$w shadow=$s env=${ARENA_SPY_SECRET:-unset} uid=$(id -u)" >&2
exit 3
