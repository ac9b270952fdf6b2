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

}  // namespace arena::process::init_protocol
