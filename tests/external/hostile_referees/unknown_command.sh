#!/bin/sh
# A command the protocol does not have.
read start
echo "###Frobnicate 0"
sleep 60
