#include "arena/cli/bot_options.hpp"

#include <filesystem>
#include <map>

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

}  // namespace

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
