// One planned build (build_plan.hpp) run as a process::Job into a fresh temporary directory of
// the cache, then renamed into its entry. Private to arena/tournament (bot_build.cpp).
#pragma once

#include <filesystem>

#include "arena/match/match.hpp"
#include "arena/tournament/bot_build.hpp"
#include "arena/tournament/build_plan.hpp"

namespace arena::tournament {

// Builds `bot` into `entry`. A concurrent arena building the same key finds either no entry or a
// whole one; a failed, timed-out or interrupted build leaves nothing. Throws BuildError naming
// the bot, the source, why and what to do (with the compiler's output, trimmed).
void build_into_cache(const match::PlayerSpec& bot, const BuildPlan& plan,
                      const std::filesystem::path& entry, const BuildOptions& options);

}  // namespace arena::tournament
