// Game ids are file names (OUT/games/<id>.json, replays/<id>.html) built from board and bot
// names, so the mapping from names to ids must be injective: two bots must never share a game's
// file, and no name may make a file name too long to create.
#pragma once

#include <string>

#include "arena/tournament/config.hpp"

namespace arena::tournament {

// The part of a game id that stands for a bot or board name. Letters, digits, '.', '-' and '_'
// stay; every other byte is written %XX (so "a/b", "a_b" and "a?b" stay three names), and a
// name longer than 64 bytes so written becomes its first 40 bytes, '~' and 16 hex digits of its
// SHA-256 ('~' is always escaped otherwise). ASCII names up to 64 bytes keep their spelling.
std::string id_part(const std::string& name);

// "" when every game of the config gets its own id, else why not (which names clash, and in
// which id), for the config's error message. Separators can still make two different name
// lists spell one id ("a_vs" + "b" and "a" + "vs_b" around "_vs_"): the schedule of one seed
// is checked whole.
std::string game_id_clash(const TournamentConfig& config);

}  // namespace arena::tournament
