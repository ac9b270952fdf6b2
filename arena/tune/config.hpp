// A tuner's config (JSON, docs/tune.md): the game, the bot with {name} placeholders, the
// parameters (fields or OpenBench's lines), the SPSA constants, the seeds. Every fault is a
// tournament::ConfigError "<file>: field '<field>': <what is wrong>" (exit 2 in the CLI).
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "arena/match/match.hpp"
#include "arena/tournament/config.hpp"
#include "arena/tune/spsa.hpp"

namespace arena::tune {

// The `--bot` syntax (NAME=COMMAND@DIR, a source file) is the command line's: the CLI passes its
// reader. Throws (any std::exception) saying what is wrong with `text`; the config reader adds
// the field.
using BotReader = std::function<match::PlayerSpec(const std::string& text)>;

// The names the sides play under in every record and log.
inline constexpr const char* kPlusName = "plus";
inline constexpr const char* kMinusName = "minus";
inline constexpr const char* kOpponentName = "opponent";

struct TuneConfig {
    std::string game;       // the registry's name ("referee" registers an external game)
    bool puzzle = false;    // one player: theta+ and theta- play the same boards
    int players = 2;        // seats of a versus game
    std::string bot_text;   // "bot" as written: the filled-in command line is made from it
    match::PlayerSpec bot;  // "bot" read: its command holds the placeholders
    std::optional<match::PlayerSpec> opponent;
    std::vector<Param> params;
    Gains gains;
    int pairs_per = 1;  // seat-fair pairs (versus) or boards (puzzle) per iteration
    std::int64_t master_seed = 1;
    double time_scale = 1.0;
    int time_margin_ms = 0;
    int startup_ms = match::kDefaultStartupMs;  // a bot's start-up allowance (docs/timing.md)
    std::optional<int> concurrency;
    std::optional<std::filesystem::path> out;
    tournament::LogRetention logs = tournament::LogRetention::all;
};

// Reads and checks a tuner config's text; `file` names it in messages.
TuneConfig read_tune_config(const std::string& text, const std::filesystem::path& file,
                            const BotReader& read_bot);

// OpenBench's parameter lines ("name, int, 6, 2, 12, 1, 0.002", one per line; blank lines and
// lines starting with '#' skipped). Throws std::invalid_argument naming the line.
std::vector<Param> params_from_text(const std::string& text);

// The value as the bot receives it: an integer parameter as an integer, a float in plain decimal
// (no exponent, trailing zeros cut: "0.5", "0.0012").
std::string value_text(const Param& param, double value);

// `text` with every {name} of a parameter replaced by its value (value_text).
std::string fill_in(const std::string& text, const std::vector<Param>& params,
                    const std::vector<double>& values);

}  // namespace arena::tune
