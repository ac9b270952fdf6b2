// Test support shared by the process-layer suites: a temporary directory, and a private copy of
// bots/test/testbot whose processes (and only those) can be found in /proc by their program.
#pragma once

#include <doctest/doctest.h>
#include <stdlib.h>

#include <chrono>
#include <filesystem>
#include <iostream>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

#include "arena/process/bot_process.hpp"

namespace arena::test {

namespace fs = std::filesystem;

// Whether the sandbox can run here; says why not (in doctest's output and on stderr, where the
// ctest SKIP_REGULAR_EXPRESSION "SKIPPED (sandbox unavailable)" finds it).
inline bool sandbox_available() {
    try {
        process::check_sandbox();
        return true;
    } catch (const process::SpawnError& e) {
        MESSAGE("SKIPPED (sandbox unavailable): " << e.what());
        std::cerr << "SKIPPED (sandbox unavailable): " << e.what() << "\n";
        return false;
    }
}

struct TempDir {
    fs::path path;
    TempDir() {
        char pattern[] = "/tmp/arena_process_XXXXXX";
        path = ::mkdtemp(pattern);
    }
    ~TempDir() { fs::remove_all(path); }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
};

// Pids of the running (not zombie) processes whose program is `exe`.
inline std::vector<int> processes_running(const fs::path& exe) {
    std::vector<int> pids;
    for (const auto& entry : fs::directory_iterator("/proc")) {
        const std::string name = entry.path().filename().string();
        if (name.find_first_not_of("0123456789") != std::string::npos) continue;
        std::error_code ec;
        const fs::path target = fs::read_symlink(entry.path() / "exe", ec);
        if (!ec && target == exe) pids.push_back(std::stoi(name));
    }
    return pids;
}

// A private copy of testbot, in a directory that also holds the bot's pid files.
struct OwnTestbot {
    TempDir dir;
    fs::path exe;
    explicit OwnTestbot(const fs::path& testbot) : exe(dir.path / "testbot") {
        fs::copy_file(testbot, exe);
        fs::permissions(exe, fs::perms::owner_all | fs::perms::group_exec | fs::perms::others_exec |
                                 fs::perms::group_read | fs::perms::others_read);
    }
    std::vector<std::string> command(std::vector<std::string> args) const {
        args.insert(args.begin(), exe.string());
        return args;
    }
    std::string pid_file(const std::string& name) const { return (dir.path / name).string(); }
    // Nothing of this bot runs any more (zombies are gone too: their exe link is empty).
    bool all_gone() const { return processes_running(exe).empty(); }
    // The same, allowing a second for what the kernel ends on its own after stop() returned
    // (the fallback reaps bwrap, whose namespace then dies by bwrap's death signal).
    bool gone_soon() const {
        for (int wait = 0; wait < 100 && !all_gone(); ++wait)
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        return all_gone();
    }
};

}  // namespace arena::test
