// The hostile tournament: a SameGame tournament in which half the bots misbehave in every way the
// arena must survive (issue 7's table and issue 13's containment, limits and sandbox), played
// through the real tournament runner. Checks that
// it finishes, that every game is classified as the table says, that no process of any bot is
// left afterwards, and that the arena's peak memory stays under 200 MB; prints the figures.
//
//   hostile_tournament [--boards N] [--concurrency C] [--keep DIR]
//
// ctest runs it on 1 board (each bot once, about 90 games); scripts/hostile-tournament.sh runs
// the full 360 games (4 boards). Exit code 0 when every check passed.
#include <signal.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <chrono>
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "arena/common/log_files.hpp"
#include "arena/process/bot_process.hpp"
#include "arena/process/prepared_inits.hpp"
#include "arena/tournament/config.hpp"
#include "arena/tournament/runner.hpp"
#include "referees/registry.hpp"

namespace fs = std::filesystem;
using namespace arena;
using Json = nlohmann::json;

namespace {

int failures = 0;

void check(bool ok, const std::string& what) {
    if (!ok) {
        ++failures;
        std::cout << "FAILED: " << what << "\n";
    }
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

// What a game of a hostile bot must look like (one seat: SameGame).
struct Expectation {
    std::string outcome;                             // "ok", "timeout", "invalid", "crash"
    std::function<bool(const std::string&)> detail;  // the process detail, e.g. "exit code 3"
    std::function<bool(const Json&)> log;            // more checks on the match log, if any
};

struct Bot {
    std::string name;
    Json spec;  // the config entry
    Expectation expect;
};

std::function<bool(const std::string&)> is(const std::string& expected) {
    return [expected](const std::string& detail) { return detail == expected; };
}
std::function<bool(const std::string&)> starts(const std::string& prefix) {
    return [prefix](const std::string& detail) { return detail.rfind(prefix, 0) == 0; };
}
// The arena ended it: SIGTERM, or SIGKILL after the grace period.
bool killed(const std::string& detail) {
    return detail == "signal 15 (SIGTERM)" || detail == "signal 9 (SIGKILL)";
}
// Stopped at the end of its game: it may also have left by itself at EOF on stdin, between the
// arena closing its stdin and sending SIGTERM.
bool stopped(const std::string& detail) {
    return detail == "exit code 0" || killed(detail);
}

// The first turn's rejected output got exactly the referee's own error for that output.
std::function<bool(const Json&)> referee_error_for_output() {
    return [](const Json& log) {
        const Json& turn = log.at("turns").back();
        if (turn.at("output").is_null()) return false;
        // The same board: SameGame's first input is the board as the bot reads it.
        referee::GameSetup setup;
        setup.game = "samegame";
        setup.players = 1;
        setup.testcase = log.at("turns").at(0).at("input").get<std::string>();
        std::unique_ptr<referee::Referee> ref = referee::make_referee(setup);
        const referee::Verdict verdict = ref->play(turn.at("output").get<std::string>());
        return !verdict.accepted && !verdict.error.empty() &&
               verdict.error == turn.at("error").get<std::string>();
    };
}

std::string file_text(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// Processes that are children of this process (bots, or what they left behind: as a child
// subreaper the arena inherits every orphan of a bot), plus any process running one of the bot
// programs of this tournament.
std::vector<std::string> leftover_processes(const std::vector<fs::path>& programs) {
    std::vector<std::string> left;
    const std::string self = std::to_string(::getpid());
    for (const auto& entry : fs::directory_iterator("/proc")) {
        const std::string pid = entry.path().filename().string();
        if (pid.find_first_not_of("0123456789") != std::string::npos || pid == self) continue;
        const std::string stat = file_text(entry.path() / "stat");
        const auto close = stat.rfind(')');
        if (close == std::string::npos) continue;
        std::istringstream fields(stat.substr(close + 2));
        std::string state, ppid;
        fields >> state >> ppid;
        std::error_code ec;
        const fs::path exe = fs::read_symlink(entry.path() / "exe", ec);
        bool ours = ppid == self;
        for (const fs::path& program : programs) ours = ours || (!ec && exe == program);
        if (ours) left.push_back(pid + " " + stat.substr(0, close + 1) + " state " + state);
    }
    return left;
}

// A listening Unix socket (a path, or an abstract name) that accepts nothing.
struct HostSocket {
    int fd = -1;
    HostSocket(const std::string& name, bool abstract) {
        fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
        sockaddr_un address{};
        address.sun_family = AF_UNIX;
        std::memcpy(address.sun_path + (abstract ? 1 : 0), name.data(), name.size());
        const auto length =
            static_cast<socklen_t>(offsetof(sockaddr_un, sun_path) + name.size() + 1);
        if (::bind(fd, reinterpret_cast<sockaddr*>(&address), length) != 0 || ::listen(fd, 64) != 0)
            std::cout << "cannot listen on " << name << "\n";
    }
    ~HostSocket() { ::close(fd); }
};

// The pid a daemon wrote to its pid file is no longer running (0 when there is no file).
bool pid_file_process_gone(const fs::path& file) {
    std::ifstream in(file);
    long pid = 0;
    if (!(in >> pid) || pid <= 0) return true;
    return ::kill(static_cast<pid_t>(pid), 0) != 0;
}

long peak_rss_kib() {
    rusage usage{};
    ::getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss;
}

}  // namespace

int main(int argc, char** argv) {
    int boards = 1, concurrency = 2;
    std::string keep;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string option = argv[i];
        if (option == "--boards")
            boards = std::stoi(argv[i + 1]);
        else if (option == "--concurrency")
            concurrency = std::stoi(argv[i + 1]);
        else if (option == "--keep")
            keep = argv[i + 1];
        else {
            std::cerr << "usage: hostile_tournament [--boards N] [--concurrency C] [--keep DIR]\n";
            return 2;
        }
    }

    // Private copies of the bot programs: their processes can be told from any other.
    char pattern[] = "/tmp/arena_hostile_XXXXXX";
    const fs::path dir = ::mkdtemp(pattern);
    const fs::path testbot = dir / "testbot", greedy = dir / "greedy", random = dir / "random";
    fs::copy_file(ARENA_TESTBOT, testbot);
    fs::copy_file(ARENA_GREEDY_BOT, greedy);
    fs::copy_file(ARENA_RANDOM_BOT, random);
    const fs::path not_executable = dir / "not_executable";
    std::ofstream(not_executable) << "#!/bin/sh\necho 0 0\n";
    const std::string tb = testbot.string();

    // What the sandboxed bots must not reach: a host Unix socket, an abstract one, a secret.
    const HostSocket host_socket((dir / "host.sock").string(), false);
    const HostSocket abstract_socket("arena-hostile-abstract", true);
    ::setenv("SECRET", "hostile-secret", 1);
    std::ofstream(dir / "results.txt") << "what no bot may read\n";

    bool sandbox = true;
    try {
        process::check_sandbox();
    } catch (const process::SpawnError& e) {
        sandbox = false;
        std::cout << "SKIPPED the sandboxed bots (sandbox unavailable): " << e.what() << "\n";
    }

    std::vector<Bot> hostile = {
        {"never-answers", {{"command", tb + " sleep 1000000"}}, {"timeout", killed, {}}},
        {"answers-late", {{"command", tb + " sleep 12000"}}, {"timeout", killed, {}}},
        {"never-reads", {{"command", tb + " noread"}}, {"timeout", killed, {}}},
        {"exits", {{"command", tb + " crash 3"}}, {"crash", is("exit code 3"), {}}},
        {"segfaults", {{"command", tb + " abort"}}, {"crash", is("signal 11 (SIGSEGV)"), {}}},
        {"crashes-at-start", {{"command", tb + " startcrash 4"}}, {"crash", is("exit code 4"), {}}},
        {"missing",
         {{"command", (dir / "no-such-bot").string()}},
         {"crash", starts("could not start: "), {}}},
        {"not-executable",
         {{"command", not_executable.string()}},
         {"crash", starts("could not start: "), {}}},
        {"garbage",
         {{"command", tb + " garbage"}},
         {"invalid", stopped,
          [](const Json& log) {
              // Not UTF-8 on stdout and stderr: replaced by U+FFFD, the log stays valid JSON.
              const std::string out = log.at("turns").back().at("output");
              return contains(out, "\xEF\xBF\xBD") && referee_error_for_output()(log);
          }}},
        {"empty-line",
         {{"command", tb + " reply ''"}},
         {"invalid", stopped, referee_error_for_output()}},
        {"wrong-command",
         {{"command", tb + " reply 'PLAY 3 4'"}},
         {"invalid", stopped, referee_error_for_output()}},
        {"endless-line",
         {{"command", tb + " nonewline"}},
         {"timeout", killed,
          [](const Json& log) { return log.at("turns").back().at("output").is_null(); }}},
        {"stderr-flood",
         {{"command", tb + " stderrflood --mb 200 --say FLOOD"}},
         {"invalid", stopped,
          [](const Json& log) {
              const Json& turn = log.at("turns").back();
              return turn.at("stderr").get<std::string>().size() <= process::kStderrCapPerTurn &&
                     turn.value("stderr_truncated", false);
          }}},
        {"stderr-flood-playing",
         {{"command",
           "/bin/sh -c 'yes flood-flood-flood-flood >&2 & exec " + greedy.string() + "'"}},
         {"ok", stopped,
          [](const Json& log) {
              std::size_t stored = 0;
              for (const Json& turn : log.at("turns"))
                  stored += turn.at("stderr").get<std::string>().size();
              // The flood never blocks greedy: it plays its whole game. (How much of the flood
              // each turn catches depends on when `yes` runs; the cap is tested in
              // test_match_limits.)
              return stored <= match::kStderrCapPerGame;
          }}},
        {"closes-stdout", {{"command", tb + " closestdout"}}, {"timeout", killed, {}}},
        {"child-ignores-term",
         {{"command", tb + " forkchild --say CHILD"}},
         {"invalid", stopped, {}}},
        {"forks-many", {{"command", tb + " spawn 30"}}, {"invalid", stopped, {}}},
        {"ignores-term",
         {{"command", tb + " ignoreterm --say TERM"}},
         {"invalid", is("signal 9 (SIGKILL)"), {}}},
        {"two-answers",
         {{"command", tb + " twolines --say TWO"}},
         {"invalid", stopped,
          [](const Json& log) { return log.at("turns").back().at("output") == "TWO/1"; }}},
        {"crlf",
         {{"command", tb + " crlf --say 'PLAY 1 2'"}},
         {"invalid", stopped,
          [](const Json& log) { return log.at("turns").back().at("output") == "PLAY 1 2"; }}},
        {"memory-hog",
         {{"command", tb + " memhog 4000"}, {"limits", {{"memory_mb", 128}}}},
         {"crash", starts("memory limit (128 MB) reached: "), {}}},
        {"cpu-hog",
         {{"command", tb + " cpuhog"}, {"limits", {{"cpu_seconds", 1}}}},
         {"crash", starts("CPU time limit (1 s) reached: "), {}}},
        {"big-file",
         {{"command", tb + " writefile 50 --file " + (dir / "big.out").string()},
          {"limits", {{"file_size_mb", 1}}}},
         {"crash", is("file size limit (1 MB) reached: signal 25 (SIGXFSZ)"), {}}},
    };
    // Issue 13: bots that try to outlive their game, limits for the whole bot, JVM-like exits,
    // the line length boundary.
    auto pid_file = [&](const std::string& name) { return (dir / (name + ".pid")).string(); };
    const std::string longest(process::kMaxLineBytes - 1, '7');
    std::vector<Bot> contained = {
        {"daemon-setsid",
         {{"command", tb + " daemon " + pid_file("daemon-setsid") + " --say X"}},
         {"invalid", stopped, {}}},
        {"daemon-setpgid",
         {{"command", tb + " daemonpg " + pid_file("daemon-setpgid") + " --say X"}},
         {"invalid", stopped, {}}},
        {"session-child-keeps-stdout",
         {{"command", tb + " sessionchild " + pid_file("session-child") + " --say X"}},
         {"invalid", stopped, {}}},
        {"rejoins-group",
         {{"command", tb + " rejoin " + pid_file("rejoin") + " --say X"}},
         {"invalid", stopped, {}}},
        {"stops-itself", {{"command", tb + " stopself"}}, {"timeout", killed, {}}},
        {"exits-143-on-term", {{"command", tb + " term143"}}, {"timeout", is("exit code 143"), {}}},
        {"cpu-handover",
         {{"command", tb + " cpukids"}, {"limits", {{"cpu_seconds", 1}}}},
         {"crash", starts("CPU time limit (1 s) reached: "), {}}},
        {"memory-in-children",
         {{"command", tb + " memkids 6 40"}, {"limits", {{"memory_mb", 128}}}},
         {"crash", starts("memory limit (128 MB) reached: "), {}}},
        {"fork-bomb",
         {{"command", tb + " forkbomb"}, {"limits", {{"processes", 20}}}},
         {"timeout", killed, {}}},
        {"answer-9999-bytes", {{"command", tb + " reply " + longest}}, {"invalid", stopped, {}}},
        {"answer-10000-bytes",
         {{"command", tb + " reply " + longest + "7"}},
         {"timeout", killed, {}}},
    };
    hostile.insert(hostile.end(), contained.begin(), contained.end());
    if (sandbox) {
        auto replies = [](const std::string& prefix) -> std::function<bool(const Json&)> {
            return [prefix](const Json& log) {
                const Json& output = log.at("turns").back().at("output");
                return output.is_string() && output.get<std::string>().rfind(prefix, 0) == 0;
            };
        };
        auto boxed = [&](const std::string& name, const std::string& args,
                         const std::string& reply) {
            hostile.push_back({name,
                               {{"command", tb + " " + args}, {"sandbox", true}},
                               {"invalid", stopped, replies(reply)}});
        };
        // It may write where the path leads inside its sandbox, never on the host (checked below).
        boxed("sandboxed-escape", "writefile 1 --file @" + (dir / "escaped").string(), "");
        boxed("sandboxed-child-ignores-term", "forkchild --say CHILD", "CHILD");
        boxed("sandboxed-daemon", "daemon " + pid_file("sandboxed-daemon") + " --say X", "X");
        boxed("sandboxed-unix-socket", "unixconnect @" + (dir / "host.sock").string(), "error: ");
        boxed("sandboxed-abstract-socket", "abstractconnect arena-hostile-abstract", "error: ");
        boxed("sandboxed-reads-root", "readfile @/root", "error: ");
        boxed("sandboxed-reads-results", "readfile @" + (dir / "results.txt").string(), "error: ");
        boxed("sandboxed-secret", "env SECRET", "(unset)");
        boxed("sandboxed-tiocsti", "tiocsti", "error: ");
        boxed("sandboxed-shm-hog", "shmhog 200", "error: No space left on device");
        boxed("sandboxed-scratch-filler", "writefile 400", "error: No space left on device");
    }
    // As many well-behaved bots as hostile ones.
    std::vector<Bot> bots;
    for (std::size_t i = 0; i < hostile.size(); ++i) {
        const bool use_greedy = i % 2 == 0;
        const std::string name = (use_greedy ? "greedy-" : "random-") + std::to_string(i);
        const std::string command =
            use_greedy ? greedy.string() : random.string() + " --seed " + std::to_string(i);
        bots.push_back({name, {{"command", command}}, {"ok", stopped, {}}});
    }
    bots.insert(bots.end(), hostile.begin(), hostile.end());

    Json config = {{"game", "samegame"}, {"bots", Json::array()}, {"boards", Json::array()}};
    for (Bot& bot : bots) {
        bot.spec["name"] = bot.name;
        config["bots"].push_back(bot.spec);
    }
    for (int b = 1; b <= boards; ++b) config["boards"].push_back(b);
    // CodinGame's 20 s first turn scaled to 10 s (room for the CPU hog's 1 s of CPU on a busy
    // machine), the other turns 1 s (25 + 975 ms): the well-behaved bots answer in a few ms, but
    // on a machine at load 5-8 (other builds on every core) a 50 ms turn was now and then missed
    // by one of them, waiting for a CPU. The hostile bots misbehave from their first turn.
    config["time"] = {{"scale", 0.5}, {"margin_ms", 975}};
    const fs::path out = keep.empty() ? dir / "out" : fs::path(keep);

    tournament::TournamentConfig tournament_config =
        tournament::load_config_text(config.dump(), dir / "hostile.json");
    tournament::RunOptions options;
    options.out = out;
    options.concurrency = concurrency;
    std::ostringstream progress;
    std::cout << "hostile tournament: " << bots.size() << " bots (" << hostile.size()
              << " hostile) x " << boards << " board(s) = " << bots.size() * boards << " games, "
              << concurrency << " at a time\n"
              << std::flush;
    const auto start = std::chrono::steady_clock::now();
    const std::vector<tournament::GameRecord> records =
        tournament::run_tournament(tournament_config, options, progress);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

    std::map<std::string, const Bot*> by_name;
    for (const Bot& bot : bots) by_name[bot.name] = &bot;
    std::map<std::string, int> outcome_counts;
    for (const tournament::GameRecord& record : records) {
        const Bot& bot = *by_name.at(record.players.at(0));
        const std::string outcome = match::to_string(record.outcomes.at(0));
        const std::string& detail = record.details.at(0);
        ++outcome_counts[outcome];
        const std::string game = record.id + ": outcome " + outcome + ", detail '" + detail + "'";
        check(outcome == bot.expect.outcome, game + ", expected outcome " + bot.expect.outcome);
        check(bot.expect.detail(detail), game + ": unexpected detail");
        Json log;
        try {
            // Throws if not valid JSON (UTF-8); the log may be compressed (.json.zst).
            log = Json::parse(files::read_log_text(out / record.log));
        } catch (const Json::exception& e) {
            check(false, game + ": the log is not valid JSON: " + e.what());
            continue;
        }
        if (bot.expect.log) {
            bool ok = false;
            try {
                ok = bot.expect.log(log);
            } catch (const Json::exception& e) {
                std::cout << game << ": " << e.what() << "\n";
            }
            check(ok, game + ": the log's checks failed (" + (out / record.log).string() + ")");
        }
        if (outcome == "ok") check(record.scores.at(0) > 0, game + ": no score");
    }
    check(records.size() == bots.size() * static_cast<std::size_t>(boards),
          "every game has a record");

    check(!fs::exists(dir / "escaped"), "a sandboxed bot wrote on the host");
    for (const auto& entry : fs::directory_iterator(dir)) {
        if (entry.path().extension() == ".pid")
            check(pid_file_process_gone(entry.path()), entry.path().string() + ": still running");
    }
    // The inits prepared for bots that will not come are children too, not leftovers.
    process::end_prepared_inits();
    const std::vector<std::string> left = leftover_processes({testbot, greedy, random});
    for (const std::string& process : left) check(false, "process left: " + process);
    const double peak_mb = peak_rss_kib() / 1024.0;
    check(peak_mb < 200, "peak RSS under 200 MB");

    std::printf("time: %.1f s for %zu games (%.1f games/s)\n", seconds, records.size(),
                records.size() / seconds);
    std::printf("outcomes:");
    for (const auto& [outcome, count] : outcome_counts)
        std::printf(" %s %d", outcome.c_str(), count);
    std::printf("\nbot processes left: %zu\narena peak RSS: %.1f MB (limit 200 MB)\n", left.size(),
                peak_mb);
    if (keep.empty()) fs::remove_all(dir);
    std::printf("%s: %d check(s) failed\n", failures ? "FAILED" : "PASSED", failures);
    return failures ? 1 : 0;
}
