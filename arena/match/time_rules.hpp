// The time rules of CodinGame's SDK that a game follows (docs/timing.md says which SDK lines).
#pragma once

#include <optional>
#include <string_view>

namespace arena::match {

enum class TimeRules {
    plain,            // a turn past its limit is a timeout (the built-in games' SDKs)
    codingame_4_7_7,  // SDK 4.7.7: limit + 50 ms hard, two overruns forgiven, the third a timeout
};
const char* to_string(TimeRules rules);  // "plain", "codingame-4.7.7"
std::optional<TimeRules> time_rules_from_string(std::string_view text);

// The SDK's bounds on a timebank (GameManager.setTimebank): at least MIN_TURN_TIME per player,
// at most GAME_DURATION_HARD_QUOTA for all the players together.
inline constexpr int kMinTimebankMs = 50;
inline constexpr int kMaxTimebankTotalMs = 30'000;

}  // namespace arena::match
