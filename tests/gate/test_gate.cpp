// The regression gate through real bot processes. The results are known from the rules alone:
// "random" is a Dice Shogi move the referee always accepts (it picks one of the offered actions),
// "nonsense" is never a move and loses at once (Dice Shogi: -1; Tsuro: eliminated), a bot that
// exits has crashed; greedy scores 119 on SameGame test 6 (shared/specs/samegame.md).
#include <doctest/doctest.h>

#include <boost/property_tree/ptree.hpp>
#include <boost/property_tree/xml_parser.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string_view>

#include "arena/gate/gate.hpp"
#include "arena/tournament/config.hpp"

namespace fs = std::filesystem;
using namespace arena;
using gate::Verdict;
using ratings::SprtDecision;

namespace {

const std::string kTestbot = ARENA_TESTBOT;
const std::string kTsuroRandom = ARENA_TSURO_RANDOM;
const std::string kGreedy = ARENA_GREEDY_BOT;

fs::path fresh_dir(const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / ("arena_test_gate_" + name);
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

gate::GateConfig load(const fs::path& dir, const std::string& json) {
    std::ofstream(dir / "gate.json") << json;
    return gate::load_gate_config(dir / "gate.json");
}

struct Run {
    gate::GateReport report;
    std::string output;
};

Run run(const gate::GateConfig& config, const fs::path& dir, gate::GateRunOptions options = {}) {
    if (options.out.empty()) options.out = dir / "out";
    if (!options.junit) options.junit = dir / "junit.xml";
    std::ostringstream output;
    Run r{gate::run_gate(config, options, output), ""};
    r.output = output.str();
    return r;
}

std::size_t lines_of(const fs::path& file) {
    std::ifstream in(file);
    std::size_t n = 0;
    for (std::string line; std::getline(in, line);) ++n;
    return n;
}

// A Dice Shogi gate: the candidate (first) against the baseline; `gate` is the "gate" object.
std::string diceshogi(const std::string& candidate, const std::string& baseline,
                      const std::string& gate) {
    return R"({"game": "diceshogi",
  "bots": [{"name": "cand", "command": ")" +
           kTestbot + " " + candidate + R"("},
           {"name": "base", "command": ")" +
           kTestbot + " " + baseline + R"("}],
  "candidate": "cand", "seeds": {"master": 5}, "concurrency": 2,
  "gate": )" +
           gate + "}";
}

// The JUnit report read back with a real XML parser.
struct JUnit {
    int testcases = 0, failures = 0, skipped = 0;
    std::vector<std::string> names, failure_types;
    int declared_tests = 0, declared_failures = 0;
};

JUnit read_junit(const fs::path& file) {
    namespace pt = boost::property_tree;
    pt::ptree tree;
    pt::read_xml(file.string(), tree);  // throws on XML that is not well formed
    JUnit j;
    const pt::ptree& suite = tree.get_child("testsuites.testsuite");
    j.declared_tests = suite.get<int>("<xmlattr>.tests");
    j.declared_failures = suite.get<int>("<xmlattr>.failures");
    for (const auto& [tag, node] : suite) {
        if (tag != "testcase") continue;
        ++j.testcases;
        j.names.push_back(node.get<std::string>("<xmlattr>.name"));
        if (auto failure = node.get_child_optional("failure")) {
            ++j.failures;
            j.failure_types.push_back(failure->get<std::string>("<xmlattr>.type"));
        }
        if (node.get_child_optional("skipped")) ++j.skipped;
    }
    return j;
}

// A view: GCC 14 warns of a dangling reference for a reference returned with a temporary string.
const gate::PairingTest& pairing(const gate::GateReport& report, std::string_view opponent) {
    for (const auto& t : report.pairings)
        if (t.opponent == opponent) return t;
    FAIL("no pairing against " << opponent);
    throw;
}

}  // namespace

TEST_SUITE("config") {
    TEST_CASE("a gate config is a tournament config with a candidate and a gate object") {
        const fs::path dir = fresh_dir("config");
        const auto config = load(dir, diceshogi("reply random", "reply random", R"({
            "sprt": {"elo0": 0, "elo1": 10, "alpha": 0.1, "beta": 0.2, "model": "logistic"},
            "max_games": 40, "inconclusive": "pass", "allow_failures": ["timeout"]})"));
        CHECK(config.tournament.format == tournament::Format::gauntlet);  // implied
        CHECK(config.tournament.bots[config.tournament.candidate].name == "cand");
        CHECK(config.gate.sprt.elo0 == 0);
        CHECK(config.gate.sprt.elo1 == 10);
        CHECK(config.gate.sprt.alpha == 0.1);
        CHECK(config.gate.sprt.beta == 0.2);
        CHECK(config.gate.sprt.model == ratings::SprtModel::logistic);
        CHECK(config.gate.max_games == 40u);
        CHECK(config.gate.inconclusive == gate::Inconclusive::pass);
        CHECK(config.gate.allowed_failures == std::set<match::Outcome>{match::Outcome::timeout});
        CHECK(!config.seed_count_given);  // a master seed only: max_games decides
    }

    TEST_CASE("defaults: first bot, non-regression SPRT, baseline next to the config") {
        const fs::path dir = fresh_dir("config_defaults");
        auto config = load(dir, R"({"game": "diceshogi", "bots": [
            {"name": "new", "command": "x"}, {"name": "old", "command": "y"}]})");
        CHECK(config.tournament.candidate == 0);
        CHECK(config.gate.sprt.elo0 == -50);
        CHECK(config.gate.sprt.elo1 == 0);
        CHECK(config.gate.inconclusive == gate::Inconclusive::fail);
        CHECK(config.gate.allowed_failures.empty());
        CHECK(!config.gate.max_games);
        CHECK(!config.seed_count_given);
        CHECK(load(dir, R"({"game": "diceshogi", "seeds": 3, "bots": [
            {"name": "new", "command": "x"}, {"name": "old", "command": "y"}]})")
                  .seed_count_given);  // then the gate plays those seeds, no more

        const auto samegame = load(dir, R"({"game": "samegame", "boards": [6],
            "bots": [{"name": "a", "command": "x"}, {"name": "b", "command": "y"}],
            "candidate": "b", "gate": {"tolerance": "2.5%"}})");
        CHECK(samegame.tournament.candidate == 1);
        CHECK(samegame.gate.baseline == dir / "gate.baseline.json");
        CHECK(samegame.gate.tolerance.percent);
        CHECK(samegame.gate.tolerance.amount == 2.5);
    }

    TEST_CASE("config errors name the file and the field") {
        const fs::path dir = fresh_dir("config_errors");
        const auto error_of = [&](const std::string& json) {
            try {
                load(dir, json);
            } catch (const tournament::ConfigError& e) {
                return std::string(e.what());
            }
            return std::string("no error");
        };
        const std::string bots =
            R"("bots": [{"name": "a", "command": "x"}, {"name": "b", "command": "y"}])";
        CHECK(error_of(R"({"game": "diceshogi", )" + bots + R"(, "gate": {"elo0": 1}})")
                  .find("field 'gate.elo0': unknown field") != std::string::npos);
        CHECK(error_of(R"({"game": "diceshogi", )" + bots + R"(, "candidate": "c"})")
                  .find("field 'candidate': 'c' is not the name of a bot") != std::string::npos);
        CHECK(error_of(R"({"game": "diceshogi", )" + bots + R"(, "format": "round-robin"})")
                  .find("field 'format'") != std::string::npos);
        CHECK(error_of(R"({"game": "diceshogi", )" + bots +
                       R"(, "gate": {"sprt": {"elo0": 5, "elo1": 5}}})")
                  .find("elo0 (5) must be below elo1 (5)") != std::string::npos);
        CHECK(error_of(R"({"game": "diceshogi", )" + bots + R"(, "gate": {"tolerance": 3}})")
                  .find("field 'gate.tolerance': only used by samegame") != std::string::npos);
        CHECK(error_of(R"({"game": "samegame", )" + bots + R"(, "gate": {"max_games": 3}})")
                  .find("field 'gate.max_games': not used by samegame") != std::string::npos);
        CHECK(error_of(R"({"game": "samegame", )" + bots + R"(, "gate": {"tolerance": "-1"}})")
                  .find("field 'gate.tolerance'") != std::string::npos);
        // The tournament's own checks still apply.
        CHECK(error_of(R"({"game": "diceshogi", )" + bots + R"(, "colour": 1})")
                  .find("field 'colour': unknown field") != std::string::npos);
        CHECK(error_of(R"({"game": "diceshogi", )" + bots +
                       R"(, "gate": {"allow_failures": ["slow"]}})")
                  .find("field 'gate.allow_failures'") != std::string::npos);
    }

    TEST_CASE("unknown fields of the gate's objects are named with the closest known one") {
        const fs::path dir = fresh_dir("config_unknown_fields");
        const auto error_of = [&](const std::string& json) {
            try {
                load(dir, json);
            } catch (const tournament::ConfigError& e) {
                return std::string(e.what());
            }
            return std::string("no error");
        };
        const std::string file = (dir / "gate.json").string();
        const std::string bots =
            R"("bots": [{"name": "a", "command": "x"}, {"name": "b", "command": "y"}])";
        CHECK(error_of(R"({"game": "diceshogi", )" + bots + R"(, "gate": {"max_game": 5}})") ==
              file +
                  ": field 'gate.max_game': unknown field: did you mean 'max_games'? (known: "
                  "sprt, max_games, inconclusive, round_pairs, allow_failures for games between "
                  "bots; "
                  "baseline, tolerance, allow_failures for samegame)");
        CHECK(error_of(R"({"game": "samegame", )" + bots + R"(, "gate": {"baseline_file": "b"}})")
                  .find("field 'gate.baseline_file': unknown field: did you mean 'baseline'?") !=
              std::string::npos);
        CHECK(error_of(R"({"game": "diceshogi", )" + bots +
                       R"(, "gate": {"sprt": {"elo_0": 5, "elo1": 1}}})") ==
              file +
                  ": field 'gate.sprt.elo_0': unknown field: did you mean 'elo0'? (known: elo0, "
                  "elo1, alpha, beta, model)");
        CHECK(error_of(R"({"game": "diceshogi", )" + bots + R"(, "gates": {}})")
                  .find("field 'gates': unknown field: did you mean 'gate'?") != std::string::npos);
        CHECK(error_of(R"({"game": "diceshogi", "bots": [{"name": "a", "comand": "x"},
                         {"name": "b", "command": "y"}]})")
                  .find("field 'bots[0].comand': unknown field: did you mean 'command'?") !=
              std::string::npos);
    }

    TEST_CASE("the SPRT's numbers are refused outside their range, with the range in words") {
        const fs::path dir = fresh_dir("config_sprt_ranges");
        const auto error_of = [&](const std::string& sprt) {
            try {
                load(dir, diceshogi("reply random", "reply random", R"({"sprt": )" + sprt + "}"));
            } catch (const tournament::ConfigError& e) {
                return std::string(e.what());
            }
            return std::string("no error");
        };
        const std::string file = (dir / "gate.json").string();
        CHECK(error_of(R"({"alpha": 0})") == file +
                                                 ": field 'gate.sprt.alpha': must be a number "
                                                 "above 0 and below 1, got 0");
        CHECK(error_of(R"({"beta": 1.5})") == file +
                                                  ": field 'gate.sprt.beta': must be a number "
                                                  "above 0 and below 1, got 1.5");
        CHECK(error_of(R"({"elo0": -1e300})") == file +
                                                     ": field 'gate.sprt.elo0': must be a number "
                                                     "from -1000 to 1000, got -1e+300");
        CHECK(error_of(R"({"elo1": "5"})") == file +
                                                  ": field 'gate.sprt.elo1': must be a number "
                                                  "from -1000 to 1000, got \"5\"");
        CHECK(error_of(R"({"alpha": 0.6, "beta": 0.5})") ==
              file + ": field 'gate.sprt': alpha + beta must be below 1, got 0.6 + 0.5");
        CHECK(error_of(R"({"elo0": 5, "elo1": 5})") ==
              file + ": field 'gate.sprt': elo0 (5) must be below elo1 (5)");
        CHECK_THROWS_WITH_AS(gate::parse_tolerance("nan"),
                             "tolerance 'nan': must be points, a number at least 0 (e.g. 10), or "
                             "a percentage of the board's baseline score (e.g. 2.5%)",
                             std::invalid_argument);
    }

    TEST_CASE("a gate config may end its lists and objects with a comma") {
        const fs::path dir = fresh_dir("config_trailing_commas");
        const auto config = load(dir, R"({
  "game": "diceshogi",
  "bots": [
    {"name": "a", "command": "x",},
    {"name": "b", "command": "y"},  // the baseline
  ],
  "candidate": "b",
  "gate": {"sprt": {"elo0": -10, "elo1": 5,}, "max_games": 40,},
})");
        CHECK(config.tournament.bots.size() == 2);
        CHECK(config.tournament.candidate == 1);
        CHECK(config.gate.sprt.elo0 == -10);
        CHECK(config.gate.max_games == 40u);
    }

    TEST_CASE("the game in any case: the gate's kind and messages use the registry's name") {
        const fs::path dir = fresh_dir("config_game_case");
        const auto config = load(dir, R"({"game": "SameGame", "boards": [6],
            "bots": [{"name": "a", "command": "x"}], "gate": {"tolerance": 3}})");
        CHECK(config.tournament.game == "samegame");
        CHECK(config.gate.tolerance.amount == 3);
        try {
            load(dir, R"({"game": "SAMEGAME", "bots": [{"name": "a", "command": "x"}],
                "gate": {"max_games": 3}})");
            FAIL("max_games accepted for a puzzle");
        } catch (const tournament::ConfigError& e) {
            CHECK(std::string(e.what()).find("field 'gate.max_games': not used by samegame") !=
                  std::string::npos);
        }
    }

    TEST_CASE("command-line options override the config") {
        const fs::path dir = fresh_dir("overrides");
        auto config = load(dir, diceshogi("reply random", "reply nonsense", "{}"));
        gate::GateOverrides o;
        o.candidate = "base";
        o.commands = {{"cand", "/bin/true"}};
        o.elo0 = -5;
        o.elo1 = 5;
        o.max_games = 10;
        o.inconclusive = gate::Inconclusive::pass;
        o.allow_failures = true;
        gate::apply_overrides(config, o);
        CHECK(config.tournament.bots[config.tournament.candidate].name == "base");
        CHECK(config.tournament.bots[0].command == "/bin/true");
        CHECK(config.gate.sprt.elo0 == -5);
        CHECK(config.gate.sprt.elo1 == 5);
        CHECK(config.gate.max_games == 10u);
        CHECK(config.gate.inconclusive == gate::Inconclusive::pass);
        CHECK(config.gate.allowed_failures.size() == 3);

        gate::GateOverrides bad;
        bad.commands = {{"nobody", "x"}};
        CHECK_THROWS_AS(gate::apply_overrides(config, bad), tournament::ConfigError);
        gate::GateOverrides samegame_only;
        samegame_only.tolerance = gate::parse_tolerance("3");
        CHECK_THROWS_AS(gate::apply_overrides(config, samegame_only), tournament::ConfigError);
        gate::GateOverrides inverted;
        inverted.elo0 = 10;
        CHECK_THROWS_AS(gate::apply_overrides(config, inverted), tournament::ConfigError);
    }

    TEST_CASE("tolerances: points or percent of the baseline score") {
        CHECK(gate::parse_tolerance("0").lowest_passing(119) == 119);
        CHECK(gate::parse_tolerance("10").lowest_passing(119) == 109);
        CHECK(gate::parse_tolerance("10%").lowest_passing(200) == 180);
        CHECK(gate::parse_tolerance("2.5%").lowest_passing(1000) == 975);
        CHECK_THROWS_AS(gate::parse_tolerance("-1"), std::invalid_argument);
        CHECK_THROWS_AS(gate::parse_tolerance("5 %"), std::invalid_argument);
        CHECK_THROWS_AS(gate::parse_tolerance("%"), std::invalid_argument);
        CHECK_THROWS_AS(gate::parse_tolerance("ten"), std::invalid_argument);
    }
}

TEST_SUITE("sprt") {
    TEST_CASE("a candidate that always wins: H1 accepted, the gate stops early and passes") {
        const fs::path dir = fresh_dir("h1");
        const auto config = load(dir, diceshogi("reply random", "reply nonsense",
                                                R"({"sprt": {"elo0": 0, "elo1": 10},
                                                    "max_games": 400})"));
        const Run r = run(config, dir);  // one game at a time
        INFO(r.output);
        CHECK(r.report.verdict == Verdict::pass);
        CHECK(r.report.exit_code() == 0);
        const auto& t = pairing(r.report, "base");
        CHECK(t.decision == SprtDecision::accept_h1);
        CHECK(t.pentanomial_model);
        CHECK(t.pentanomial.counts[4] == t.pentanomial.pairs());  // won both games of every pair
        CHECK(t.results.losses == 0);
        CHECK(t.decided_llr >= r.report.bounds.upper);
        // Stopped at the game that crossed the bound, long before the 400 games.
        CHECK(r.report.games == t.decided_after_games);
        CHECK(r.report.games < 200);
        CHECK(lines_of(dir / "out" / "results.jsonl") == static_cast<std::size_t>(r.report.games));
        CHECK(r.report.candidate_failures.empty());
        CHECK(r.report.opponent_failures.size() == static_cast<std::size_t>(r.report.games));
        CHECK(r.output.find("gate PASS: cand: H1 accepted against base") != std::string::npos);

        const JUnit j = read_junit(dir / "junit.xml");
        CHECK(j.testcases == 2);  // the pairing and the candidate's health
        CHECK(j.failures == 0);
        CHECK(j.declared_tests == 2);
        CHECK(j.names[0] == "cand vs base");

        const auto summary = nlohmann::json::parse(std::ifstream(dir / "out" / "gate.json"));
        CHECK(summary["verdict"] == "pass");
        CHECK(summary["pairings"][0]["decision"] == "H1");
    }

    TEST_CASE("a candidate that always loses: H0 accepted, the gate fails, lost games named") {
        const fs::path dir = fresh_dir("h0");
        const auto config = load(dir, diceshogi("reply nonsense", "reply random",
                                                R"({"sprt": {"elo0": 0, "elo1": 10},
                                                    "max_games": 400, "allow_failures": true})"));
        const Run r = run(config, dir);
        INFO(r.output);
        CHECK(r.report.verdict == Verdict::fail);
        CHECK(r.report.exit_code() == 1);
        const auto& t = pairing(r.report, "base");
        CHECK(t.decision == SprtDecision::accept_h0);
        CHECK(t.pentanomial.counts[0] == t.pentanomial.pairs());
        CHECK(r.report.games == t.decided_after_games);
        CHECK(r.report.games < 200);
        // Its invalid moves were allowed: they count as losses, not as failures of the gate.
        CHECK(!r.report.candidate_failures.empty());
        CHECK(r.report.candidate_failures[0].outcome == match::Outcome::invalid);
        REQUIRE(!t.lost_games.empty());
        // The log as the record names it: plain or compressed (issue 17's log retention).
        const fs::path plain = dir / "out" / "games" / (t.lost_games[0] + ".json");
        const std::string log = fs::exists(plain) ? plain.string() : plain.string() + ".zst";
        CHECK(fs::exists(log));
        CHECK(r.output.find("replay: build/arena replay " + log) != std::string::npos);
        CHECK(r.output.find("gate FAIL: cand: H0 accepted against base") != std::string::npos);

        const JUnit j = read_junit(dir / "junit.xml");
        CHECK(j.testcases == 2);
        CHECK(j.failures == 1);
        CHECK(j.declared_failures == 1);
        CHECK(j.failure_types == std::vector<std::string>{"sprt"});
    }

    TEST_CASE("equal bots: inconclusive at the maximum, the verdict the option says; resume") {
        const fs::path dir = fresh_dir("inconclusive");
        auto config = load(dir, diceshogi("reply random", "reply random",
                                          R"({"sprt": {"elo0": 0, "elo1": 10},
                                              "max_games": 10})"));
        const Run first = run(config, dir);
        INFO(first.output);
        CHECK(first.report.verdict == Verdict::inconclusive);
        CHECK(first.report.exit_code() == 1);  // "inconclusive": "fail" is the default
        CHECK(first.report.games == 10);       // 5 seeds x both seat orders
        CHECK(pairing(first.report, "base").pentanomial.pairs() == 5);
        CHECK(first.output.find("INCONCLUSIVE (counted as fail)") != std::string::npos);
        JUnit j = read_junit(dir / "junit.xml");
        CHECK(j.failure_types == std::vector<std::string>{"inconclusive"});

        // The same games judged again from the results (--resume plays nothing new).
        gate::GateOverrides pass;
        pass.inconclusive = gate::Inconclusive::pass;
        gate::apply_overrides(config, pass);
        gate::GateRunOptions options;
        options.resume = true;
        const Run second = run(config, dir, options);
        CHECK(second.report.verdict == Verdict::inconclusive);
        CHECK(second.report.exit_code() == 0);
        CHECK(second.report.games == 10);
        CHECK(pairing(second.report, "base").pentanomial ==
              pairing(first.report, "base").pentanomial);
        CHECK(second.output.find("INCONCLUSIVE (counted as pass)") != std::string::npos);
        j = read_junit(dir / "junit.xml");
        CHECK(j.failures == 0);

        // Without --resume or --overwrite a finished gate's games are replaced: each gate run
        // judges anew (issue 16: the documented runs one after the other were refused).
        const Run again = run(config, dir);
        CHECK(again.report.games == 10);
        CHECK(again.output.find("starting over in " + (dir / "out").string() +
                                ": the earlier gate's games are replaced") != std::string::npos);
        CHECK(lines_of(dir / "out" / "results.jsonl") == 10);
        // An unfinished gate's games (no gate.json: it was interrupted) are not touched.
        fs::remove(dir / "out" / "gate.json");
        try {
            run(config, dir);
            FAIL("an unfinished gate's games were replaced");
        } catch (const gate::GateError& e) {
            CHECK(std::string(e.what()) ==
                  "'" + (dir / "out" / "results.jsonl").string() +
                      "' already holds results: the gate that wrote them did not finish: add "
                      "--resume to go on with them, --overwrite to start again, or choose "
                      "another directory with --out");
        }
        CHECK(lines_of(dir / "out" / "results.jsonl") == 10);
        options.resume = false;
        options.overwrite = true;
        const Run overwritten = run(config, dir, options);
        CHECK(overwritten.report.games == 10);
        CHECK(overwritten.output.find("starting over") == std::string::npos);
    }

    TEST_CASE("the candidate's first timeout, crash or invalid move fails the gate") {
        struct Case {
            std::string command, outcome;
        };
        // Dice Shogi gives 1 s for a bot's first turn, then 100 ms (the spec): `sleep 400`
        // from its 3rd answer on is a timeout.
        for (const Case& c : {Case{"crash 3", "crash"}, Case{"reply nonsense", "invalid"},
                              Case{"sleep 400 --say random --turns 3", "timeout"}}) {
            CAPTURE(c.command);
            const fs::path dir = fresh_dir("failure");
            std::string json = diceshogi(c.command, "reply random", R"({"max_games": 400})");
            json.replace(json.find("\"concurrency\": 2"), 16, "\"concurrency\": 1");
            const auto config = load(dir, json);
            const Run r = run(config, dir);
            INFO(r.output);
            CHECK(r.report.verdict == Verdict::fail);
            CHECK(r.report.exit_code() == 1);
            CHECK(r.report.games == 1);  // one game at a time: stopped after the first
            REQUIRE(r.report.candidate_failures.size() == 1);
            const gate::BotFailure& f = r.report.candidate_failures[0];
            CHECK(match::to_string(f.outcome) == c.outcome);
            CHECK(f.bot == "cand");
            CHECK(r.output.find("gate FAIL: cand: " + c.outcome + " in " + f.game_id) !=
                  std::string::npos);
            CHECK(r.output.find("replay: build/arena replay " +
                                (dir / "out" / "games" / (f.game_id + ".json")).string()) !=
                  std::string::npos);
            const JUnit j = read_junit(dir / "junit.xml");
            CHECK(j.failure_types == std::vector<std::string>{c.outcome});
        }
    }

    TEST_CASE("an allowed failure does not stop the gate") {
        const fs::path dir = fresh_dir("allowed");
        auto config = load(dir, diceshogi("crash 3 --turns 2", "reply random",
                                          R"({"max_games": 6, "inconclusive": "pass"})"));
        gate::GateOverrides allow;
        allow.allow_failures = true;
        gate::apply_overrides(config, allow);
        const Run r = run(config, dir);
        INFO(r.output);
        CHECK(r.report.games == 6);
        CHECK(r.report.candidate_failures.size() == 6);
        CHECK(r.report.verdict != Verdict::fail);
        CHECK(r.report.exit_code() == 0);
    }
}

TEST_SUITE("tsuro") {
    TEST_CASE("candidate against a field at mixed tables: one test per field bot") {
        const fs::path dir = fresh_dir("tsuro");
        const auto config = load(dir, R"({"game": "tsuro",
          "bots": [{"name": "cand", "command": ")" +
                                          kTsuroRandom + R"( --seed 1"},
                   {"name": "n1", "command": ")" +
                                          kTestbot + R"( reply nonsense"},
                   {"name": "n2", "command": ")" +
                                          kTestbot + R"( reply nonsense"}],
          "players_per_game": 3, "concurrency": 2,
          "gate": {"sprt": {"elo0": 0, "elo1": 10}, "max_games": 300}})");
        const Run r = run(config, dir);
        INFO(r.output);
        CHECK(r.report.verdict == Verdict::pass);
        REQUIRE(r.report.pairings.size() == 2);
        for (const std::string opponent : {"n1", "n2"}) {
            const auto& t = pairing(r.report, opponent);
            CHECK(t.decision == SprtDecision::accept_h1);
            CHECK(t.pentanomial_model);  // every seat order: each game has its swapped twin
            CHECK(t.pentanomial.pairs() > 0);
            CHECK(t.pentanomial.counts[4] == t.pentanomial.pairs());
            // Each table of 3 games has 6 seat orders: 3 pairs swapping cand and one opponent.
            CHECK(t.pentanomial.pairs() * 2 <= t.results.games());
        }
        CHECK(r.report.games < 300);
        const JUnit j = read_junit(dir / "junit.xml");
        CHECK(j.testcases == 3);
        CHECK(j.failures == 0);
    }

    TEST_CASE("rotations have no swapped twins: the trinomial test on single games") {
        const fs::path dir = fresh_dir("tsuro_rotations");
        const auto config = load(dir, R"({"game": "tsuro",
          "bots": [{"name": "n1", "command": ")" +
                                          kTestbot + R"( reply nonsense"},
                   {"name": "cand", "command": ")" +
                                          kTsuroRandom + R"( --seed 1"},
                   {"name": "n2", "command": ")" +
                                          kTestbot + R"( reply nonsense"}],
          "candidate": "cand", "players_per_game": 3, "seat_orders": "rotations",
          "concurrency": 2, "gate": {"sprt": {"elo0": 0, "elo1": 10}, "max_games": 300}})");
        const Run r = run(config, dir);
        INFO(r.output);
        CHECK(r.report.verdict == Verdict::pass);
        for (const auto& t : r.report.pairings) {
            CHECK(!t.pentanomial_model);
            CHECK(t.pentanomial.pairs() == 0);
            CHECK(t.results.wins == t.results.games());
            CHECK(t.decision == SprtDecision::accept_h1);
        }
    }
}

TEST_SUITE("samegame") {
    const std::string kSameGame = R"({"game": "samegame", "boards": [6], "concurrency": 1,
        "bots": [{"name": "greedy", "command": ")" +
                                  kGreedy + R"("}]})";

    void write_baseline(const fs::path& file, const std::string& boards) {
        std::ofstream(file) << R"({"game": "samegame", "bot": "ref", "boards": )" << boards << "}";
    }

    gate::GateRunOptions fresh() {
        gate::GateRunOptions options;
        options.overwrite = true;
        return options;
    }

    TEST_CASE("save a baseline, then compare with it") {
        const fs::path dir = fresh_dir("samegame_save");
        const auto config = load(dir, kSameGame);
        gate::GateRunOptions options = fresh();
        options.baseline_action = gate::BaselineAction::save;
        Run r = run(config, dir, options);
        INFO(r.output);
        CHECK(r.report.exit_code() == 0);
        const gate::Baseline saved = gate::read_baseline(dir / "gate.baseline.json");
        CHECK(saved.bot == "greedy");
        CHECK(saved.scores == std::vector<std::pair<std::string, std::int64_t>>{{"test06", 119}});

        r = run(config, dir, fresh());
        CHECK(r.report.verdict == Verdict::pass);
        REQUIRE(r.report.boards.size() == 1);
        CHECK(r.report.boards[0].score == 119);
        CHECK(r.report.boards[0].baseline == 119);
        CHECK(!r.report.boards[0].worse);
        const JUnit j = read_junit(dir / "junit.xml");
        CHECK(j.names == std::vector<std::string>{"test06"});
        CHECK(j.failures == 0);
    }

    TEST_CASE("docs/gate.md's workflow: --save-baseline, then the judging run, no other flag") {
        // The baseline lands next to the config (where it is committed), and the second run is
        // not refused for the first one's results in the same output directory.
        const fs::path dir = fresh_dir("samegame_workflow");
        const auto config = load(dir, kSameGame);
        CHECK(config.gate.baseline == dir / "gate.baseline.json");
        gate::GateRunOptions save;
        save.baseline_action = gate::BaselineAction::save;
        const Run saved = run(config, dir, save);
        INFO(saved.output);
        CHECK(saved.report.exit_code() == 0);
        CHECK(fs::exists(dir / "gate.baseline.json"));
        const Run judged = run(config, dir);
        INFO(judged.output);
        CHECK(judged.report.verdict == Verdict::pass);
        CHECK(judged.report.exit_code() == 0);
        CHECK(judged.report.boards.at(0).baseline == 119);
    }

    TEST_CASE("a board worse than the baseline fails, unless within the tolerance") {
        const fs::path dir = fresh_dir("samegame_tolerance");
        auto config = load(dir, kSameGame);
        write_baseline(config.gate.baseline, R"([{"board": "test06", "score": 120}])");
        Run r = run(config, dir, fresh());
        INFO(r.output);
        CHECK(r.report.verdict == Verdict::fail);
        CHECK(r.report.exit_code() == 1);
        CHECK(r.report.boards[0].worse);
        CHECK(r.output.find("test06: 119 (baseline 120, -1)") != std::string::npos);
        CHECK(r.output.find("replay: build/arena replay ") != std::string::npos);
        JUnit j = read_junit(dir / "junit.xml");
        CHECK(j.failure_types == std::vector<std::string>{"worse"});

        for (const auto& [tolerance, passes] :
             std::vector<std::pair<std::string, bool>>{{"1", true},
                                                       {"1%", true},  // 1.2 points
                                                       {"0.5%", false},
                                                       {"0.9", false}}) {
            CAPTURE(tolerance);
            config.gate.tolerance = gate::parse_tolerance(tolerance);
            CHECK(run(config, dir, fresh()).report.passed == passes);
        }
    }

    TEST_CASE("update rewrites the baseline with this run") {
        const fs::path dir = fresh_dir("samegame_update");
        const auto config = load(dir, kSameGame);
        write_baseline(config.gate.baseline, R"([{"board": "test06", "score": 500}])");
        gate::GateRunOptions options = fresh();
        options.baseline_action = gate::BaselineAction::update;
        const Run r = run(config, dir, options);
        INFO(r.output);
        CHECK(r.report.exit_code() == 0);
        CHECK(r.report.boards[0].worse);  // reported, accepted
        CHECK(r.report.summary.find("1 of 1 board(s) were worse") != std::string::npos);
        CHECK(gate::read_baseline(config.gate.baseline).scores ==
              std::vector<std::pair<std::string, std::int64_t>>{{"test06", 119}});
    }

    TEST_CASE("a failing candidate fails the gate, allowed or not only by the score") {
        const fs::path dir = fresh_dir("samegame_crash");
        auto config = load(dir, R"({"game": "samegame", "boards": [6, 7], "concurrency": 1,
            "bots": [{"name": "crasher", "command": ")" +
                                    kTestbot + R"( crash 3"}]})");
        write_baseline(config.gate.baseline,
                       R"([{"board": "test06", "score": 0}, {"board": "test07", "score": 0}])");
        Run r = run(config, dir, fresh());
        INFO(r.output);
        CHECK(r.report.verdict == Verdict::fail);
        CHECK(r.report.candidate_failures.size() == 2);  // every board is still played
        CHECK(r.report.summary.find("crash in test06-crasher (exit code 3)") != std::string::npos);
        JUnit j = read_junit(dir / "junit.xml");
        CHECK(j.failure_types == std::vector<std::string>{"crash", "crash"});

        // Allowed: judged by the score alone (a crash scores what it had, 0 here).
        config.gate.allowed_failures = {match::Outcome::crash};
        r = run(config, dir, fresh());
        CHECK(r.report.verdict == Verdict::pass);
        // Saving a baseline from a failing run is refused.
        config.gate.allowed_failures.clear();
        gate::GateRunOptions save = fresh();
        save.baseline_action = gate::BaselineAction::save;
        CHECK(!run(config, dir, save).report.passed);
        CHECK(gate::read_baseline(config.gate.baseline).scores.size() == 2);  // untouched
        CHECK(gate::read_baseline(config.gate.baseline).bot == "ref");
    }

    TEST_CASE("boards missing from the baseline are skipped; a missing baseline is an error") {
        const fs::path dir = fresh_dir("samegame_missing");
        auto config = load(dir, R"({"game": "samegame", "boards": [6, 7], "concurrency": 1,
            "bots": [{"name": "greedy", "command": ")" +
                                    kGreedy + R"("}]})");
        CHECK_THROWS_AS(run(config, dir, fresh()), gate::GateError);
        write_baseline(config.gate.baseline, R"([{"board": "test06", "score": 119}])");
        const Run r = run(config, dir, fresh());
        CHECK(r.report.verdict == Verdict::pass);
        const JUnit j = read_junit(dir / "junit.xml");
        CHECK(j.testcases == 2);
        CHECK(j.skipped == 1);
    }
}
