#include "arena/tournament/game_ids.hpp"

#include <map>

#include "arena/tournament/bot_identity.hpp"
#include "arena/tournament/runner.hpp"

namespace arena::tournament {

namespace {

constexpr std::size_t kLongestPart = 64;
constexpr std::size_t kKeptPrefix = 40;

}  // namespace

std::string id_part(const std::string& name) {
    static const char digits[] = "0123456789ABCDEF";
    std::string out;
    for (unsigned char c : name) {
        const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                           (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.';
        if (plain) {
            out += static_cast<char>(c);
        } else {
            out += '%';
            out += digits[c >> 4];
            out += digits[c & 15];
        }
    }
    if (out == "." || out == "..") out = out == "." ? "%2E" : "%2E%2E";  // not a directory entry
    if (out.size() <= kLongestPart) return out;
    std::size_t keep = kKeptPrefix;
    if (out[keep - 1] == '%')
        keep -= 1;  // never cut a %XX apart
    else if (out[keep - 2] == '%')
        keep -= 2;
    return out.substr(0, keep) + "~" + sha256_hex(name).substr(0, 16);
}

std::string game_id_clash(const TournamentConfig& config) {
    TournamentConfig one = config;  // ids differ between seeds only by the seed's number
    if (!one.seeds.empty()) one.seeds.assign(1, config.seeds.front());
    std::map<std::string, const ScheduledGame*> seen;
    const std::vector<ScheduledGame> schedule = make_schedule(one);
    for (const ScheduledGame& game : schedule) {
        auto [it, fresh] = seen.emplace(game.id, &game);
        if (fresh) continue;
        const auto names = [&](const ScheduledGame& g) {
            std::string text;
            for (std::size_t seat : g.seats)
                text += (text.empty() ? "'" : ", '") + config.bots[seat].name + "'";
            return text;
        };
        return "the games of " + names(*it->second) + " and of " + names(game) +
               " would have the same id '" + game.id +
               "' (bot names make the game file names): rename one of the bots";
    }
    return "";
}

}  // namespace arena::tournament
