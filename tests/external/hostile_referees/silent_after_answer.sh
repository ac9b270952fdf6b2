#!/bin/sh
# Takes one answer, then goes silent.
read start
printf "###Input 0\n5\n###Output 0 1\n"
read answer
exec sleep 600
