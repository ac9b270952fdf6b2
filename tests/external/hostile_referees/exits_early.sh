#!/bin/sh
# Exits before ###End, with a last word on stderr.
read start
printf "###Input 0\n5\n"
echo "referee: out of cheese" >&2
exit 3
