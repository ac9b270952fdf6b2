#include "arena/report/versus_standings.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <numeric>
#include <sstream>

#include "arena/report/elo_json.hpp"
#include "arena/report/failures.hpp"
#include "arena/report/gauntlet.hpp"
#include "arena/report/match_summary.hpp"
#include "arena/report/tally_fits.hpp"
#include "arena/report/text.hpp"

namespace arena::report {

namespace {

std::string signed_elo(double elo) {
    char text[32];
    std::snprintf(text, sizeof text, "%+ld", std::lround(elo));
    return std::lround(elo) == 0 ? "0" : text;
}

std::string wdl_text(const ratings::WDL& r) {
    return std::to_string(r.wins) + "-" + std::to_string(r.draws) + "-" + std::to_string(r.losses);
}

nlohmann::ordered_json wdl_json(const ratings::WDL& r) {
    return {{"wins", r.wins}, {"draws", r.draws}, {"losses", r.losses}};
}

// The bots of the config, as the rating fits take them.
struct Field {
    std::vector<std::string> names;
    std::vector<int> games_played;
};

Field read_field(const tournament::TournamentConfig& config, const RunTally& tally) {
    Field field;
    for (const match::PlayerSpec& bot : config.bots) {
        field.names.push_back(bot.name);
        auto it = tally.health().find(bot.name);
        field.games_played.push_back(it == tally.health().end() ? 0 : it->second.games);
    }
    return field;
}

struct Fits {
    ratings::RatingFit elo;  // Bradley-Terry over the pairwise results
    std::vector<ratings::WDL> wdl;
    std::vector<std::vector<ratings::WDL>> table;
    std::optional<ratings::RatingFit> finishing_order;  // Plackett-Luce, more than 2 players
    std::vector<ratings::Placements> places;
    std::vector<BotHealth> health;
    // The table's order: the rating that uses the most information.
    const ratings::RatingFit& ranking() const { return finishing_order ? *finishing_order : elo; }
};

Fits fit(const Field& field, bool multiplayer, const RunTally& tally) {
    const int n = static_cast<int>(field.names.size());
    Fits fits;
    fits.elo = bradley_terry_of(n, tally.orders());
    fits.table = crosstable_of(n, tally.orders());
    fits.wdl = wdl_of(fits.table);
    if (multiplayer) fits.finishing_order = plackett_luce_of(n, tally.orders());
    fits.places = placements_of(n, tally.orders());
    fits.health = bot_health(field.names, tally);
    return fits;
}

std::vector<int> table_order(const ratings::RatingFit& ranking) {
    std::vector<int> order(ranking.ratings.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](int a, int b) { return ranking.ratings[a].elo > ranking.ratings[b].elo; });
    return order;
}

void add_rows(const Field& field, const Fits& fits, const std::vector<int>& order,
              VersusStandings& out) {
    const ratings::RatingFit& ranking = fits.ranking();
    for (std::size_t row = 0; row < order.size(); ++row) {
        const int p = order[row];
        VersusStanding s;
        const bool tied = row > 0 && ranking.ratings[p].elo == ranking.ratings[order[row - 1]].elo;
        s.rank = tied ? out.rows.back().rank : static_cast<int>(row) + 1;
        s.bot = field.names[p];
        s.elo = fits.elo.ratings[p];
        s.results = fits.wdl[p];
        s.score_percent = 100.0 * fits.wdl[p].score();
        if (row + 1 < order.size()) s.los_next = ranking.los(p, order[row + 1]);
        if (fits.finishing_order) s.finishing_order_rating = fits.finishing_order->ratings[p];
        s.games = field.games_played[p];
        s.average_rank = fits.places[p].average_rank();
        s.win_percent = 100.0 * fits.places[p].win_rate();
        s.health = fits.health[p];
        out.rows.push_back(std::move(s));
    }
}

// Every two bots that met, in row order, from the side of the better ranked.
std::vector<PairReport> pair_reports(
    const Field& field, const Fits& fits, const std::vector<int>& order,
    const std::map<std::pair<int, int>, ratings::Pentanomial>& pentanomials) {
    std::vector<PairReport> pairs;
    const std::size_t n = order.size();
    for (std::size_t i = 0; i < n; ++i) {
        for (std::size_t j = i + 1; j < n; ++j) {
            const int a = order[i], b = order[j];
            const ratings::WDL& results = fits.table[a][b];
            if (results.games() == 0) continue;
            PairReport pair;
            pair.a = field.names[a];
            pair.b = field.names[b];
            pair.results = results;
            auto it = pentanomials.find({std::min(a, b), std::max(a, b)});
            if (it != pentanomials.end()) {
                pair.pentanomial = it->second;
                if (a > b)
                    std::reverse(pair.pentanomial.counts.begin(), pair.pentanomial.counts.end());
            }
            pair.elo = pair.pentanomial.pairs() > 0 ? ratings::pentanomial_elo(pair.pentanomial)
                                                    : ratings::trinomial_elo(results);
            pairs.push_back(std::move(pair));
        }
    }
    return pairs;
}

}  // namespace

std::string elo_text(const ratings::EloEstimate& e) {
    return signed_elo(e.elo) + " [" + (e.open_below ? "<" : "") + signed_elo(e.lo95) + ", " +
           (e.open_above ? ">" : "") + signed_elo(e.hi95) + "]";
}

VersusStandings versus_standings(const tournament::TournamentConfig& config,
                                 const std::vector<tournament::GameRecord>& records) {
    RunTally tally(config);
    for (const tournament::GameRecord& r : records) tally.add(r);
    return versus_standings(config, tally);
}

VersusStandings versus_standings(const tournament::TournamentConfig& config,
                                 const RunTally& tally) {
    VersusStandings out;
    out.game = config.game;
    out.players_per_game = config.players_per_game;
    out.games = static_cast<int>(tally.games());
    const Field field = read_field(config, tally);
    const Fits fits = fit(field, config.players_per_game > 2, tally);
    const std::vector<int> order = table_order(fits.ranking());
    add_rows(field, fits, order, out);
    const int n = static_cast<int>(order.size());
    out.head_to_head.assign(n, std::vector<ratings::WDL>(n));
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) out.head_to_head[i][j] = fits.table[order[i]][order[j]];
    out.pairs = pair_reports(field, fits, order, tally.pentanomials());
    if (config.format == tournament::Format::gauntlet && config.candidate < config.bots.size()) {
        // The question is the candidate's: every pair it is in reads from its side.
        out.gauntlet_of = config.bots[config.candidate].name;
        for (PairReport& pair : out.pairs) pair = seen_from(pair, out.gauntlet_of);
    }
    return out;
}

namespace {

// standings.json's "notes": the texts under standings.md's tables, for the report page; a note
// with nothing to explain is left out.
nlohmann::ordered_json pair_json(const PairReport& p) {
    nlohmann::ordered_json pair = {{"a", p.a},
                                   {"b", p.b},
                                   {"results", wdl_json(p.results)},
                                   {"elo", elo_object(p.elo.elo)},
                                   {"los", p.elo.los}};
    if (p.pentanomial.pairs() > 0) pair["pentanomial"] = p.pentanomial.counts;
    return pair;
}

// The candidate and its pairs from its side: {"bot": "mine", "pairs": [{"a": "mine", ...}]}.
nlohmann::ordered_json gauntlet_json(const VersusStandings& st) {
    nlohmann::ordered_json pairs = nlohmann::ordered_json::array();
    for (const PairReport& p : gauntlet_pairs(st)) pairs.push_back(pair_json(p));
    return {{"bot", st.gauntlet_of}, {"pairs", pairs}};
}

nlohmann::ordered_json notes_json(const StandingsNotes& notes) {
    nlohmann::ordered_json json = nlohmann::ordered_json::object();
    const std::pair<const char*, const std::string*> fields[] = {
        {"ratings", &notes.ratings},
        {"open_bounds", &notes.open_bounds},
        {"pair_open_bounds", &notes.pair_open_bounds},
        {"los", &notes.los}};
    for (const auto& [name, text] : fields)
        if (!text->empty()) json[name] = *text;
    json["reading_guide"] = kReadingGuide;
    return json;
}

}  // namespace

nlohmann::ordered_json to_json(const VersusStandings& st) {
    nlohmann::ordered_json rows = nlohmann::ordered_json::array();
    for (const VersusStanding& s : st.rows) {
        nlohmann::ordered_json row = {{"rank", s.rank},
                                      {"bot", s.bot},
                                      {"games", s.games},
                                      {"elo", elo_object(s.elo)},
                                      {"pairwise", wdl_json(s.results)},
                                      {"score_percent", s.score_percent},
                                      {"los_next", s.los_next ? nlohmann::ordered_json(*s.los_next)
                                                              : nlohmann::ordered_json(nullptr)}};
        if (s.finishing_order_rating) {
            row["plackett_luce"] = elo_object(*s.finishing_order_rating);
            row["average_rank"] = s.average_rank;
            row["win_percent"] = s.win_percent;
        }
        row["health"] = to_json(s.health);
        rows.push_back(std::move(row));
    }
    nlohmann::ordered_json matrix = nlohmann::ordered_json::object();
    for (std::size_t i = 0; i < st.rows.size(); ++i) {
        nlohmann::ordered_json line = nlohmann::ordered_json::object();
        for (std::size_t j = 0; j < st.rows.size(); ++j) {
            if (i != j && st.head_to_head[i][j].games() > 0)
                line[st.rows[j].bot] = wdl_json(st.head_to_head[i][j]);
        }
        matrix[st.rows[i].bot] = line;
    }
    nlohmann::ordered_json pairs = nlohmann::ordered_json::array();
    for (const PairReport& p : st.pairs) pairs.push_back(pair_json(p));
    nlohmann::ordered_json json = {
        {"game", st.game},
        {"players_per_game", st.players_per_game},
        {"games", st.games},
        {"elo_model",
         "Bradley-Terry over pairwise results (a draw = half a win), 95% profile-likelihood "
         "intervals, field average 0"},
        {"standings", rows},
        {"head_to_head", matrix},
        {"pairs", pairs}};
    if (!st.gauntlet_of.empty()) json["gauntlet"] = gauntlet_json(st);
    json["notes"] = notes_json(standings_notes(st));
    return json;
}

namespace {

// "mine (above)": the open sides of one estimate, for the notes under a table; "" when closed.
std::string open_sides_of(const std::string& name, const ratings::EloEstimate& e) {
    if (!e.open_below && !e.open_above) return "";
    const char* sides = e.open_below && e.open_above ? "both sides"
                        : e.open_below               ? "below"
                                                     : "above";
    return name + " (" + sides + ")";
}

std::string joined(const std::vector<std::string>& parts) {
    std::string text;
    for (const std::string& part : parts) {
        if (part.empty()) continue;
        text += (text.empty() ? "" : ", ") + part;
    }
    return text;
}

// The open sides of the table's main ratings (the ones the table ranks by, and pairwise Elo).
// The pairwise Elo of a multiplayer table is named apart only where its sides differ.
std::string open_sides_of_table(const VersusStandings& st) {
    std::vector<std::string> sides;
    for (const VersusStanding& s : st.rows) {
        const ratings::EloEstimate& main =
            s.finishing_order_rating ? *s.finishing_order_rating : s.elo;
        sides.push_back(open_sides_of(s.bot, main));
        if (s.elo.open_below != main.open_below || s.elo.open_above != main.open_above)
            sides.push_back(open_sides_of(s.bot + " pairwise", s.elo));
    }
    return joined(sides);
}

std::string open_sides_of_pairs(const VersusStandings& st) {
    std::vector<std::string> sides;
    for (const PairReport& p : st.pairs)
        sides.push_back(open_sides_of(p.a + " vs " + p.b, p.elo.elo));
    return joined(sides);
}

// "+669 is the Elo of 23.5 points of 24": what a perfect (zero) score's estimate stands for; ""
// when the pair's score is neither.
std::string capped_estimate(const PairReport& p) {
    const int games = p.results.games();
    const bool perfect = p.results.wins == games;
    if (!perfect && p.results.losses != games) return "";
    return signed_elo(p.elo.elo.elo) + " is the Elo of " +
           format("%g", perfect ? games - 0.5 : 0.5) + " points of " + std::to_string(games);
}

// " (mine vs random, 24-0-0: +669 is the Elo of 23.5 points of 24)": the first pair with a
// perfect or zero score, as the example of the pairs' open-bound note; "" when there is none.
std::string perfect_score_example(const VersusStandings& st) {
    for (const PairReport& p : st.pairs) {
        if (const std::string capped = capped_estimate(p); !capped.empty())
            return " (" + p.a + " vs " + p.b + ", " + wdl_text(p.results) + ": " + capped + ")";
    }
    return "";
}

}  // namespace

StandingsNotes standings_notes(const VersusStandings& st) {
    StandingsNotes notes;
    const bool multi = st.players_per_game > 2;
    notes.ratings = multi ? "Rating (finish order): a Plackett-Luce fit to each game's full "
                            "finishing order, which ranks the table; pairwise Elo: a "
                            "Bradley-Terry fit treating every two players of a game as a "
                            "2-player game (the better ranked wins)."
                          : "Elo: one Bradley-Terry fit over all games (a draw = half a win).";
    notes.ratings += " Intervals are 95 % (profile likelihood), relative to the field average 0.";
    if (const std::string sides = open_sides_of_table(st); !sides.empty()) {
        notes.open_bounds =
            "Open bounds (< or >), here " + sides +
            ": the games set no limit on that side. A bot that won (lost) every game against "
            "part of the field could be rated any higher (lower); and as ratings are relative to "
            "the field average, a bot that lost every game drags that average down without "
            "limit, which leaves everyone else's upper side open too. The number shown there is "
            "where the fit's weak prior (a 1000-Elo spread around the average) stops the rating: "
            "a placeholder, not a measured bound.";
    }
    if (const std::string sides = open_sides_of_pairs(st); !sides.empty()) {
        notes.pair_open_bounds =
            "Open bounds (< or >), here " + sides +
            ": a perfect score (every game or pair won) has no finite Elo. The estimate shown is "
            "the Elo of half a game less" +
            perfect_score_example(st) +
            ", the least that score says, and the upper side is open; the lower bound is exact "
            "(a bot that wins each game with probability p wins all n with chance p^n, so p < "
            "0.025^(1/n) is excluded). A zero score is the mirror image; a near-perfect one is "
            "open where its interval passes that half-game cap.";
    }
    notes.los =
        "LOS next (joint fit): the likelihood that the bot is stronger than the next one "
        "in the table, from the fit that ranks it (normal approximation of the two "
        "ratings' difference).";
    if (!st.pairs.empty()) {
        notes.los +=
            " A pair's LOS (pair's games) uses only the two bots' games against each other, "
            "hence the two can differ: the joint fit's spread includes its weak prior, so for a "
            "rating the games leave open it reads cautiously (a bot that won 24 games of 24 can "
            "read 95 % there and 100 % in its pair), while the pair's figure reads 100 % when "
            "every game (pair) ended alike.";
    }
    return notes;
}

namespace {

// The lines under the terminal table: what its figures are, its open sides named.
std::string text_legend(const VersusStandings& st) {
    const bool multi = st.players_per_game > 2;
    std::string legend = wrapped(
        multi ? "Rating: Plackett-Luce fit to each game's finishing order (ranks the "
                "table); pairwise Elo: every two players of a game as a 2-player game. "
                "95% intervals, field average 0."
              : "Elo: one Bradley-Terry fit over all games, 95% interval, field average 0.");
    if (const std::string sides = open_sides_of_table(st); !sides.empty()) {
        legend += wrapped("  < or > (here " + sides +
                              "): an open side, the games set no limit there; the number is where "
                              "the fit's weak prior stops the rating, not a measured bound.",
                          100, "    ");
    }
    legend += wrapped(std::string("LOS next (joint fit): likelihood of being stronger than the "
                                  "next row, from that fit") +
                      (multi ? " (shown in standings.md)" : "") +
                      (st.pairs.empty() ? "."
                                        : "; standings.md's pairs give each pair's LOS from its "
                                          "own games.") +
                      " How to read it all: " + kReadingGuide);
    return legend;
}

}  // namespace

std::string pair_text(const PairReport& p) {
    std::string text = p.a + " vs " + p.b + ": " + std::to_string(p.results.games()) +
                       " games, W-D-L " + wdl_text(p.results);
    if (p.pentanomial.pairs() > 0) {
        text += ", pentanomial";
        for (std::size_t k = 0; k < 5; ++k)
            text += (k ? " / " : " ") + std::to_string(p.pentanomial.counts[k]);
        text += " (seat-swapped pairs scoring 0, ½, 1, 1½, 2 of 2)";
    }
    std::string out = wrapped(text);
    out += wrapped("  Elo (pair's games) " + elo_text(p.elo.elo) + ", LOS (pair's games) " +
                       format("%.1f%%", 100 * p.elo.los),
                   100, "    ");
    const ratings::EloEstimate& e = p.elo.elo;
    if (e.open_below || e.open_above) {
        const std::string capped = capped_estimate(p);
        out +=
            wrapped(std::string("  ") + (e.open_above ? ">" : "<") + ": an open side, " +
                        (capped.empty() ? "the interval passes the Elo of half a game from a "
                                          "perfect (zero) score, where the figures stop"
                                        : "a perfect (zero) score has no finite Elo: " + capped) +
                        "; see " + kReadingGuide,
                    100, "    ");
    }
    return out;
}

std::string to_text(const VersusStandings& st) {
    std::ostringstream out;
    const bool multi = st.players_per_game > 2;
    char line[320];
    if (multi) {
        std::snprintf(line, sizeof line, "%-4s %-18s %-22s %-22s %6s %8s %6s %6s %8s %8s\n", "rank",
                      "bot", "rating (finish order)", "pairwise Elo", "games", "avg rank", "win %",
                      "fails", "p50 ms", "max ms");
    } else {
        std::snprintf(line, sizeof line, "%-4s %-18s %-22s %6s %-12s %7s %8s %6s %8s %8s\n", "rank",
                      "bot", "Elo [95%]", "games", "W-D-L", "score", "LOS next", "fails", "p50 ms",
                      "max ms");
    }
    out << line;
    for (const VersusStanding& s : st.rows) {
        const std::string los = s.los_next ? format("%.1f%%", 100 * *s.los_next) : "-";
        if (multi) {
            std::snprintf(line, sizeof line,
                          "%-4d %-18s %-22s %-22s %6d %8.2f %5.1f%% %6d %8.2f %8.1f\n", s.rank,
                          s.bot.c_str(), elo_text(*s.finishing_order_rating).c_str(),
                          elo_text(s.elo).c_str(), s.games, s.average_rank, s.win_percent,
                          s.health.failures(), s.health.p50_turn_ms, s.health.max_turn_ms);
        } else {
            std::snprintf(line, sizeof line,
                          "%-4d %-18s %-22s %6d %-12s %6.1f%% %8s %6d %8.2f %8.1f\n", s.rank,
                          s.bot.c_str(), elo_text(s.elo).c_str(), s.games,
                          wdl_text(s.results).c_str(), s.score_percent, los.c_str(),
                          s.health.failures(), s.health.p50_turn_ms, s.health.max_turn_ms);
        }
        out << line;
    }
    out << text_legend(st) << gauntlet_text(st);
    return out.str();
}

namespace {

void markdown_table(const VersusStandings& st, std::ostringstream& md) {
    const bool multi = st.players_per_game > 2;
    const StandingsNotes notes = standings_notes(st);
    md << "# " << markdown_text(st.game) << " standings\n\n"
       << st.games << " games, " << st.players_per_game << " players per game. " << notes.ratings
       << " How to read every column: `" << kReadingGuide << "`.\n\n";
    if (multi) {
        md << "| rank | bot | rating | pairwise Elo | games | avg rank | win % | pairwise W-D-L | "
              "LOS next (joint fit) |\n|---:|---|---|---|---:|---:|---:|---|---:|\n";
    } else {
        md << "| rank | bot | Elo | games | W-D-L | score % | LOS next (joint fit) |\n"
              "|---:|---|---|---:|---|---:|---:|\n";
    }
    for (const VersusStanding& s : st.rows) {
        const std::string los = s.los_next ? format("%.1f%%", 100 * *s.los_next) : "-";
        md << "| " << s.rank << " | " << markdown_text(s.bot) << " | ";
        if (multi) {
            md << elo_text(*s.finishing_order_rating) << " | " << elo_text(s.elo) << " | "
               << s.games << " | " << format("%.2f", s.average_rank) << " | "
               << format("%.1f", s.win_percent) << " | " << wdl_text(s.results) << " | " << los
               << " |\n";
        } else {
            md << elo_text(s.elo) << " | " << s.games << " | " << wdl_text(s.results) << " | "
               << format("%.1f", s.score_percent) << " | " << los << " |\n";
        }
    }
    md << "\n";
    if (!notes.open_bounds.empty()) md << notes.open_bounds << "\n\n";
    md << notes.los << "\n";
}

void markdown_head_to_head(const VersusStandings& st, std::ostringstream& md) {
    const bool multi = st.players_per_game > 2;
    md << "\n## Head to head\n\nRow against column, wins-draws-losses"
       << (multi ? " (pairwise, from the finishing order)" : "") << ".\n\n|   |";
    for (const VersusStanding& s : st.rows) md << " " << markdown_text(s.bot) << " |";
    md << "\n|---|";
    for (std::size_t i = 0; i < st.rows.size(); ++i) md << "---|";
    md << "\n";
    for (std::size_t i = 0; i < st.rows.size(); ++i) {
        md << "| **" << markdown_text(st.rows[i].bot) << "** |";
        for (std::size_t j = 0; j < st.rows.size(); ++j) {
            const ratings::WDL& r = st.head_to_head[i][j];
            md << " " << (i == j || r.games() == 0 ? "" : wdl_text(r)) << " |";
        }
        md << "\n";
    }
}

// The pairs not shown in a gauntlet's own section (gauntlet.hpp): every pair in a round robin.
std::vector<PairReport> other_pairs(const VersusStandings& st) {
    std::vector<PairReport> pairs;
    for (const PairReport& p : st.pairs)
        if (st.gauntlet_of.empty() || (p.a != st.gauntlet_of && p.b != st.gauntlet_of))
            pairs.push_back(p);
    return pairs;
}

void markdown_pairs(const VersusStandings& st, std::ostringstream& md) {
    const bool multi = st.players_per_game > 2;
    md << gauntlet_markdown(st);
    const std::vector<PairReport> pairs = other_pairs(st);
    if (!pairs.empty()) {
        md << (st.gauntlet_of.empty() ? "\n## Pairs\n\n" : "\n## Other pairs\n\n");
        md << "Each pair from its own games only, from the first bot's side. ";
        if (!multi)
            md << "Seat-swapped pairs (same seed, both seat orders) give the pentanomial counts: "
                  "pairs where the first bot scored 0, ½, 1, 1½, 2 points of 2. Elo and LOS "
                  "come from them (or from W-D-L when no pair is complete).";
        md << "\n\n| bots | W-D-L | pentanomial 0 / ½ / 1 / 1½ / 2 | Elo (pair's games) | "
              "LOS (pair's games) |\n|---|---|---|---|---:|\n";
        for (const PairReport& p : pairs) {
            std::string penta = "-";
            if (p.pentanomial.pairs() > 0) {
                penta.clear();
                for (std::size_t k = 0; k < 5; ++k)
                    penta += (k ? " / " : "") + std::to_string(p.pentanomial.counts[k]);
            }
            md << "| " << markdown_text(p.a) << " vs " << markdown_text(p.b) << " | "
               << wdl_text(p.results) << " | " << penta << " | " << elo_text(p.elo.elo) << " | "
               << format("%.1f%%", 100 * p.elo.los) << " |\n";
        }
    }
    const StandingsNotes notes = standings_notes(st);
    if (!notes.pair_open_bounds.empty()) md << "\n" << notes.pair_open_bounds << "\n";
}

void markdown_failures(const VersusStandings& st, const std::string& out_dir,
                       const std::string& program, std::ostringstream& md) {
    md << "\n## Failures and turn times\n\nThe first failed game of each bot comes with the "
          "command "
          "that replays it (add `--script --turn N` to step through it without running bots).\n\n"
          "| bot | games | timeouts | crashes | invalid | first failure | mean ms | p50 ms | "
          "p90 ms | p99 ms | max ms |\n|---|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|\n";
    for (const VersusStanding& s : st.rows) {
        const BotHealth& h = s.health;
        md << "| " << markdown_text(s.bot) << " | " << h.games << " | " << h.timeouts << " | "
           << h.crashes << " | " << h.invalids << " | "
           << first_failure_cell(h.first_failed_game, out_dir, program) << " | "
           << format("%.2f", h.mean_turn_ms) << " | " << format("%.2f", h.p50_turn_ms) << " | "
           << format("%.2f", h.p90_turn_ms) << " | " << format("%.2f", h.p99_turn_ms) << " | "
           << format("%.1f", h.max_turn_ms) << " |\n";
    }
}

}  // namespace

std::string to_markdown(const VersusStandings& st, const std::string& out_dir,
                        const std::string& program) {
    std::ostringstream md;
    markdown_table(st, md);
    markdown_head_to_head(st, md);
    markdown_pairs(st, md);
    markdown_failures(st, out_dir, program, md);
    return md.str();
}

std::string to_csv(const VersusStandings& st) {
    std::ostringstream csv;
    csv << "rank,bot,games,elo,elo_lo95,elo_hi95,wins,draws,losses,score_percent,los_next,"
           "rating,rating_lo95,rating_hi95,average_rank,win_percent,timeouts,crashes,invalids,"
           "mean_turn_ms,p50_turn_ms,p90_turn_ms,p99_turn_ms,max_turn_ms\n";
    for (const VersusStanding& s : st.rows) {
        const std::string name = csv_quoted(s.bot);
        csv << s.rank << "," << name << "," << s.games << "," << format("%.1f", s.elo.elo) << ","
            << format("%.1f", s.elo.lo95) << "," << format("%.1f", s.elo.hi95) << ","
            << s.results.wins << "," << s.results.draws << "," << s.results.losses << ","
            << format("%.2f", s.score_percent) << ","
            << (s.los_next ? format("%.4f", *s.los_next) : "") << ",";
        if (s.finishing_order_rating) {
            csv << format("%.1f", s.finishing_order_rating->elo) << ","
                << format("%.1f", s.finishing_order_rating->lo95) << ","
                << format("%.1f", s.finishing_order_rating->hi95) << ","
                << format("%.3f", s.average_rank) << "," << format("%.2f", s.win_percent) << ",";
        } else {
            csv << ",,,,,";
        }
        const BotHealth& h = s.health;
        csv << h.timeouts << "," << h.crashes << "," << h.invalids << ","
            << format("%.3f", h.mean_turn_ms) << "," << format("%.3f", h.p50_turn_ms) << ","
            << format("%.3f", h.p90_turn_ms) << "," << format("%.3f", h.p99_turn_ms) << ","
            << format("%.3f", h.max_turn_ms) << "\n";
    }
    return csv.str();
}

}  // namespace arena::report
