#!/usr/bin/env python3
"""A cg-brutaltester runner in miniature, for the tests of `arena referee`.

Starts the referee command, writes "###Start N" (after "###Seed S" with --runner-seed), starts
the bots and relays the referee's commands as cg-brutaltester's runner does: the lines after
"###Input P" go to bot P, "###Output P K" reads K lines of bot P and writes them to the
referee. Unlike cg-brutaltester it keeps each bot's input until the bot is asked to answer (so
that one turn's input is what the bot read that turn, as in arena's match log), never waits
forever (a bot silent for --bot-timeout seconds, or one that closed its output, ends the
referee's stdin: the referee's timeout), and checks what the referee writes.

Prints a JSON document on stdout: {"commands": [every line the referee wrote], "turns":
[{"player", "input", "output", "error"}], "end": "###End ...", "stderr": referee's stderr,
"exit": referee's exit code}. Exits 1 on a protocol violation, saying which.
"""
import argparse
import json
import os
import select
import shlex
import subprocess
import sys
import time


class LineReader:
    """Lines of a pipe, each waited for at most `timeout` seconds."""

    def __init__(self, stream):
        self.fd = stream.fileno()
        self.buffer = b""
        self.closed = False

    def readline(self, timeout):
        deadline = time.monotonic() + timeout
        while b"\n" not in self.buffer:
            if self.closed:
                return None
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.fd], [], [], left)[0]:
                return None
            chunk = os.read(self.fd, 65536)
            if not chunk:
                self.closed = True
                continue
            self.buffer += chunk
        line, _, self.buffer = self.buffer.partition(b"\n")
        return line.decode("utf-8", "surrogateescape")


def fail(message):
    print("PROTOCOL ERROR: " + message, file=sys.stderr)
    sys.exit(1)


def seat(command, text, players):
    """The player digit of "###Input P" / "###Output P K" / "###Error P T", checked."""
    if len(text) < 1 or not text[0].isdigit() or int(text[0]) >= players:
        fail("player out of range in '" + command + "'")
    return int(text[0])


class Runner:
    def __init__(self, args):
        self.args = args
        self.players = len(args.bot)
        self.referee = subprocess.Popen(
            shlex.split(args.referee), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE)
        self.referee_out = LineReader(self.referee.stdout)
        self.bots = [subprocess.Popen(shlex.split(b), stdin=subprocess.PIPE,
                                      stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
                     for b in args.bot]
        self.bot_out = [LineReader(b.stdout) for b in self.bots]
        self.pending = [""] * self.players  # input kept until the player is asked
        self.commands, self.turns = [], []
        self.referee_stdin_open = True

    def to_referee(self, text):
        if not self.referee_stdin_open:
            return
        try:
            self.referee.stdin.write(text.encode("utf-8", "surrogateescape"))
            self.referee.stdin.flush()
        except BrokenPipeError:
            self.referee_stdin_open = False

    def close_referee_stdin(self):
        if self.referee_stdin_open:
            self.referee.stdin.close()
            self.referee_stdin_open = False

    def referee_line(self):
        line = self.referee_out.readline(self.args.referee_timeout)
        if line is None:
            fail("the referee ended or went silent before ###End; its stderr:\n" +
                 self.referee.stderr.read().decode(errors="replace"))
        self.commands.append(line)
        return line

    def answer(self, player, lines):
        bot = self.bots[player]
        try:
            bot.stdin.write(self.pending[player].encode("utf-8", "surrogateescape"))
            bot.stdin.flush()
        except BrokenPipeError:
            pass
        turn = {"player": player, "input": self.pending[player], "output": None, "error": None}
        self.pending[player] = ""
        answer = []
        for _ in range(lines):
            line = self.bot_out[player].readline(self.args.bot_timeout)
            if line is None:  # the bot's timeout or crash: the referee's timeout
                self.close_referee_stdin()
                break
            answer.append(line)
        if len(answer) == lines:
            turn["output"] = "\n".join(answer)
            self.to_referee("".join(a + "\n" for a in answer))
        self.turns.append(turn)

    def play(self):
        if self.args.runner_seed is not None:
            self.to_referee("###Seed %s\n" % self.args.runner_seed)
        self.to_referee("###Start %d\n" % self.players)
        line = self.referee_line()
        while not line.startswith("###End"):
            if line.startswith("###Input "):
                player = seat(line, line[9:], self.players)
                line = self.referee_line()
                while not line.startswith("###"):
                    self.pending[player] += line + "\n"
                    line = self.referee_line()
            elif line.startswith("###Output "):
                parts = line.split(" ")
                if len(parts) != 3 or not parts[2].isdigit():
                    fail("malformed '" + line + "'")
                self.answer(seat(line, parts[1], self.players), int(parts[2]))
                line = self.referee_line()
            elif line.startswith("###Error "):
                seat(line, line[9:], self.players)
                if not self.turns or self.turns[-1]["player"] != int(line[9]):
                    fail("'" + line + "' is not about the player who just answered")
                self.turns[-1]["error"] = line[11:]
                line = self.referee_line()
            else:
                fail("unexpected line '" + line + "'")
        return line

    def finish(self, end):
        self.close_referee_stdin()
        for bot in self.bots:
            bot.kill()
            bot.wait()
        code = self.referee.wait(timeout=self.args.referee_timeout)
        stderr = self.referee.stderr.read().decode(errors="replace")
        return {"commands": self.commands, "turns": self.turns, "end": end, "stderr": stderr,
                "exit": code}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--referee", required=True, help="the referee's command line")
    parser.add_argument("--bot", action="append", required=True, help="a bot, once per seat")
    parser.add_argument("--runner-seed", help='send "###Seed S" before "###Start N"')
    parser.add_argument("--bot-timeout", type=float, default=10.0)
    parser.add_argument("--referee-timeout", type=float, default=30.0)
    args = parser.parse_args()
    runner = Runner(args)
    end = runner.play()
    print(json.dumps(runner.finish(end), indent=1))


if __name__ == "__main__":
    main()
