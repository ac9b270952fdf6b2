// Bot versions in an output directory: the games recorded there were played by the bots whose
// identities (bot_identity.hpp) they carry. A bot of the config whose identity differs from a
// recorded one is another version under the same name; counting both as one bot would make the
// standings lie, so the run stops before any game, unless the user asked to replace the old
// version's games.
#pragma once

#include <filesystem>
#include <iosfwd>
#include <map>
#include <string>
#include <vector>

#include "arena/tournament/bot_identity.hpp"

namespace arena::tournament {

// Compares every game of OUT/results.jsonl with `now` (bot name -> identity of the config's
// bot). The games of another version of a bot named in `replace` are moved to
// OUT/replaced-<time>/ (their lines to results.jsonl there, their logs to games/), so that the
// run plays them again; what was moved is said on `notes`. Games without identities (recorded
// before arena stored them) are kept as they are. Throws RunError (runner.hpp) naming each other
// bot whose recorded version differs, what changed, and the two ways on.
void check_versions(const std::filesystem::path& out, const std::map<std::string, BotIdentity>& now,
                    const std::vector<std::string>& replace, std::ostream& notes);

}  // namespace arena::tournament
