// libFuzzer target: one referee (FUZZ_GAME: samegame, diceshogi or tsuro) fed arbitrary output
// lines, from positions reached by the lines it accepted before.
//
// Input: 8 bytes of seed (Dice Shogi, Tsuro; SameGame: the board number), 1 byte for the number
// of players, then lines separated by '\n' (at most kMaxLines). Each line is played from the
// position the accepted lines so far lead to (a fresh referee replays them: referees cannot be
// copied), so the rejected lines are tried at every position and the accepted ones go deeper.
// A line "\xFFT" stands for a timeout instead. Checks, besides no crash, hang or leak: replaying
// accepted lines is accepted again (determinism), the current player and the result are well
// formed, and a rejected line has an error text.
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "referees/registry.hpp"
#include "referees/samegame/boards.hpp"

#ifndef FUZZ_GAME
#error "FUZZ_GAME must name the game (see fuzz/CMakeLists.txt)"
#endif

namespace {

using namespace arena::referee;

constexpr std::size_t kMaxLines = 48;

void require(bool condition) {
    if (!condition) __builtin_trap();
}

void check_position(const Referee& referee, int players) {
    const Result result = referee.result();
    require(static_cast<int>(result.scores.size()) == players);
    require(static_cast<int>(result.ranks.size()) == players);
    for (int rank : result.ranks) require(rank >= 1 && rank <= players);
    if (referee.over()) return;
    const int seat = referee.current_player();
    require(seat >= 0 && seat < players);
    const std::string input = referee.input();
    require(!input.empty() && input.back() == '\n');
    require(referee.time_limit_ms() > 0);
    (void)referee.state();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 9) return 0;
    std::int64_t seed;
    std::memcpy(&seed, data, sizeof seed);
    const GameInfo info = game_info(FUZZ_GAME);
    GameSetup setup;
    setup.game = FUZZ_GAME;
    setup.players = info.min_players + data[8] % (info.max_players - info.min_players + 1);
    if (info.seeded) {
        setup.seed = seed;
    } else {
        const auto& boards = samegame_boards();
        setup.testcase = std::string(boards[static_cast<std::uint64_t>(seed) % boards.size()].text);
    }

    std::vector<std::string> lines;
    std::string_view rest(reinterpret_cast<const char*>(data) + 9, size - 9);
    while (!rest.empty() && lines.size() < kMaxLines) {
        const std::size_t end = rest.find('\n');
        lines.emplace_back(rest.substr(0, end));
        rest.remove_prefix(end == std::string_view::npos ? rest.size() : end + 1);
    }

    std::vector<std::string> accepted;
    for (const std::string& line : lines) {
        std::unique_ptr<Referee> referee = make_referee(setup);
        for (const std::string& earlier : accepted) require(referee->play(earlier).accepted);
        check_position(*referee, setup.players);
        if (referee->over()) break;
        const bool timeout = line == "\xFFT";
        const Verdict verdict = timeout ? referee->timeout() : referee->play(line);
        if (!verdict.accepted) require(!verdict.error.empty());
        check_position(*referee, setup.players);
        if (verdict.accepted && !timeout) accepted.push_back(line);
    }
    return 0;
}
