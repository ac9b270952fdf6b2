// The steps of a gate run that the one-machine gate (gate.cpp) and the gate in rounds
// (rounds_run.cpp) share. Internal to arena/gate.
#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "arena/gate/gate.hpp"
#include "arena/gate/render.hpp"
#include "arena/tournament/runner.hpp"

namespace arena::gate::steps {

std::string now_iso8601();

// The baseline a puzzle's gate compares with, read before the games: fail fast.
std::optional<Baseline> baseline_before_games(const GateConfig& config, bool versus,
                                              BaselineAction action);

// The tournament the gate plays: up to max_games of the candidate's games, or (puzzles) the
// candidate alone on the boards; every bot's command checked. Returns how the seeds were resized
// ("" when they were not).
std::string plan_games(const GateConfig& gate_config, bool versus,
                       tournament::TournamentConfig& config);

// An output directory that already holds results (see gate.cpp). The caller holds the lock.
void prepare_output(const GateRunOptions& options, std::ostream& out);

// Plays `config` into options.out (the caller holds its lock); `stop_after` as RunOptions's.
std::vector<tournament::GameRecord> play(
    const tournament::TournamentConfig& config, const GateRunOptions& options,
    const std::function<bool(const tournament::GameRecord&)>& stop_after, std::ostream& out);

// The report on the terminal, OUT/gate.json and the JUnit file when asked.
void write_reports(const GateReport& report, const GateConfig& config,
                   const GateRunOptions& options, const GamePointers& games,
                   const JUnitContext& junit, std::ostream& out);

}  // namespace arena::gate::steps
