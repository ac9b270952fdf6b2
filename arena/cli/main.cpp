// The `arena` command: play one game, a match between bots, run a tournament, replay, view, gate,
// list the built-in boards. Each command is one file of arena/cli/ (its options and its run); this
// file declares them, reads the global options and says the errors. Exit codes: 0 the job ran
// (whatever the bots did); 2 an arena error (arena::Error: bad arguments, a broken config or file,
// a bot that cannot be started by `play`), said here as "error: ..."; 1 a bug in arena (any other
// exception), and for `replay` and `gate` also "differs" and "fails"; 128+N interrupted by signal
// N.
#include <CLI/CLI.hpp>
#include <csignal>
#include <functional>
#include <iostream>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "arena/cli/boards_command.hpp"
#include "arena/cli/gate_command.hpp"
#include "arena/cli/league_command.hpp"
#include "arena/cli/match_command.hpp"
#include "arena/cli/merge_command.hpp"
#include "arena/cli/play_command.hpp"
#include "arena/cli/referee_command.hpp"
#include "arena/cli/replay_command.hpp"
#include "arena/cli/standings_command.hpp"
#include "arena/cli/tournament_command.hpp"
#include "arena/cli/tune_command.hpp"
#include "arena/cli/view_command.hpp"
#include "arena/cli/wrap_command.hpp"
#include "arena/common/diagnostics.hpp"
#include "arena/common/error.hpp"
#include "arena/common/heap.hpp"
#include "arena/common/input_file.hpp"
#include "arena/common/version.hpp"
#include "arena/process/interrupt.hpp"
#include "referees/registry.hpp"

namespace {

constexpr int kExitArenaError = 2;
constexpr int kExitBug = 1;

// --log-level and --diagnostics: where the arena's own diagnostics go (never stdout).
struct DiagnosticsArgs {
    std::optional<std::string> level;  // default: ARENA_LOG_LEVEL, else warn
    std::optional<std::string> file;   // default: stderr
};

void add_diagnostics_options(CLI::App& app, DiagnosticsArgs& args) {
    const std::string group = "Diagnostics (the arena's own decisions, never on stdout)";
    app.add_option("--log-level", args.level,
                   "One of " + arena::diagnostics::level_names() +
                       " (default: $ARENA_LOG_LEVEL, else warn)")
        ->type_name("LEVEL")
        ->group(group);
    app.add_option("--diagnostics", args.file,
                   "Append the diagnostics to this file (default: stderr)")
        ->type_name("FILE")
        ->group(group);
}

void configure_diagnostics(const DiagnosticsArgs& args) {
    std::optional<std::filesystem::path> file;
    if (args.file) file = *args.file;
    const std::string level = args.level.value_or(arena::diagnostics::level_from_environment());
    // Set long ago in a shell profile, a bad ARENA_LOG_LEVEL would otherwise be a mystery.
    if (!args.level && !arena::diagnostics::known_level(level))
        throw arena::Error("ARENA_LOG_LEVEL: unknown log level '" + level + "': use one of " +
                           arena::diagnostics::level_names() + " (or unset ARENA_LOG_LEVEL)");
    arena::diagnostics::configure(level, file);
}

// The one place that says errors: the arena's own (arena::Error) are the user's to fix, exit 2;
// anything else escaped a layer that should have known better: a bug, exit 1.
int with_errors_said(const std::function<int()>& command) {
    try {
        return command();
    } catch (const arena::files::ReadInterrupted& e) {  // told to stop while reading a file
        std::cout << std::flush;
        std::cerr << "interrupted (while reading a file)\n";
        return arena::process::interrupted_exit_code(e.signal);
    } catch (const arena::Error& e) {
        std::cout << std::flush;  // what was said before the error comes before it
        std::cerr << "error: " << e.what() << "\n";
        // An interrupt cut short what failed (a build): the exit says the interrupt.
        if (const int signal = arena::process::interrupt_signal())
            return arena::process::interrupted_exit_code(signal);
        return kExitArenaError;
    } catch (const std::exception& e) {
        std::cout << std::flush;
        std::cerr << "error: " << e.what()
                  << "\n  this is a bug in arena: please report it, with the command that "
                     "caused it\n";
        return kExitBug;
    }
}

std::string footer() {
    return "Examples:\n"
           "  arena match diceshogi --bot mine=./mine --bot old=build/bots/diceshogi/random -n "
           "100\n"
           "  arena match samegame --bot mine=./mine --bot greedy=build/bots/samegame/greedy\n"
           "  arena play samegame --bot build/bots/samegame/greedy --testcase 12 -v\n"
           "  arena play diceshogi --bot build/bots/diceshogi/strong --bot "
           "build/bots/diceshogi/random "
           "--seed 42\n"
           "  arena play tsuro --bot build/bots/tsuro/strong --bot build/bots/tsuro/survivor "
           "--bot build/bots/tsuro/random\n"
           "  arena tournament configs/samegame.json --concurrency 2\n"
           "  arena view game.json   (writes game.html: the replay, to open in a browser)\n"
           "  arena gate configs/gate-diceshogi.json --junit gate.xml\n"
           "  arena tune tune.json --out results/tune   (SPSA over a bot's parameters)\n"
           "  arena league run leagues/mine --games 200   (a league of bot versions)\n"
           "Run 'arena <command> --help' for the options of a command.";
}

// The command the command line names: its first word that is not a global option (nor the value
// of one), when that word is a command's name. "" when it is anything else (--help, --version,
// an unknown word) or there is none: then every command is built.
std::string command_named(int argc, char** argv) {
    static const std::set<std::string> commands = {"play",    "match",  "tournament", "replay",
                                                   "view",    "gate",   "merge",      "standings",
                                                   "referee", "boards", "tune",       "league"};
    for (int i = 1; i < argc; ++i) {
        const std::string word = argv[i];
        if (word == "--log-level" || word == "--diagnostics") {
            ++i;  // its value
            continue;
        }
        if (word.starts_with("--log-level=") || word.starts_with("--diagnostics=")) continue;
        return commands.contains(word) ? word : "";
    }
    return "";
}

}  // namespace

int main(int argc, char** argv) {
    using namespace arena::cli;
    arena::keep_large_blocks_mapped();  // first: heap.hpp says why
    // An SDK runner's bot (arena/match/sdk_runner.hpp): a relay, before any option is parsed.
    if (is_wrap_bot_command(argc, argv)) return run_wrap_bot_command(argc, argv);
    std::string titles;  // "SameGame, Dice Shogi, Tsuro"
    for (const arena::referee::GameInfo& game : arena::referee::games())
        titles += (titles.empty() ? "" : ", ") + game.title;
    CLI::App app{"arena: a local referee and tournament arena for CodinGame bots (" + titles + ")",
                 "arena"};
    app.set_version_flag("--version", std::string("arena ") + arena::kArenaVersion);
    app.require_subcommand(1);
    app.footer(footer());
    app.fallthrough();  // the global options may follow the command too
    DiagnosticsArgs diagnostics;
    add_diagnostics_options(app, diagnostics);

    // Only the command asked for is built (each command's options cost start-up time, and
    // `boards` reads the built-in boards to describe itself): all of them when the command
    // line names none plainly (--help, a typo), so that what CLI11 says is unchanged.
    const std::string named = command_named(argc, argv);
    const auto wanted = [&named](const char* command) { return named.empty() || named == command; };
    PlayArgs play;
    CLI::App* play_cmd = wanted("play") ? add_play_command(app, play) : nullptr;
    MatchArgs match;
    CLI::App* match_cmd = wanted("match") ? add_match_command(app, match) : nullptr;
    TournamentArgs tournament;
    CLI::App* tournament_cmd =
        wanted("tournament") ? add_tournament_command(app, tournament) : nullptr;
    ReplayArgs replay;
    CLI::App* replay_cmd = wanted("replay") ? add_replay_command(app, replay) : nullptr;
    ViewArgs view;
    CLI::App* view_cmd = wanted("view") ? add_view_command(app, view) : nullptr;
    GateArgs gate;
    CLI::App* gate_cmd = wanted("gate") ? add_gate_command(app, gate) : nullptr;
    MergeArgs merge;
    CLI::App* merge_cmd = wanted("merge") ? add_merge_command(app, merge) : nullptr;
    StandingsArgs standings;
    CLI::App* standings_cmd = wanted("standings") ? add_standings_command(app, standings) : nullptr;
    RefereeArgs referee;
    CLI::App* referee_cmd = wanted("referee") ? add_referee_command(app, referee) : nullptr;
    TuneArgs tune;
    CLI::App* tune_cmd = wanted("tune") ? add_tune_command(app, tune) : nullptr;
    LeagueArgs league;
    CLI::App* league_cmd = wanted("league") ? add_league_command(app, league) : nullptr;
    if (wanted("boards")) add_boards_command(app);

    if (argc == 1) {  // no command at all: show what there is to do
        std::cout << app.help();
        return kExitArenaError;
    }
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        const int code = app.exit(e);
        return code == 0 ? 0 : kExitArenaError;
    }
    // A bot that dies while we write to it must not take the arena down with SIGPIPE.
    std::signal(SIGPIPE, SIG_IGN);
    arena::process::install_interrupt_handlers();
    arena::files::set_interrupt_poll(&arena::process::interrupt_signal);
    const std::vector<std::string> command_line(argv, argv + argc);
    return with_errors_said([&] {
        configure_diagnostics(diagnostics);
        const auto chosen = [](const CLI::App* command) { return command && *command; };
        if (chosen(play_cmd)) return run_play_command(play, command_line.front());
        if (chosen(match_cmd)) return run_match_command(match, command_line.front());
        if (chosen(tournament_cmd)) return run_tournament_command(tournament, command_line.front());
        if (chosen(replay_cmd)) return run_replay_command(replay);
        if (chosen(view_cmd)) return run_view_command(view);
        if (chosen(gate_cmd)) return run_gate_command(gate, command_line);
        if (chosen(merge_cmd)) return run_merge_command(merge, command_line.front());
        if (chosen(standings_cmd)) return run_standings_command(standings, command_line.front());
        if (chosen(referee_cmd)) return run_referee_command(referee);
        if (chosen(tune_cmd)) return run_tune_command(tune, command_line.front());
        if (chosen(league_cmd)) return run_league_command(league, command_line.front());
        return run_boards_command();  // the one command left (require_subcommand)
    });
}
