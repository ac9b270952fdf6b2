#include "arena/match/turn_timing.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace arena::match {

namespace {

// The SDK's extra time before a hard timeout (GameManager.SOFT_TIMELIMIT_EXTRA), and how many
// overruns it forgives per game (AbstractPlayer.MAX_SOFT_TIMELIMIT_EXCEEDS).
constexpr int kSdkExtraMs = 50;
constexpr int kSdkForgivenOverruns = 2;

// The SDK measures a turn in whole milliseconds, rounded down ((end - start) / 1_000_000).
long sdk_ms(double elapsed_ms) {
    return static_cast<long>(std::floor(elapsed_ms));
}

std::string ms_text(double ms) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f", ms);
    return text;
}

}  // namespace

const char* to_string(TimeRules rules) {
    return rules == TimeRules::codingame_4_7_7 ? "codingame-4.7.7" : "plain";
}

std::optional<TimeRules> time_rules_from_string(std::string_view text) {
    if (text == "plain") return TimeRules::plain;
    if (text == "codingame-4.7.7") return TimeRules::codingame_4_7_7;
    return std::nullopt;
}

SeatClock::SeatClock(TimeRules rules, std::optional<int> timebank_ms)
    : rules_(rules), bank_ms_(timebank_ms) {}

TurnLimits SeatClock::limits(int referee_limit_ms) const {
    // A timebank replaces the per-turn limits: the turn may take what is left, with no extra.
    if (bank_ms_) return {std::max(0, *bank_ms_), std::max(0, *bank_ms_)};
    if (rules_ == TimeRules::codingame_4_7_7)
        return {referee_limit_ms, referee_limit_ms + kSdkExtraMs};
    return {referee_limit_ms, referee_limit_ms};
}

bool SeatClock::accept_answer(double elapsed_ms, Turn& turn) {
    if (rules_ != TimeRules::codingame_4_7_7 || bank_ms_) return true;
    if (sdk_ms(elapsed_ms) <= turn.limit_ms) return true;
    turn.overrun = true;
    return ++overruns_ <= kSdkForgivenOverruns;
}

void SeatClock::end_turn(double elapsed_ms, bool timed_out, Turn& turn) {
    if (!bank_ms_) return;
    *bank_ms_ = timed_out ? 0 : std::max(0L, *bank_ms_ - sdk_ms(elapsed_ms));
    turn.bank_ms = *bank_ms_;
}

int late_grace_ms(int hard_ms) {
    return std::min(hard_ms, kLateGraceCapMs);
}

std::string timeout_timing(const process::ReadResult& read, Turn& turn, int hard_ms,
                           int startup_ms) {
    if (read.startup_exceeded && !read.late)
        return "did not read its first input within the start-up allowance (" +
               std::to_string(startup_ms) + " ms)";
    std::string text = read.late ? "answered after " + ms_text(turn.time_ms) + " ms (limit " +
                                       std::to_string(hard_ms) + " ms)"
                                 : "no answer within " + ms_text(turn.time_ms) + " ms";
    if (read.status != process::ReadStatus::timeout || !turn.wait_ms) return text;
    // Had it not waited for a CPU, it would have answered in time.
    if (turn.time_ms - *turn.wait_ms < hard_ms) {
        turn.load_timeout = true;
        text += "; a load timeout: it waited " + ms_text(*turn.wait_ms) +
                " ms for a CPU (the machine was busy: lower --concurrency)";
    }
    return text;
}

std::string overrun_timing(const Turn& turn) {
    return "answered after " + ms_text(turn.time_ms) + " ms (limit " +
           std::to_string(turn.limit_ms) + " ms): its third overrun, a timeout under SDK 4.7.7's rules";
}

}  // namespace arena::match
