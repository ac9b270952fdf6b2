// Builds from source against hostile sources (docs/bots-from-source.md, "What a build may do"):
// with --sandbox a build sees its folder, its compiler and its output directory only; every build
// is bounded in time, memory and output and ends with its whole process tree; javac runs no
// annotation processor; the cache key covers the whole folder. Cases that need bubblewrap or
// javac say so and are skipped ("SKIPPED") where they are missing, never passed silently.
#include <doctest/doctest.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <thread>

#include "arena/process/bot_process.hpp"
#include "arena/process/interrupt.hpp"
#include "arena/tournament/bot_build.hpp"
#include "tests/process/own_testbot.hpp"

using arena::test::sandbox_available;

namespace fs = std::filesystem;
using namespace arena;

namespace {

// Per user: the suite also runs as nobody, beside root's leftovers.
fs::path fresh_dir(const std::string& name) {
    const fs::path dir = fs::temp_directory_path() /
                         ("arena_test_contained_" + std::to_string(::geteuid()) + "_" + name);
    fs::remove_all(dir);
    fs::create_directories(dir);
    fs::permissions(dir, fs::perms::all);  // nobody's sandboxed build reads it, as root's
    return dir;
}

void write(const fs::path& file, const std::string& text) {
    std::ofstream(file) << text;
}

std::string read(const fs::path& file) {
    std::ifstream in(file);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

match::PlayerSpec source_bot(const std::string& name, const fs::path& source, bool sandbox = false,
                             const std::string& build = "") {
    match::PlayerSpec bot;
    bot.name = name;
    bot.source = source.string();
    bot.build = build;
    if (sandbox) bot.sandbox = true;
    return bot;
}

std::string build_one(match::PlayerSpec& bot, tournament::BuildOptions options) {
    std::vector<match::PlayerSpec> bots = {bot};
    std::ostringstream said;
    tournament::build_bots(bots, options, said);
    bot = bots.front();
    return said.str();
}

std::string build_error(match::PlayerSpec bot, const tournament::BuildOptions& options) {
    try {
        build_one(bot, options);
    } catch (const tournament::BuildError& e) {
        return e.what();
    }
    return "(no error)";
}

// What the built bot prints first, with no input.
std::string first_line_of(const match::PlayerSpec& bot) {
    FILE* pipe = popen(("'" + bot.command + "' </dev/null").c_str(), "r");
    char buffer[256] = {};
    std::string line;
    if (pipe && fgets(buffer, sizeof buffer, pipe)) line = buffer;
    if (pipe) pclose(pipe);
    return line;
}


// No temporary build directory left in the cache.
bool no_temporaries(const fs::path& cache) {
    std::error_code ignored;
    for (const auto& entry : fs::directory_iterator(cache, ignored))
        if (entry.path().filename().string().starts_with(".tmp-")) return false;
    return true;
}

// Whether a process whose command line holds `marker` runs (anywhere on the machine).
bool process_with(const std::string& marker) {
    for (const auto& entry : fs::directory_iterator("/proc")) {
        std::string cmdline = read(entry.path() / "cmdline");
        std::replace(cmdline.begin(), cmdline.end(), '\0', ' ');
        if (cmdline.find(marker) != std::string::npos) return true;
    }
    return false;
}

// A C++ bot that prints what its header says.
const char* const kPrintsStrategy = R"(#include <cstdio>
#include "strategy.h"
int main() { std::puts(kStrategy); }
)";

}  // namespace

TEST_CASE(
    "the cache key covers the folder: the same bot.cpp beside another header is another "
    "build") {
    const fs::path dir = fresh_dir("poison");
    fs::create_directories(dir / "a");
    fs::create_directories(dir / "b");
    write(dir / "a" / "bot.cpp", kPrintsStrategy);
    write(dir / "b" / "bot.cpp", kPrintsStrategy);
    write(dir / "a" / "strategy.h", "const char* kStrategy = \"strategy A\";\n");
    write(dir / "b" / "strategy.h", "const char* kStrategy = \"strategy B\";\n");
    // Both "bot.cpp", each in its own working directory: the same source, the same command.
    match::PlayerSpec a = source_bot("a", "bot.cpp");
    a.working_dir = (dir / "a").string();
    match::PlayerSpec b = source_bot("b", "bot.cpp");
    b.working_dir = (dir / "b").string();
    build_one(a, {dir / "cache"});
    const std::string said = build_one(b, {dir / "cache"});
    CHECK(said.find(" built (C++, ") != std::string::npos);
    CHECK(first_line_of(a) == "strategy A\n");
    CHECK(first_line_of(b) == "strategy B\n");
    // A header changed in place is a new build too.
    write(dir / "a" / "strategy.h", "const char* kStrategy = \"strategy A2\";\n");
    match::PlayerSpec again = source_bot("a", "bot.cpp");
    again.working_dir = (dir / "a").string();
    build_one(again, {dir / "cache"});
    CHECK(first_line_of(again) == "strategy A2\n");
}

TEST_CASE("a header that is a FIFO ends with the build's time limit, leaving nothing behind") {
    const fs::path dir = fresh_dir("fifo");
    write(dir / "bot.cpp", "#include \"pipe.h\"\nint main() {}\n");
    REQUIRE(::mkfifo((dir / "pipe.h").c_str(), 0644) == 0);
    const auto start = std::chrono::steady_clock::now();
    tournament::BuildOptions options{dir / "cache", 2};
    const std::string message = build_error(source_bot("f", dir / "bot.cpp"), options);
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(15));
    CHECK(message.find("bot 'f': building " + (dir / "bot.cpp").string() +
                       " failed (timed out after 2 s)") == 0);
    CHECK(message.find("--build-timeout SECONDS") != std::string::npos);
    CHECK(no_temporaries(dir / "cache"));
}

TEST_CASE("#include \"/dev/zero\" is ended by the build's bounds") {
    const fs::path dir = fresh_dir("dev_zero");
    write(dir / "bot.cpp", "#include \"/dev/zero\"\nint main() {}\n");
    const auto start = std::chrono::steady_clock::now();
    const std::string message = build_error(source_bot("z", dir / "bot.cpp"), {dir / "cache", 5});
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(30));
    CHECK(message.find("bot 'z': building " + (dir / "bot.cpp").string() + " failed (") == 0);
    CHECK(no_temporaries(dir / "cache"));
}

TEST_CASE("a build that forks a sleeper and ignores SIGTERM is ended whole") {
    const fs::path dir = fresh_dir("sleeper");
    const std::string marker = "arena-sleeper-" + std::to_string(::getpid()) + ".sh";
    write(dir / marker, "trap '' TERM\nwhile :; do sleep 1; done\n");
    write(dir / "bot.c", "int main(void) { return 0; }\n");
    const std::string build = "trap '' TERM; sh " + (dir / marker).string() + " & sleep 1000";
    SUBCASE("on its time limit") {
        const std::string message =
            build_error(source_bot("s", dir / "bot.c", false, build), {dir / "cache", 1});
        CHECK(message.find("failed (timed out after 1 s)") != std::string::npos);
    }
    SUBCASE("on an interrupt of the arena") {
        std::thread interrupt([] {
            std::this_thread::sleep_for(std::chrono::milliseconds(1500));
            process::simulate_interrupt(SIGINT);
        });
        const std::string message =
            build_error(source_bot("s", dir / "bot.c", false, build), {dir / "cache", 60});
        interrupt.join();
        process::clear_interrupt_for_tests();
        CHECK(message == "bot 's': building " + (dir / "bot.c").string() +
                             " was interrupted: nothing was kept in the build cache");
    }
    CHECK_FALSE(process_with(marker));
    CHECK(no_temporaries(dir / "cache"));
}

TEST_CASE("a build's output is bounded: a file beyond 256 MB ends it") {
    const fs::path dir = fresh_dir("output");
    write(dir / "bot.c", "int main(void) { return 0; }\n");
    const std::string message =
        build_error(source_bot("o", dir / "bot.c", false, "head -c 300000000 /dev/zero > {out}"),
                    {dir / "cache"});
    CHECK(message.find("a file beyond the build's bound of 256 MB") != std::string::npos);
    CHECK(no_temporaries(dir / "cache"));
}

TEST_CASE("sandboxed, a build sees no host file outside its folder (.incbin)") {
    if (!sandbox_available()) return;
    const fs::path dir = fresh_dir("incbin");
    const fs::path secret_dir = fresh_dir("incbin_secret");
    write(secret_dir / "secret.txt", "SECRET-29\n");
    fs::create_directories(dir / "bot");
    write(dir / "bot" / "bot.cpp",
          "#include <cstdio>\nasm(\".section .rodata\\n.global secret\\nsecret: .incbin \\\"" +
              (secret_dir / "secret.txt").string() +
              "\\\"\\n.byte 0\\n.text\");\nextern \"C\" const char secret[];\n"
              "int main() { std::fputs(secret, stdout); }\n");
    match::PlayerSpec bot = source_bot("i", dir / "bot" / "bot.cpp", true);
    const std::string message = build_error(bot, {dir / "cache"});
    CHECK(message.find("bot 'i': building " + (dir / "bot" / "bot.cpp").string() + " failed (") ==
          0);
    CHECK(message.find("secret.txt") != std::string::npos);  // the assembler: no such file
    CHECK(message.find("in the sandbox") != std::string::npos);
    CHECK(no_temporaries(dir / "cache"));
    // Unsandboxed the build runs as the user and reads it (docs: bots can do anything you can).
    match::PlayerSpec unsandboxed = source_bot("i", dir / "bot" / "bot.cpp");
    build_one(unsandboxed, {dir / "cache"});
    CHECK(first_line_of(unsandboxed) == "SECRET-29\n");
}

TEST_CASE(
    "sandboxed, a build writes only its output, as nobody when the arena is root; the "
    "entry is the arena's") {
    if (!sandbox_available()) return;
    const fs::path dir = fresh_dir("sandboxed_owner");
    fs::create_directories(dir / "bot");
    write(dir / "bot" / "bot.c", "#include <stdio.h>\nint main(void) { puts(\"hi\"); }\n");
    const std::string build =
        "id -u > {dir}/builder; (echo x > bot.c.copy) 2>/dev/null && echo wrote > {dir}/wrote; "
        "gcc -o {out} {source}";
    match::PlayerSpec bot = source_bot("c", dir / "bot" / "bot.c", true, build);
    const std::string said = build_one(bot, {dir / "cache"});
    CHECK(said.find(" built (C, sandboxed, ") != std::string::npos);
    const fs::path entry = bot.built;
    const unsigned expected = ::geteuid() == 0 ? 65534 : ::geteuid();
    CHECK(read(entry / "builder") == std::to_string(expected) + "\n");
    CHECK_FALSE(fs::exists(entry / "wrote"));  // its folder is read-only
    CHECK_FALSE(fs::exists(dir / "bot" / "bot.c.copy"));
    struct stat info {};
    REQUIRE(::stat((entry / "bot").c_str(), &info) == 0);
    CHECK(info.st_uid == ::geteuid());
    CHECK(first_line_of(bot) == "hi\n");
    CHECK(build_one(bot, {dir / "cache"}).find(" cached (C, sandboxed)") != std::string::npos);
}

TEST_CASE("javac runs no annotation processor found beside the source") {
    std::string javac;
    try {
        javac = process::resolve_executable("javac");
    } catch (const process::SpawnError&) {
        MESSAGE("SKIPPED (javac not installed)");
        std::cerr << "SKIPPED (javac not installed)\n";
        return;
    }
    const fs::path dir = fresh_dir("processor");
    const fs::path marker = dir / "MARKER";
    write(dir / "Evil.java",
          "import javax.annotation.processing.*;\nimport javax.lang.model.element.*;\n"
          "import java.util.*;\n@SupportedAnnotationTypes(\"*\")\n"
          "public class Evil extends AbstractProcessor {\n"
          "  static { try { new java.io.File(\"" +
              marker.string() +
              "\").createNewFile(); } catch (Exception e) {} }\n"
              "  public boolean process(Set<? extends TypeElement> a, RoundEnvironment r) "
              "{ return false; }\n}\n");
    fs::create_directories(dir / "bot" / "META-INF" / "services");
    REQUIRE(
        std::system((javac + " -d " + (dir / "bot").string() + " " + (dir / "Evil.java").string())
                        .c_str()) == 0);
    write(dir / "bot" / "META-INF" / "services" / "javax.annotation.processing.Processor",
          "Evil\n");
    write(dir / "bot" / "Player.java",
          "class Player { public static void main(String[] a) { System.out.println(\"ok\"); } }\n");
    match::PlayerSpec bot = source_bot("j", "Player.java");
    bot.working_dir = (dir / "bot").string();
    build_one(bot, {dir / "cache"});
    CHECK_FALSE(fs::exists(marker));
}

TEST_CASE(
    "a build is a job: bounded, its environment an allow-list, its view its folder; the "
    "cache decides without running it again") {
    const fs::path dir = fresh_dir("jobs");
    fs::create_directories(dir / "bot");
    write(dir / "bot" / "bot.c", "int main(void) { return 0; }\n");
    ::setenv("ARENA_TEST_SECRET", "hunter2", 1);
    std::vector<process::Job> jobs;
    tournament::BuildOptions options{dir / "cache", 7, [&jobs](const process::Job& job) {
                                         jobs.push_back(job);
                                         return process::run_job(job);
                                     }};
    const bool sandbox = sandbox_available();
    match::PlayerSpec bot =
        source_bot("b", dir / "bot" / "bot.c", sandbox,
                   "printf '#!/bin/sh\\necho built\\n' > {out}; chmod +x {out}");
    build_one(bot, options);
    ::unsetenv("ARENA_TEST_SECRET");
    REQUIRE(jobs.size() == 1);
    const process::Job& job = jobs.front();
    CHECK(job.wall_limit == std::chrono::seconds(7));
    CHECK(job.limits.file_size_mb == tournament::kBuildOutputMb);
    CHECK((job.limits.memory_mb == tournament::kBuildMemoryMb ||
           job.address_space_mb == tournament::kBuildAddressSpaceMb));
    for (const std::string& variable : job.environment)
        CHECK(variable.find("hunter2") == std::string::npos);
    if (sandbox) {
        REQUIRE(job.sandbox);
        CHECK(job.sandbox->read_only == std::vector<std::string>{(dir / "bot").string()});
        REQUIRE(job.sandbox->writable.size() == 1);
        CHECK(fs::path(job.sandbox->writable[0]).filename() == "out");
    }
    CHECK(first_line_of(bot) == "built\n");
    CHECK(build_one(bot, options).find(" cached (C") != std::string::npos);
    CHECK(jobs.size() == 1);
}

TEST_CASE(
    "javac's command: no annotation processing, no implicit classes, its output as class "
    "path") {
    try {
        process::resolve_executable("javac");
    } catch (const process::SpawnError&) {
        MESSAGE("SKIPPED (javac not installed)");
        std::cerr << "SKIPPED (javac not installed)\n";
        return;
    }
    const fs::path dir = fresh_dir("javac_flags");
    write(dir / "Player.java", "class Player {}\n");
    std::string command;
    tournament::BuildOptions options{dir / "cache", {}, [&command](const process::Job& job) {
                                         if (job.argv.front() == "/bin/sh") command = job.argv[2];
                                         process::JobResult result;
                                         result.status.exit_code = 0;
                                         return result;
                                     }};
    match::PlayerSpec bot = source_bot("j", dir / "Player.java");
    build_one(bot, options);
    CHECK(command.find(" -proc:none -implicit:none -cp ") != std::string::npos);
}
