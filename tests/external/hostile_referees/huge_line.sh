#!/bin/sh
# A line of 20,000 bytes.
read start
head -c 20000 /dev/zero | tr "\\0" x
echo
sleep 60
