// The tuner's config: every fault named by its field (docs/tune.md), OpenBench's lines, the
// values as the bot receives them. No bots run.
#include <doctest/doctest.h>

#include <string>

#include "arena/tournament/config.hpp"
#include "arena/tune/config.hpp"

using arena::tune::TuneConfig;

namespace {

arena::match::PlayerSpec plain(const std::string& text) {
    arena::match::PlayerSpec bot;
    bot.command = text;
    return bot;
}

const std::string kParam =
    R"({"name": "skill", "type": "float", "start": 0.5, "min": 0, "max": 1, "c_end": 0.1, "r_end": 0.002})";

TuneConfig read(const std::string& text) {
    return arena::tune::read_tune_config(text, "t.json", plain);
}

std::string error_of(const std::string& text) {
    try {
        read(text);
    } catch (const arena::tournament::ConfigError& e) {
        return e.what();
    }
    return "no error";
}

std::string with(const std::string& fields) {
    return R"({"game": "diceshogi", "bot": "./b --skill {skill}", "iterations": 10, )" + fields +
           "}";
}

}  // namespace

// The config's error contains `part` (the error shown when it does not).
#define CHECK_ERROR(text, part)                                      \
    do {                                                             \
        const std::string error = error_of(text);                    \
        CHECK_MESSAGE(error.find(part) != std::string::npos, error); \
    } while (false)

TEST_SUITE("tune_config") {
    TEST_CASE("a whole config") {
        const TuneConfig c =
            read(with(R"("params": [)" + kParam +
                      R"(], "pairs_per": 4, "seeds": {"master": 3}, "A_ratio": 0.2)"));
        CHECK(c.game == "diceshogi");
        CHECK(c.players == 2);
        REQUIRE(c.params.size() == 1);
        CHECK(c.params[0].c_end == 0.1);
        CHECK(c.gains.iterations == 10);
        CHECK(c.gains.a_ratio == 0.2);
        CHECK(c.gains.alpha == 0.602);
        CHECK(c.pairs_per == 4);
        CHECK(c.master_seed == 3);
    }

    TEST_CASE("params_text: OpenBench's lines give the same parameters") {
        const TuneConfig c = read(
            R"({"game": "diceshogi", "bot": "./b --skill {skill} --depth {depth}", "iterations": 5,
               "params_text": "# name, type, start, min, max, c_end, r_end\nskill, float, 0.5, 0, 1, 0.1, 0.002\n\ndepth, int, 6, 2, 12, 1, 0.002"})");
        REQUIRE(c.params.size() == 2);
        CHECK(c.params[1].name == "depth");
        CHECK(c.params[1].is_int);
        CHECK(c.params[1].max == 12);
    }

    TEST_CASE("each fault names its field") {
        CHECK_ERROR(with(R"("params": [)" + kParam + R"(], "pair_per": 2)"),
                    "field 'pair_per': unknown field: did you mean 'pairs_per'?");
        CHECK_ERROR(R"({"game": "diceshogi", "bot": "./b {skil}", "iterations": 1, "params": [)" +
                        kParam + "]}",
                    "field 'bot': placeholder {skil} names no parameter");
        CHECK_ERROR(
            R"({"game": "diceshogi", "bot": "./b", "iterations": 1, "params": [)" + kParam + "]}",
            "field 'params': parameter 'skill' has no placeholder {skill}");
        CHECK_ERROR(
            with(
                R"("params": [{"name": "skill", "type": "float", "start": 1, "min": 1, "max": 1, "c_end": 0.1, "r_end": 0.002}])"),
            "field 'params[0].min': must be below max");
        CHECK_ERROR(
            with(
                R"("params": [{"name": "skill", "type": "float", "start": 3, "min": 0, "max": 1, "c_end": 0.1, "r_end": 0.002}])"),
            "field 'params[0].start': must be within [min, max]");
        CHECK_ERROR(
            with(
                R"("params": [{"name": "skill", "type": "float", "start": 0.5, "min": 0, "max": 1, "c_end": -1, "r_end": 0.002}])"),
            "field 'params[0].c_end': must be above 0");
        CHECK_ERROR(
            with(
                R"("params": [{"name": "skill", "type": "double", "start": 0.5, "min": 0, "max": 1, "c_end": 1, "r_end": 0.002}])"),
            "field 'params[0].type'");
        CHECK_ERROR(with(R"("params_text": "skill, float, 0.5, 0, 1, x, 0.002")"),
                    "field 'params_text': line 1 'skill, float, 0.5, 0, 1, x, 0.002': c_end must "
                    "be a number");
        CHECK_ERROR(with(R"("params": [)" + kParam + R"(], "params_text": "")"),
                    "field 'params_text': give \"params\" or \"params_text\", not both");
        CHECK_ERROR(R"({"game": "diceshogi", "bot": "./b {skill}", "params": [)" + kParam + "]}",
                    "field 'iterations': missing");
        CHECK_ERROR(
            R"({"game": "tsuro", "players": 3, "bot": "./b {skill}", "iterations": 2, "params": [)" +
                kParam + "]}",
            "field 'opponent'");
    }

    TEST_CASE("values as the bot reads them, filled into the command") {
        const TuneConfig c = read(
            R"({"game": "diceshogi", "bot": "./b --skill {skill} --depth {depth} {x}", "iterations": 5,
               "params_text": "skill, float, 0.5, 0, 1, 0.1, 0.002\ndepth, int, 6, 2, 12, 1, 0.002\nx, float, 0, -1, 1, 0.1, 0.002"})");
        CHECK(arena::tune::fill_in(c.bot.command, c.params, {0.25, 7.4, -0.5}) ==
              "./b --skill 0.25 --depth 7 -0.5");
        CHECK(arena::tune::value_text(c.params[0], 0.0012) == "0.0012");
        CHECK(arena::tune::value_text(c.params[0], 1e-7) == "0.0000001");
        CHECK(arena::tune::value_text(c.params[1], 6.5) == "7");
    }
}
