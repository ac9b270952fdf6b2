#include "arena/report/failures.hpp"

#include <algorithm>

#include "arena/common/terminal_text.hpp"
#include "arena/report/replay_command.hpp"
#include "arena/report/run_tally.hpp"
#include "arena/report/text.hpp"

namespace arena::report {

namespace {

// "7 timeouts, 2 crashes": the kinds that happened, in the standings' order.
std::string failure_counts(const BotHealth& h) {
    std::string text;
    auto add = [&](int count, const char* one, const char* many) {
        if (count == 0) return;
        text +=
            (text.empty() ? "" : ", ") + std::to_string(count) + " " + (count == 1 ? one : many);
    };
    add(h.timeouts, "timeout", "timeouts");
    add(h.load_timeouts, "of them a load timeout", "of them load timeouts");
    add(h.crashes, "crash", "crashes");
    add(h.invalids, "invalid answer", "invalid answers");
    return text;
}

// A run with load timeouts says how many and what to do.
std::string load_timeouts_advice(const std::vector<BotHealth>& health) {
    int load = 0;
    for (const BotHealth& h : health) load += h.load_timeouts;
    if (load == 0) return "";
    return "  " + std::to_string(load) + (load == 1 ? " timeout" : " timeouts") +
           " came from a busy machine (the bot waited for a CPU long enough to explain it): play "
           "fewer games at once (lower --concurrency), or stop what else runs, and play again\n";
}

}  // namespace

std::string failure_description(const FailedGame& failed) {
    std::string text = match::to_string(failed.outcome);
    text += failed.turn > 0 ? " at turn " + std::to_string(failed.turn)
                            : " (turn not recorded: see the game's log)";
    if (!failed.error.empty()) text += ": " + failed.error;
    if (!failed.timing.empty()) text += " (" + failed.timing + ")";
    // A crash's referee text is CodinGame's timeout message: how the process ended says more.
    if (failed.outcome == match::Outcome::crash && !failed.detail.empty())
        text += " (" + failed.detail + ")";
    return text;
}

std::string failure_replay_command(const FailedGame& failed, const std::filesystem::path& out_dir,
                                   const std::string& program) {
    if (failed.log.empty())
        return "no log was kept of game " + failed.game_id +
               " (the config's \"logs\" policy): it cannot be replayed";
    return replay_log_command(program, out_dir / failed.log, failed.turn, failed.game);
}

std::string first_failure_cell(const FailedGame& failed, const std::string& out_dir,
                               const std::string& program) {
    if (failed.game_id.empty()) return "-";
    if (failed.log.empty())
        return markdown_text(failure_description(failed) + "; " +
                             failure_replay_command(failed, out_dir, program));
    return markdown_text(failure_description(failed)) + " " +
           markdown_code(failure_replay_command(failed, out_dir, program));
}

std::string failures_text(const RunTally& tally, const std::filesystem::path& out_dir,
                          const std::string& program) {
    // Games an external referee failed: no bot's fault, not rated, said first.
    const std::string referee_failures = referee_failures_text(tally);
    std::vector<std::string> failed_bots;  // by name, as the summary lists them (a map's order)
    for (const auto& [bot, health] : tally.health())
        if (health.timeouts + health.crashes + health.invalids > 0) failed_bots.push_back(bot);
    if (failed_bots.empty()) return referee_failures.empty() ? "" : "\n" + referee_failures;
    const std::vector<BotHealth> health = bot_health(failed_bots, tally);
    std::string text =
        "\nfailures (each bot's first failed game, and the command that replays it "
        "and prints the failing turn):\n";
    for (const BotHealth& h : health) {
        text += "  " + terminal::visible(h.bot) + ": " + std::to_string(h.failures()) + " of " +
                std::to_string(h.games) + " games failed (" + failure_counts(h) + ")\n" +
                "    first: " + h.first_failure + ", " +
                terminal::visible(failure_description(h.first_failed_game)) + "\n    " +
                terminal::visible(failure_replay_command(h.first_failed_game, out_dir, program)) +
                "\n";
    }
    return text + load_timeouts_advice(health) + referee_failures;
}

std::string failures_text(const std::vector<tournament::GameRecord>& records,
                          const std::filesystem::path& out_dir, const std::string& program) {
    tournament::TournamentConfig config;
    RunTally tally(config);
    for (const tournament::GameRecord& r : records) tally.add(r);
    return failures_text(tally, out_dir, program);
}

}  // namespace arena::report
