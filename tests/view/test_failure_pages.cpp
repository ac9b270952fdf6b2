// A run's failed games made as they end (arena/view/failure_pages.hpp): the report written at
// the end of the run takes their entries and replay pages from memory, so it needs none of the
// logs again (issue 17: reading every failed game's log back was most of a short run's closing
// time). Checked on the fixture tournament (tests/view/data/README.md): the report made with the
// logs gone says of each failed game what the report made from the logs says.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "arena/replay/replay.hpp"
#include "arena/report/run_tally.hpp"
#include "arena/tournament/config.hpp"
#include "arena/tournament/record.hpp"
#include "arena/view/failure_pages.hpp"
#include "arena/view/view.hpp"

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

const fs::path kData = ARENA_VIEW_TEST_DATA;

std::string read(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

fs::path tournament_copy(const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / ("arena_test_failure_pages_" + name);
    fs::remove_all(dir);
    fs::create_directories(dir);
    fs::copy(kData / "tournament-diceshogi", dir, fs::copy_options::recursive);
    return dir;
}

json report_data_in(const fs::path& dir) {
    const std::string page = read(dir / "report.html");
    const std::string open = "<script type=\"application/json\" id=\"report-data\">";
    const std::size_t begin = page.find(open);
    REQUIRE(begin != std::string::npos);
    const std::size_t end = page.find("</script>", begin);
    return json::parse(page.substr(begin + open.size(), end - begin - open.size()));
}

// The log a replay page embeds (its <script type="application/json" id="match-log">).
json page_log(const fs::path& page) {
    const std::string text = read(page);
    const std::string open = "<script type=\"application/json\" id=\"match-log\">";
    const std::size_t begin = text.find(open);
    REQUIRE(begin != std::string::npos);
    const std::size_t end = text.find("</script>", begin);
    return json::parse(text.substr(begin + open.size(), end - begin - open.size()));
}

std::size_t pages_in(const fs::path& dir) {
    std::size_t pages = 0;
    for (const auto& entry : fs::directory_iterator(dir / "replays"))
        pages += entry.is_regular_file();
    return pages;
}

// The fixture's games handed to `pages` as a run hands them, each with its log's text; their
// tally.
arena::report::RunTally played(const fs::path& dir,
                               const arena::tournament::TournamentConfig& config,
                               arena::view::FailurePages* pages) {
    arena::report::RunTally tally(config);
    arena::tournament::for_each_result(
        dir / "results.jsonl", [&](arena::tournament::GameRecord&& r) {
            if (pages) pages->add(r, arena::replay::read_match_log(dir / r.log), read(dir / r.log));
            tally.add(r);
        });
    return tally;
}

arena::tournament::TournamentConfig config_of(const fs::path& dir) {
    return arena::tournament::load_config(dir / "config.json");
}

}  // namespace

TEST_CASE("the report takes the failed games made during the run: no log is read again") {
    // The reference: the report made at the end from the log files.
    const fs::path reference = tournament_copy("reference");
    const auto ref_config = config_of(reference);
    arena::view::write_report(reference, ref_config, played(reference, ref_config, nullptr));
    const json expected = report_data_in(reference)["failures"];
    REQUIRE(expected.size() == 20);

    const fs::path dir = tournament_copy("made");
    arena::view::FailurePages pages(dir);
    const auto config = config_of(dir);
    const arena::report::RunTally tally = played(dir, config, &pages);
    pages.finish();
    fs::remove_all(dir / "games");  // nothing left to read back
    const arena::view::ReportFiles files =
        arena::view::write_report(dir, config, tally, arena::view::kMaxReplayPages, &pages);
    CHECK(files.failed_games == 20);
    CHECK(files.replays == 20);
    const json failures = report_data_in(dir)["failures"];
    CHECK(failures == expected);  // every seat's turn, error, output and stderr, from memory
    for (const json& f : failures) {
        const std::string id = f["id"];
        CHECK(fs::exists(dir / "replays" / (id + ".html")));
        // The same log, its seed as text (made from the log's text, not parsed).
        CHECK(page_log(dir / "replays" / (id + ".html")) ==
              page_log(reference / "replays" / (id + ".html")));
    }
}

TEST_CASE("failed games made during the run: only failed games, and pages past the cap removed") {
    const fs::path dir = tournament_copy("capped");
    arena::view::FailurePages pages(dir);
    const auto config = config_of(dir);
    const arena::report::RunTally tally = played(dir, config, &pages);
    pages.finish();
    // 24 games, 4 of them without a failure: no entry for those.
    std::size_t made = 0;
    arena::tournament::for_each_result(dir / "results.jsonl",
                                       [&](arena::tournament::GameRecord&& r) {
                                           if (pages.entry(r.id)) ++made;
                                       });
    CHECK(made == 20);
    CHECK(pages_in(dir) == 20);
    // The report links 3: the earliest 3 by game id keep their pages, the others are removed.
    const arena::view::ReportFiles files = arena::view::write_report(dir, config, tally, 3, &pages);
    CHECK(files.replays == 3);
    CHECK(pages_in(dir) == 3);
    int linked = 0;
    const json failures = report_data_in(dir)["failures"];
    for (const json& f : failures) {
        if (!f["replay"].is_string()) continue;
        ++linked;
        CHECK(fs::exists(dir / f["replay"].get<std::string>()));
    }
    CHECK(linked == 3);
}

TEST_CASE("pages an earlier run left unlinked (killed, then resumed) are removed too") {
    const fs::path dir = tournament_copy("resumed");
    // What a run killed with kill -9 leaves: pages past the cap it never removed, and one cut
    // short while being written.
    fs::create_directories(dir / "replays" / "viewer");
    std::ofstream(dir / "replays" / "s9999-left-by-a-killed-run.html") << "<html></html>";
    std::ofstream(dir / "replays" / "s9998-cut-short.html.tmp") << "<ht";
    std::ofstream(dir / "replays" / "viewer" / "replay.js") << "// the viewer stays";
    arena::view::FailurePages pages(dir);
    const auto config = config_of(dir);
    const arena::report::RunTally tally = played(dir, config, &pages);
    pages.finish();
    const arena::view::ReportFiles files = arena::view::write_report(dir, config, tally, 3, &pages);
    CHECK(files.replays == 3);
    CHECK(pages_in(dir) == 3);  // the 3 linked pages only
    CHECK_FALSE(fs::exists(dir / "replays" / "s9999-left-by-a-killed-run.html"));
    CHECK_FALSE(fs::exists(dir / "replays" / "s9998-cut-short.html.tmp"));
    CHECK(fs::exists(dir / "replays" / "viewer" / "replay.js"));
}

TEST_CASE("a log's text made safe for its page without parsing: seed as text, no </script>") {
    using arena::view::script_safe_log_text;
    // As the arena writes logs: a 64-bit seed (a JavaScript number would round it), a bot's
    // stderr that tries to end the script and holds a "seed": of its own (inside a string).
    const json log = {{"version", 1},
                      {"game", "diceshogi"},
                      {"seed", 7191089608923740123LL},
                      {"turns", {{{"stderr", "</script><b>\"seed\":5 & more"}}}}};
    const std::string safe = script_safe_log_text(log.dump() + "\n");
    CHECK(safe.find('<') == std::string::npos);
    CHECK(safe.find('>') == std::string::npos);
    CHECK(safe.find('&') == std::string::npos);
    json expected = log;
    expected["seed"] = "7191089608923740123";
    CHECK(json::parse(safe) == expected);
    // A negative seed, a seed at the very end, no seed, a null seed.
    CHECK(json::parse(script_safe_log_text(R"({"game":"x","seed":-42})"))["seed"] == "-42");
    CHECK(json::parse(script_safe_log_text(R"({"seed":3})"))["seed"] == "3");
    CHECK(
        json::parse(script_safe_log_text(R"({"game":"samegame","seed":null})"))["seed"].is_null());
    CHECK(json::parse(script_safe_log_text(R"({"game":"samegame"})")) ==
          json{{"game", "samegame"}});
}
