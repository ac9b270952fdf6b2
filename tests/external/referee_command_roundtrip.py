#!/usr/bin/env python3
"""The round trip of issue 18, item 4: one seeded game played by `arena play GAME --json` (the
built-in referee) and through `arena referee GAME` as an external referee (relayed by
referee_command_driver.py, a cg-brutaltester runner in miniature) must give byte-identical bot
inputs turn by turn, the same outputs and errors, the same ranks, and the same scores and reason
on the referee's log.

usage: referee_command_roundtrip.py ARENA GAME --bot CMD... [--play ARGS] [--referee ARGS]
  --play ARGS     added to `arena play GAME` (e.g. "--seed 42", "--testcase 3")
  --referee ARGS  added to `arena referee GAME` (e.g. "--seed 42", "--testcase 3")
  --through-play ARGS  the external path is arena's own cg-brutaltester adapter instead of the
                  driver: `arena play --referee "ARENA referee GAME <--referee ARGS>" --players N
                  <ARGS> --json` ("{seed}" in --referee ARGS is arena play's seed). Scores are
                  then the adapter's (players ranked below), not compared; ranks are.
Prints "SAME: ..." and exits 0, or the differences and exits 1.
"""
import argparse
import json
import os
import shlex
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def end_line(ranks):
    """The ###End command of a game's ranks: seats grouped by rank, best first."""
    groups = {}
    for seat, rank in enumerate(ranks):
        groups.setdefault(rank, "")
        groups[rank] += str(seat)
    return "###End " + " ".join(groups[r] for r in sorted(groups))


def log_value(stderr, key):
    for line in stderr.splitlines():
        if line.startswith(key + ": "):
            return line[len(key) + 2:]
    return None


def through_play(args, referee):
    """The game through `arena play --referee`, as the driver's record."""
    play = [args.arena, "play", "--referee", referee, "--players", str(len(args.bot)),
            "--json"] + shlex.split(args.through_play)
    for bot in args.bot:
        play += ["--bot", bot]
    done = subprocess.run(play, check=True, capture_output=True, text=True)
    log = json.loads(done.stdout)
    turns = [{"player": t["player"], "input": t["input"], "output": t["output"],
              "error": t.get("error")} for t in log["turns"]]
    if log.get("referee_failure"):
        print("referee failure: " + log["referee_failure"])
    return {"turns": turns, "end": end_line(log["result"]["ranks"]), "stderr": done.stderr,
            "exit": done.returncode}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("arena")
    parser.add_argument("game")
    parser.add_argument("--bot", action="append", required=True)
    parser.add_argument("--play", default="")
    parser.add_argument("--referee", default="")
    parser.add_argument("--through-play")
    args = parser.parse_args()

    play = [args.arena, "play", args.game, "--json"] + shlex.split(args.play)
    for bot in args.bot:
        play += ["--bot", bot]
    log = json.loads(subprocess.run(play, check=True, capture_output=True, text=True).stdout)

    referee = " ".join([shlex.quote(args.arena), "referee", args.game, args.referee])
    if args.through_play is not None:
        external = through_play(args, referee)
    else:
        driver = [sys.executable, os.path.join(HERE, "referee_command_driver.py"), "--referee",
                  referee] + [a for bot in args.bot for a in ("--bot", bot)]
        external = json.loads(subprocess.run(driver, check=True, capture_output=True,
                                             text=True).stdout)

    differences = []
    builtin_turns, external_turns = log["turns"], external["turns"]
    if len(builtin_turns) != len(external_turns):
        differences.append("turns: %d built-in, %d external" %
                           (len(builtin_turns), len(external_turns)))
    for number, (b, e) in enumerate(zip(builtin_turns, external_turns), 1):
        for key in ("player", "input", "output"):
            if b[key] != e[key]:
                differences.append("turn %d, %s: built-in %r, external %r" %
                                   (number, key, b[key], e[key]))
        if b.get("error") != e["error"]:
            differences.append("turn %d, error: built-in %r, external %r" %
                               (number, b.get("error"), e["error"]))
    result = log["result"]
    expected = {
        "end": end_line(result["ranks"]),
        "scores": " ".join(str(s) for s in result["scores"]),
        "reason": result["reason"],
    }
    got = {
        "end": external["end"],
        "scores": log_value(external["stderr"], "scores"),
        "reason": log_value(external["stderr"], "reason"),
    }
    if args.through_play is not None:  # the adapter's scores and reason are its own
        del expected["scores"], expected["reason"]
    for key in expected:
        if expected[key] != got[key]:
            differences.append("%s: built-in %r, external %r" % (key, expected[key], got[key]))
    if external["exit"] != 0:
        differences.append("arena referee exited %d" % external["exit"])
    if differences:
        print("DIFFERENT (%s %s):\n  %s" % (args.game, args.play, "\n  ".join(differences)))
        print("arena referee's stderr:\n" + external["stderr"])
        sys.exit(1)
    errors = sum(1 for t in external_turns if t["error"])
    path = " through arena play --referee" if args.through_play is not None else ""
    print("SAME%s: %s %s: %d turns (%d with an error), %s, scores %s" %
          (path, args.game, args.play, len(external_turns), errors, external["end"],
           got["scores"]))


if __name__ == "__main__":
    main()
