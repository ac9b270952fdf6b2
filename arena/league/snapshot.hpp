// A bot added to a league is a snapshot: what it runs is copied into DIR/bots/<name>/, so that
// rebuilding or editing the original afterwards changes nothing in the league.
//   - a bot with a working directory (@DIR): the directory copied whole, up to kMaxSnapshotBytes;
//   - its program, when the command names it by a path (./mybot, /opt/x/bot; a built source
//     file's program): copied; a program found on $PATH (python3, java) is the system's, not
//     copied;
//   - every other word of the command naming an existing file or directory (bot.py, weights.bin,
//     a class path directory): copied, and the word rewritten to the copy.
// The snapshot runs in its folder. What the bot opens without naming it in its command is not
// seen: give such a bot @DIR.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

#include "arena/common/error.hpp"
#include "arena/match/match.hpp"

namespace arena::league {

// The most a snapshot may copy: a working directory or the files a command names, together.
inline constexpr std::uintmax_t kMaxSnapshotBytes = 64ull << 20;

// A bot whose snapshot cannot be made. what() names the bot, the file and what to do.
struct SnapshotError : arena::Error {
    using arena::Error::Error;
};

// Copies what `bot` runs (its command built: a source bot's command is its built program, and
// `program_name` the name to give that copy, "" to keep the file's) into `into`, which must not
// exist; it is made whole or not at all. Returns the command to run in `into`.
std::string take_snapshot(const match::PlayerSpec& bot, const std::filesystem::path& into,
                          const std::string& program_name = "",
                          std::uintmax_t max_bytes = kMaxSnapshotBytes);

}  // namespace arena::league
