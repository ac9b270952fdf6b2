#!/bin/sh
# Ends the game without ranking player 1.
read start
printf "###Input 0\n5\n###Output 0 1\n"
read answer
echo "###End 0"
sleep 60
