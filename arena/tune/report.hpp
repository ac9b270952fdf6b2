// DIR/report.html: one self-contained page (inline SVG, no script) with one chart per parameter
// (theta over the iterations, theta+ and theta- around it), theta+'s win rate over the games,
// the values now and the --bot to paste, and the iterations where a side's bot failed (crash,
// timeout, invalid) with the values it was given.
#pragma once

#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

#include "arena/tune/config.hpp"
#include "arena/tune/journal.hpp"

namespace arena::tune {

// The page's HTML for the iterations so far.
std::string report_html(const TuneConfig& config, const std::vector<IterationLine>& lines);

// Writes the page while a run goes on, at most every few seconds, and at the end.
class ReportWriter {
  public:
    ReportWriter(const TuneConfig& config, std::filesystem::path out)
        : config_(config), out_(std::move(out)) {}
    void maybe_write(const std::vector<IterationLine>& lines);
    void write(const std::vector<IterationLine>& lines);

  private:
    const TuneConfig& config_;
    std::filesystem::path out_;
    std::chrono::steady_clock::time_point last_{};
};

}  // namespace arena::tune
