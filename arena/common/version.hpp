// The arena's version: `arena --version`, and the shards' manifests (shards of different arena
// versions are not merged: their referees or records may differ).
#pragma once

namespace arena {

inline constexpr const char* kArenaVersion = "0.1.0";

}  // namespace arena
