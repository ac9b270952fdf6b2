// `arena __wrap-bot FILE.json` (hidden): one bot of a game played by an SDK referee runner
// (arena/match/sdk_runner.hpp). The runner starts this as its player; it starts the real bot
// with arena's process layer (containment, limits, sandbox from FILE) and relays: what the runner
// writes goes to the bot's stdin as it comes, each line the bot answers goes to the runner's
// stdout at once (flushed), the bot's stderr to stderr before its line. It ends when either side
// closes (or on SIGTERM, SIGINT, SIGHUP: the runner ending its agent), stops the bot, writes how
// the bot ended to the file's "end_file", and exits with the bot's code (128 + N for signal N).
// The runner times the bot through this relay; the relay waits on the pipes only (no polling,
// no sleep), so it adds a pipe round trip per line.
#pragma once

namespace arena::cli {

// Whether argv is `arena __wrap-bot ...`: main runs it before parsing any option.
bool is_wrap_bot_command(int argc, char** argv);

// Runs the relay; returns the exit code (2 when FILE cannot be read, 127 when the bot cannot
// start).
int run_wrap_bot_command(int argc, char** argv);

}  // namespace arena::cli
