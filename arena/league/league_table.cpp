#include "arena/league/league_table.hpp"

#include <cmath>
#include <cstdio>
#include <set>

#include "arena/report/samegame_standings.hpp"
#include "arena/report/versus_standings.hpp"
#include "referees/registry.hpp"

namespace arena::league {

namespace {

void add_versus(LeagueTable& table, const tournament::TournamentConfig& config,
                const report::RunTally& tally) {
    const report::VersusStandings standings = report::versus_standings(config, tally);
    for (const report::VersusStanding& s : standings.rows) {
        const ratings::EloEstimate& elo =
            s.finishing_order_rating ? *s.finishing_order_rating : s.elo;
        LeagueRow row;
        row.name = s.bot;
        row.games = s.games;
        row.rating = elo.elo;
        row.low = elo.lo95;
        row.high = elo.hi95;
        row.rated = s.games > 0;
        row.wins = s.results.wins;
        row.draws = s.results.draws;
        row.losses = s.results.losses;
        table.rows.push_back(row);
    }
}

void add_puzzle(LeagueTable& table, const tournament::TournamentConfig& config,
                const report::RunTally& tally) {
    for (const report::SameGameStanding& s : report::samegame_standings(config, tally)) {
        LeagueRow row;
        row.name = s.bot;
        row.games = s.boards;
        row.rating = static_cast<double>(s.validators ? s.validator_total : s.total);
        row.low = row.high = row.rating;
        row.rated = s.boards > 0;
        table.rows.push_back(row);
    }
}

std::string number(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%+.0f", value);
    return text;
}

}  // namespace

LeagueTable league_table(const League& league, const tournament::TournamentConfig& config,
                         const report::RunTally& tally) {
    LeagueTable table;
    table.games = tally.games();
    table.puzzle = referee::game_info(config.game).kind == referee::GameKind::puzzle;
    if (table.puzzle)
        add_puzzle(table, config, tally);
    else
        add_versus(table, config, tally);
    // Rated bots first, as the standings rank them; then those without a game yet.
    std::vector<LeagueRow> rows;
    std::set<std::string> seen;
    for (const LeagueRow& row : table.rows)
        if (row.rated && league.find(row.name)) {
            rows.push_back(row);
            seen.insert(row.name);
        }
    for (const LeagueBot& bot : league.bots)
        if (!seen.count(bot.name)) rows.push_back(LeagueRow{bot.name});
    for (LeagueRow& row : rows) row.active = !league.find(row.name)->retired;
    table.rows = std::move(rows);
    return table;
}

LeagueTable unplayed_table(const League& league) {
    LeagueTable table;
    table.puzzle = players_per_game(league) == 1;
    for (const LeagueBot& bot : league.bots) table.rows.push_back(LeagueRow{bot.name});
    for (LeagueRow& row : table.rows) row.active = !league.find(row.name)->retired;
    return table;
}

nlohmann::ordered_json to_json(const LeagueTable& table) {
    nlohmann::ordered_json bots = nlohmann::ordered_json::array();
    for (const LeagueRow& r : table.rows) {
        nlohmann::ordered_json bot = {{"name", r.name}, {"games", r.games}};
        if (r.rated) {
            bot["rating"] = std::round(r.rating * 10) / 10;
            bot["interval"] = {std::round(r.low * 10) / 10, std::round(r.high * 10) / 10};
        } else {
            bot["rating"] = nullptr;  // no games: nothing to say
            bot["interval"] = {nullptr, nullptr};
        }
        bot["active"] = r.active;
        if (!table.puzzle) bot["wdl"] = {r.wins, r.draws, r.losses};
        bots.push_back(bot);
    }
    return {{"games", table.games}, {"bots", bots}};
}

std::string to_text(const LeagueTable& table, std::size_t rows) {
    std::string text;
    char line[256];
    std::snprintf(line, sizeof line, "  %-4s %-24s %6s %8s  %-17s %s\n", "#", "bot", "games",
                  table.puzzle ? "score" : "rating", table.puzzle ? "" : "95% interval",
                  table.puzzle ? "" : "W-D-L");
    text += line;
    for (std::size_t i = 0; i < table.rows.size() && i < rows; ++i) {
        const LeagueRow& r = table.rows[i];
        const std::string rating =
            r.rated ? (table.puzzle ? std::to_string(static_cast<long long>(r.rating))
                                    : number(r.rating))
                    : "-";
        std::string interval;  // piece by piece: "[" + std::string trips GCC 12's -Wrestrict
        if (r.rated && !table.puzzle) {
            interval = "[";
            interval += number(r.low);
            interval += ", ";
            interval += number(r.high);
            interval += "]";
        }
        const std::string wdl = table.puzzle
                                    ? ""
                                    : std::to_string(r.wins) + "-" + std::to_string(r.draws) + "-" +
                                          std::to_string(r.losses);
        std::snprintf(line, sizeof line, "  %-4zu %-24s %6d %8s  %-17s %s%s\n", i + 1,
                      r.name.c_str(), r.games, rating.c_str(), interval.c_str(), wdl.c_str(),
                      r.active ? "" : "  (retired)");
        text += line;
    }
    if (table.rows.size() >
        rows) {  // piece by piece: "..." + std::string trips GCC 12's -Wrestrict
        text += "  ... ";
        text += std::to_string(table.rows.size() - rows);
        text += " more\n";
    }
    return text;
}

std::vector<BotStanding> matchmaker_standings(const LeagueTable& table) {
    std::vector<BotStanding> bots;
    for (const LeagueRow& r : table.rows)
        bots.push_back({r.name, r.active, r.games, r.rating, r.low, r.high, r.rated});
    return bots;
}

}  // namespace arena::league
