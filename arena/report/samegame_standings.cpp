#include "arena/report/samegame_standings.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <map>
#include <sstream>

#include "arena/report/failures.hpp"
#include "arena/report/run_tally.hpp"
#include "arena/report/text.hpp"
#include "referees/registry.hpp"

namespace arena::report {

namespace {

double passed_fraction(const SameGameStanding& s) {
    return s.validators ? double(s.validators_passed) / s.validators
                        : (s.boards ? double(s.boards_passed) / s.boards : 0.0);
}

// As CodinGame ranks a puzzle: validators passed first, then the validator total, then the total.
void rank(std::vector<SameGameStanding>& standings) {
    std::stable_sort(standings.begin(), standings.end(), [&](const auto& a, const auto& b) {
        if (passed_fraction(a) != passed_fraction(b))
            return passed_fraction(a) > passed_fraction(b);
        if (a.validator_total != b.validator_total) return a.validator_total > b.validator_total;
        return a.total > b.total;
    });
    for (std::size_t i = 0; i < standings.size(); ++i) {
        const bool tied = i > 0 &&
                          passed_fraction(standings[i]) == passed_fraction(standings[i - 1]) &&
                          standings[i].validator_total == standings[i - 1].validator_total &&
                          standings[i].total == standings[i - 1].total;
        standings[i].rank = tied ? standings[i - 1].rank : static_cast<int>(i) + 1;
    }
}

bool any_validator(const std::vector<SameGameStanding>& standings) {
    return std::any_of(standings.begin(), standings.end(),
                       [](const SameGameStanding& s) { return s.validators > 0; });
}

// "1-10, 13, 15-20": board numbers, consecutive ones as a range.
std::string number_ranges(std::vector<int> numbers) {
    std::sort(numbers.begin(), numbers.end());
    std::string text;
    for (std::size_t i = 0; i < numbers.size();) {
        std::size_t j = i;
        while (j + 1 < numbers.size() && numbers[j + 1] <= numbers[j] + 1) ++j;
        if (!text.empty()) text += ", ";
        text += std::to_string(numbers[i]);
        if (numbers[j] != numbers[i]) text.append("-").append(std::to_string(numbers[j]));
        i = j + 1;
    }
    return text;
}

std::string counted(int count, const std::string& noun) {
    return std::to_string(count) + " " + noun + (count == 1 ? "" : "s");
}

// The built-in validators of the game's catalogue, "boards 11-50"; "" without any.
std::string catalogue_validators(const referee::GameInfo& game) {
    if (!game.testcases.builtins) return "";
    std::vector<int> numbers;
    for (const referee::Testcase& t : game.testcases.builtins())
        if (t.validator) numbers.push_back(t.board_number);
    return numbers.empty() ? "" : game.testcases.noun + "s " + number_ranges(numbers);
}

bool has_validators(const tournament::TournamentConfig& config) {
    return std::any_of(config.testcases.begin(), config.testcases.end(),
                       [](const referee::Testcase& t) { return t.validator; });
}

// "97.3%" (`pattern` "%.1f%%"), or "-" when no board counted has a best known score.
std::string best_known_text(const SameGameStanding& s, const char* pattern) {
    return s.best_known_total > 0 ? format(pattern, s.best_known_percent) : "-";
}

// How the table is ranked, after the boards_summary: true to this run's boards.
std::string ranking_note(const tournament::TournamentConfig& config) {
    if (has_validators(config)) {
        return "ranked as CodinGame ranks a submit: validators passed, then the validator total "
               "(CodinGame's submit score: the sum over the validators, a failed one counting 0), "
               "then the total over every board played.";
    }
    const std::string validators = catalogue_validators(referee::game_info(config.game));
    return "no validator in this run, so no submit score: ranked by the boards passed, then the "
           "total over these boards (a failed board counts 0)." +
           (validators.empty() ? std::string()
                               : " CodinGame's submit score is the total over its validators (" +
                                     validators + ").");
}

}  // namespace

std::string boards_summary(const tournament::TournamentConfig& config) {
    const std::string noun = referee::game_info(config.game).testcases.noun;
    std::vector<int> numbers;
    std::vector<std::string> files;
    int tests = 0, validators = 0;
    for (const referee::Testcase& t : config.testcases) {
        if (t.board_number > 0) {
            numbers.push_back(t.board_number);
            (t.validator ? validators : tests) += 1;
        } else {
            files.push_back(t.name);
        }
    }
    const std::string file_count = counted(static_cast<int>(files.size()), noun + " file");
    std::string what = number_ranges(numbers);  // "1-2, mine", "1-2 and 5 board files"
    constexpr std::size_t kFilesNamed = 3;      // more are only counted
    if (files.size() <= kFilesNamed) {
        for (const std::string& file : files) what += (what.empty() ? "" : ", ") + file;
        what = what.empty() ? "no " + noun + "s" : noun + "s " + what;
    } else {
        what = (what.empty() ? "" : noun + "s " + what + " and ") + file_count;
    }
    std::string counts = tests ? counted(tests, "test") + ", " : "";
    if (!files.empty()) counts += file_count + ", ";
    return what + " (" + counts + counted(validators, "validator") + ")";
}

std::vector<SameGameStanding> samegame_standings(
    const tournament::TournamentConfig& config,
    const std::vector<tournament::GameRecord>& records) {
    RunTally tally(config);
    for (const tournament::GameRecord& r : records) tally.add(r);
    return samegame_standings(config, tally);
}

std::vector<SameGameStanding> samegame_standings(const tournament::TournamentConfig& config,
                                                 const RunTally& tally) {
    const bool validators_ranked = has_validators(config);
    std::vector<SameGameStanding> standings;
    for (const match::PlayerSpec& bot : config.bots) {
        SameGameStanding s;
        s.bot = bot.name;
        std::int64_t best_known = 0, scored_against_best = 0;
        double turn_ms_sum = 0;
        int turn_count = 0;
        for (const referee::Testcase& t : config.testcases) {
            auto it = tally.boards().find({bot.name, t.name});
            if (it == tally.boards().end()) continue;  // not played (yet)
            const BoardGame& r = it->second;
            const match::Outcome outcome = r.outcome;
            const bool passed = outcome == match::Outcome::ok;
            const std::int64_t counted = passed ? r.score : 0;  // a failed board is worth 0
            s.scores.push_back({t.name, r.score, outcome, r.id});
            ++s.boards;
            s.boards_passed += passed;
            s.total += counted;
            if (t.validator) {
                ++s.validators;
                s.validators_passed += passed;
                s.validator_total += counted;
            }
            if (t.best_known > 0 && (t.validator || !validators_ranked)) {
                best_known += t.best_known;
                scored_against_best += counted;
            }
            if (!passed && s.first_failure.empty()) {
                s.first_failure = r.id;
                s.first_failed_game = r.failed;
            }
            s.timeouts += outcome == match::Outcome::timeout;
            s.crashes += outcome == match::Outcome::crash;
            s.invalids += outcome == match::Outcome::invalid;
            turn_ms_sum += r.mean_turn_ms * r.turns;
            turn_count += r.turns;
            s.max_turn_ms = std::max(s.max_turn_ms, r.max_turn_ms);
        }
        s.mean_turn_ms = turn_count ? turn_ms_sum / turn_count : 0;
        s.best_known_percent = best_known ? 100.0 * scored_against_best / best_known : 0;
        s.best_known_total = best_known;
        standings.push_back(std::move(s));
    }
    rank(standings);
    return standings;
}

nlohmann::ordered_json to_json(const std::vector<SameGameStanding>& standings,
                               const std::string& game) {
    nlohmann::ordered_json rows = nlohmann::ordered_json::array();
    for (const SameGameStanding& s : standings) {
        nlohmann::ordered_json scores = nlohmann::ordered_json::object();
        for (const BoardScore& b : s.scores) {
            scores[b.testcase] = {
                {"score", b.score}, {"outcome", match::to_string(b.outcome)}, {"game", b.game_id}};
        }
        rows.push_back(
            {{"rank", s.rank},
             {"bot", s.bot},
             {"validator_total", s.validator_total},
             {"validators", s.validators},
             {"validators_passed", s.validators_passed},
             {"total", s.total},
             {"boards", s.boards},
             {"boards_passed", s.boards_passed},
             {"best_known_percent", s.best_known_percent},
             {"best_known_total", s.best_known_total},
             {"timeouts", s.timeouts},
             {"crashes", s.crashes},
             {"invalids", s.invalids},
             {"first_failure", s.first_failure.empty() ? nlohmann::ordered_json(nullptr)
                                                       : nlohmann::ordered_json(s.first_failure)},
             {"mean_turn_ms", s.mean_turn_ms},
             {"max_turn_ms", s.max_turn_ms},
             {"scores", scores}});
    }
    return {{"game", game}, {"standings", rows}};
}

namespace {

// Without a validator the totals and passes are over every board played (as the ranking is).
std::string table_text(const std::vector<SameGameStanding>& standings, bool validators) {
    std::ostringstream out;
    char line[256];
    std::snprintf(line, sizeof line, "%-4s %-20s %15s %8s %17s %8s %10s %10s\n", "rank", "bot",
                  validators ? "validator total" : "total", "% best",
                  validators ? "validators passed" : "boards passed", "failed", "mean ms",
                  "max ms");
    out << line;
    for (const SameGameStanding& s : standings) {
        const std::string passed =
            std::to_string(validators ? s.validators_passed : s.boards_passed) + "/" +
            std::to_string(validators ? s.validators : s.boards);
        std::snprintf(line, sizeof line, "%-4d %-20s %15s %8s %17s %8d %10.2f %10.1f\n", s.rank,
                      s.bot.c_str(), thousands(validators ? s.validator_total : s.total).c_str(),
                      best_known_text(s, "%.1f%%").c_str(), passed.c_str(),
                      s.timeouts + s.crashes + s.invalids, s.mean_turn_ms, s.max_turn_ms);
        out << line;
    }
    return out.str();
}

}  // namespace

nlohmann::ordered_json to_json(const std::vector<SameGameStanding>& standings,
                               const tournament::TournamentConfig& config) {
    nlohmann::ordered_json json = to_json(standings, config.game);
    json["boards_summary"] = boards_summary(config);
    json["ranking"] = ranking_note(config);
    json["reading_guide"] = kReadingGuide;
    return json;
}

std::string to_text(const std::vector<SameGameStanding>& standings) {
    return table_text(standings, any_validator(standings));
}

std::string to_text(const std::vector<SameGameStanding>& standings,
                    const tournament::TournamentConfig& config) {
    return wrapped(boards_summary(config) + ": " + ranking_note(config)) +
           table_text(standings, has_validators(config));
}

std::string to_markdown(const std::vector<SameGameStanding>& standings,
                        const tournament::TournamentConfig& config, const std::string& out_dir,
                        const std::string& program) {
    std::ostringstream md;
    std::string boards = boards_summary(config);
    boards[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(boards[0])));
    md << "# " << referee::game_info(config.game).title << " standings\n\n"
       << boards << ": " << ranking_note(config) << "\n\n"
       << (has_validators(config)
               ? "Validator total: the sum over the validators played. % best known: the bot's "
                 "scores on the validators that have a best known score, against those scores. "
                 "All boards: the same sum as the validator total over every board played, tests "
                 "included. "
               : "Validator total and validators passed are 0 and 0/0: no validator was played. "
                 "% best known: the bot's scores on the boards that have a best known score, "
                 "against those scores (- when none has one). ")
       << "How to read every column: `" << kReadingGuide << "`.\n\n"
       << "| rank | bot | validator total | % best known | validators passed | all boards | "
          "timeouts | crashes | invalid | first failure (replay it) | mean turn ms | max turn ms "
          "|\n"
       << "|---:|---|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|\n";
    for (const SameGameStanding& s : standings) {
        md << "| " << s.rank << " | " << markdown_text(s.bot) << " | "
           << thousands(s.validator_total) << " | " << best_known_text(s, "%.1f") << " | "
           << s.validators_passed << "/" << s.validators << " | " << thousands(s.total) << " | "
           << s.timeouts << " | " << s.crashes << " | " << s.invalids << " | "
           << first_failure_cell(s.first_failed_game, out_dir, program) << " | "
           << format("%.2f", s.mean_turn_ms) << " | " << format("%.1f", s.max_turn_ms) << " |\n";
    }
    md << "\n## Scores per board\n\nA failed game shows the score before the failure and what went "
          "wrong.\n\n| board | title | best known |";
    for (const SameGameStanding& s : standings) md << " " << markdown_text(s.bot) << " |";
    md << "\n|---|---|---:|";
    for (std::size_t i = 0; i < standings.size(); ++i) md << "---:|";
    md << "\n";
    for (const referee::Testcase& t : config.testcases) {
        md << "| " << markdown_text(t.name) << " | " << markdown_text(t.title)
           << (t.validator ? " (validator)" : "") << " | "
           << (t.best_known ? thousands(t.best_known) : "-") << " |";
        for (const SameGameStanding& s : standings) {
            auto it = std::find_if(s.scores.begin(), s.scores.end(),
                                   [&](const BoardScore& b) { return b.testcase == t.name; });
            if (it == s.scores.end())
                md << " |";
            else if (it->outcome == match::Outcome::ok)
                md << " " << thousands(it->score) << " |";
            else
                md << " " << thousands(it->score) << " **" << match::to_string(it->outcome)
                   << "** |";
        }
        md << "\n";
    }
    return md.str();
}

std::string to_csv(const std::vector<SameGameStanding>& standings) {
    std::ostringstream csv;
    csv << "rank,bot,validator_total,best_known_percent,board,score,outcome,game\n";
    for (const SameGameStanding& s : standings) {
        const std::string name = csv_quoted(s.bot);
        for (const BoardScore& b : s.scores) {
            csv << s.rank << "," << name << "," << s.validator_total << ","
                << format("%.2f", s.best_known_percent) << "," << csv_quoted(b.testcase) << ","
                << b.score << "," << match::to_string(b.outcome) << "," << csv_quoted(b.game_id)
                << "\n";
        }
    }
    return csv.str();
}

}  // namespace arena::report
