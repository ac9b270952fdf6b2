#include "arena/cli/run_output.hpp"

#include <iostream>
#include <map>

#include "arena/common/files.hpp"
#include "arena/match/match_log_json.hpp"
#include "arena/process/interrupt.hpp"
#include "arena/report/replay_command.hpp"
#include "arena/report/samegame_standings.hpp"
#include "arena/report/versus_standings.hpp"
#include "arena/view/view.hpp"
#include "referees/registry.hpp"

namespace arena::cli {

namespace fs = std::filesystem;

std::string write_standings(const tournament::TournamentConfig& config,
                            const std::vector<tournament::GameRecord>& records, const fs::path& out,
                            const std::string& partial) {
    const std::string mark = partial.empty() ? "" : "**" + partial + "**\n\n";
    const referee::StandingsKind kind = referee::game_info(config.game).standings;
    if (kind == referee::StandingsKind::validator_totals) {
        const auto standings = report::samegame_standings(config, records);
        files::write_atomically(
            out / "standings.json",
            match::dump_json(report::to_json(standings, config.game), 2) + "\n");
        files::write_atomically(out / "standings.md",
                                mark + report::to_markdown(standings, config, out.string()));
        files::write_atomically(out / "standings.csv", report::to_csv(standings));
        return report::to_text(standings);
    }
    const auto standings = report::versus_standings(config, records);
    nlohmann::ordered_json json = report::to_json(standings);
    if (!partial.empty()) json["partial"] = partial;
    files::write_atomically(out / "standings.json", match::dump_json(json, 2) + "\n");
    files::write_atomically(out / "standings.md",
                            mark + report::to_markdown(standings, out.string()));
    files::write_atomically(out / "standings.csv", report::to_csv(standings));
    return report::to_text(standings);
}

std::string failures_text(const std::vector<tournament::GameRecord>& records, const fs::path& out) {
    std::map<std::string, std::pair<int, std::string>> failures;  // bot -> count, first game
    for (const tournament::GameRecord& r : records) {
        for (std::size_t seat = 0; seat < r.players.size(); ++seat) {
            if (r.outcomes[seat] == match::Outcome::ok) continue;
            auto& [count, first] = failures[r.players[seat]];
            if (count++ == 0) first = r.id;
        }
    }
    if (failures.empty()) return "";
    std::string text = "\nfailures (replay the first one of each bot with the command shown):\n";
    for (const auto& [bot, entry] : failures) {
        text += "  " + bot + ": " + std::to_string(entry.first) +
                " game(s), first: " + report::replay_command("build/arena", out, entry.second) +
                "\n";
    }
    return text;
}

int finish_run(const tournament::TournamentConfig& config,
               const std::vector<tournament::GameRecord>& records, std::size_t scheduled,
               const fs::path& out, const std::string& resume_command) {
    const int signal = process::interrupt_signal();
    const std::string partial = signal ? "partial: " + std::to_string(records.size()) + " of " +
                                             std::to_string(scheduled) + " games (interrupted)"
                                       : "";
    std::string table = write_standings(config, records, out, partial);
    table += failures_text(records, out);
    std::cout << "\n"
              << (partial.empty() ? "" : partial + "\n") << table
              << "\nwritten: " << (out / "results.jsonl").string() << ", "
              << (out / "standings.md").string() << " (.json, .csv), " << (out / "games").string()
              << "/\n";
    // The report page (standings, charts, failed games' replays) is a view of the files above:
    // a failure to write it must not hide the results.
    try {
        const view::ReportFiles report = view::write_report(out);
        std::cout << "report: " << report.report.string() << " (open it in a browser)\n";
    } catch (const std::exception& e) {
        std::cerr << "warning: no report.html: " << e.what() << "\n";
    }
    if (!signal) return 0;
    std::cout << records.size() << " of " << scheduled
              << " games saved; to go on: " << resume_command << "\n";
    return process::interrupted_exit_code(signal);
}

}  // namespace arena::cli
