// What arena-bot-init (bot_init.cpp) tells the arena on its status pipe: fixed-size records,
// each written with one write() (atomic on a pipe).
#pragma once

#include <cstdint>

namespace arena::process::init_protocol {

struct Record {
    std::int32_t kind;
    std::int32_t value;
};

inline constexpr std::int32_t kStarted = 1;     // value: the bot's pid inside its namespace
inline constexpr std::int32_t kExecFailed = 2;  // value: errno of fork/exec
inline constexpr std::int32_t kExited = 3;      // value: the bot's wait status
// The in-process init only (namespace_init.cpp): a step before the bot's start failed.
// value: setup_failure(step, errno).
inline constexpr std::int32_t kSetupFailed = 4;
// Written by the bot's main process just before its exec, so always before kStarted (or
// kExecFailed). value: its pid as the arena sees it (-1: unknown), for its CPU counters.
inline constexpr std::int32_t kBotPid = 5;

// The steps of kSetupFailed, by index.
inline constexpr const char* kSetupSteps[] = {"setsid", "user namespace", "prctl", "cgroup",
                                              "chdir"};
constexpr std::int32_t setup_failure(int step, int error) {
    return step * 65536 + error;
}
constexpr const char* setup_step(std::int32_t value) {
    const int step = value / 65536;
    return step >= 0 && step < 5 ? kSetupSteps[step] : "start";
}
constexpr int setup_errno(std::int32_t value) {
    return value % 65536;
}

}  // namespace arena::process::init_protocol
