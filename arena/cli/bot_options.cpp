#include "arena/cli/bot_options.hpp"

#include <cctype>
#include <filesystem>
#include <map>
#include <string_view>

#include "arena/cli/numbers.hpp"
#include "arena/common/error.hpp"
#include "arena/common/terminal_text.hpp"
#include "arena/tournament/config.hpp"

namespace arena::cli {

namespace fs = std::filesystem;

namespace {

// A readable bot name from its command: the program's file name, made unique by seat if needed.
std::vector<std::string> bot_names(const std::vector<std::string>& commands) {
    std::vector<std::string> names;
    for (const std::string& command : commands) {
        std::string name = command;
        try {
            name = fs::path(process::split_command_line(command).front()).filename().string();
        } catch (const std::invalid_argument&) {
        }
        // A file name may hold escape sequences: the name is printed on the terminal.
        names.push_back(terminal::visible(name));
    }
    // Only names that repeat get their seat: "strong", "random#1", "random#2".
    std::map<std::string, int> count;
    for (const std::string& name : names) ++count[name];
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (count[names[i]] > 1) names[i] += "#" + std::to_string(i);
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

}  // namespace

BotArg parse_bot_arg(const std::string& text) {
    BotArg arg;
    std::string rest = text;
    const std::size_t eq = text.find('=');
    if (eq != std::string::npos && is_bot_name(std::string_view(text).substr(0, eq))) {
        arg.name = text.substr(0, eq);
        rest = text.substr(eq + 1);
    }
    // "@DIR" at the end: the last '@' not followed by a space (an '@' inside an argument, as in
    // "./bot --user=me@host", needs "@." after it).
    const std::size_t at = rest.rfind('@');
    if (at != std::string::npos && rest.find_first_of(" \t", at) == std::string::npos) {
        arg.working_dir = rest.substr(at + 1);
        rest.resize(at);
        if (arg.working_dir.empty())
            throw Error("--bot '" + terminal::visible(text) +
                        "': no directory after '@' (write NAME=COMMAND@DIR)");
    }
    arg.command = rest;
    if (arg.command.find_first_not_of(" \t") == std::string::npos)
        throw Error("--bot '" + terminal::visible(text) +
                    "': no command (write --bot COMMAND or --bot NAME=COMMAND)");
    return arg;
}

std::vector<match::PlayerSpec> bots_from_args(const std::vector<std::string>& args,
                                              const BotLimitArgs& limits) {
    std::vector<BotArg> parsed;
    std::vector<std::string> commands;
    for (const std::string& text : args) {
        parsed.push_back(parse_bot_arg(text));
        commands.push_back(parsed.back().command);
    }
    const std::vector<std::string> program_names = bot_names(commands);
    std::vector<match::PlayerSpec> players;
    std::map<std::string, int> seen;
    for (std::size_t i = 0; i < parsed.size(); ++i) {
        match::PlayerSpec player;
        player.name = parsed[i].name.empty() ? program_names[i] : parsed[i].name;
        if (seen[player.name]++ > 0)
            throw Error("--bot: two bots are named '" + player.name +
                        "': give each its own NAME=COMMAND");
        player.command = parsed[i].command;
        player.working_dir = parsed[i].working_dir;
        apply_limit_args(limits, player);
        try {
            match::check_command(player);
        } catch (const std::exception& e) {
            throw Error("--bot " + player.name + ": " + e.what());
        }
        players.push_back(std::move(player));
    }
    return players;
}

void add_time_options(CLI::App* command, TimeArgs& time) {
    const std::string group = "Time limits (CodinGame's limit x scale + margin)";
    command
        ->add_option("--time-scale", time.scale,
                     "Multiply CodinGame's turn limits by this (e.g. 2 on a slow machine)")
        ->check(CLI::Range(0.01, 1000.0))
        ->group(group);
    numbers::add_whole_number(command, "--time-margin-ms", time.margin_ms, {0, 3'600'000},
                              "Add this many ms to every turn limit")
        ->group(group);
    command
        ->add_flag("--no-time-limit", time.no_limit,
                   "No time limit (a day per turn): to step through a bot in a debugger")
        ->group(group);
}

void apply_time_args(const TimeArgs& time, match::MatchOptions& options) {
    if (time.scale) options.time_scale = *time.scale;
    if (time.margin_ms) options.time_margin_ms = static_cast<int>(*time.margin_ms);
    options.no_time_limit = time.no_limit;
}

void add_limit_options(CLI::App* command, BotLimitArgs& limits) {
    const std::string group = "Bot limits (each bot; end it as a crash with the reason)";
    numbers::add_whole_number(command, "--max-memory", limits.memory_mb, tournament::kMemoryMbRange,
                              "Address space per bot, MB (RLIMIT_AS)")
        ->group(group);
    numbers::add_whole_number(command, "--max-cpu-seconds", limits.cpu_seconds,
                              tournament::kCpuSecondsRange,
                              "CPU seconds per bot over the whole game (RLIMIT_CPU)")
        ->group(group);
    numbers::add_whole_number(command, "--max-processes", limits.processes,
                              tournament::kProcessesRange,
                              "Processes of the bot's user id (RLIMIT_NPROC; counts all the "
                              "user's processes, not applied to root)")
        ->group(group);
    numbers::add_whole_number(command, "--max-file-size", limits.file_size_mb,
                              tournament::kFileSizeMbRange,
                              "Largest file a bot may write, MB (RLIMIT_FSIZE)")
        ->group(group);
    command
        ->add_flag("--sandbox", limits.sandbox,
                   "Run each bot in a bubblewrap sandbox: no network, read-only file system "
                   "except a scratch directory ($TMPDIR)")
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

void check_limits_and_sandbox(const std::vector<match::PlayerSpec>& bots) {
    bool sandbox_checked = false;
    for (const match::PlayerSpec& bot : bots) {
        if (bot.sandbox.value_or(false) && !sandbox_checked) {
            process::check_sandbox();
            sandbox_checked = true;
        }
        if (bot.limits) process::check_limits_supported(*bot.limits);
    }
}

std::vector<match::PlayerSpec> bots_from_commands(const std::vector<std::string>& commands,
                                                  const BotLimitArgs& limits) {
    std::vector<match::PlayerSpec> players;
    const std::vector<std::string> names = bot_names(commands);
    for (std::size_t i = 0; i < commands.size(); ++i) {
        match::PlayerSpec player;
        player.name = names[i];
        player.command = commands[i];
        apply_limit_args(limits, player);
        try {
            match::check_command(player);
        } catch (const std::exception& e) {
            throw Error(std::string("--bot: ") + e.what());
        }
        players.push_back(std::move(player));
    }
    return players;
}

void replace_bots(std::vector<match::PlayerSpec>& players,
                  const std::vector<std::string>& overrides) {
    for (const std::string& override_text : overrides) {
        const std::size_t eq = override_text.find('=');
        const std::optional<std::int64_t> seat =
            eq == std::string::npos
                ? std::nullopt
                : numbers::parse(std::string_view(override_text).substr(0, eq),
                                 {0, static_cast<std::int64_t>(players.size()) - 1});
        if (!seat)
            throw Error("--bot '" + override_text + "': write SEAT=COMMAND with a seat from 0 to " +
                        std::to_string(players.size() - 1) + ", e.g. --bot 1=\"./new_bot\"");
        players[*seat].command = override_text.substr(eq + 1);
        players[*seat].name += " (replaced)";
    }
}

}  // namespace arena::cli
