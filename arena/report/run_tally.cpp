#include "arena/report/run_tally.hpp"

namespace arena::report {

RunTally::RunTally(const tournament::TournamentConfig& config) {
    (void)config;
}

void RunTally::add(const tournament::GameRecord& record) {
    records_.push_back(record);
}

std::size_t RunTally::games() const {
    return records_.size();
}

}  // namespace arena::report
