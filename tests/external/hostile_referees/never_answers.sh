#!/bin/sh
# Reads ###Start, then says nothing.
read start
exec sleep 600
