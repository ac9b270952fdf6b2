#!/bin/sh
# Sends player 0 about 1 MB (110 lines of 9,000 bytes) of input every turn (within the 4 MB a turn), for 100 turns: 100 MB
# in a game, past the bound on an external game's text (kMaxExternalGameBytes, 16 MiB).
read start
line=$(head -c 9000 /dev/zero | tr '\0' x)
turn=0
while [ $turn -lt 100 ]; do
  printf "###Input 0\n"
  i=0
  while [ $i -lt 110 ]; do echo "$line"; i=$((i + 1)); done
  printf "###Output 0 1\n"
  read answer || exit 0
  turn=$((turn + 1))
done
echo "###End 0 1"
