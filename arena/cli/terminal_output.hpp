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

// "seat 1 (mine)": a seat in a sentence on the terminal.
std::string seat_label(int seat, const std::vector<match::PlayerSpec>& players);

// -v of play and replay, one line per turn as it is played: the turn, the seat and its bot's
// name, time / limit, the output (or "(no answer)"), the referee's summary and error with the
// bots' names: "turn   3  seat 1 mine    0.512 / 100 ms  > ROLL   mine rolls 4".
std::string turn_line(const match::Turn& turn, const std::vector<match::PlayerSpec>& players);

// Lines of the turn's input shown by -vv before the rest is cut (the log keeps it all).
inline constexpr std::size_t kShownInputLines = 100;

// -vv adds, under each turn's line, the input the bot was sent (cut after kShownInputLines lines,
// with a note) and what it wrote on stderr, each line indented and made safe to print.
std::string turn_details(const match::Turn& turn);

// "SIGINT" for the log and the messages of an interrupted command.
std::string signal_name(int signal);

}  // namespace arena::cli
