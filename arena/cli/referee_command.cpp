#include "arena/cli/referee_command.hpp"

#include <iostream>
#include <random>
#include <vector>

#include "arena/cli/match_setup.hpp"
#include "arena/cli/numbers.hpp"
#include "arena/cli/terminal_output.hpp"
#include "arena/cli/testcase_option.hpp"
#include "arena/common/error.hpp"
#include "arena/common/terminal_text.hpp"
#include "arena/process/interrupt.hpp"
#include "referees/registry.hpp"

namespace arena::cli {

namespace {

// Where the protocol's commands and the referee's log go: stdout is the runner's, stderr is the
// referee's log (cg-brutaltester keeps it in the game's log file).
struct Channels {
    std::istream& in;
    std::ostream& out;
    std::ostream& log;
};

// What the runner says before the game: "###Start N", after an optional "###Seed N" (the old
// mode of cg-brutaltester, -o, sends one first with -s or -i).
struct RunnerStart {
    int players = 0;
    std::optional<std::int64_t> seed;
};

constexpr std::string_view kStart = "###Start ";
constexpr std::string_view kSeed = "###Seed ";

std::string without_cr(std::string line) {
    if (!line.empty() && line.back() == '\r') line.pop_back();  // a runner on Windows
    return line;
}

// The runner's words up to "###Start N"; N checked against the players the game takes.
RunnerStart read_start(Channels& io, const referee::GameInfo& game) {
    RunnerStart start;
    std::string line;
    while (std::getline(io.in, line)) {
        line = without_cr(line);
        if (line.empty()) continue;
        const std::string_view text = line;
        if (text.starts_with(kSeed)) {
            start.seed = numbers::parse(text.substr(kSeed.size()), numbers::kInt64);
            if (!start.seed)
                throw Error("the runner sent '" + terminal::visible(line) +
                            "': a seed must be a signed 64-bit whole number");
            continue;
        }
        if (!text.starts_with(kStart))
            throw Error("the runner sent '" + terminal::visible(line) +
                        "' where \"###Start N\" was expected: arena referee speaks "
                        "cg-brutaltester's referee protocol (see arena referee --help)");
        const auto players = numbers::parse(text.substr(kStart.size()), {1, 9});
        if (!players || *players < game.min_players || *players > game.max_players) {
            const std::string takes =
                game.min_players == game.max_players
                    ? std::to_string(game.min_players)
                    : std::to_string(game.min_players) + " to " + std::to_string(game.max_players);
            throw Error("the runner sent '" + terminal::visible(line) + "': " + game.title +
                        " is played by " + takes + " player(s): give the runner " + takes +
                        " player(s)");
        }
        start.players = static_cast<int>(*players);
        return start;
    }
    throw Error(
        "stdin ended before \"###Start N\": arena referee is started by a runner that "
        "writes the protocol on its stdin (see arena referee --help)");
}

// --testcase as `arena play` reads the game's test case option: a built-in board by number or
// a board file (a catalogue), the text itself (an SFEN), or the game's default when not given.
referee::Testcase referee_testcase(const referee::GameInfo& game, const std::string& text) {
    if (game.testcases.form == referee::TestcaseForm::none) {
        if (text.empty()) return {};
        throw Error("--testcase: " + game.name + " has no test cases" +
                    (game.seeded ? "; its games are set by --seed" : ""));
    }
    if (game.testcases.form == referee::TestcaseForm::catalogue)
        return catalogue_testcase(game, text, "--testcase");
    try {
        if (text.empty()) return referee::default_testcase(game);
        return referee::testcase_from_text(game, text, "", "");
    } catch (const std::invalid_argument& e) {
        throw Error("--testcase: " + std::string(e.what()));
    }
}

// The game's seed: --seed, else the runner's "###Seed N", else one drawn at random and said on
// the referee's log, so that the game can be played again.
std::optional<std::int64_t> game_seed(const RefereeArgs& args, const RunnerStart& start,
                                      const referee::GameInfo& game, std::ostream& log) {
    if (!game.seeded) return std::nullopt;
    if (args.seed) {
        if (start.seed && *start.seed != *args.seed)
            log << "seed: " << *args.seed << " (--seed; the runner's ###Seed " << *start.seed
                << " is not used)\n";
        return args.seed;
    }
    if (start.seed) {
        log << "seed: " << *start.seed << " (the runner's ###Seed)\n";
        return start.seed;
    }
    std::random_device device;
    const std::uint64_t high = device(), low = device();
    const auto seed = static_cast<std::int64_t>((high << 32) ^ low);
    log << "seed: " << seed << " (drawn at random: give --seed " << seed
        << " to play this game again)\n";
    return seed;
}

// A text as one protocol line: a line end inside would start a command of its own.
std::string protocol_line(std::string text) {
    for (char& c : text) {
        if (c == '\n' || c == '\r') c = ' ';
    }
    return text;
}

// One command to the runner, flushed: the runner waits for it.
void send(Channels& io, const std::string& text) {
    io.out << text << std::flush;
    if (!io.out) throw Error("stdout closed: the runner stopped listening, the game is abandoned");
}

// The answer of a player asked for `lines` lines, joined by '\n'; nothing when stdin has ended
// (the runner gave up on the player: its timeout).
std::optional<std::string> read_answer(Channels& io, int lines) {
    std::string answer, line;
    for (int i = 0; i < lines; ++i) {
        if (!std::getline(io.in, line)) return std::nullopt;
        if (i > 0) answer += '\n';
        answer += without_cr(line);
    }
    return answer;
}

// "###End 1 0": the seats grouped by rank, best first; seats sharing a rank in one token.
std::string end_command(const std::vector<int>& ranks) {
    std::string command = "###End";
    int previous = 0;
    for (int rank = 1; rank <= static_cast<int>(ranks.size()); ++rank) {
        for (std::size_t seat = 0; seat < ranks.size(); ++seat) {
            if (ranks[seat] != rank) continue;
            command += rank == previous ? "" : " ";
            command += std::to_string(seat);
            previous = rank;
        }
    }
    return command + "\n";
}

// CodinGame's scores and the reason, which the protocol cannot carry: on the referee's log.
void log_result(Channels& io, const referee::Result& result) {
    io.log << "scores:";
    for (std::int64_t score : result.scores) io.log << " " << score;
    io.log << "\nranks:";
    for (int rank : result.ranks) io.log << " " << rank;
    io.log << "\nreason: " << one_line(result.reason) << "\n" << std::flush;
}

// The game, turn by turn, then "###End". Returns the exit code.
int play_game(Channels& io, referee::Referee& referee, bool error_lines) {
    int turn = 0;
    while (!referee.over()) {
        const int player = referee.current_player();
        const int lines = referee.output_lines();
        ++turn;
        send(io, "###Input " + std::to_string(player) + "\n" + referee.input() + "###Output " +
                     std::to_string(player) + " " + std::to_string(lines) + "\n");
        const std::optional<std::string> answer = read_answer(io, lines);
        if (const int signal = process::interrupt_signal()) {
            io.log << "interrupted (" << signal_name(signal) << ") on turn " << turn << "\n";
            return process::interrupted_exit_code(signal);
        }
        if (!answer)
            io.log << "turn " << turn << ", player " << player
                   << ": stdin closed where its answer was due: the referee's timeout\n";
        const referee::Verdict verdict = answer ? referee.play(*answer) : referee.timeout();
        if (verdict.error.empty()) continue;
        io.log << "turn " << turn << ", player " << player << ": " << one_line(verdict.error)
               << "\n"
               << std::flush;
        if (error_lines)
            send(io,
                 "###Error " + std::to_string(player) + " " + protocol_line(verdict.error) + "\n");
    }
    const referee::Result result = referee.result();
    log_result(io, result);
    send(io, end_command(result.ranks));
    return 0;
}

// --testcase's help, from the registry: what each game with test cases takes.
std::string testcase_help() {
    std::string help = "The game's test case, as `arena play` takes it:";
    for (const referee::GameInfo& game : referee::games()) {
        const referee::TestcaseInfo& t = game.testcases;
        if (t.form == referee::TestcaseForm::catalogue)
            help +=
                " " + game.name + ": a built-in " + t.noun + "'s number or a " + t.noun + " file;";
        else if (t.form == referee::TestcaseForm::text)
            help += " " + game.name + ": the text of its " + t.option + " (" + t.noun + ");";
    }
    return help + " default: the game's default";
}

// `arena referee --help`'s footer: the protocol in brief, the decisions the protocol leaves
// open, and how cg-brutaltester runs it.
std::string referee_help_footer() {
    return "The protocol (cg-brutaltester's referee protocol), one command a line:\n"
           "  runner -> arena  ###Seed S      optional, before ###Start (cg-brutaltester -o with "
           "-s or -i):\n"
           "                                  the game's seed unless --seed is given\n"
           "  runner -> arena  ###Start N     N players, seats 0..N-1 (a count the game does not "
           "take: exit 2)\n"
           "  arena -> runner  ###Input P     then the lines player P reads this turn\n"
           "  arena -> runner  ###Output P 1  the runner writes P's answer line on arena's stdin\n"
           "  arena -> runner  ###Error P T   P's answer was rejected; T: the referee's exact "
           "error text\n"
           "  arena -> runner  ###End 1 0     game over: seats by rank, best first; tied seats "
           "share a token\n"
           "                                  (###End 01)\n"
           "stderr is the referee's log: the seed, each rejected answer, and at the end "
           "CodinGame's scores\n"
           "(\"scores: 127\"), the ranks and the reason, which the protocol does not carry.\n"
           "Time limits are the runner's: stdin closed where an answer is due is that player's "
           "timeout\n"
           "(and every later player's: the game then ends). An empty line is an answer, judged "
           "as\n"
           "`arena play` judges it (SameGame: \"[ERROR] Empty action provided.\").\n"
           "Example with cg-brutaltester (its -o mode speaks this protocol):\n"
           "  java -jar cg-brutaltester.jar -o -r \"arena referee diceshogi --no-error-lines\" "
           "\\\n"
           "    -p1 \"build/bots/diceshogi/random --seed 1\" -p2 build/bots/diceshogi/greedy "
           "-n 100 -t 2 -l logs\n"
           "  Each game draws its seed (in the game's log); add -i S for repeatable seeds, -s "
           "to swap seats\n"
           "  on each seed; \"arena referee diceshogi --seed 42\" plays every game on seed 42.\n"
           "Exit: 0 the game was played; 2 an error (a bad ###Start, an unknown game, ...); "
           "128+N stopped\n"
           "by signal N.";
}

}  // namespace

CLI::App* add_referee_command(CLI::App& app, RefereeArgs& args) {
    CLI::App* command = app.add_subcommand(
        "referee", "Be a built-in game's referee for another tool (cg-brutaltester's protocol)");
    std::string games;
    for (const std::string& g : referee::known_games()) games += (games.empty() ? "" : ", ") + g;
    command->add_option("game", args.game, "The game: " + games)->required();
    numbers::add_whole_number(command, "--seed", args.seed, numbers::kInt64,
                              "CodinGame seed (signed 64-bit) of a game with dice or decks. "
                              "Default: the runner's \"###Seed N\" if it sends one, else a "
                              "random seed, written on stderr");
    command->add_option("--testcase", args.testcase, testcase_help());
    command->add_flag("--no-error-lines", args.no_error_lines,
                      "Write no \"###Error P TEXT\" line for a rejected answer (stderr only): "
                      "cg-brutaltester's -o mode loops forever on one");
    command->footer(referee_help_footer());
    return command;
}

int run_referee_command(const RefereeArgs& args) {
    const referee::GameInfo& game = match_game(args.game);
    referee::GameSetup setup;
    setup.game = game.name;
    setup.testcase = referee_testcase(game, args.testcase).text;
    if (!game.seeded && args.seed)
        std::cerr << "note: " << game.name << " has no randomness; --seed is ignored\n";
    Channels io{std::cin, std::cout, std::cerr};
    const RunnerStart start = read_start(io, game);
    setup.players = start.players;
    setup.seed = game_seed(args, start, game, io.log);
    std::unique_ptr<referee::Referee> referee;
    try {
        referee = referee::make_referee(setup);
    } catch (const std::invalid_argument& e) {  // the registry's refusal
        throw Error(e.what());
    }
    return play_game(io, *referee, !args.no_error_lines);
}

}  // namespace arena::cli
