#!/usr/bin/env python3
"""A toy referee speaking cg-brutaltester's protocol (convention 1), written for arena's tests.

The game is Nim: one pile of stones (its size from --seed: 10 + seed mod 20), 2 or 3 players in
turn take 1 to 3 stones; whoever takes the last stone wins and the others share the second rank.
A player's first input is "<players> <its index>", then each turn the pile size. Its answer: the
number of stones, on the first of --lines lines (the others are read and ignored). An answer that
is not 1 to 3 (or more than the pile) gets "###Error P ..." and loses: the others share the first
rank. Its log goes to stderr, as the protocol wants.

Usage: toy_referee.py --seed S [--lines K]
"""
import sys


def main():
    args = sys.argv[1:]
    seed = int(args[args.index("--seed") + 1]) if "--seed" in args else 0
    lines = int(args[args.index("--lines") + 1]) if "--lines" in args else 1
    start = sys.stdin.readline().split()
    if len(start) != 2 or start[0] != "###Start":
        print("toy referee: expected ###Start N, got %r" % start, file=sys.stderr)
        return 1
    players = int(start[1])
    pile = 10 + abs(seed) % 20
    print("toy referee: %d players, pile %d" % (players, pile), file=sys.stderr)
    for player in range(players):  # the first input of every player, sent with its first turn
        print("###Input %d\n%d %d" % (player, players, player))
    player = 0
    while True:
        print("###Input %d\n%d" % (player, pile))
        print("###Output %d %d" % (player, lines), flush=True)
        answer = [sys.stdin.readline() for _ in range(lines)]
        if not answer[-1]:
            print("toy referee: no answer from player %d" % player, file=sys.stderr)
            return 1
        move = answer[0].strip()
        taken = int(move) if move.isdigit() else 0
        if not 1 <= taken <= min(3, pile):
            others = "".join(str(p) for p in range(players) if p != player)
            print("###Error %d invalid move '%s': take 1 to 3 stones (pile %d)" % (player, move, pile))
            print("###End %s %d" % (others, player), flush=True)
            return 0
        pile -= taken
        print("toy referee: player %d takes %d, pile %d" % (player, taken, pile), file=sys.stderr)
        if pile == 0:
            others = "".join(str(p) for p in range(players) if p != player)
            print("###End %d %s" % (player, others), flush=True)
            return 0
        player = (player + 1) % players


sys.exit(main())
