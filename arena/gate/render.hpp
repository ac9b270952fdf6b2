// The gate's outputs from its verdicts (verdicts.hpp): the progress lines and the report on the
// terminal, OUT/gate.json, and the JUnit suite. Every text of the gate is built here.
#pragma once

#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <ostream>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "arena/gate/config.hpp"
#include "arena/gate/junit.hpp"
#include "arena/gate/verdicts.hpp"

namespace arena::gate {

// Where a game of the gate's output directory is, and how to replay it.
struct GamePointers {
    std::filesystem::path out;
    std::string arena;  // how the user runs arena, e.g. "build/arena"
    // Each game's log as its record names it (the record's "log" joined to its directory: it may
    // be compressed, or in a round's shard directory); a game not listed: OUT/games/<id>.json.
    std::map<std::string, std::filesystem::path> logs;
    std::string log(const std::string& game_id) const;
    std::string replay(const std::string& game_id) const;
    // "<indent>log:    ...\n<indent>replay: ...\n"
    std::string pointers(const std::string& game_id, const std::string& indent) const;
};

// ---- progress lines (render_progress.cpp) ----
const char* decision_text(ratings::SprtDecision decision);  // "H1 accepted", ..., "undecided"
// "34 games, W-D-L 30-2-2, pairs (0-2 points) 0 1 2 3 11"
std::string counts_line(const PairingTest& test);
std::string elo_line(const PairingTest& test);  // "Elo +35 [-12, +80], nElo ..."
// "LLR 1.23 [-2.94, 2.94], <counts>, <elo>"
std::string sprt_status(const PairingTest& test, const ratings::SprtBounds& bounds);
std::string sprt_status_line(const std::string& candidate, const PairingTest& test,
                             const ratings::SprtBounds& bounds);
std::string decision_line(const PairingTest& test, const ratings::SprtBounds& bounds);
std::string candidate_failure_line(const BotFailure& failure, bool allowed);
std::string failure_text(const BotFailure& failure);  // "bot invalid in GAME (...)"
// Candidate failures for the report: how many of each kind, then the first few (those that
// fail the gate first), each with its log and replay command.
std::string failures_block(const std::vector<BotFailure>& failures, const GamePointers& games,
                           const std::set<match::Outcome>& allowed);

// ---- terminal (render_text.cpp) ----
// What the gate is about to play (games scheduled, SPRT bounds or the baseline).
struct GatePlan {
    std::string candidate, game;
    std::size_t bots = 0;
    int players_per_game = 2;
    std::size_t scheduled = 0;
    std::string resized;  // how the seeds were resized to max_games, or empty
    bool versus = true;
    BaselineAction baseline_action = BaselineAction::compare;
    int concurrency = 1;
    std::filesystem::path out;
};
void print_plan(const GatePlan& plan, const GateSettings& settings, std::ostream& out);
void print_report(const GateReport& report, const GateSettings& settings, const GamePointers& games,
                  std::ostream& out);

// ---- OUT/gate.json (render_json.cpp) ----
nlohmann::ordered_json report_json(const GateReport& report, const GateConfig& config);

// ---- JUnit (junit_report.cpp) ----
struct JUnitContext {
    std::string name, timestamp;  // the suite's
    double time_s = 0;
    std::vector<std::pair<std::string, std::string>> properties;
    BaselineAction baseline_action = BaselineAction::compare;
};
JUnitSuite junit_suite(const GateReport& report, const GateConfig& config,
                       const GamePointers& games, const JUnitContext& context);

}  // namespace arena::gate
