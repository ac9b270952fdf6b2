// The tuner for real: bots/diceshogi/tunable, whose strength is a known function of --skill
// (strongest at 0.75), is driven from a poor start (0.05) into its strong region [0.6, 0.9]; and
// the play loop it plays through. Real games (about 120 short Dice Shogi games: seconds).
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "arena/common/input_file.hpp"
#include "arena/tournament/play_loop.hpp"
#include "arena/tune/tuner.hpp"

namespace fs = std::filesystem;

namespace {

arena::match::PlayerSpec plain(const std::string& text) {
    arena::match::PlayerSpec bot;
    bot.command = text;
    return bot;
}

// A fresh directory under the system's temporary one.
fs::path fresh_dir(const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / ("arena_test_tune_" + name);
    fs::remove_all(dir);
    return dir;
}

std::string toy_config(int iterations) {
    return R"({"game": "diceshogi", "bot": ")" ARENA_TUNABLE_BOT R"( --skill {skill} --seed 7",
      "params": [{"name": "skill", "type": "float", "start": 0.05, "min": 0, "max": 1,
                  "c_end": 0.1, "r_end": 0.3}],
      "iterations": )" +
           std::to_string(iterations) +
           R"(, "pairs_per": 2, "seeds": {"master": 1}, "time": {"scale": 20}})";
}

// Games of the random bot, as many as asked.
class CountedSource : public arena::tournament::GameSource {
  public:
    explicit CountedSource(std::size_t count) : count_(count) {}
    std::optional<arena::tournament::GameToPlay> next() override {
        if (given_ == count_) return std::nullopt;
        arena::tournament::GameToPlay game;
        game.tag = given_++;
        game.id = "g" + std::to_string(game.tag);
        game.setup = {"diceshogi", 2, static_cast<std::int64_t>(game.tag + 1), ""};
        game.players = {plain(ARENA_DICESHOGI_RANDOM " --seed 1"),
                        plain(ARENA_DICESHOGI_RANDOM " --seed 2")};
        game.players[0].name = "a";
        game.players[1].name = "b";
        return game;
    }

  private:
    std::size_t count_, given_ = 0;
};

}  // namespace

TEST_SUITE("tuner") {
    TEST_CASE("the toy bot is driven from skill 0.05 into its strong region [0.6, 0.9]") {
        const std::string text = toy_config(30);
        const arena::tune::TuneConfig config =
            arena::tune::read_tune_config(text, "toy.json", plain);
        arena::tune::TuneOptions options;
        options.out = fresh_dir("toy");
        options.concurrency = 2;
        options.config_text = text;
        std::ostringstream progress;
        const arena::tune::TuneResult result = arena::tune::run_tune(config, options, progress);
        INFO(progress.str());
        CHECK(result.complete);
        CHECK(result.iterations == 30);
        CHECK(result.games == 120);
        REQUIRE(result.theta.size() == 1);
        CHECK(result.theta[0] >= 0.6);
        CHECK(result.theta[0] <= 0.9);
        CHECK(result.bot.find("--skill 0.") != std::string::npos);
        const std::string json =
            arena::files::read_text(options.out / "result.json", arena::files::kConfigFile);
        CHECK(json.find("\"iterations\": 30") != std::string::npos);
        CHECK(json.find("\"games\": 120") != std::string::npos);
        CHECK(fs::exists(options.out / "report.html"));
        CHECK(progress.str().find("iteration 30/30") != std::string::npos);
        fs::remove_all(options.out);
    }

    TEST_CASE("a second run in the same directory is refused, nothing lost") {
        const std::string text = toy_config(1);
        const arena::tune::TuneConfig config =
            arena::tune::read_tune_config(text, "toy.json", plain);
        arena::tune::TuneOptions options;
        options.out = fresh_dir("again");
        options.config_text = text;
        std::ostringstream progress;
        arena::tune::run_tune(config, options, progress);
        const auto size = fs::file_size(options.out / "tune.jsonl");
        CHECK_THROWS_WITH_AS(arena::tune::run_tune(config, options, progress),
                             doctest::Contains("already holds a tune run: add --resume"),
                             arena::Error);
        CHECK(fs::file_size(options.out / "tune.jsonl") == size);
        options.resume = true;  // all its iterations done: nothing to play, the same result
        CHECK(arena::tune::run_tune(config, options, progress).complete);
        CHECK(fs::file_size(options.out / "tune.jsonl") == size);
        fs::remove_all(options.out);
    }
}

TEST_SUITE("play_loop") {
    TEST_CASE("every game of the source is played and handed back once") {
        CountedSource source(6);
        arena::tournament::PlayLoopOptions options;
        options.concurrency = 2;
        std::mutex lock;
        std::vector<int> seen(6, 0);
        arena::tournament::play_games(source, options,
                                      [&](std::size_t tag, arena::match::MatchLog&& log) {
                                          std::lock_guard guard(lock);
                                          ++seen.at(tag);
                                          CHECK(log.seats.size() == 2);
                                      });
        CHECK(seen == std::vector<int>(6, 1));
    }

    TEST_CASE("the first failure of `done` stops the loop and is rethrown") {
        CountedSource source(50);
        arena::tournament::PlayLoopOptions options;
        options.overlap = false;
        std::size_t done = 0;
        CHECK_THROWS_WITH(
            arena::tournament::play_games(source, options,
                                          [&](std::size_t, arena::match::MatchLog&&) {
                                              if (++done == 2)
                                                  throw std::runtime_error("disk full");
                                          }),
            "disk full");
        CHECK(done == 2);  // no game started after it
    }
}
