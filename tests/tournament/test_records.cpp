// Records of results.jsonl (tournament/record.hpp, results_file.cpp):
// - issue 18: a game whose referee failed keeps "referee_failure" in its line (only then), reads
//   back, and only then may its seats have rank 0;
// - issue 17: the quick reader of a line (record_quick.hpp, no JSON document per line) gives the
//   record the full checked reader gives, and leaves every other line to it, so that a damaged
//   line is refused with the same message naming the line.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "arena/tournament/record.hpp"
#include "arena/tournament/record_quick.hpp"

namespace {

using namespace arena;
using tournament::GameRecord;

GameRecord duel(const std::string& id) {
    GameRecord r;
    r.id = id;
    r.game = "diceshogi";
    r.seed = -7995527694508729151;
    r.group = id;
    r.players = {"a", "b"};
    r.scores = {1, -1};
    r.ranks = {1, 2};
    r.outcomes = {match::Outcome::ok, match::Outcome::ok};
    r.details = {"exit code 0", "signal 15 (SIGTERM)"};
    r.reason = "Player 0 wins: player 1 is checkmated after ply 6.";
    r.turns = 6;
    r.mean_turn_ms = {0.026245717566708033, 1};
    r.max_turn_ms = {20, 1.5736785375440794};
    r.turn_ms = {{7.5, 0.12, 0.12, 12.51}, {0.3, 0.01, 0.2}};
    r.log = "games/" + id + ".json";
    return r;
}

GameRecord referee_failed(const std::string& id) {
    GameRecord r = duel(id);
    r.scores = {0, 0};
    r.ranks = {0, 0};
    r.reason = r.referee_failure =
        "referee 'python3 ref.py': line 3: '###Output 5 1': out of range";
    return r;
}

const tournament::ResultsExpectations kDuel{"diceshogi", {"a", "b"}, 2, false};

std::string line_of(const GameRecord& r) {
    return tournament::to_json(r).dump();
}

GameRecord full_read(const std::string& line,
                     const tournament::ResultsExpectations& expected = kDuel) {
    return tournament::record_from_json(nlohmann::json::parse(line), expected);
}

std::optional<GameRecord> quick_read(const std::string& line,
                                     const tournament::ResultsExpectations& expected = kDuel) {
    return tournament::QuickRecord(line, expected).read();
}

// Two records are the same when every field is.
void check_same(const GameRecord& a, const GameRecord& b) {
    CHECK(line_of(a) == line_of(b));
    CHECK(a.turn_ms == b.turn_ms);
    CHECK(a.failures.size() == b.failures.size());
    CHECK(a.referee_failure == b.referee_failure);
}

std::string error_of(const std::string& text) {
    try {
        tournament::parse_results(text, "r.jsonl", kDuel);
    } catch (const tournament::ResultsError& e) {
        return e.what();
    }
    return "(no error)";
}

}  // namespace

TEST_CASE("a referee failure is written only when set, reads back, and allows rank 0") {
    const std::string plain = line_of(duel("s1"));
    CHECK(plain.find("referee_failure") == std::string::npos);
    const std::string failed = line_of(referee_failed("s2"));
    CHECK(failed.find(R"("referee_failure":"referee 'python3 ref.py': line 3)") !=
          std::string::npos);
    const tournament::ResultsFile file =
        tournament::parse_results(plain + "\n" + failed + "\n", "r.jsonl", kDuel);
    REQUIRE(file.records.size() == 2);
    CHECK(file.records[0].referee_failure.empty());
    CHECK(file.records[1].referee_failure == referee_failed("s2").referee_failure);
    CHECK(file.records[1].ranks == std::vector<int>{0, 0});

    // Rank 0 without a referee failure is a damaged line, named.
    GameRecord no_rank = duel("s3");
    no_rank.ranks = {0, 1};
    CHECK(error_of(line_of(no_rank) + "\n") ==
          "'r.jsonl' line 1: field 'ranks[0]' must be a whole number from 1 to 2, got 0: fix or "
          "remove that line");
    std::string empty = failed;
    empty.replace(empty.rfind("referee 'python3"), referee_failed("s2").referee_failure.size(), "");
    CHECK(error_of(empty + "\n").find("field 'referee_failure' must say how the referee failed") !=
          std::string::npos);
}

TEST_CASE("make_record keeps the referee's failure") {
    match::MatchLog log;
    log.game = "diceshogi";
    log.players = {{"a", "x"}, {"b", "y"}};
    log.seats.resize(2);
    log.referee_failure = "referee 'r': exited before ###End";
    const GameRecord r = tournament::make_record("s1-a_vs_b", "s1", log, "games/s1.json");
    CHECK(r.referee_failure == log.referee_failure);
    CHECK(r.ranks == std::vector<int>{0, 0});
    CHECK(line_of(r).find(R"("referee_failure":"referee 'r': exited before ###End")") !=
          std::string::npos);
}

TEST_CASE("the quick reader gives the full reader's record for every line the arena writes") {
    std::vector<GameRecord> records = {duel("s0001-a_vs_b"), referee_failed("s0002-b_vs_a")};
    GameRecord failed = duel("s0003-a_vs_b");
    failed.outcomes = {match::Outcome::ok, match::Outcome::timeout};
    failed.failures = {std::nullopt, tournament::SeatFailure{5, "$1 timeout!"}};
    records.push_back(failed);
    GameRecord no_error = failed;
    no_error.failures[1]->error.clear();  // written as {"turn": 5, "error": ""}
    records.push_back(no_error);
    GameRecord board = duel("test07-a");
    board.game = "samegame";
    board.testcase = "test07";
    board.seed.reset();
    board.players = {"a"};
    board.scores = {118760};
    board.ranks = {1};
    board.outcomes = {match::Outcome::ok};
    board.details = {""};
    board.mean_turn_ms = {0};
    board.max_turn_ms = {20000.5};
    board.turn_ms = {{}};  // no answered turn: first_turn_ms null
    records.push_back(board);
    GameRecord no_times = duel("s0004-a_vs_b");
    no_times.turn_ms.clear();  // no "first_turn_ms" nor "turn_hist"
    records.push_back(no_times);
    for (const GameRecord& r : records) {
        CAPTURE(r.id);
        const tournament::ResultsExpectations expected =
            r.players.size() == 1 ? tournament::ResultsExpectations{} : kDuel;
        const std::string line = line_of(r);
        const std::optional<GameRecord> quick = quick_read(line, expected);
        REQUIRE(quick);
        check_same(*quick, full_read(line, expected));
        // With the bots' identities after the record, as the runner writes them.
        const std::string identity =
            R"({"command":"/b --seed 1","working_dir":"/w","files":[{"word":"/b","path":"/b",)"
            R"("sha256":"00"}]})";
        std::string with_identities = line;
        with_identities.pop_back();
        with_identities += ",\"identities\":[" + identity;
        if (r.players.size() == 2) with_identities += "," + identity;
        with_identities += "]}";
        const std::optional<GameRecord> skipped = quick_read(with_identities, expected);
        REQUIRE(skipped);
        check_same(*skipped, full_read(with_identities, expected));
        tournament::ResultsExpectations checked = expected;
        checked.identities = true;
        const std::optional<GameRecord> read = quick_read(with_identities, checked);
        REQUIRE(read);
        check_same(*read, full_read(with_identities, checked));
    }
}

TEST_CASE("the quick reader leaves any other line to the full reader") {
    const std::string line = line_of(duel("s1"));
    const auto edited = [&](const std::string& from, const std::string& to) {
        std::string text = line;
        REQUIRE(text.find(from) != std::string::npos);
        return text.replace(text.find(from), from.size(), to);
    };
    // Lines the full reader reads (another writer's shape): the quick one declines them.
    for (const std::string& other : {
             edited(R"("id":"s1")", R"("id": "s1")"),                             // blanks
             edited(R"("reason":"Player)", R"("reason":"\u0050layer)"),           // an escape
             edited(R"("reason":"Player)", "\"reason\":\"J\xc3\xa9r\xc3\xb4me"),  // UTF-8
             edited(R"("log":)", R"("extra":1,"log":)"),  // a field it does not know
             edited(R"("turns":6)", R"("turns":6.0e0)") /* refused by both */,
             edited(R"({"id":"s1",)", R"({"game":"diceshogi","id":"s1",)"),  // order, repeat
         }) {
        CAPTURE(other);
        CHECK_FALSE(quick_read(other));
    }
    // A damaged line: declined by the quick reader, refused by the full one, named.
    for (const auto& [damaged, message] : std::vector<std::pair<std::string, std::string>>{
             {edited(R"("ranks":[1,2])", R"("ranks":[1,3])"),
              "field 'ranks[1]' must be a whole number from 1 to 2, got 3"},
             {edited(R"("outcomes":["ok","ok"])", R"("outcomes":["ok","won"])"),
              "field 'outcomes[1]' must be \"ok\", \"timeout\", \"invalid\" or \"crash\""},
             {edited(R"("players":["a","b"])", R"("players":["a","c"])"),
              "field 'players[1]' 'c' is not a bot of this tournament's config"},
             {edited(R"("players":["a","b"])", R"("players":["a","a"])"),
              "field 'players[1]' 'a' sits twice in one game"},
             {edited(R"("scores":[1,-1])", R"("scores":[1])"), "field 'scores' has 1 values"},
             {edited(R"("max_turn_ms":[)", R"("max_turn_ms":[-)"),
              "field 'max_turn_ms[0]' must be a time in ms"},
             {edited(R"("id":"s1")", R"("id":"../s1")"), "field 'id' must be a file name"},
             {edited(R"("turns":6)", R"("turns":-1)"), "field 'turns' must be"},
             {edited(R"("seed":-7995527694508729151)", R"("seed":99999999999999999999)"),
              "field 'seed' must be"},
             {edited(R"([0.12,2])", R"([0.12,0])"), "field 'turn_hist[0][0][1]' must be"},
             {line.substr(0, line.size() - 1), "is damaged (not a JSON record)"},
         }) {
        CAPTURE(damaged);
        CHECK_FALSE(quick_read(damaged));
        CHECK(error_of(damaged + "\n").find("'r.jsonl' line 1") == 0);
        CHECK(error_of(damaged + "\n").find(message) != std::string::npos);
    }
}

TEST_CASE("streamed: the quick reader's records over many blocks equal the full reader's") {
    const std::filesystem::path path =
        std::filesystem::temp_directory_path() / "arena_test_records_many.jsonl";
    std::vector<GameRecord> written;
    {
        std::ofstream out(path, std::ios::binary);
        for (int i = 0; i < 6000; ++i) {
            GameRecord r = i % 7 == 3 ? referee_failed("s" + std::to_string(i))
                                      : duel("s" + std::to_string(i));
            r.reason += std::string(static_cast<std::size_t>(i % 300), 'x');  // lines of all sizes
            written.push_back(r);
            out << line_of(r) << "\n";
        }
    }
    std::size_t n = 0;
    tournament::for_each_result(
        path,
        [&](GameRecord&& r) {
            REQUIRE(n < written.size());
            check_same(r, full_read(line_of(written[n++])));
        },
        kDuel);
    CHECK(n == written.size());
}
