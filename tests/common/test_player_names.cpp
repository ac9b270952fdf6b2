// "$0", "$1" in referee texts become the bots' names for people; other '$' stay as they are.
#include <doctest/doctest.h>

#include "arena/common/player_names.hpp"

using arena::with_player_names;

TEST_CASE("player placeholders become the bots' names") {
    const std::vector<std::string> names{"mine", "boss"};
    CHECK(with_player_names("$1 is the last player standing", names) ==
          "boss is the last player standing");
    CHECK(with_player_names("$0 starts at mark 9", names) == "mine starts at mark 9");
    CHECK(with_player_names("$0 vs $1: $0 wins", names) == "mine vs boss: mine wins");
}

TEST_CASE("a '$' that names no seat is left alone") {
    const std::vector<std::string> names{"mine", "boss"};
    CHECK(with_player_names("$2 and $x and $", names) == "$2 and $x and $");
    CHECK(with_player_names("costs $5", {}) == "costs $5");
}
