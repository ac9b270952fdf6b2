// Text for the terminal shared by the commands that play games (play, replay): bot text made safe
// to print, referee texts with the bots' names, signal names.
#pragma once

#include <string>
#include <vector>

#include "arena/match/match.hpp"

namespace arena::cli {

// Text a bot controls (its output and stderr, referee words that quote it) as one line for the
// terminal: control characters shown as escapes, never acted on by the terminal.
std::string one_line(const std::string& text);

// The last `count` lines of `text`, each indented, for a short excerpt of a bot's stderr.
std::string last_lines(const std::string& text, int count);

// Referee texts name players as CodinGame's "$0", "$1", ... (the site puts in the nicknames);
// on the terminal, put in the bots' names.
std::string with_names(const std::string& text, const std::vector<match::PlayerSpec>& players);

// "SIGINT" for the log and the messages of an interrupted command.
std::string signal_name(int signal);

}  // namespace arena::cli
