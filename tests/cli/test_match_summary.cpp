// arena match's summary texts (arena/report/match_summary): two SameGame bots compared board by
// board, a pair seen from the first bot's side, the sequential test in words. Values built by
// hand: no bots run.
#include <doctest/doctest.h>

#include "arena/report/match_summary.hpp"

using namespace arena;
using report::BoardScore;
using report::SameGameStanding;

namespace {

SameGameStanding standing(const std::string& bot, std::vector<BoardScore> scores) {
    SameGameStanding s;
    s.bot = bot;
    s.scores = std::move(scores);
    return s;
}

}  // namespace

TEST_CASE("boards compared one by one: better, equal, worse, totals; a failure counts 0") {
    const auto mine = standing("mine", {{"test01", 500, match::Outcome::ok, "a"},
                                        {"test02", 300, match::Outcome::ok, "b"},
                                        {"test03", 900, match::Outcome::timeout, "c"},
                                        {"test04", 100, match::Outcome::ok, "d"}});
    const auto old = standing("old", {{"test01", 400, match::Outcome::ok, "e"},
                                      {"test02", 300, match::Outcome::ok, "f"},
                                      {"test03", 200, match::Outcome::ok, "g"}});
    const report::BoardComparison c = report::compare_boards(mine, old);
    CHECK(c.boards == 3);  // test04: only mine played it
    CHECK(c.better == 1);
    CHECK(c.equal == 1);
    CHECK(c.worse == 1);
    CHECK(c.total == 800);  // 500 + 300 + 0 (the timeout)
    CHECK(c.other_total == 900);
    REQUIRE(c.differing.size() == 2);
    CHECK(c.differing[1].testcase == "test03");
    CHECK(c.differing[1].score == 0);

    const std::string text = report::to_text(c);
    CHECK(text.find("mine vs old on the same 3 boards: mine better on 1, equal on 1, worse on 1; "
                    "total 800 vs 900 (-100)") == 0);
    CHECK(text.find("boards that differ:") != std::string::npos);
    CHECK(text.find("0 (timeout)") != std::string::npos);
    CHECK(text.find("+100") != std::string::npos);
    CHECK(text.find("-200") != std::string::npos);
}

TEST_CASE("many differing boards: the largest differences, the rest counted") {
    std::vector<BoardScore> a, b;
    for (int i = 1; i <= 30; ++i) {
        const std::string name = (i < 10 ? "test0" : "test") + std::to_string(i);
        a.push_back({name, 1000 + i, match::Outcome::ok, ""});
        b.push_back({name, 1000, match::Outcome::ok, ""});
    }
    const std::string text =
        report::to_text(report::compare_boards(standing("a", a), standing("b", b)), 5);
    CHECK(text.find("the 5 largest of 30 boards that differ") != std::string::npos);
    CHECK(text.find("test30") != std::string::npos);
    CHECK(text.find("test25 ") == std::string::npos);
}

TEST_CASE("equal bots: every board scored the same") {
    const auto a = standing("a", {{"test01", 5, match::Outcome::ok, ""}});
    const auto b = standing("b", {{"test01", 5, match::Outcome::ok, ""}});
    CHECK(report::to_text(report::compare_boards(a, b)).find("every board scored the same") !=
          std::string::npos);
}

TEST_CASE("a pair seen from its second bot: everything turned around") {
    report::PairReport p;
    p.a = "old";
    p.b = "mine";
    p.results = {7, 1, 2};
    p.pentanomial.counts = {0, 1, 1, 0, 3};
    p.elo.score = 0.75;
    p.elo.elo = {190, 20, 400, false, true};
    p.elo.los = 0.99;
    const report::PairReport q = report::seen_from(p, "mine");
    CHECK(q.a == "mine");
    CHECK(q.b == "old");
    CHECK(q.results == ratings::WDL{2, 1, 7});
    CHECK(q.pentanomial.counts == std::array<int, 5>{3, 0, 1, 1, 0});
    CHECK(q.elo.score == doctest::Approx(0.25));
    CHECK(q.elo.elo.elo == doctest::Approx(-190));
    CHECK(q.elo.elo.lo95 == doctest::Approx(-400));
    CHECK(q.elo.elo.hi95 == doctest::Approx(-20));
    CHECK(q.elo.elo.open_below);
    CHECK_FALSE(q.elo.elo.open_above);
    CHECK(q.elo.los == doctest::Approx(0.01));
    CHECK(report::seen_from(p, "old").a == "old");  // already from its side
}

TEST_CASE("the sequential test in words: hypotheses, LLR in its bounds, the verdict") {
    ratings::SprtTest won({0, 10, 0.05, 0.05, ratings::SprtModel::normalized},
                          ratings::SprtObservations::pairs);
    for (int i = 0; i < 200 && !won.decided(); ++i) {
        won.add_game(1);
        won.add_game(1);
        won.add_pair(1, 1);
    }
    REQUIRE(won.decided());
    const std::string text = report::sprt_text(won, "mine", "old");
    CHECK(text.find("SPRT mine vs old: H0 0 against H1 10 nElo (alpha 0.05, beta 0.05), LLR ") ==
          0);
    CHECK(text.find("(-2.94, 2.94)") != std::string::npos);
    CHECK(text.find("H1 accepted after") != std::string::npos);

    ratings::SprtTest open({0, 10}, ratings::SprtObservations::pairs);
    open.add_game(1);
    open.add_game(0);
    open.add_pair(1, 0);
    CHECK(report::sprt_text(open, "mine", "old").find("undecided") != std::string::npos);
}

TEST_CASE("with validators, their totals too: CodinGame ranks by them") {
    auto a = standing("a", {{"test11", 300, match::Outcome::ok, ""}});
    auto b = standing("b", {{"test11", 500, match::Outcome::ok, ""}});
    a.validators = b.validators = 1;
    a.validator_total = 300;
    b.validator_total = 500;
    CHECK(report::to_text(report::compare_boards(a, b))
              .find("validators (CodinGame's submit score) 300 vs 500 (-200)") !=
          std::string::npos);
    a.validators = 0;  // no validator played: nothing said of them
    CHECK(report::to_text(report::compare_boards(a, b)).find("validators") == std::string::npos);
}
