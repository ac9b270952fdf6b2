// Issue 16, items 5 and 6: for each bot that failed, its first failure's turn, outcome and error
// text (the bots' names, not "$0"/"$1") and the replay command with --turn N, in the terminal's
// summary (failures_text), in standings.md's cell (first_failure_cell) and in the standings' JSON
// (the report page's data). Records built by hand: no bots run.
#include <doctest/doctest.h>

#include <optional>
#include <string>
#include <vector>

#include "arena/report/bot_health.hpp"
#include "arena/report/failures.hpp"
#include "arena/report/samegame_standings.hpp"
#include "arena/report/text.hpp"
#include "arena/report/versus_standings.hpp"
#include "referees/registry.hpp"

namespace {

using namespace arena;
using match::Outcome;

bool has(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

// `first` against `second`; `outcome` for `second`, failing at `turn` with `error` (no failure
// kept when `turn` is 0: a record from before failing turns were kept).
tournament::GameRecord game(const std::string& id, const std::string& first,
                            const std::string& second, Outcome outcome = Outcome::ok, int turn = 0,
                            const std::string& error = "", const std::string& detail = "") {
    tournament::GameRecord r;
    r.id = id;
    r.game = "diceshogi";
    r.group = id;
    r.seed = 1;
    r.players = {first, second};
    r.scores = {1, 0};
    r.ranks = {1, 2};
    r.outcomes = {Outcome::ok, outcome};
    r.details = {"exit code 0", detail};
    r.turns = 20;
    r.mean_turn_ms = {1, 1};
    r.max_turn_ms = {2, 2};
    r.turn_ms = {{1}, {1}};
    r.log = "games/" + id + ".json";
    if (outcome != Outcome::ok && turn > 0)
        r.failures = {std::nullopt, tournament::SeatFailure{turn, error}};
    return r;
}

}  // namespace

TEST_CASE("the summary: each failing bot's count, its first failure's turn, outcome and error") {
    const std::vector<tournament::GameRecord> records = {
        game("g1", "greedy", "mine"),
        game("g2", "greedy", "mine", Outcome::timeout, 12, "$1 timeout!", "stopped by the arena"),
        game("g3", "mine", "greedy"),
        game("g4", "greedy", "mine", Outcome::crash, 3, "$1 timeout!", "signal 11 (SIGSEGV)"),
    };
    const std::string text = report::failures_text(records, "results/run");
    INFO(text);
    CHECK(has(text, "  mine: 2 of 4 games failed (1 timeout, 1 crash)\n"));
    CHECK(has(text, "    first: g2, timeout at turn 12: mine timeout!\n"));
    CHECK(has(text, "    build/arena replay results/run/games/g2.json --script --turn 12\n"));
    CHECK_FALSE(has(text, "$1"));
    CHECK_FALSE(has(text, "greedy:"));  // it never failed
    CHECK(report::failures_text({records[0], records[2]}, "results/run").empty());
}

TEST_CASE("a crash says how the process ended; names go in for every seat") {
    tournament::GameRecord r = game("g4", "greedy", "mine", Outcome::crash, 3,
                                    "$0 wins: $1 gave no answer", "signal 11 (SIGSEGV)");
    const std::string text = report::failures_text({r}, "out");
    INFO(text);
    CHECK(has(text, "crash at turn 3: greedy wins: mine gave no answer (signal 11 (SIGSEGV))"));
    CHECK(has(text, "build/arena replay out/games/g4.json --script --turn 3"));
}

TEST_CASE("a record from before failing turns were kept: said so, the command without --turn") {
    const std::string text =
        report::failures_text({game("old", "greedy", "mine", Outcome::invalid)}, "out");
    INFO(text);
    CHECK(has(text, "first: old, invalid (turn not recorded: see the game's log)"));
    CHECK(has(text, "    build/arena replay out/games/old.json\n"));
    CHECK_FALSE(has(text, "--turn"));
}

TEST_CASE("what the terminal shows of a referee's text cannot drive the terminal") {
    const std::string text = report::failures_text(
        {game("g", "greedy", "mine", Outcome::invalid, 2, "bad move '\x1b[2J'")}, "out");
    CHECK_FALSE(has(text, "\x1b"));
    CHECK(has(text, "bad move '\\x1b[2J'"));
}

TEST_CASE("standings.md's cell: turn, outcome, error with names, the command as code") {
    const auto health = report::bot_health(
        {"greedy", "mine"},
        {game("g1", "greedy", "mine"),
         game("g2", "greedy", "mine", Outcome::invalid, 8, "$1 played a|b", "stopped")});
    CHECK(report::first_failure_cell(health[0].first_failed_game, "out") == "-");
    CHECK(report::first_failure_cell(health[1].first_failed_game, "results/run") ==
          "invalid at turn 8: mine played a\\|b `build/arena replay results/run/games/g2.json "
          "--script --turn 8`");
}

TEST_CASE("bot health keeps the first failure, and its JSON gives the pages turn and error") {
    const auto health = report::bot_health(
        {"greedy", "mine"},
        {game("g1", "greedy", "mine", Outcome::timeout, 5, "$1 timeout!", "stopped"),
         game("g2", "greedy", "mine", Outcome::crash, 9, "", "exit code 1")});
    const report::FailedGame& first = health[1].first_failed_game;
    CHECK(first.game_id == "g1");
    CHECK(first.outcome == Outcome::timeout);
    CHECK(first.turn == 5);
    CHECK(first.error == "mine timeout!");
    CHECK(health[1].first_failure == "g1");
    CHECK(health[0].first_failed_game.game_id.empty());

    const auto json = report::to_json(health[1]);
    CHECK(json["first_failure_at"]["turn"] == 5);
    CHECK(json["first_failure_at"]["outcome"] == "timeout");
    CHECK(json["first_failure_at"]["error"] == "mine timeout!");
    CHECK(report::to_json(health[0])["first_failure_at"].is_null());
}

// The replay commands are pasted into the shell arena was run from: they start with the program
// as the user ran it (the CLI's argv[0]: "arena" on PATH, "./arena", "/opt/x/arena"), not with
// the build tree's "build/arena", which is only the default of callers that do not know it.
TEST_SUITE("failures.program") {
    const std::vector<tournament::GameRecord> failed = {
        game("g1", "greedy", "mine"),
        game("g2", "greedy", "mine", Outcome::timeout, 12, "$1 timeout!", "stopped by the arena"),
    };

    TEST_CASE("the summary's command starts with the program as the user ran it") {
        const std::string text = report::failures_text(failed, "results/run", "/opt/x/arena");
        INFO(text);
        CHECK(
            has(text, "\n    /opt/x/arena replay results/run/games/g2.json --script --turn 12\n"));
        CHECK_FALSE(has(text, "build/arena"));
        CHECK(has(report::failures_text(failed, "out", "arena"),
                  "\n    arena replay out/games/g2.json --script --turn 12\n"));
        CHECK(has(report::failures_text(failed, "out", "./arena"),
                  "\n    ./arena replay out/games/g2.json --script --turn 12\n"));
    }

    TEST_CASE("a program or directory the shell would split is quoted") {
        const std::string text = report::failures_text(failed, "my runs/r1", "/opt/my arena/arena");
        INFO(text);
        CHECK(has(text,
                  "\n    '/opt/my arena/arena' replay 'my runs/r1/games/g2.json' --script "
                  "--turn 12\n"));
    }

    TEST_CASE("standings.md's cell and tables say the program too") {
        const auto health = report::bot_health({"greedy", "mine"}, failed);
        CHECK(report::first_failure_cell(health[1].first_failed_game, "out", "./arena") ==
              "timeout at turn 12: mine timeout! `./arena replay out/games/g2.json --script "
              "--turn 12`");

        tournament::TournamentConfig versus;
        versus.game = "diceshogi";
        versus.players_per_game = 2;
        versus.bots.resize(2);
        versus.bots[0].name = "greedy";
        versus.bots[1].name = "mine";
        const std::string md =
            report::to_markdown(report::versus_standings(versus, failed), "out", "/opt/x/arena");
        CHECK(has(md, "`/opt/x/arena replay out/games/g2.json --script --turn 12`"));
        CHECK_FALSE(has(md, "build/arena"));

        tournament::TournamentConfig puzzle;
        puzzle.game = "samegame";
        puzzle.players_per_game = 1;
        puzzle.bots.resize(1);
        puzzle.bots[0].name = "mine";
        puzzle.testcases = {referee::builtin_testcase(referee::game_info("samegame"), 1)};
        tournament::GameRecord board;
        board.id = "test01-mine";
        board.game = "samegame";
        board.testcase = "test01";
        board.players = {"mine"};
        board.scores = {0};
        board.ranks = {1};
        board.outcomes = {Outcome::invalid};
        board.details = {""};
        board.turns = 3;
        board.mean_turn_ms = {1};
        board.max_turn_ms = {2};
        board.turn_ms = {{1}};
        board.log = "games/test01-mine.json.zst";
        board.failures = {tournament::SeatFailure{3, "bad move"}};
        const std::string puzzle_md = report::to_markdown(
            report::samegame_standings(puzzle, {board}), puzzle, "out", "arena");
        CHECK(has(puzzle_md, "`arena replay out/games/test01-mine.json.zst --script --turn 3`"));
        CHECK_FALSE(has(puzzle_md, "build/arena"));
    }

    TEST_CASE("callers that do not know the program keep the build tree's") {
        CHECK(has(report::failures_text(failed, "out"),
                  "\n    build/arena replay out/games/g2.json --script --turn 12\n"));
        const auto health = report::bot_health({"greedy", "mine"}, failed);
        CHECK(has(report::first_failure_cell(health[1].first_failed_game, "out"),
                  "`build/arena replay out/games/g2.json --script --turn 12`"));
    }
}

// Text for people (standings.md, standings.csv): what bots wrote never acts on a terminal, a
// Markdown renderer or a spreadsheet.
TEST_CASE("markdown text: controls, C1, invalid UTF-8, pipes and HTML made plain") {
    using arena::report::markdown_code;
    using arena::report::markdown_text;
    CHECK(markdown_text(std::string("a\x1b[2J\x1b[31mb\0c", 13)) == "a\\x1b[2J\\x1b[31mb\\x00c");
    CHECK(markdown_text("\xc2\x9b and \x9b and \xff") == "\\u009b and \\x9b and \\xff");
    CHECK(markdown_text("v1|fast") == "v1\\|fast");
    CHECK(markdown_text("a\\|b") == "a\\\\\\|b");
    CHECK(markdown_text("<script>x</script> & co") == "&lt;script&gt;x&lt;/script&gt; &amp; co");
    CHECK(markdown_text("line\nbreak") == "line\\nbreak");
    CHECK(markdown_text("ü é") == "ü é");
    CHECK(markdown_code("arena replay games/a|b.json") == "`arena replay games/a\\|b.json`");
    CHECK(markdown_code("x`y") == "`` x`y ``");
}

TEST_CASE("csv cells a spreadsheet would run as formulas are shown as text; numbers kept") {
    using arena::report::csv_quoted;
    CHECK(csv_quoted("=HYPERLINK(\"x\")") == "\"'=HYPERLINK(\"\"x\"\")\"");
    CHECK(csv_quoted("+cmd") == "\"'+cmd\"");
    CHECK(csv_quoted("-2+3") == "\"'-2+3\"");
    CHECK(csv_quoted("@SUM(A1)") == "\"'@SUM(A1)\"");
    CHECK(csv_quoted("\tx") == "\"'\tx\"");
    CHECK(csv_quoted("\rx") == "\"'\rx\"");
    CHECK(csv_quoted("-12.5") == "\"-12.5\"");
    CHECK(csv_quoted("+3") == "\"+3\"");
    CHECK(csv_quoted("greedy") == "\"greedy\"");
}
