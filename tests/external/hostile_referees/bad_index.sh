#!/bin/sh
# Asks player 7 of a 2-player game.
read start
printf "###Input 0\n5\n###Output 7 1\n"
sleep 60
