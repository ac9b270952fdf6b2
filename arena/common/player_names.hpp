// Referee texts name players as CodinGame's "$0", "$1", ... (the site puts in the players'
// nicknames). Every text a person reads (terminal, replay, pages, standings) shows the bots'
// names instead; match logs and results keep CodinGame's exact text.
#pragma once

#include <string>
#include <vector>

namespace arena {

// `text` with each "$N" (one digit, N < names.size()) replaced by names[N]; other '$' untouched.
std::string with_player_names(const std::string& text, const std::vector<std::string>& names);

}  // namespace arena
