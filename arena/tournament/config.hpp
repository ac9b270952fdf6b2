// The tournament config file (JSON): which game, which bots, which boards/seeds, where to write.
// Every field is documented in configs/README.md.
#pragma once

#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "arena/match/match.hpp"

namespace arena::tournament {

// A config that cannot be used. what() names the file, the field and what is wrong.
struct ConfigError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// One thing to play a game on: a SameGame board (built in, or a file).
struct Testcase {
    std::string name;      // "test06", or the file's stem
    std::string title;     // "Standard Testset 1", or the file's path
    std::string text;      // what the referee gets as GameSetup::testcase
    int board_number = 0;  // 1..50 for CodinGame's boards, 0 for a file
    bool validator = false;
    int best_known = 0;  // best published score for this board, 0 if unknown
};

struct TournamentConfig {
    std::string game;
    std::vector<match::PlayerSpec> bots;
    std::vector<Testcase> testcases;
    std::optional<int> concurrency;
    std::optional<std::filesystem::path> out;
};

// Reads and checks a config file. Throws ConfigError.
TournamentConfig load_config(const std::filesystem::path& file);

// The built-in SameGame boards chosen by a config's "boards" value: "all" (the 50 CodinGame
// boards), "tests" (1-10), "validators" (11-50). Throws ConfigError for anything else.
std::vector<Testcase> samegame_board_set(const std::string& which);

// A built-in board by number (1-50) or a board file. Throws std::invalid_argument.
Testcase samegame_testcase(int board_number);
Testcase samegame_testcase_file(const std::filesystem::path& file);

}  // namespace arena::tournament
