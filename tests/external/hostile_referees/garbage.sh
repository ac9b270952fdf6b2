#!/bin/sh
# Prints a line that is no command of the protocol.
read start
echo "###Input 0"
echo "2 0"
echo "###Output 0 1"
read answer
echo "hello, I am a referee"
sleep 60
