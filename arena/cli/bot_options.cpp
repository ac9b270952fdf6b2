#include "arena/cli/bot_options.hpp"

#include <cctype>
#include <filesystem>
#include <map>
#include <set>
#include <string_view>

#include "arena/cli/numbers.hpp"
#include "arena/common/error.hpp"
#include "arena/common/terminal_text.hpp"
#include "arena/tournament/bot_build.hpp"
#include "arena/tournament/config.hpp"

namespace arena::cli {

namespace fs = std::filesystem;

namespace {

// The ranges of a config's time.scale and time.margin_ms (tournament/config.cpp): below 0.01 a
// 50 ms limit would round to nothing.
constexpr numbers::RealRange kTimeScaleRange{0.01, 1000};
constexpr numbers::Range kTimeMarginRange{-1000, 600'000};

// A readable bot name from its command: the program's file name.
std::string program_name(const std::string& command) {
    std::string name = command;
    try {
        name = fs::path(process::split_command_line(command).front()).filename().string();
    } catch (const std::invalid_argument&) {
    }
    // A file name may hold escape sequences: the name is printed on the terminal.
    return terminal::visible(name);
}

// The bots' names: NAME= when given, else the program's; a program's name that repeats or is
// another bot's NAME gets its seat ("strong", "random#1", "random#2").
std::vector<std::string> bot_names(const std::vector<BotArg>& bots) {
    std::vector<std::string> names;
    std::map<std::string, int> unnamed_count;
    std::set<std::string> given;
    for (const BotArg& bot : bots) {
        names.push_back(bot.name.empty() ? program_name(bot.command) : bot.name);
        if (bot.name.empty())
            ++unnamed_count[names.back()];
        else
            given.insert(bot.name);
    }
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (bots[i].name.empty() && (unnamed_count[names[i]] > 1 || given.count(names[i])))
            names[i] += "#" + std::to_string(i);
    }
    return names;
}

// "mine" of "mine=python3 bot.py": a name only if every character may be in one.
bool is_bot_name(std::string_view text) {
    if (text.empty()) return false;
    for (const char c : text) {
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '.' && c != '+' &&
            c != '-')
            return false;
    }
    return true;
}

// Where "@DIR" starts in a command: the last '@' outside quotes and backslash escapes with no
// blank after it (outside quotes); npos when there is none. So "./bot --user='me@host'" and
// "./bot @ x" have none, "./bot@bots/a" and "./bot@'my dir'" have one.
std::size_t working_dir_at(std::string_view command) {
    std::size_t at = std::string_view::npos;
    char quote = 0;
    for (std::size_t i = 0; i < command.size(); ++i) {
        const char c = command[i];
        if (quote != 0) {
            if (c == quote)
                quote = 0;
            else if (quote == '"' && c == '\\')
                ++i;
        } else if (c == '\'' || c == '"') {
            quote = c;
        } else if (c == '\\') {
            ++i;
        } else if (c == '@') {
            at = i;
        } else if (c == ' ' || c == '\t') {
            at = std::string_view::npos;
        }
    }
    return at;
}

// DIR of "@DIR", unquoted like a command's word ("'my dir'" is my dir).
std::string directory_word(const std::string& text, const std::string& arg) {
    if (text.empty())
        throw Error("--bot '" + terminal::visible(arg) +
                    "': no directory after '@' (write NAME=COMMAND@DIR)");
    std::vector<std::string> words;
    try {
        words = process::split_command_line(text);
    } catch (const std::invalid_argument& e) {
        throw Error("--bot '" + terminal::visible(arg) + "': the directory after '@': " + e.what());
    }
    if (words.size() != 1 || words.front().empty())
        throw Error("--bot '" + terminal::visible(arg) +
                    "': no directory after '@' (write NAME=COMMAND@DIR)");
    return words.front();
}

// COMMAND[@DIR] of a --bot, into `arg`.
void read_command_and_directory(const std::string& rest, const std::string& text, BotArg& arg) {
    arg.command = rest;
    const std::size_t at = working_dir_at(rest);
    if (at != std::string::npos) {
        arg.working_dir = directory_word(rest.substr(at + 1), text);
        arg.command.resize(at);
    }
    if (arg.command.find_first_not_of(" \t") == std::string::npos)
        throw Error("--bot '" + terminal::visible(text) +
                    "': no command (write --bot COMMAND or --bot NAME=COMMAND)");
}

}  // namespace

const char* const kBotArgHelp =
    "A bot: COMMAND, NAME=COMMAND or either with @DIR at the end. "
    "COMMAND is split like a POSIX shell does (quotes honoured, no shell run). NAME (letters, "
    "digits, _.+-) is how the bot is shown; without it, its program's name. @DIR runs the bot in "
    "directory DIR (like cd DIR && COMMAND: a relative program or file is found in DIR), e.g. "
    "--bot mine=\"python3 bot.py\"@bots/mine; quote an argument that holds an '@'";

BotArg parse_bot_arg(const std::string& text) {
    BotArg arg;
    std::string rest = text;
    const std::size_t eq = text.find('=');
    if (eq == 0)
        throw Error("--bot '" + terminal::visible(text) +
                    "': no name before '=' (write --bot NAME=COMMAND or --bot COMMAND)");
    if (eq != std::string::npos && is_bot_name(std::string_view(text).substr(0, eq))) {
        arg.name = text.substr(0, eq);
        rest = text.substr(eq + 1);
    }
    read_command_and_directory(rest, text, arg);
    return arg;
}

void check_bot(const match::PlayerSpec& bot, const std::string& who) {
    if (!bot.working_dir.empty()) {
        std::error_code ec;
        if (!fs::exists(bot.working_dir, ec))
            throw Error(who + ": working directory '" + terminal::visible(bot.working_dir) +
                        "' does not exist: create it or fix the path after '@' (an argument "
                        "holding an '@' is quoted: \"--user='me@host'\")");
        if (!fs::is_directory(bot.working_dir, ec))
            throw Error(who + ": '" + terminal::visible(bot.working_dir) +
                        "' is not a directory: give the bot's working directory after '@'");
    }
    // The program found as the bot will be started: a path relative to its working directory,
    // a bare name in PATH.
    std::vector<std::string> argv;
    try {
        argv = process::split_command_line(bot.command);
    } catch (const std::invalid_argument& e) {
        throw Error(who + ": cannot read its command line '" + terminal::visible(bot.command) +
                    "': " + e.what());
    }
    try {
        process::resolve_executable(argv.front(), bot.working_dir);
    } catch (const process::SpawnError& e) {
        throw Error(who + ": " + e.what());
    }
    // The rest of the match layer's check: the script of an interpreter ("python3 bot.py").
    try {
        match::check_command(bot);
    } catch (const std::exception& e) {
        throw Error(e.what());
    }
}

std::vector<match::PlayerSpec> bots_from_args(const std::vector<std::string>& args,
                                              const BotLimitArgs& limits) {
    std::vector<BotArg> parsed;
    for (const std::string& text : args) parsed.push_back(parse_bot_arg(text));
    const std::vector<std::string> names = bot_names(parsed);
    std::vector<match::PlayerSpec> players;
    std::map<std::string, std::size_t> seat_of;
    for (std::size_t i = 0; i < parsed.size(); ++i) {
        match::PlayerSpec player;
        player.name = names[i];
        if (const auto [it, fresh] = seat_of.emplace(player.name, i); !fresh)
            throw Error("--bot: two bots are named '" + player.name + "' (seats " +
                        std::to_string(it->second) + " and " + std::to_string(i) +
                        "): give each its own NAME=COMMAND");
        player.command = parsed[i].command;
        player.working_dir = parsed[i].working_dir;
        apply_limit_args(limits, player);
        // A source file ("mine=bots/mine.cpp") is built before the first game
        // (tournament::build_bots), which says what is wrong with it.
        tournament::source_from_command(player);
        if (player.source.empty()) check_bot(player, "--bot " + player.name);
        players.push_back(std::move(player));
    }
    return players;
}

void add_time_options(CLI::App* command, TimeArgs& time) {
    const std::string group = "Time limits (each turn: CodinGame's limit x scale + margin)";
    CLI::Option* scale =
        numbers::add_real_number(command, "--time-scale", time.scale, kTimeScaleRange,
                                 "Multiply CodinGame's turn limits by this (e.g. 2 on a slow "
                                 "machine; default 1)")
            ->group(group);
    CLI::Option* margin =
        numbers::add_whole_number(command, "--time-margin-ms", time.margin_ms, kTimeMarginRange,
                                  "Add this many ms to every turn limit (default 0)")
            ->group(group);
    numbers::add_whole_number(
        command, "--startup-ms", time.startup_ms, {0, 600'000},
        "A bot's first turn's clock starts when it begins reading its first input, or this many "
        "ms after it was started, whichever is first: its start-up (a JVM, imports, tables built "
        "at load) is not charged to it, as on CodinGame (default " +
            std::to_string(match::kDefaultStartupMs) +
            "; 0: the clock starts when the input is written)")
        ->group(group);
    command
        ->add_flag("--no-time-limit", time.no_limit,
                   "No time limit (a day per turn): to step through a bot in a debugger")
        ->excludes(scale)
        ->excludes(margin)
        ->group(group);
}

void apply_time_args(const TimeArgs& time, match::MatchOptions& options) {
    if (time.scale) options.time_scale = *time.scale;
    if (time.margin_ms) options.time_margin_ms = static_cast<int>(*time.margin_ms);
    options.no_time_limit = time.no_limit;
    if (time.startup_ms) options.startup_ms = static_cast<int>(*time.startup_ms);
}

void add_limit_options(CLI::App* command, BotLimitArgs& limits) {
    const std::string group = "Bot limits (each bot; end it as a crash with the reason)";
    numbers::add_whole_number(command, "--max-memory", limits.memory_mb, tournament::kMemoryMbRange,
                              "Memory per bot, MB: all its processes together, resident memory (a "
                              "cgroup: needs root or cgroup delegation)")
        ->group(group);
    numbers::add_whole_number(command, "--max-cpu-seconds", limits.cpu_seconds,
                              tournament::kCpuSecondsRange,
                              "CPU seconds per bot over the whole game, all its processes together "
                              "(a cgroup, and RLIMIT_CPU per process)")
        ->group(group);
    numbers::add_whole_number(
        command, "--max-processes", limits.processes, tournament::kProcessesRange,
        "Processes and threads per bot at once, all its processes together (a pids cgroup; "
        "root too)")
        ->group(group);
    numbers::add_whole_number(command, "--max-file-size", limits.file_size_mb,
                              tournament::kFileSizeMbRange,
                              "Largest file a bot may write, MB (RLIMIT_FSIZE per process)")
        ->group(group);
    command
        ->add_flag(
            "--sandbox", limits.sandbox,
            "Run each bot in a bubblewrap sandbox: no network, no capability, an unprivileged "
            "user (nobody when the arena is root), the system directories and the files its "
            "command line names read-only, a size-limited scratch directory ($TMPDIR)")
        ->group(group);
}

void apply_limit_args(const BotLimitArgs& args, match::PlayerSpec& bot) {
    process::Limits limits = bot.limits.value_or(process::Limits{});
    if (args.memory_mb) limits.memory_mb = args.memory_mb;
    if (args.cpu_seconds) limits.cpu_seconds = args.cpu_seconds;
    if (args.processes) limits.processes = args.processes;
    if (args.file_size_mb) limits.file_size_mb = args.file_size_mb;
    if (limits.any()) bot.limits = limits;
    if (args.sandbox) bot.sandbox = true;
}

void apply_limit_args(const BotLimitArgs& args, std::vector<match::PlayerSpec>& bots) {
    for (match::PlayerSpec& bot : bots) apply_limit_args(args, bot);
}

void check_limits_and_sandbox(const std::vector<match::PlayerSpec>& bots,
                              const std::vector<std::string>& results_dirs) {
    bool sandbox_checked = false;
    for (const match::PlayerSpec& bot : bots) {
        if (bot.sandbox.value_or(false) && !sandbox_checked) {
            process::check_sandbox();
            sandbox_checked = true;
        }
        // What the command line names, before any game (a source file's command is its build's).
        if (bot.sandbox.value_or(false) && bot.source.empty())
            process::check_sandbox_paths(process::split_command_line(bot.command), bot.working_dir,
                                         results_dirs);
        if (bot.limits) process::check_limits_supported(*bot.limits);
    }
}

namespace {

// The seats `key` of `replay --bot KEY=...` names: the recorded bots called `key`, else seat
// number `key`; empty when neither.
std::vector<int> seats_named(const std::vector<match::PlayerSpec>& players, std::string_view key) {
    std::vector<int> seats;
    for (std::size_t i = 0; i < players.size(); ++i)
        if (players[i].name == key) seats.push_back(static_cast<int>(i));
    if (!seats.empty()) return seats;
    const auto seat = numbers::parse(key, {0, static_cast<std::int64_t>(players.size()) - 1});
    if (seat) seats.push_back(static_cast<int>(*seat));
    return seats;
}

// "'a' (seat 0), 'b' (seat 1)": what a replay's --bot may name.
std::string recorded_bots(const std::vector<match::PlayerSpec>& players) {
    std::string text;
    for (std::size_t i = 0; i < players.size(); ++i)
        text += (i ? ", '" : "'") + terminal::visible(players[i].name) + "' (seat " +
                std::to_string(i) + ")";
    return text;
}

}  // namespace

std::vector<int> replace_bots(std::vector<match::PlayerSpec>& players,
                              const std::vector<std::string>& overrides) {
    std::vector<int> replaced;
    for (const std::string& text : overrides) {
        // The longest prefix before an '=' that names a bot or a seat: names may hold '='.
        std::vector<int> seats;
        std::size_t eq = text.find('=');
        std::size_t key_end = std::string::npos;
        for (; eq != std::string::npos; eq = text.find('=', eq + 1)) {
            if (auto found = seats_named(players, std::string_view(text).substr(0, eq));
                !found.empty()) {
                seats = std::move(found);
                key_end = eq;
            }
        }
        if (seats.empty())
            throw Error("--bot '" + terminal::visible(text) +
                        "': write NAME=COMMAND with NAME a bot of the log or its seat from 0: " +
                        recorded_bots(players));
        if (seats.size() > 1)
            throw Error("--bot '" + terminal::visible(text) + "': seats " +
                        std::to_string(seats[0]) + " and " + std::to_string(seats[1]) +
                        " have that name: give the seat instead, e.g. --bot " +
                        std::to_string(seats[1]) + "=COMMAND");
        BotArg arg;
        read_command_and_directory(text.substr(key_end + 1), text, arg);
        match::PlayerSpec& player = players[seats.front()];
        player.command = arg.command;
        player.working_dir = arg.working_dir;
        replaced.push_back(seats.front());
    }
    return replaced;
}

namespace {

// The option of a spec's field, for messages: "field 'turn_ms': ..." is --turn-ms's fault.
std::string option_of_field(const std::string& field, const ExternalGameArgs& external) {
    if (field == "command") return external.referee.empty() ? "--runner" : "--referee";
    if (field == "players") return "--players";
    if (field == "first_turn_ms") return "--first-turn-ms";
    if (field == "turn_ms") return "--turn-ms";
    if (field == "name") return "--name";
    if (field == "time_rules") return "--time-rules";
    if (field == "timebank_ms") return "--timebank-ms";
    return field;
}

// The spec of --referee / --runner, checked as a config's "referee" is.
match::ExternalGameSpec external_spec(const ExternalGameArgs& external, std::size_t bots) {
    nlohmann::json json;
    if (!external.name.empty()) json["name"] = external.name;
    json["command"] = external.referee.empty() ? external.runner : external.referee;
    json["protocol"] = external.referee.empty() ? "sdk-runner" : "brutaltester";
    json["players"] = external.players ? *external.players : static_cast<long>(bots);
    if (external.first_turn_ms) json["first_turn_ms"] = *external.first_turn_ms;
    if (external.turn_ms) json["turn_ms"] = *external.turn_ms;
    if (!external.time_rules.empty()) json["time_rules"] = external.time_rules;
    if (external.timebank_ms) json["timebank_ms"] = *external.timebank_ms;
    try {
        return match::external_game_from_json(json);
    } catch (const std::invalid_argument& e) {
        const std::string what = e.what();
        const std::size_t end = what.find("': ");
        if (what.rfind("field '", 0) != 0 || end == std::string::npos) throw Error(what);
        const std::string field = what.substr(7, end - 7);
        throw Error(option_of_field(field.substr(0, field.find('[')), external) + ": " +
                    what.substr(end + 3));
    }
}

}  // namespace

void add_external_game_options(CLI::App* command, ExternalGameArgs& external) {
    command->add_option("--referee", external.referee,
                        "CMD: play a game arena does not know through its cg-brutaltester "
                        "referee (a program that speaks ###Start/###Input/###Output/###End on "
                        "stdin/stdout; docs/other-games.md) instead of GAME; {seed} in CMD is "
                        "the game's seed");
    command->add_option("--runner", external.runner,
                        "CMD: play the game through an SDK referee runner (CMD -p1 BOT1 -p2 BOT2 "
                        "-seed S -l RESULT.json, e.g. \"java -jar referee.jar\") instead of GAME");
    numbers::add_whole_number(command, "--players", external.players, {1, 8},
                              "With --referee/--runner: the players of a game (default: one per "
                              "--bot)");
    numbers::add_whole_number(command, "--first-turn-ms", external.first_turn_ms, {1, 3'600'000},
                              "With --referee/--runner: a bot's time for its first turn (default "
                              "1000; --time-scale applies)");
    numbers::add_whole_number(command, "--turn-ms", external.turn_ms, {1, 3'600'000},
                              "With --referee/--runner: a bot's time for each later turn "
                              "(default 100)");
    command->add_option("--time-rules", external.time_rules,
                        "With --referee/--runner: the CodinGame SDK's time rules the game's bots "
                        "are timed by: plain (default: past the limit is a timeout) or "
                        "codingame-4.7.7 (games on SDK 4.7.7 or later: each turn may run 50 ms "
                        "over its limit, two such overruns a game are forgiven, the third is a "
                        "timeout; docs/timing.md)");
    numbers::add_whole_number(command, "--timebank-ms", external.timebank_ms, {1, 30'000},
                              "With --referee/--runner: a time budget per player for the whole "
                              "game instead of per-turn limits, as the SDK's setTimebank (each "
                              "turn may take what is left; at most 30000 ms for all players)");
    command->add_option("--name", external.name,
                        "With --referee/--runner: the game's name in logs and results "
                        "(lowercase letters, digits, '-', '_'; default \"external\")");
}

const referee::GameInfo& game_of_args(const std::string& game, const ExternalGameArgs& external,
                                      std::size_t bots, const char* example,
                                      const BotLimitArgs& limits) {
    if (!external.referee.empty() && !external.runner.empty())
        throw Error("--referee and --runner: give one (a brutaltester referee, or an SDK runner)");
    if (!external.given()) {
        if (external.players || external.first_turn_ms || external.turn_ms ||
            !external.name.empty() || !external.time_rules.empty() || external.timebank_ms)
            throw Error(
                "--players, --first-turn-ms, --turn-ms, --time-rules, --timebank-ms and --name "
                "describe a game played through --referee or --runner; a game arena knows has "
                "CodinGame's limits and its own SDK's rules");
        std::string known;
        for (const std::string& g : referee::known_games())
            known += (known.empty() ? "" : ", ") + g;
        if (game.empty())
            throw Error("give the game (" + known +
                        ") or an external referee with --referee CMD or --runner CMD, e.g. " +
                        example);
        try {
            return referee::game_info(game);
        } catch (const std::invalid_argument& e) {  // an unknown game: the known ones
            throw Error(e.what());
        }
    }
    if (!game.empty())
        throw Error("give the game '" + terminal::visible(game) + "' or " +
                    (external.referee.empty() ? "--runner" : "--referee") +
                    ", not both: an external referee is the game");
    const match::ExternalGameSpec spec = external_spec(external, bots);
    const referee::GameInfo* info = nullptr;
    try {
        info = &match::register_external_game(spec);
    } catch (const std::invalid_argument& e) {  // a built-in game's name
        throw Error("--name: " + std::string(e.what()));
    }
    contain_referee(info->name, limits);
    check_external_referee(info->name, external.referee.empty() ? "--runner" : "--referee");
    return *info;
}

void contain_referee(const std::string& game, const BotLimitArgs& limits) {
    if (!limits.sandbox) return;
    match::PlayerSpec with_limits;
    apply_limit_args(limits, with_limits);
    match::contain_external_game(game, with_limits.limits.value_or(process::Limits{}));
}

void check_external_referee(const std::string& game, const std::string& who) {
    const match::ExternalGameSpec* spec = match::external_game_spec(game);
    if (!spec) return;  // a built-in game
    match::PlayerSpec program;
    program.name = "referee";
    program.command = spec->command;
    program.working_dir = spec->working_dir;
    const std::string named = who + " '" + terminal::visible(spec->command) + "'";
    std::error_code ec;
    if (!spec->working_dir.empty() && !fs::is_directory(spec->working_dir, ec))
        throw Error(named + ": its working directory '" + terminal::visible(spec->working_dir) +
                    "' is not a directory. No game was played.");
    try {
        const std::vector<std::string> argv = process::split_command_line(spec->command);
        process::resolve_executable(argv.front(), spec->working_dir);
        match::check_command(program);  // the script of an interpreter ("python3 referee.py")
    } catch (const std::exception& e) {
        // check_command speaks of a bot: say it of the referee.
        std::string what = e.what();
        const std::string as_bot = "bot 'referee': ";
        if (what.rfind(as_bot, 0) == 0) what.erase(0, as_bot.size());
        for (const std::string bot_words : {"bot command ", "Build the bot or fix"}) {
            const std::size_t at = what.find(bot_words);
            if (at == std::string::npos) continue;
            // "bot command 'x': ..." names the program; "Build the bot or fix the path in
            // --bot / the config." is a bot's remedy: the referee's is said below.
            what.erase(at, bot_words == "bot command " ? 4 : std::string::npos);
        }
        const std::size_t fix = what.find(" Fix the path in --bot");
        if (fix != std::string::npos) what.erase(fix);
        throw Error(named + ": " + what + " No game was played: fix the referee's command.");
    }
}

void add_build_timeout_option(CLI::App* command, BotLimitArgs& limits) {
    numbers::add_whole_number(command, "--build-timeout", limits.build_timeout,
                              tournament::kBuildTimeoutRange,
                              "Seconds a bot's build from source may take (default " +
                                  std::to_string(tournament::kDefaultBuildTimeoutSeconds) +
                                  "); a build also has bounds of memory and output, and runs "
                                  "in the sandbox with --sandbox")
        ->group("Bot limits (each bot; end it as a crash with the reason)");
}

}  // namespace arena::cli
