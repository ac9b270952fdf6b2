// Bots given as source files (issue 16, item 3; docs/bots-from-source.md): built with their
// language's command or their own, cached by source, played, and identified by their build.
// Every test uses its own cache directory: nothing touches ~/.cache.
#include <doctest/doctest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "arena/process/bot_process.hpp"
#include "arena/tournament/bot_build.hpp"
#include "arena/tournament/bot_identity.hpp"
#include "arena/tournament/config.hpp"
#include "arena/tournament/runner.hpp"

namespace fs = std::filesystem;
using namespace arena;

namespace {

fs::path fresh_dir(const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / ("arena_test_build_" + name);
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

void write(const fs::path& file, const std::string& text) {
    std::ofstream(file) << text;
}

// A SameGame bot in C: plays the first cell (by x, then y) that has a neighbour of its colour.
const char* const kFirstPairC = R"(#include <stdio.h>
int main(void) {
    int g[15][15];
    for (;;) {
        for (int line = 0; line < 15; ++line)
            for (int x = 0; x < 15; ++x)
                if (scanf("%d", &g[x][14 - line]) != 1) return 0;
        int bx = 0, by = 0;
        for (int x = 0; x < 15; ++x)
            for (int y = 0; y < 15; ++y) {
                int c = g[x][y];
                if (c < 0) continue;
                if ((x + 1 < 15 && g[x + 1][y] == c) || (y + 1 < 15 && g[x][y + 1] == c)) {
                    bx = x; by = y; goto found;
                }
            }
    found:
        printf("%d %d\n", bx, by);
        fflush(stdout);
    }
}
)";

// The same policy in Python: it must score what the C bot scores.
const char* const kFirstPairPython = R"(import sys
while True:
    rows = [sys.stdin.readline() for _ in range(15)]
    if not rows[-1]:
        break
    g = [[0] * 15 for _ in range(15)]
    for line, row in enumerate(rows):
        for x, v in enumerate(row.split()):
            g[x][14 - line] = int(v)
    move = (0, 0)
    for x in range(15):
        found = False
        for y in range(15):
            c = g[x][y]
            if c >= 0 and ((x + 1 < 15 and g[x + 1][y] == c) or (y + 1 < 15 and g[x][y + 1] == c)):
                move, found = (x, y), True
                break
        if found:
            break
    print(*move, flush=True)
)";

match::PlayerSpec source_bot(const std::string& name, const fs::path& source,
                             const std::string& build = "") {
    match::PlayerSpec bot;
    bot.name = name;
    bot.source = source.string();
    bot.build = build;
    return bot;
}

// build_bots on one bot; returns what it said.
std::string build_one(match::PlayerSpec& bot, const fs::path& cache) {
    std::vector<match::PlayerSpec> bots = {bot};
    std::ostringstream said;
    tournament::build_bots(bots, {cache}, said);
    bot = bots.front();
    return said.str();
}

std::string build_error(match::PlayerSpec bot, const fs::path& cache) {
    try {
        build_one(bot, cache);
    } catch (const tournament::BuildError& e) {
        return e.what();
    }
    return "(no error)";
}

// The first line the bot's command prints with no input.
std::string first_line_of(const match::PlayerSpec& bot) {
    std::string line;
    std::string shell;
    for (const std::string& word : process::split_command_line(bot.command))
        shell += "'" + word + "' ";
    FILE* pipe = popen((shell + "</dev/null").c_str(), "r");
    char buffer[256] = {};
    if (pipe && fgets(buffer, sizeof buffer, pipe)) line = buffer;
    if (pipe) pclose(pipe);
    return line;
}

// One SameGame game on board 6 per bot, through a tournament; the score of each.
std::vector<std::int64_t> play_board_6(const std::vector<match::PlayerSpec>& sources,
                                       const fs::path& dir, const fs::path& cache) {
    std::string bots;
    for (const match::PlayerSpec& b : sources)
        bots += std::string(bots.empty() ? "" : ", ") + "{\"name\": \"" + b.name +
                "\", \"source\": \"" + b.source + "\"}";
    tournament::TournamentConfig config = tournament::load_config_text(
        "{\"game\": \"samegame\", \"bots\": [" + bots + "], \"boards\": [6]}", dir / "c.json");
    std::ostringstream progress;
    tournament::build_bots(config.bots, {cache}, progress);
    tournament::RunOptions options;
    options.out = dir / "out";
    std::vector<std::int64_t> scores;
    for (const tournament::GameRecord& r : tournament::run_tournament(config, options, progress))
        scores.push_back(r.scores.at(0));
    return scores;
}

bool has(const char* tool) {
    try {
        process::resolve_executable(tool);
        return true;
    } catch (const std::exception&) {
        return false;
    }
}

}  // namespace

TEST_CASE("a C++ source is built, then found in the cache; a changed source is built again") {
    const fs::path dir = fresh_dir("cpp");
    const fs::path cache = dir / "cache";
    fs::copy_file(ARENA_GREEDY_SOURCE, dir / "greedy.cpp");
    match::PlayerSpec bot = source_bot("greedy", dir / "greedy.cpp");
    const std::string first = build_one(bot, cache);
    CHECK(first.find("build: greedy: " + (dir / "greedy.cpp").string() + " built (C++, ") !=
          std::string::npos);
    REQUIRE(fs::is_regular_file(fs::path(bot.built) / "bot"));
    CHECK(bot.command == (fs::path(bot.built) / "bot").string());
    CHECK(fs::path(bot.built).parent_path() == cache);
    const auto built_at = fs::last_write_time(fs::path(bot.built) / "bot");

    // The same source again: the cache's program, the compiler not run (the file untouched).
    match::PlayerSpec again = source_bot("greedy", dir / "greedy.cpp");
    CHECK(build_one(again, cache) ==
          "build: greedy: " + (dir / "greedy.cpp").string() + " cached (C++)\n");
    CHECK(again.command == bot.command);
    CHECK(fs::last_write_time(fs::path(bot.built) / "bot") == built_at);
    CHECK(tournament::identify(again) == tournament::identify(bot));

    // A changed file is another build and another bot version, named as such.
    std::ofstream(dir / "greedy.cpp", std::ios::app) << "int changed_by_the_test = 1;\n";
    match::PlayerSpec changed = source_bot("greedy", dir / "greedy.cpp");
    CHECK(build_one(changed, cache).find(" built (C++, ") != std::string::npos);
    CHECK(changed.built != bot.built);
    const auto changes = tournament::identify(bot) == tournament::identify(changed)
                             ? std::vector<std::string>{}
                             : tournament::identity_changes(tournament::identify(bot),
                                                            tournament::identify(changed));
    REQUIRE(changes.size() == 1);
    CHECK(changes[0].find("the build of " + (dir / "greedy.cpp").string() + ": content changed") ==
          0);
    // Nothing half-built is left behind.
    for (const auto& entry : fs::directory_iterator(cache))
        CHECK(entry.path().filename().string().rfind(".tmp-", 0) == std::string::npos);
}

TEST_CASE("C and Python sources play SameGame: built (C) or run as they are (Python)") {
    const fs::path dir = fresh_dir("play");
    write(dir / "first_pair.c", kFirstPairC);
    write(dir / "first_pair.py", kFirstPairPython);
    const std::vector<std::int64_t> scores = play_board_6(
        {source_bot("c", dir / "first_pair.c"), source_bot("py", dir / "first_pair.py")}, dir,
        dir / "cache");
    REQUIRE(scores.size() == 2);
    CHECK(scores[0] > 0);
    CHECK(scores[0] == scores[1]);  // one policy in two languages
}

TEST_CASE("Python and JavaScript run without a build, by their interpreter") {
    const fs::path dir = fresh_dir("scripts");
    write(dir / "hello.py", "print('hello from python')\n");
    write(dir / "hello.js", "console.log('hello from node')\n");
    match::PlayerSpec python = source_bot("py", dir / "hello.py");
    CHECK(build_one(python, dir / "cache") ==
          "build: py: " + (dir / "hello.py").string() + " runs as it is (Python, no build)\n");
    CHECK(python.command == "python3 " + (dir / "hello.py").string());
    CHECK(python.built.empty());
    CHECK(first_line_of(python) == "hello from python\n");
    match::PlayerSpec node = source_bot("js", dir / "hello.js");
    build_one(node, dir / "cache");
    CHECK(node.command == "node " + (dir / "hello.js").string());
    if (has("node")) CHECK(first_line_of(node) == "hello from node\n");
    const bool nothing_cached = !fs::exists(dir / "cache") || fs::is_empty(dir / "cache");
    CHECK(nothing_cached);
}

TEST_CASE("Java: javac's classes, run as CodinGame's class Player") {
    if (!has("javac") || !has("java")) {
        MESSAGE("javac or java is not installed: Java is not tested");
        return;
    }
    const fs::path dir = fresh_dir("java");
    write(dir / "mine.java",
          "class Player { public static void main(String[] a) { System.out.println(\"player\"); } "
          "}\n");
    match::PlayerSpec bot = source_bot("j", dir / "mine.java");
    CHECK(build_one(bot, dir / "cache").find(" built (Java, ") != std::string::npos);
    CHECK(bot.command == "java -cp " + bot.built + " Player");
    CHECK(first_line_of(bot) == "player\n");
}

TEST_CASE("Rust and Pascal, when their compilers are installed") {
    const fs::path dir = fresh_dir("rust_pascal");
    if (has("rustc")) {
        write(dir / "mine.rs", "fn main() { println!(\"rust\"); }\n");
        match::PlayerSpec bot = source_bot("r", dir / "mine.rs");
        CHECK(build_one(bot, dir / "cache").find(" built (Rust, ") != std::string::npos);
        CHECK(first_line_of(bot) == "rust\n");
    }
    if (has("fpc")) {
        write(dir / "mine.pas", "program Mine; begin writeln('pascal'); end.\n");
        match::PlayerSpec bot = source_bot("p", dir / "mine.pas");
        CHECK(build_one(bot, dir / "cache").find(" built (Pascal, ") != std::string::npos);
        CHECK(first_line_of(bot) == "pascal\n");
        CHECK(!fs::exists(dir / "mine.o"));  // the compiler's files stay in the cache
    }
}

TEST_CASE("a bot's own build command, with {source} and {out}") {
    const fs::path dir = fresh_dir("custom");
    write(dir / "bot.txt", "#!/bin/sh\necho custom\n");
    match::PlayerSpec bot =
        source_bot("own", dir / "bot.txt", "cp {source} {out} && chmod +x {out}");
    CHECK(build_one(bot, dir / "cache").find(" built (own build, ") != std::string::npos);
    CHECK(bot.command == (fs::path(bot.built) / "bot").string());
    CHECK(first_line_of(bot) == "custom\n");
    // A build that writes no program is a failure, said as such.
    CHECK(build_error(source_bot("none", dir / "bot.txt", "true"), dir / "cache")
              .find("bot 'none': building " + (dir / "bot.txt").string() +
                    " failed (the build did not write the program {out})") == 0);
}

TEST_CASE("a compile error stops with the compiler's message naming the file and line") {
    const fs::path dir = fresh_dir("broken");
    write(dir / "broken.cpp", "int main() {\n    return 0\n}\n");
    const std::string message = build_error(source_bot("b", dir / "broken.cpp"), dir / "cache");
    CHECK(message.find("bot 'b': building " + (dir / "broken.cpp").string() +
                       " failed (exit code 1):") == 0);
    CHECK(message.find((dir / "broken.cpp").string() + ":2:") != std::string::npos);
    CHECK(message.find("error: expected") != std::string::npos);
    CHECK(message.find("fix the source") != std::string::npos);
    for (const auto& entry : fs::directory_iterator(dir / "cache"))
        FAIL("left in the cache: " << entry.path());
}

TEST_CASE("missing sources and unknown languages are named, with what to do") {
    const fs::path dir = fresh_dir("unknown");
    CHECK(build_error(source_bot("m", dir / "missing.cpp"), dir / "cache") ==
          "bot 'm': source file " + (dir / "missing.cpp").string() +
              " not found: check the path (relative to the bot's working directory)");
    write(dir / "mine.xyz", "");
    const std::string unknown = build_error(source_bot("u", dir / "mine.xyz"), dir / "cache");
    CHECK(unknown.find("bot 'u': " + (dir / "mine.xyz").string() +
                       ": no known language has the extension '.xyz' (known: .cpp, .cc") == 0);
    CHECK(unknown.find("give the bot a \"build\" command") != std::string::npos);
}

TEST_CASE("the command line's NAME=path/to/mine.cpp is a source bot") {
    const fs::path dir = fresh_dir("looks");
    write(dir / "mine.cpp", "int main() {}\n");
    write(dir / "mine.kt", "");
    CHECK(tournament::looks_like_source((dir / "mine.cpp").string()));
    CHECK(tournament::looks_like_source("mine.cpp", dir.string()));
    CHECK_FALSE(tournament::looks_like_source("mine.cpp"));  // not in the arena's directory
    CHECK_FALSE(tournament::looks_like_source((dir / "other.cpp").string()));
    CHECK_FALSE(tournament::looks_like_source((dir / "mine.kt").string()));
    CHECK_FALSE(tournament::looks_like_source("python3 " + (dir / "mine.cpp").string()));
    match::PlayerSpec bot;
    bot.name = "mine";
    bot.command = (dir / "mine.cpp").string();
    tournament::source_from_command(bot);
    CHECK(bot.source == (dir / "mine.cpp").string());
    CHECK(bot.command.empty());
    CHECK(tournament::bot_program_json(bot).dump() ==
          "{\"name\":\"mine\",\"source\":\"" + (dir / "mine.cpp").string() + "\"}");
}

TEST_CASE("configs: \"source\" and \"build\" instead of \"command\"") {
    const fs::path dir = fresh_dir("config");
    const auto read = [&](const std::string& bot) {
        return tournament::load_config_text(
            "{\"game\": \"samegame\", \"bots\": [" + bot + "], \"boards\": [1]}", dir / "c.json");
    };
    const auto config = read(R"({"source": "bots/mine.cpp", "build": "make {out}"})");
    CHECK(config.bots[0].name == "bots/mine.cpp");
    CHECK(config.bots[0].source == "bots/mine.cpp");
    CHECK(config.bots[0].build == "make {out}");
    CHECK(config.bots[0].command.empty());
    const auto error = [&](const std::string& bot) {
        try {
            read(bot);
        } catch (const tournament::ConfigError& e) {
            return std::string(e.what());
        }
        return std::string("(no error)");
    };
    CHECK(error(R"({"command": "x", "source": "y.cpp"})")
              .find("'bots[0].source': a bot has a \"command\" or a \"source\" file to build, "
                    "not both") != std::string::npos);
    CHECK(error(R"({"command": "x", "build": "make"})")
              .find("'bots[0].build': a \"build\" command needs a \"source\" file") !=
          std::string::npos);
    CHECK(error(R"({"name": "x"})").find("(or a \"source\" file to build)") != std::string::npos);
}

TEST_CASE("--resume with a changed source is another version of the bot") {
    const fs::path dir = fresh_dir("resume");
    write(dir / "first_pair.c", kFirstPairC);
    const match::PlayerSpec bot = source_bot("c", dir / "first_pair.c");
    REQUIRE(play_board_6({bot}, dir, dir / "cache").size() == 1);
    std::ofstream(dir / "first_pair.c", std::ios::app) << "int changed = 1;\n";
    tournament::TournamentConfig config = tournament::load_config_text(
        "{\"game\": \"samegame\", \"bots\": [{\"name\": \"c\", \"source\": \"" + bot.source +
            "\"}], \"boards\": [6]}",
        dir / "c.json");
    std::ostringstream progress;
    tournament::build_bots(config.bots, {dir / "cache"}, progress);
    tournament::RunOptions options;
    options.out = dir / "out";
    options.resume = true;
    CHECK_THROWS_WITH_AS(
        tournament::run_tournament(config, options, progress),
        doctest::Contains(("the build of " + bot.source + ": content changed").c_str()),
        tournament::RunError);
}

TEST_CASE("a cleared cache builds the same version again; two arenas building at once share one") {
    const fs::path dir = fresh_dir("shared");
    write(dir / "first_pair.c", kFirstPairC);
    match::PlayerSpec first = source_bot("c", dir / "first_pair.c");
    build_one(first, dir / "cache");
    fs::remove_all(dir / "cache");
    match::PlayerSpec rebuilt = source_bot("c", dir / "first_pair.c");
    CHECK(build_one(rebuilt, dir / "cache").find(" built (C, ") != std::string::npos);
    CHECK(tournament::identify(rebuilt) == tournament::identify(first));

    fs::remove_all(dir / "cache");
    std::vector<match::PlayerSpec> a = {source_bot("c", dir / "first_pair.c")}, b = a;
    std::ostringstream said_a, said_b;
    std::thread other([&] { tournament::build_bots(b, {dir / "cache"}, said_b); });
    tournament::build_bots(a, {dir / "cache"}, said_a);
    other.join();
    CHECK(a[0].command == b[0].command);
    CHECK(first_line_of(a[0]).empty());  // it runs (and, with no board, ends)
    std::size_t entries = 0;
    for (const auto& entry : fs::directory_iterator(dir / "cache")) {
        ++entries;
        CHECK(entry.path().filename().string().rfind(".tmp-", 0) == std::string::npos);
    }
    CHECK(entries == 1);
}

TEST_CASE("a compiler that is not installed is named, with what to do") {
    const fs::path dir = fresh_dir("no_compiler");
    write(dir / "mine.go", "package main\nfunc main() {}\n");
    const std::string path = std::getenv("PATH") ? std::getenv("PATH") : "";
    setenv("PATH", (dir / "empty").c_str(), 1);  // no compiler anywhere
    const std::string message = build_error(source_bot("g", dir / "mine.go"), dir / "cache");
    setenv("PATH", path.c_str(), 1);
    CHECK(message == "bot 'g': " + (dir / "mine.go").string() +
                         " is Go, built with 'go', which is not installed (not found in PATH): "
                         "install it, or give the bot a \"build\" command");
}
