#!/bin/sh
# Ranks player 0 twice.
read start
echo "###End 0 01"
sleep 60
