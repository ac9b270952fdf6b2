#include "arena/cli/match_setup.hpp"

#include <algorithm>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "arena/common/error.hpp"
#include "arena/common/files.hpp"
#include "arena/common/input_file.hpp"
#include "arena/common/numbers.hpp"
#include "arena/common/terminal_text.hpp"
#include "arena/match/match_log_json.hpp"
#include "arena/tournament/runner.hpp"

namespace arena::cli {

namespace fs = std::filesystem;

namespace {

std::string trimmed(const std::string& text) {
    const std::size_t first = text.find_first_not_of(" \t");
    if (first == std::string::npos) return "";
    return text.substr(first, text.find_last_not_of(" \t") - first + 1);
}

// "5-8": the built-in boards 5 to 8; nothing when `item` is not a range of numbers.
std::optional<std::vector<referee::Testcase>> board_range(const referee::GameInfo& game,
                                                          const std::string& item) {
    const std::size_t dash = item.find('-');
    if (dash == std::string::npos || dash == 0) return std::nullopt;
    const numbers::Range any{1, 1'000'000};
    const auto first = numbers::parse(item.substr(0, dash), any);
    const auto last = numbers::parse(item.substr(dash + 1), any);
    if (!first || !last) return std::nullopt;
    if (*first > *last)
        throw Error("--boards: '" + item + "' is an empty range: write the smaller number first");
    std::vector<referee::Testcase> boards;
    for (std::int64_t n = *first; n <= *last; ++n)
        boards.push_back(referee::builtin_testcase(game, static_cast<int>(n)));
    return boards;
}

// One item of --boards: a set name, a number, a range or a board file.
std::vector<referee::Testcase> board_item(const referee::GameInfo& game, const std::string& item) {
    for (std::string_view set : referee::kTestcaseSets)
        if (item == set) return referee::testcase_set(game, set);
    if (auto range = board_range(game, item)) return *range;
    const auto number = numbers::parse(item, {1, 1'000'000});
    if (number) return {referee::builtin_testcase(game, static_cast<int>(*number))};
    if (!fs::exists(item))
        throw Error("--boards: '" + terminal::visible(item) +
                    "' is neither tests, validators, all, a board number (1 to " +
                    std::to_string(referee::builtin_testcase_count(game)) +
                    "), a range like 5-8, nor a board file");
    return {tournament::testcase_from_file(game, item)};
}

// The games of a gauntlet in which each other bot meets the candidate about `games` times: every
// other bot sits at the same number of a seed's tables, k-1 of the n-1 others at each.
std::size_t games_for_each_opponent(const tournament::TournamentConfig& config, std::size_t games) {
    const std::size_t others = config.bots.size() - 1;
    const std::size_t at_table = static_cast<std::size_t>(config.players_per_game) - 1;
    const std::size_t total = (games * others + at_table - 1) / at_table;
    return std::min(total, tournament::kMaxGames);
}

}  // namespace

const referee::GameInfo& match_game(const std::string& name) {
    if (const referee::GameInfo* game = referee::find_game(name)) return *game;
    std::string known;
    for (const std::string& g : referee::known_games()) known += (known.empty() ? "" : ", ") + g;
    throw Error("unknown game '" + terminal::visible(name) + "': known games are " + known);
}

std::vector<referee::Testcase> parse_boards(const referee::GameInfo& game,
                                            const std::string& list) {
    std::vector<referee::Testcase> boards;
    std::map<std::string, std::string> seen;  // name -> board text
    std::size_t start = 0;
    while (start <= list.size()) {
        const std::size_t comma = std::min(list.find(',', start), list.size());
        const std::string item = trimmed(list.substr(start, comma - start));
        start = comma + 1;
        if (item.empty()) continue;
        try {
            for (referee::Testcase& board : board_item(game, item)) {
                // A board given twice ("1-3,2") is played once; two boards of one name would
                // be one game id and one row of the comparison: refused, not dropped.
                const auto [it, added] = seen.emplace(board.name, board.text);
                if (!added && it->second != board.text)
                    throw Error("--boards: two different boards are named '" +
                                terminal::visible(board.name) + "' ('" + terminal::visible(item) +
                                "' is one): give each board file its own name");
                if (added) boards.push_back(std::move(board));
            }
        } catch (const std::invalid_argument& e) {  // the registry's words: no such board, ...
            throw Error(std::string("--boards: ") + e.what());
        }
    }
    if (boards.empty())
        throw Error("--boards: no board in '" + terminal::visible(list) +
                    "': give tests, validators, all, or board numbers like 1,2,5-8");
    return boards;
}

void check_bot_count(const referee::GameInfo& game, std::size_t bots) {
    if (game.kind == referee::GameKind::puzzle) return;  // each bot plays alone
    const std::size_t min = static_cast<std::size_t>(game.min_players);
    const std::size_t max = static_cast<std::size_t>(game.max_players);
    if (bots >= min && bots <= max) return;
    const std::string players =
        min == max ? std::to_string(min) : std::to_string(min) + " to " + std::to_string(max);
    throw Error(game.title + " is played by " + players + " players and a match seats every bot " +
                "at each game: give " + players + " --bot options (got " + std::to_string(bots) +
                ")" + (bots > max ? "; for more bots, run a tournament (configs/README.md)" : ""));
}

MatchPlan match_plan(const referee::GameInfo& game, std::vector<match::PlayerSpec> bots,
                     std::vector<referee::Testcase> boards, std::int64_t master_seed,
                     std::size_t games, bool gauntlet) {
    MatchPlan plan;
    tournament::TournamentConfig& config = plan.config;
    config.game = game.name;
    config.bots = std::move(bots);
    if (game.kind == referee::GameKind::puzzle) {
        config.testcases = std::move(boards);
        config.players_per_game = 1;
        return plan;
    }
    config.players_per_game = gauntlet ? game.min_players : static_cast<int>(config.bots.size());
    config.seat_orders = tournament::SeatOrders::all;
    config.master_seed = master_seed;
    config.seeds = tournament::seeds_from_master(master_seed, 1);
    if (gauntlet) {
        config.format = tournament::Format::gauntlet;
        config.candidate = 0;
    }
    const std::size_t total = gauntlet ? games_for_each_opponent(config, games) : games;
    try {
        plan.rounding = tournament::resize_to_games(config, total);
    } catch (const std::invalid_argument& e) {
        throw Error(std::string("-n: ") + e.what());
    }
    config.games = total;  // a resumed match keeps its size
    return plan;
}

void save_match_settings(const fs::path& out, const MatchSettings& settings) {
    if (!settings.sprt) return;
    const ratings::SprtHypotheses& h = *settings.sprt;
    const nlohmann::ordered_json json = {
        {"sprt",
         {{"elo0", h.elo0},
          {"elo1", h.elo1},
          {"alpha", h.alpha},
          {"beta", h.beta},
          {"model", h.model == ratings::SprtModel::normalized ? "normalized" : "logistic"}}}};
    files::write_atomically(out / "match.json", match::dump_json(json, 2) + "\n");
}

MatchSettings load_match_settings(const fs::path& out) {
    const fs::path file = out / "match.json";
    MatchSettings settings;
    if (!fs::exists(file)) return settings;
    try {
        files::InputStream in(file, files::kSmallJsonFile);
        const nlohmann::json json = nlohmann::json::parse(in);
        const nlohmann::json& s = json.at("sprt");
        ratings::SprtHypotheses h;
        h.elo0 = s.at("elo0").get<double>();
        h.elo1 = s.at("elo1").get<double>();
        h.alpha = s.at("alpha").get<double>();
        h.beta = s.at("beta").get<double>();
        h.model = s.at("model").get<std::string>() == "logistic" ? ratings::SprtModel::logistic
                                                                 : ratings::SprtModel::normalized;
        settings.sprt = h;
    } catch (const nlohmann::json::exception&) {
        throw Error("'" + file.string() +
                    "' is not a match's settings file: remove it to resume the run without "
                    "its sequential test");
    }
    return settings;
}

MatchSprt::MatchSprt(const ratings::SprtHypotheses& hypotheses, std::string bot, std::string other)
    : test_(hypotheses, ratings::SprtObservations::pairs),
      bot_(std::move(bot)),
      other_(std::move(other)) {}

bool MatchSprt::add(const tournament::GameRecord& r) {
    const auto seat_of = [&](const std::string& name) {
        return static_cast<std::size_t>(std::find(r.players.begin(), r.players.end(), name) -
                                        r.players.begin());
    };
    const std::size_t a = seat_of(bot_), b = seat_of(other_);
    if (a >= r.players.size() || b >= r.players.size()) return test_.decided();
    test_.add_game(ratings::rank_score(r.ranks[a], r.ranks[b]));
    for (const report::SeatSwappedPair& pair : pairing_.add(r)) {
        if (pair.bot == bot_ && pair.other == other_) test_.add_pair(pair.twin_score, pair.score);
        if (pair.bot == other_ && pair.other == bot_)
            test_.add_pair(1 - pair.twin_score, 1 - pair.score);
    }
    return test_.decided();
}

}  // namespace arena::cli
