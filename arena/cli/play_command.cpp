#include "arena/cli/play_command.hpp"

#include <cstdio>
#include <iostream>
#include <random>

#include "arena/cli/numbers.hpp"
#include "arena/cli/terminal_output.hpp"
#include "arena/cli/testcase_option.hpp"
#include "arena/common/error.hpp"
#include "arena/common/files.hpp"
#include "arena/common/log_files.hpp"
#include "arena/common/shell_quote.hpp"
#include "arena/match/external_game.hpp"
#include "arena/match/match_log_json.hpp"
#include "arena/match/play_game.hpp"
#include "arena/process/interrupt.hpp"
#include "arena/report/replay_command.hpp"
#include "arena/tournament/bot_build.hpp"
#include "referees/registry.hpp"

namespace arena::cli {

namespace {

// A fresh CodinGame-style seed (any signed 64-bit value) for a game played without --seed.
std::int64_t draw_seed() {
    std::random_device device;
    const std::uint64_t high = device(), low = device();
    return static_cast<std::int64_t>((high << 32) ^ low);
}

// The game as the referee gets it, and the test case's name for the summary and the log.
struct PlaySetup {
    const referee::GameInfo* game = nullptr;
    referee::GameSetup setup;
    std::string testcase_name;  // referee::testcase_log_name
};

// The options that give a game's test case, each the `option` of a registry entry (their help
// is the entry's). A game whose test case needs an option of its own adds it here and in PlayArgs
// (docs/adding-a-game.md); games that share an option need nothing.
constexpr std::pair<const char*, std::string PlayArgs::*> kTestcaseOptions[] = {
    {"--testcase", &PlayArgs::testcase},
    {"--sfen", &PlayArgs::sfen},
};

// The help of a test case option: the registry entries' that use it.
std::string testcase_option_help(const std::string& option) {
    std::string help;
    for (const referee::GameInfo& game : referee::games()) {
        if (game.testcases.option == option && help.empty()) help = game.testcases.option_help;
    }
    return help;
}

// "--sfen is only used by diceshogi"; a catalogue's option also says how `game` is set instead:
// "--testcase is only used by samegame (boards); tsuro games are set by --seed".
std::string not_used_by(const std::string& option, const referee::GameInfo& game) {
    std::string users, noun;
    for (const referee::GameInfo& g : referee::games()) {
        if (g.testcases.option != option) continue;
        users += (users.empty() ? "" : ", ") + g.name;
        if (g.testcases.form == referee::TestcaseForm::catalogue) noun = g.testcases.noun;
    }
    std::string text = option + " is only used by " + users;
    if (noun.empty()) return text;
    std::string how = game.seeded ? "--seed" : "";
    if (game.testcases.form == referee::TestcaseForm::text)
        how += (how.empty() ? "" : " and ") + game.testcases.option;
    text += " (" + noun + "s)";
    return how.empty() ? text : text + "; " + game.name + " games are set by " + how;
}

// The game's test case from the option its entry names; the other test case options refused.
void choose_testcase(const PlayArgs& args, PlaySetup& play) {
    const referee::GameInfo& game = *play.game;
    for (const auto& [option, field] : kTestcaseOptions) {
        const std::string& text = args.*field;
        if (game.testcases.option != option) {
            if (!text.empty()) throw Error(not_used_by(option, game));
            continue;
        }
        referee::Testcase testcase;
        if (game.testcases.form == referee::TestcaseForm::catalogue)
            testcase = catalogue_testcase(game, text, option);
        else
            testcase.text = text;  // checked by the referee, with the reason
        play.setup.testcase = testcase.text;
        play.testcase_name = referee::testcase_log_name(game, testcase);
    }
}

PlaySetup play_setup(const PlayArgs& args) {
    PlaySetup play;
    play.game = &game_of_args(args.game, args.external, args.bots.size(),
                              "arena play diceshogi --bot ./a --bot ./b, or arena play --referee "
                              "\"python3 referee.py\" --bot ./a --bot ./b",
                              args.limits);
    referee::GameSetup& setup = play.setup;
    setup.game = play.game->name;  // the registry's name, whatever case was typed
    setup.players = static_cast<int>(args.bots.size());
    // Said before any bot or referee starts (an external referee cannot be trusted to refuse).
    if (setup.players < play.game->min_players || setup.players > play.game->max_players) {
        const int min = play.game->min_players, max = play.game->max_players;
        throw Error(play.game->title + " is played by " + std::to_string(min) +
                    (min == max ? "" : " to " + std::to_string(max)) +
                    " player(s): give one --bot per seat (got " + std::to_string(setup.players) +
                    ")");
    }
    setup.seed = args.seed;
    if (!play.game->seeded && args.seed)
        std::cerr << "note: " << play.game->name << " has no randomness; --seed is ignored\n";
    choose_testcase(args, play);
    // Games with dice or decks always get a seed, so that the log can replay them.
    if (play.game->seeded && !setup.seed) setup.seed = draw_seed();
    return play;
}

// -v: every turn as it is played; -vv: with its input and the bot's stderr.
match::MatchOptions verbose_options(const std::vector<match::PlayerSpec>& players, int verbosity) {
    match::MatchOptions options;
    options.on_turn = [&players, verbosity](const match::Turn& t) {
        std::string text = turn_line(t, players);
        if (verbosity >= 2) text += turn_details(t);
        std::fputs(text.c_str(), stdout);
        std::fflush(stdout);
    };
    return options;
}

// A bot whose start-up held its first turn's clock back noticeably (shown: it explains a first
// turn's long wall time, and a start-up that may not fit CodinGame's).
bool slow_starter(const match::SeatResult& seat) {
    return seat.startup_ms && !seat.startup_ready && !seat.startup_exceeded &&
           *seat.startup_ms >= 100;
}

// The game's result, each seat's outcome, a failing bot's last stderr and the turns' errors.
void print_summary(const PlayArgs& args, const match::MatchLog& log, const PlaySetup& play) {
    const std::string label = referee::testcase_label(*play.game, play.testcase_name);
    const bool referee_failed = !log.referee_failure.empty();
    std::cout << log.game << (label.empty() ? "" : ", " + label)
              << (log.seed ? ", seed " + std::to_string(*log.seed) : "") << ", " << log.turns.size()
              << " turns, " << static_cast<long>(log.duration_ms) << " ms\n"
              << "result: "
              << (referee_failed ? "none: the referee failed (said on stderr)"
                                 : one_line(with_names(log.reason, log.players)))
              << "\n";
    for (std::size_t i = 0; i < log.seats.size(); ++i) {
        const match::SeatResult& s = log.seats[i];
        std::cout << "  seat " << i << " " << one_line(log.players[i].name) << ": ";
        // A failed referee gave no score and no rank (the log's 0s are "none").
        if (!referee_failed) std::cout << "score " << s.score << ", rank " << s.rank << ", ";
        std::cout << match::to_string(s.outcome);
        // A timeout's timing says more than how its process ended (killed by the arena).
        if (!s.timing.empty())
            std::cout << " (" << s.timing << ")";
        else if (s.outcome != match::Outcome::ok)
            std::cout << " (" << one_line(with_names(s.detail, log.players)) << ")";
        std::cout << "\n";
        if (slow_starter(s))
            std::cout << "    started in " << static_cast<long>(*s.startup_ms)
                      << " ms: not charged, its first turn's clock started when it began reading "
                         "its input\n";
    }
    // A failing bot's last stderr usually says why (a traceback, a usage message).
    for (auto t = log.turns.rbegin(); t != log.turns.rend(); ++t) {
        if (log.seats[t->player].outcome == match::Outcome::ok || t->stderr_text.empty()) continue;
        std::cout << "  stderr of " << seat_label(t->player, log.players) << " on turn " << t->turn
                  << ":\n"
                  << last_lines(t->stderr_text, 8);
        break;
    }
    for (const match::Turn& t : log.turns) {
        if (!t.error.empty()) {
            std::cout << "turn " << t.turn << ", " << seat_label(t.player, log.players) << ": "
                      << one_line(with_names(t.error, log.players)) << "\n";
        }
    }
    if (!args.log_file.empty())
        std::cout << "log: " << args.log_file << "\n";
    else if (args.verbosity == 0)
        std::cout << "(add --log FILE to keep the full transcript, or -v to see every turn)\n";
    else
        std::cout << "(add --log FILE to keep the full transcript)\n";
}

// An external referee's command as arena ran it: each "{seed}" replaced by the game's seed.
std::string command_as_run(std::string command, const std::optional<std::int64_t>& seed) {
    const std::string token = "{seed}", value = seed ? std::to_string(*seed) : token;
    for (std::size_t at = command.find(token); seed && at != std::string::npos;
         at = command.find(token, at + value.size()))
        command.replace(at, token.size(), value);
    return command;
}

// How to see for oneself what broke: the referee's (or runner's) command to run by hand and
// what it must do (docs/other-games.md); then where the game as far as it went is kept.
std::string referee_failure_advice(const PlayArgs& args, const match::MatchLog& log,
                                   const PlaySetup& play, const std::string& program) {
    const match::ExternalGameSpec* spec = match::external_game_spec(play.game->name);
    if (!spec) return "";  // a built-in referee does not fail this way
    const bool runner = spec->protocol == match::RefereeProtocol::sdk_runner;
    std::string command = command_as_run(spec->command, log.seed);
    if (!spec->working_dir.empty())
        command = "cd " + shell_quote(spec->working_dir) + " && " + command;
    std::string text = "The game has no result: the referee failed, not the bots.\n";
    if (runner) {
        for (std::size_t i = 0; i < log.players.size(); ++i)
            command += " -p" + std::to_string(i + 1) + " " + shell_quote(log.players[i].command);
        if (log.seed) command += " -seed " + std::to_string(*log.seed);
        text += "Check the runner by hand:\n  " + command +
                " -l result.json\nIt must exit 0 and write the SDK's game result JSON to "
                "result.json (docs/other-games.md, \"Convention 2\").";
    } else {
        text += "Check the referee by hand: run\n  " + command + "\nand type \"###Start " +
                std::to_string(log.players.size()) +
                "\": it must write only ###Input, ###Output, ###Error and ###End lines on\n"
                "stdout (its log on stderr) and end the game with ###End (`arena referee --help` "
                "shows the\nprotocol; docs/other-games.md, \"Referee failures\").";
    }
    if (!args.log_file.empty())
        text +=
            "\nThe game as far as it went is in " + args.log_file +
            (runner ? "."
                    : ": `" + report::script_replay_command(program, args.log_file, 0, log.game) +
                          "` runs its turns through the referee again.");
    return text;
}

}  // namespace

CLI::App* add_play_command(CLI::App& app, PlayArgs& args) {
    CLI::App* command =
        app.add_subcommand("play", "Play one game and print its result (and log it as JSON)");
    std::string games;
    for (const std::string& g : referee::known_games()) games += (games.empty() ? "" : ", ") + g;
    command->add_option("game", args.game,
                        "The game: " + games + " (or none with --referee or --runner)");
    command
        ->add_option("--bot", args.bots,
                     std::string(kBotArgHelp) + ". Once per seat, in seat order")
        ->required()
        ->allow_extra_args(
            false);  // one command per --bot: `--bot ./a ./b` is an error, not two bots
    command->add_option("--testcase", args.testcase, testcase_option_help("--testcase"));
    numbers::add_whole_number(
        command, "--seed", args.seed, numbers::kInt64,
        "CodinGame seed (signed 64-bit) of " +
            referee::game_titles([](const referee::GameInfo& g) { return g.seeded; }, " and ") +
            " games: the same dice or decks as on CodinGame. Default: a random seed, printed "
            "and logged");
    command->add_option("--sfen", args.sfen, testcase_option_help("--sfen"));
    command->add_option(
        "--log", args.log_file,
        "Write the match log (JSON) to this file; compressed with zstd when its name "
        "ends in .zst (arena replay and view read both)");
    command->add_flag("--json", args.json,
                      "Print the match log as JSON on stdout instead of a summary");
    command->add_flag("-v,--verbose", args.verbosity,
                      "Print every turn as it is played: time, output, the referee's verdict; "
                      "-vv adds the input sent and the bot's stderr");
    add_external_game_options(command, args.external);
    add_time_options(command, args.time);
    add_limit_options(command, args.limits);
    add_build_timeout_option(command, args.limits);
    command->footer(
        "Examples:\n"
        "  arena play diceshogi --bot mine=./mine --bot build/bots/diceshogi/random --seed 5\n"
        "  arena play --referee \"python3 referee.py --seed {seed}\" --bot ./a --bot ./b "
        "--first-turn-ms 1000 --turn-ms 50\n"
        "  arena play --runner \"java -jar referee.jar\" --bot ./a --bot ./b --seed 7\n"
        "Other games (--referee, --runner): docs/other-games.md");
    return command;
}

int run_play_command(const PlayArgs& args, const std::string& program) {
    const PlaySetup play = play_setup(args);
    std::vector<match::PlayerSpec> players = bots_from_args(args.bots, args.limits);
    check_limits_and_sandbox(players);
    // Bots given as source files are built (or found in the cache) before the game; what the
    // build says goes to stderr, so that --json's stdout stays one JSON document.
    tournament::build_bots(players, {{}, args.limits.build_timeout}, std::cerr);

    match::MatchOptions options = args.verbosity > 0 && !args.json
                                      ? verbose_options(players, args.verbosity)
                                      : match::MatchOptions{};
    apply_time_args(args.time, options);
    match::MatchLog log;
    try {
        // Every game the same way: a referee arena drives, or a runner that plays it whole.
        log = match::play_game(play.setup, players, options);
    } catch (const std::invalid_argument& e) {  // the registry's refusal: the user's to fix
        throw Error(e.what());
    }
    log.testcase = play.testcase_name;
    log.testcase_text = play.setup.testcase;
    log.seed = play.game->seeded ? play.setup.seed : std::nullopt;
    match::Json log_json = match::to_json(log);
    // Interrupted: the bots were killed, so the log ends early; it keeps the turns played and
    // says so (docs/match-log.md).
    const int signal = process::interrupt_signal();
    if (signal) log_json["interrupted"] = signal_name(signal);
    if (!args.log_file.empty())
        files::write_log(args.log_file, match::dump_json(log_json, 1) + "\n");
    if (signal) {
        if (args.json) std::cout << match::dump_json(log_json, 1) << "\n";
        std::cerr << "interrupted (" << signal_name(signal) << ") after " << log.turns.size()
                  << " turn(s)"
                  << (args.log_file.empty() ? "" : "; the turns played are in " + args.log_file)
                  << "\n";
        return process::interrupted_exit_code(signal);
    }
    if (args.json)
        std::cout << match::dump_json(log_json, 1) << "\n";
    else
        print_summary(args, log, play);
    // A broken referee is a broken tool, not a played game: exit 2 (main says it), after the
    // log and the summary, so that nothing the game computed is lost.
    if (!log.referee_failure.empty())
        throw Error(log.referee_failure + "\n" + referee_failure_advice(args, log, play, program));
    return 0;
}

}  // namespace arena::cli
