#!/bin/sh
# "###Output 0 $1": a line count that is not one (0, x, 1000).
read start
echo "###Output 0 $1"
sleep 60
