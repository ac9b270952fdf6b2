#!/bin/sh
# A whole game whose last command, ###End, has no line end before the referee exits (printf
# without \n): still the game's end, not a referee failure.
read start
printf '###Input 0\n2 0\n###Output 0 1\n'
read answer
printf '###Input 1\n2 1\n###Output 1 1\n'
read answer
printf '###End 1 0'
