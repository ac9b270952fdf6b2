#!/usr/bin/env python3
"""A bot for tests/external/toy_referee.py's Nim.

Usage: toy_nim_bot.py STRATEGY [LINES]
  one      takes 1 stone each turn
  optimal  leaves a multiple of 4 when it can (else takes 1)
  invalid  answers 7 (an invalid move)
  sleep    answers its first turn, then never again
  slowMS   takes 1 stone, each turn but the first after sleeping MS milliseconds (slow120)
LINES: the lines it answers per turn (the move, then "gg" lines); default 1.
"""
import sys
import time

strategy = sys.argv[1]
lines = int(sys.argv[2]) if len(sys.argv) > 2 else 1
players, me = sys.stdin.readline().split()
turn = 0
while True:
    pile = int(sys.stdin.readline())
    turn += 1
    print("bot %s: pile %d" % (strategy, pile), file=sys.stderr)
    if strategy == "sleep" and turn > 1:
        time.sleep(60)
    if strategy.startswith("slow") and turn > 1:
        time.sleep(int(strategy[4:]) / 1000)
    take = 1
    if strategy == "optimal" and pile % 4 != 0:
        take = pile % 4
    if strategy == "invalid":
        take = 7
    print("\n".join([str(take)] + ["gg"] * (lines - 1)), flush=True)
