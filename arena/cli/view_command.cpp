#include "arena/cli/view_command.hpp"

#include <filesystem>
#include <iostream>

#include "arena/cli/run_output.hpp"
#include "arena/cli/system_errors.hpp"
#include "arena/common/error.hpp"
#include "arena/common/files.hpp"
#include "arena/common/log_files.hpp"
#include "arena/match/external_game.hpp"
#include "arena/view/view.hpp"

namespace arena::cli {

namespace fs = std::filesystem;

namespace {

// A tournament directory gets its report.html again.
int write_report(const ViewArgs& args) {
    if (!args.output.empty())
        throw Error(
            "-o: a tournament's report is always <dir>/report.html (it links to the replays in "
            "<dir>/replays/)");
    const view::ReportFiles report = view::write_report(args.source);
    for (const std::string& note : report.notes) std::cerr << "note: " << note << "\n";
    std::cout << "report: " << report.report.string() << " (" << report.failed_games
              << " failed games, " << report.replays << " replay pages in replays/)\n";
    // A damaged or missing log is bad input like any other (exit 2), said once the report,
    // which needs none of them, is written.
    std::cerr << unreadable_logs_text(report, "error");
    return report.unreadable_logs.empty() ? 0 : 2;
}

// The replay page of a log: the log's name ending in .html (X.json and X.json.zst: X.html).
fs::path page_of(const std::string& log_file) {
    fs::path page = log_file;
    if (files::names_compressed_log(page)) page.replace_extension();
    return page.replace_extension(".html");
}

// A log of an external referee's game carries its spec ("referee"): the game is registered from
// it, so that the page draws it as the registry says (games/generic.js), as any other game.
void register_logged_game(const nlohmann::json& log, const std::string& file) {
    const auto spec = log.find("referee");
    if (spec == log.end()) return;
    try {
        match::register_external_game(match::external_game_from_json(*spec));
    } catch (const std::invalid_argument& e) {
        throw Error("'" + file + "': \"referee\": " + e.what());
    }
}

// A match log becomes its replay page.
int write_replay_page(const ViewArgs& args) {
    const nlohmann::json log = view::read_match_log(args.source);
    register_logged_game(log, args.source);
    const fs::path out = args.output.empty() ? page_of(args.source) : fs::path(args.output);
    if (fs::exists(out) && fs::equivalent(out, args.source))
        throw Error("the page would overwrite the log: choose another file with -o");
    files::write_atomically(out, view::replay_html(log));
    std::cout << "replay: " << out.string() << " (" << log["turns"].size()
              << " turns; open it in a browser)\n";
    return 0;
}

}  // namespace

CLI::App* add_view_command(CLI::App& app, ViewArgs& args) {
    CLI::App* command = app.add_subcommand(
        "view",
        "Write an HTML page to open in a browser: the replay of a match log, or the report of a "
        "tournament directory");
    command
        ->add_option("source", args.source,
                     "A match log, plain or compressed (arena play --log, a tournament's "
                     "games/*.json.zst or games/*.json), or a tournament's output directory")
        ->required();
    command->add_option("-o,--output", args.output,
                        "The page to write (default: the log's name ending in .html)");
    return command;
}

int run_view_command(const ViewArgs& args) {
    // The file system's refusals (a directory that cannot be read) are the user's to fix.
    return system_errors_as_arena_errors([&] {
        if (std::error_code none; !fs::exists(args.source, none))
            throw Error("'" + args.source +
                        "' not found: give a match log or a tournament's output directory "
                        "(check the path)");
        return fs::is_directory(args.source) ? write_report(args) : write_replay_page(args);
    });
}

}  // namespace arena::cli
