// A hostile bot against the --sandbox, run as root and as a normal user (ctest runs this suite
// both ways): whoever runs the arena, the sandboxed bot has no privilege, cannot change its
// mounts, its limits or its cgroups, sees none of /etc's secrets, and a path on its command line
// is shown as what it names, never more. Each check is a shell script the bot runs and answers
// with; where bubblewrap cannot run here the suite says so and is skipped.
#include <doctest/doctest.h>
#include <signal.h>
#include <unistd.h>

#include <boost/asio/io_context.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

#include "arena/process/bot_process.hpp"
#include "tests/process/own_testbot.hpp"

using namespace arena::process;
using namespace std::chrono_literals;
using arena::test::sandbox_available;
using Strings = std::vector<std::string>;
namespace fs = std::filesystem;
using arena::test::TempDir;

namespace {

// A script in `dir` (readable by anyone: as root the bot runs as nobody).
std::string script(const TempDir& dir, const std::string& name, const std::string& text) {
    const fs::path path = dir.path / name;
    std::ofstream(path) << text;
    fs::permissions(path, fs::perms::owner_all | fs::perms::group_read | fs::perms::others_read);
    return path.string();
}

// The line the sandboxed `sh SCRIPT` answers to one input.
std::string sandboxed_answer(const std::string& path, Strings extra = {},
                             const std::string& working_dir = "") {
    boost::asio::io_context io(1);
    BotOptions options;
    options.sandbox = true;
    options.working_dir = working_dir;
    Strings argv = {"sh", path};
    argv.insert(argv.end(), extra.begin(), extra.end());
    BotProcess bot(io, argv, options);
    const ReadResult r = bot.exchange("go\n", 20000ms);
    bot.stop();
    return r.status == ReadStatus::line ? r.line : "(no answer)";
}

}  // namespace

// The host's view of the process whose command line holds `marker`: its "Uid:" line.
std::string host_uid_line(const std::string& marker) {
    for (const fs::directory_entry& entry : fs::directory_iterator("/proc")) {
        std::ifstream cmdline(entry.path() / "cmdline");
        std::string text((std::istreambuf_iterator<char>(cmdline)), {});
        if (text.find(marker) == std::string::npos || text.find("bwrap") != std::string::npos)
            continue;
        std::ifstream status(entry.path() / "status");
        for (std::string line; std::getline(status, line);)
            if (line.rfind("Uid:", 0) == 0) return line;
    }
    return "(not found)";
}

TEST_CASE("sandbox: the bot has no capability, no new privileges, and is not host root") {
    if (!sandbox_available()) return;
    TempDir dir;
    const std::string path = script(dir, "who.sh", R"sh(read x
cap=$(grep '^CapEff' /proc/self/status | tr -d '[:space:]')
bnd=$(grep '^CapBnd' /proc/self/status | tr -d '[:space:]')
nnp=$(grep '^NoNewPrivs' /proc/self/status | tr -d '[:space:]')
echo "$cap $bnd $nnp"
read y
)sh");
    boost::asio::io_context io(1);
    BotOptions options;
    options.sandbox = true;
    BotProcess bot(io, {"sh", path}, options);
    CHECK(bot.exchange("go\n", 20000ms).line ==
          "CapEff:0000000000000000 CapBnd:0000000000000000 NoNewPrivs:1");
    // Seen from the host: every id of the bot is the arena's own, or nobody's when it is root.
    const std::string id = std::to_string(::geteuid() == 0 ? 65534 : ::geteuid());
    CHECK(host_uid_line(path) == "Uid:\t" + id + "\t" + id + "\t" + id + "\t" + id);
    bot.stop();
}

TEST_CASE("sandbox: the bot cannot mount, remount, or make a user namespace to do so") {
    if (!sandbox_available()) return;
    TempDir dir;
    const std::string answer = sandboxed_answer(script(dir, "mount.sh", R"sh(read x
try() { if "$@" 2>/dev/null; then printf 'DID:%s ' "$*"; else printf 'no '; fi; }
mkdir -p /tmp/m
try mount -o remount,rw,bind /usr
try mount -o remount,size=2g /tmp
try mount -t tmpfs none /tmp/m
try mount -t cgroup2 none /tmp/m
try mount -t cgroup -o memory none /tmp/m
try unshare -U true
try unshare -Urm true
echo end
)sh"));
    CHECK(answer == "no no no no no no no end");
}

TEST_CASE("sandbox: /etc shows what programs need, never the host's secrets") {
    if (!sandbox_available()) return;
    TempDir dir;
    const std::string answer = sandboxed_answer(script(dir, "etc.sh", R"sh(read x
seen=""
for f in shadow gshadow sudoers ssh ssl/private hostname machine-id crontab ld.so.preload; do
  [ -e "/etc/$f" ] && seen="$seen $f"
done
echo "seen:$seen passwd:$(wc -l < /etc/passwd) me:$(grep -c ":$(id -u):" /etc/passwd) loader:$(test -e /etc/ld.so.cache && echo y)"
)sh"));
    CHECK(answer == "seen: passwd:2 me:1 loader:y");
}

TEST_CASE("sandbox: the devices programs use work") {
    if (!sandbox_available()) return;
    TempDir dir;
    const std::string answer = sandboxed_answer(script(dir, "dev.sh", R"sh(read x
n=$(head -c 16 /dev/urandom | wc -c)
echo "$n $(echo hidden > /dev/null && echo null-ok) $(head -c 4 /dev/zero | wc -c)"
)sh"));
    CHECK(answer == "16 null-ok 4");
}

TEST_CASE("sandbox: the bot cannot write outside its scratch, /etc included") {
    if (!sandbox_available()) return;
    TempDir dir;
    const std::string answer = sandboxed_answer(script(dir, "write.sh", R"sh(read x
for f in /etc/arena-escaped /usr/arena-escaped /arena-escaped /dev/shm/ok /tmp/ok; do
  if echo x > "$f" 2>/dev/null; then printf 'W:%s ' "$f"; else printf 'no '; fi
done
echo end
)sh"));
    CHECK(answer == "no no no W:/dev/shm/ok W:/tmp/ok end");
    CHECK_FALSE(fs::exists("/etc/arena-escaped"));
}

TEST_CASE("sandbox: a symlink the bot ships is shown as the file it names, never more") {
    if (!sandbox_available()) return;
    TempDir dir;
    const fs::path botdir = dir.path / "bot";
    fs::create_directories(botdir / "data");
    fs::permissions(dir.path, fs::perms::all);
    const std::string bot = script(dir, "bot/list.sh", R"sh(read x
echo "$(ls "$1" 2>&1 | tr '\n' ' ')|$(cat "$2" 2>&1)"
)sh");
    std::ofstream(dir.path / "secret.txt") << "outside";
    std::ofstream(dir.path / "neighbour.txt") << "not named";
    fs::permissions(dir.path / "secret.txt", fs::perms::owner_all | fs::perms::others_read);
    std::ofstream(botdir / "data" / "w.txt") << "weights";
    fs::create_directory_symlink("/", botdir / "root");
    fs::create_directory_symlink(dir.path, botdir / "up");
    fs::create_symlink(dir.path / "secret.txt", botdir / "weights.bin");

    SUBCASE("a symlink to / or to a directory outside the bot's folder is refused") {
        for (const char* arg : {"root", "up", "/", ".."}) {
            CAPTURE(arg);
            const std::string named = std::string("the argument '") + arg + "'";
            CHECK_THROWS_WITH_AS(check_sandbox_paths({"sh", "list.sh", arg}, botdir.string()),
                                 doctest::Contains(named.c_str()), SpawnError);
            CHECK_THROWS_AS(sandboxed_answer(bot, {arg, "x"}, botdir.string()), SpawnError);
        }
    }
    SUBCASE("a directory that holds the results is refused") {
        CHECK_THROWS_WITH_AS(check_sandbox_paths({"sh", "list.sh", "data"}, botdir.string(),
                                                 {(botdir / "data" / "results").string()}),
                             doctest::Contains("results"), SpawnError);
    }
    SUBCASE("a file symlinked from outside is shown as that file, its neighbours are not") {
        CHECK_NOTHROW(
            check_sandbox_paths({"sh", "list.sh", "data", "weights.bin"}, botdir.string()));
        const std::string answer = sandboxed_answer(bot, {"data", "weights.bin"}, botdir.string());
        CHECK(answer == "w.txt |outside");
        const std::string listed =
            sandboxed_answer(bot, {(dir.path / "x").string(), "weights.bin"}, botdir.string());
        CHECK(listed.find("neighbour") == std::string::npos);
    }
}

TEST_CASE("sandbox: an exit code 152 is an exit code, not the CPU limit") {
    if (!sandbox_available()) return;
    TempDir dir;
    boost::asio::io_context io(1);
    BotOptions options;
    options.sandbox = true;
    options.limits.cpu_seconds = 100;
    try {
        check_limits_supported(options.limits);
    } catch (const SpawnError&) {
        options.limits = {};  // no cgroup here: the decoding is the same without the limit
    }
    BotProcess bot(io, {"sh", script(dir, "exit.sh", "read x\nexit 152\n")}, options);
    CHECK(bot.exchange("go\n", 20000ms).status == ReadStatus::closed);
    const ExitStatus status = bot.stop();
    CHECK(status.describe() == "exit code 152");
    CHECK(status.limit_reached.empty());
}

TEST_CASE("sandbox: a bot whose main process exits while a child holds its stdout: closed") {
    if (!sandbox_available()) return;
    TempDir dir;
    const std::string path =
        script(dir, "forker.sh", "read x\necho first\nread y\nsleep 30 &\nexit 0\n");
    boost::asio::io_context io(1);
    BotOptions options;
    options.sandbox = true;
    for (int run = 0; run < 10; ++run) {
        CAPTURE(run);
        BotProcess bot(io, {"sh", path}, options);
        CHECK(bot.exchange("a\n", 20000ms).line == "first");
        const ReadResult second = bot.exchange("b\n", 20000ms);
        CHECK(second.status == ReadStatus::closed);
        CHECK(second.elapsed < 10s);
        CHECK(bot.stop().describe() == "exit code 0");
    }
}
