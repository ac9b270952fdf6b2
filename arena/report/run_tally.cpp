#include "arena/report/run_tally.hpp"

#include <algorithm>
#include <cctype>
#include <string>

namespace arena::report {

bool schedule_before(const std::string& a, const std::string& b) {
    std::size_t i = 0, j = 0;
    auto digit = [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; };
    while (i < a.size() && j < b.size()) {
        if (digit(a[i]) && digit(b[j])) {
            // Numbers compare by value: leading zeros skipped, then by length, then digits.
            while (i < a.size() && a[i] == '0') ++i;
            while (j < b.size() && b[j] == '0') ++j;
            std::size_t end_a = i, end_b = j;
            while (end_a < a.size() && digit(a[end_a])) ++end_a;
            while (end_b < b.size() && digit(b[end_b])) ++end_b;
            if (end_a - i != end_b - j) return end_a - i < end_b - j;
            const int order = a.compare(i, end_a - i, b, j, end_b - j);
            if (order != 0) return order < 0;
            i = end_a;
            j = end_b;
        } else {
            if (a[i] != b[j]) return a[i] < b[j];
            ++i;
            ++j;
        }
    }
    if ((a.size() - i) != (b.size() - j)) return a.size() - i < b.size() - j;
    return a < b;  // equal as numbers ("s01" and "s1"): still one order
}

std::string referee_failures_text(const RunTally& tally) {
    if (tally.referee_failures() == 0) return "";
    // Its first line, cut: the full text (with the referee's stderr) is in the record and the log.
    constexpr std::size_t kShown = 200;
    const std::string& text = tally.first_referee_failure();
    std::string shown = text.substr(0, std::min(text.find('\n'), kShown));
    if (shown.size() < text.size()) shown += " ...";
    return std::to_string(tally.referee_failures()) +
           " game(s) failed in the referee: first: " + tally.first_referee_failure_id() + ": " +
           shown + "\n";
}

RunTally::RunTally(const tournament::TournamentConfig& config) {
    for (const match::PlayerSpec& bot : config.bots) {
        index_[bot.name] = static_cast<int>(bot_names_.size());
        bot_names_.push_back(bot.name);
    }
    pairs_ = config.players_per_game == 2;
    seeds_ = config.seeds.size();
    checkpoints_.resize(seeds_ > 0 ? std::min<std::size_t>(seeds_, kCheckpoints) : 1);
}

void RunTally::add(const tournament::GameRecord& record) {
    ++games_;
    add_health(record);
    if (record.referee_failure.empty()) {
        add_order(record);
        if (pairs_) add_pairing(record);
        if (!record.testcase.empty() && record.players.size() == 1) add_board(record);
    } else {
        // No result to rate: its seats have no rank. Its twin, if any, stays unpaired.
        ++referee_failures_;
        if (first_referee_failure_.id.empty() ||
            schedule_before(record.id, first_referee_failure_.id))
            first_referee_failure_ = {record.id, record.referee_failure};
    }
    add_failure(record);
    // A few earliest games' logs: what only a log says (the time limits) is read from one.
    constexpr std::size_t kLogs = 8;
    if (!record.log.empty() &&
        (first_logs_.size() < kLogs || schedule_before(record.id, first_logs_.rbegin()->first))) {
        first_logs_[record.id] = record.log;
        if (first_logs_.size() > kLogs) first_logs_.erase(std::prev(first_logs_.end()));
    }
}

namespace {

// Keeps the earlier (by game id) of the failed game in `kept` and `seat` of `record`.
void keep_earliest(FailedGame& kept, const tournament::GameRecord& record, std::size_t seat) {
    if (kept.game_id.empty() || schedule_before(record.id, kept.game_id))
        kept = failed_game(record, seat);
}

}  // namespace

void RunTally::add_health(const tournament::GameRecord& r) {
    for (std::size_t seat = 0; seat < r.players.size(); ++seat) {
        // A bot not in the config (a config edited since) still has its health shown.
        if (!index_.count(r.players[seat]) && !health_.count(r.players[seat]))
            bot_names_.push_back(r.players[seat]);
        BotTally& h = health_[r.players[seat]];
        ++h.games;
        const match::Outcome outcome = r.outcomes.at(seat);
        if (outcome == match::Outcome::timeout)
            ++h.timeouts, keep_earliest(h.first_timeout, r, seat);
        if (outcome == match::Outcome::crash) ++h.crashes, keep_earliest(h.first_crash, r, seat);
        if (outcome == match::Outcome::invalid)
            ++h.invalids, keep_earliest(h.first_invalid, r, seat);
        if (outcome != match::Outcome::ok) keep_earliest(h.first_failure, r, seat);
        if (const tournament::SeatFailure* failure = tournament::failure_of(r, seat))
            h.load_timeouts += failure->load;
        if (seat < r.startup_ms.size() && r.startup_ms[seat]) {
            ++h.startups;
            h.startup_total_ms += *r.startup_ms[seat];
            h.startup_max_ms = std::max(h.startup_max_ms, *r.startup_ms[seat]);
        }
        if (seat < r.turn_ms.size()) {
            const std::vector<double>& times = r.turn_ms[seat];
            // Equal times come in runs (a record read back has them ascending): one add a run.
            for (std::size_t i = 0, end; i < times.size(); i = end) {
                for (end = i + 1; end < times.size() && times[end] == times[i];) ++end;
                h.turn_times.add(times[i], end - i);
            }
            if (!times.empty()) h.first_turn_times.add(times.front());
        }
    }
}

int RunTally::checkpoint_of(const std::string& id) const {
    const int last = static_cast<int>(checkpoints_.size()) - 1;
    // Seeded games' ids start with their seed's number in the schedule: "s0003-a_vs_b".
    if (seeds_ == 0 || id.size() < 2 || id[0] != 's' ||
        !std::isdigit(static_cast<unsigned char>(id[1])))
        return last;
    const std::size_t seed = std::stoull(id.substr(1, 18));
    if (seed == 0 || seed > seeds_) return last;
    return static_cast<int>((seed - 1) * checkpoints_.size() / seeds_);
}

void RunTally::add_order(const tournament::GameRecord& r) {
    FinishingOrder order;
    for (std::size_t seat = 0; seat < r.players.size() && seat < r.ranks.size(); ++seat) {
        auto it = index_.find(r.players[seat]);
        if (it == index_.end()) continue;  // a bot no longer in the config
        order.emplace_back(it->second, r.ranks[seat]);
    }
    if (order.size() < 2) return;
    ++orders_[order];
    ++checkpoints_[checkpoint_of(r.id)][order];
}

void RunTally::add_pairing(const tournament::GameRecord& r) {
    if (r.group.empty() || r.ranks.size() != r.players.size() || r.players.size() != 2) return;
    auto group = unpaired_.find(r.group);
    const std::vector<std::string> swapped = {r.players[1], r.players[0]};
    if (group != unpaired_.end()) {
        auto twin = group->second.find(swapped);
        if (twin != group->second.end()) {
            // In the twin, the bot of seat 0 sat in seat 1.
            const double score = ratings::rank_score(r.ranks[0], r.ranks[1]);
            const double twin_score = ratings::rank_score(twin->second[1], twin->second[0]);
            const auto a = index_.find(r.players[0]), b = index_.find(r.players[1]);
            if (a != index_.end() && b != index_.end()) {
                if (a->second < b->second)
                    pentanomials_[{a->second, b->second}].add_pair(score, twin_score);
                else
                    pentanomials_[{b->second, a->second}].add_pair(1 - score, 1 - twin_score);
            }
            // Only incomplete groups are held: a complete pair is counted and forgotten.
            group->second.erase(twin);
            if (group->second.empty()) unpaired_.erase(group);
            return;
        }
    }
    unpaired_[r.group][r.players] = r.ranks;
}

void RunTally::add_board(const tournament::GameRecord& r) {
    BoardGame& game = boards_[{r.players[0], r.testcase}];
    // One game per bot and board in a schedule; should two come, the later by id counts.
    if (!game.id.empty() && schedule_before(r.id, game.id)) return;
    game.id = r.id;
    game.score = r.scores.at(0);
    game.outcome = r.outcomes.at(0);
    game.turns = r.turns;
    game.mean_turn_ms = r.mean_turn_ms.at(0);
    game.max_turn_ms = r.max_turn_ms.at(0);
    game.failed = game.outcome == match::Outcome::ok ? FailedGame{} : failed_game(r, 0);
}

void RunTally::add_failure(const tournament::GameRecord& r) {
    if (std::all_of(r.outcomes.begin(), r.outcomes.end(),
                    [](match::Outcome o) { return o == match::Outcome::ok; }))
        return;
    ++failed_games_;
    if (listed_failures_.size() == kListedFailures &&
        !schedule_before(r.id, std::prev(listed_failures_.end())->first))
        return;
    tournament::GameRecord kept = r;
    kept.turn_ms.clear();  // the list shows what went wrong, not the times
    listed_failures_[r.id] = std::move(kept);
    if (listed_failures_.size() > kListedFailures)
        listed_failures_.erase(std::prev(listed_failures_.end()));
}

}  // namespace arena::report
