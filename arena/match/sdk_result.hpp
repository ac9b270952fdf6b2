// The CodinGame SDK's game result JSON (what a referee runner writes to its `-l` file), turned
// into arena's match log. The SDK's shape (com.codingame.gameengine.runner GameRunner, written
// with Gson, so null fields are left out):
//   "outputs": {"referee": [...], "0": [null, "answer\n", null, ...], "1": [...]}: per agent, one
//       entry per frame, the first (init) null; a player's entry is its answer in the frames it
//       was asked, null otherwise (and null when it gave no answer in time);
//   "errors": same keys, per frame the agent's stderr (null for the players not asked);
//   "summaries": per frame the game summary (may be null);
//   "scores": {"0": 12, "1": -1}; "tooltips": [{"text", "event" (player index), "turn"
//       (frame)}], where a deactivated player's reason lands; "failCause": set when the referee
//       itself failed; "metadata", "views", "uinput", "agents", "ids": not used by arena.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "arena/common/error.hpp"
#include "arena/match/match.hpp"

namespace arena::match {

// The text is not a usable SDK result; what() says what is wrong ("no \"scores\" for player 1").
struct SdkResultError : arena::Error {
    using arena::Error::Error;
};

// How a wrapped bot ended, as arena's wrapper saw it (arena/cli/wrap_command.hpp): the SDK
// cannot tell a crash from a timeout, the wrapper can.
// One line the bot answered through the wrapper, with the input relayed to it since its previous
// line and the time from that input's first byte reaching the wrapper until the line (the
// wrapper's clock: the runner's adds two pipe hops). The last entry may have no line: input the
// bot never answered.
struct WrappedLine {
    std::string input;
    std::optional<std::string> line;
    double ms = 0;
};

struct WrappedBotEnd {
    bool known = false;              // the wrapper wrote its end (else: nothing is known)
    bool ended_by_itself = false;    // its output closed while the runner still played
    std::string detail;              // ExitStatus::describe(): "exit code 3", "signal 11 (...)"
    std::string limit_reached;       // a limit it reached ("memory limit (64 MB) reached")
    std::vector<WrappedLine> lines;  // what it was sent and answered, in order
};

// Fills log.turns, log.seats (scores, ranks, outcomes, details) and log.reason from the SDK
// result `json_text` of a game of log.players.size() players. `ends` (one per seat, may be empty)
// refine the outcomes: a bot that ended by itself and was then asked in vain, or that reached a
// limit, is a crash; and give the turns their input and time (the SDK records neither), as long
// as the wrapper's lines match the SDK's answers. Scores: the SDK's; ranks: higher
// score better, equal scores share a rank (1, 1, 3), as CodinGame ranks them. Outcomes: a crash
// (from `ends`), else a timeout when the seat was asked and gave no answer or a tooltip of its
// says so ("timeout", "timed out", "not provided"), else invalid when a tooltip of its names a
// bad action ("invalid", "illegal", "wrong", "expected", "unknown"). Throws SdkResultError when
// the text is not JSON, not an SDK result for that many players, or has a failCause.
void fill_log_from_sdk_result(std::string_view json_text, const std::vector<WrappedBotEnd>& ends,
                              MatchLog& log);

}  // namespace arena::match
