#!/bin/sh
# Asks player 0 for a move forever: a game that never ends.
read start
while :; do
  printf "###Input 0\n5\n###Output 0 1\n"
  read answer || exit 0
done
