// The quick reader of results.jsonl lines, for results_file.cpp only (issue 17: standings of
// 1,000,000 games in at most 15 s): a line as the arena writes it read in place, without a JSON
// document per line.
#pragma once

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "arena/common/numbers.hpp"
#include "arena/tournament/bot_identity.hpp"
#include "arena/tournament/record.hpp"
#include "arena/tournament/turn_histogram.hpp"

namespace arena::tournament {

// The quick reader of a results line (issue 17: standings of 1,000,000 games in 15 s). A line as
// the arena writes it (to_json's fields in its order, compact, strings without escapes or bytes
// above 127) is read in place, with the checks record_from_json makes; anything else (another
// field order, an old line, an escape, a fault) makes it give up, and the line goes to the full
// checked reader, which reads it or names its fault. So the quick reader never decides what is
// an error: it only skips building a JSON document per line.
class QuickRecord {
  public:
    QuickRecord(std::string_view line, const ResultsExpectations& expected)
        : at_(line.data()), end_(line.data() + line.size()), expected_(expected) {}

    // The record, or nothing when the line is not of the usual shape (or is faulty).
    std::optional<GameRecord> read() {
        GameRecord r;
        if (!(literal('{') && head(r) && seats(r) && times(r) && tail(r))) return std::nullopt;
        return r;
    }

  private:
    bool literal(char c) {
        if (at_ == end_ || *at_ != c) return false;
        ++at_;
        return true;
    }
    // `"name":`, after the `{` or the `,` before it.
    bool key(std::string_view name) {
        const std::size_t size = name.size() + 3;
        if (static_cast<std::size_t>(end_ - at_) < size || at_[0] != '"' ||
            std::string_view(at_ + 1, name.size()) != name || at_[name.size() + 1] != '"' ||
            at_[name.size() + 2] != ':')
            return false;
        at_ += size;
        return true;
    }
    bool next_key(std::string_view name) { return literal(',') && key(name); }
    bool peek_key(std::string_view name) const {
        const std::size_t size = name.size() + 4;
        return static_cast<std::size_t>(end_ - at_) >= size && at_[0] == ',' && at_[1] == '"' &&
               std::string_view(at_ + 2, name.size()) == name && at_[name.size() + 2] == '"';
    }
    // A string of printable ASCII without escapes (the others go to the full reader).
    bool string(std::string& out) {
        if (!literal('"')) return false;
        const char* begin = at_;
        while (at_ != end_ && *at_ != '"') {
            const auto c = static_cast<unsigned char>(*at_);
            if (c < 0x20 || c >= 0x7f || c == '\\') return false;
            ++at_;
        }
        if (at_ == end_) return false;
        out.assign(begin, at_);
        ++at_;
        return true;
    }
    // A JSON integer (no fraction, no exponent) in `range`.
    bool whole(std::int64_t& out, numbers::Range range) {
        const char* begin = at_;
        if (at_ != end_ && *at_ == '-') ++at_;
        if (at_ == end_ || *at_ < '0' || *at_ > '9' ||
            (*at_ == '0' && at_ + 1 != end_ && at_[1] >= '0' && at_[1] <= '9'))
            return false;
        const auto [ptr, error] = std::from_chars(begin, end_, out);
        at_ = ptr;
        return error == std::errc() &&
               (at_ == end_ || (*at_ != '.' && *at_ != 'e' && *at_ != 'E')) && out >= range.min &&
               out <= range.max;
    }
    template <class Int>
    bool whole(Int& out, numbers::Range range) {
        std::int64_t n = 0;
        if (!whole(n, range)) return false;
        out = static_cast<Int>(n);
        return true;
    }
    // A time in ms: a JSON number >= 0 (no sign) and finite.
    bool milliseconds(double& out) {
        const char* begin = at_;
        if (at_ == end_ || *at_ < '0' || *at_ > '9') return false;
        if (*at_ == '0' && at_ + 1 != end_ && at_[1] >= '0' && at_[1] <= '9') return false;
        while (at_ != end_ && *at_ >= '0' && *at_ <= '9') ++at_;
        if (at_ != end_ && *at_ == '.') {
            ++at_;
            if (at_ == end_ || *at_ < '0' || *at_ > '9') return false;
            while (at_ != end_ && *at_ >= '0' && *at_ <= '9') ++at_;
        }
        if (at_ != end_ && (*at_ == 'e' || *at_ == 'E')) {
            ++at_;
            if (at_ != end_ && (*at_ == '+' || *at_ == '-')) ++at_;
            if (at_ == end_ || *at_ < '0' || *at_ > '9') return false;
            while (at_ != end_ && *at_ >= '0' && *at_ <= '9') ++at_;
        }
        const auto [ptr, error] = std::from_chars(begin, at_, out);
        return error == std::errc() && ptr == at_ && std::isfinite(out);
    }
    bool null() {
        if (end_ - at_ < 4 || std::string_view(at_, 4) != "null") return false;
        at_ += 4;
        return true;
    }
    // `[v, ...]` of at most `max` values, each read by `value(index)`; `size` is their number.
    template <class Value>
    bool list(std::size_t max, Value value, std::size_t* size = nullptr) {
        if (!literal('[')) return false;
        std::size_t n = 0;
        if (!literal(']')) {
            do {
                if (n == max || !value(n)) return false;
                ++n;
            } while (literal(','));
            if (!literal(']')) return false;
        }
        if (size) *size = n;
        return true;
    }
    static constexpr std::size_t kAny = std::size_t(-1);
    // A per-seat list: exactly `seats` values.
    template <class T, class Read>
    bool per_seat(std::string_view name, std::size_t seats, std::vector<T>& out, Read read) {
        out.resize(seats);
        std::size_t n = 0;
        return next_key(name) &&
               list(
                   seats, [&](std::size_t i) { return read(out[i]); }, &n) &&
               n == seats;
    }

    // id, game, testcase, seed, group, players.
    bool head(GameRecord& r) {
        std::int64_t seed = 0;
        if (!(key("id") && string(r.id) && !r.id.empty() && r.id != "." && r.id != ".." &&
              r.id.find_first_of("/\\") == std::string::npos))
            return false;
        if (!(next_key("game") && string(r.game) &&
              (expected_.game.empty() || r.game == expected_.game)))
            return false;
        if (!(next_key("testcase") && string(r.testcase) && next_key("seed"))) return false;
        if (null())
            r.seed.reset();
        else if (whole(seed, numbers::kInt64))
            r.seed = seed;
        else
            return false;
        if (!(next_key("group") && string(r.group) && next_key("players"))) return false;
        constexpr std::size_t kMaxSeats = 64;
        return list(kMaxSeats, [&](std::size_t) { return player(r); }) && !r.players.empty() &&
               (expected_.players_per_game <= 0 ||
                r.players.size() == static_cast<std::size_t>(expected_.players_per_game));
    }
    bool player(GameRecord& r) {
        std::string name;
        if (!string(name) ||
            std::find(r.players.begin(), r.players.end(), name) != r.players.end() ||
            (!expected_.bots.empty() &&
             std::find(expected_.bots.begin(), expected_.bots.end(), name) == expected_.bots.end()))
            return false;
        r.players.push_back(std::move(name));
        return true;
    }

    // scores, ranks (0 allowed here, refused at the end without a referee failure), outcomes,
    // details, reason, turns.
    bool seats(GameRecord& r) {
        const std::size_t n = r.players.size();
        const numbers::Range rank{0, static_cast<std::int64_t>(n)};
        std::string outcome;
        return per_seat("scores", n, r.scores,
                        [&](std::int64_t& score) { return whole(score, numbers::kInt64); }) &&
               per_seat("ranks", n, r.ranks, [&](int& value) { return whole(value, rank); }) &&
               per_seat("outcomes", n, r.outcomes,
                        [&](match::Outcome& value) {
                            if (!string(outcome)) return false;
                            const std::optional<match::Outcome> o =
                                match::outcome_from_string(outcome);
                            if (o) value = *o;
                            return o.has_value();
                        }) &&
               per_seat("details", n, r.details, [&](std::string& s) { return string(s); }) &&
               next_key("reason") && string(r.reason) && next_key("turns") &&
               whole(r.turns, {0, 1 << 24});
    }

    // mean_turn_ms, max_turn_ms, then first_turn_ms and turn_hist when there.
    bool times(GameRecord& r) {
        const std::size_t n = r.players.size();
        const auto ms = [&](double& value) { return milliseconds(value); };
        if (!per_seat("mean_turn_ms", n, r.mean_turn_ms, ms) ||
            !per_seat("max_turn_ms", n, r.max_turn_ms, ms))
            return false;
        if (!peek_key("first_turn_ms")) return true;
        std::vector<std::optional<double>> first;
        if (!per_seat("first_turn_ms", n, first, [&](std::optional<double>& value) {
                if (null()) return true;
                value.emplace();
                return milliseconds(*value);
            }))
            return false;
        std::size_t seat = 0;
        return per_seat("turn_hist", n, r.turn_ms,
                        [&](std::vector<double>& out) { return histogram(first[seat++], out); });
    }
    // One seat's [[ms, count], ...] as its times: the first turn's first (its bin's count less
    // one), then the others ascending.
    bool histogram(const std::optional<double>& first_ms, std::vector<double>& times) {
        bool first_found = !first_ms;
        if (first_ms) times.push_back(*first_ms);
        const auto first_bin = [](double ms) {
            return TurnHistogram::bin_of(TurnHistogram::centi(ms));
        };
        return list(kAny,
                    [&](std::size_t) {
                        double ms = 0;
                        std::int64_t count = 0;
                        if (!(literal('[') && milliseconds(ms) && literal(',') &&
                              whole(count, {1, 1 << 24}) && literal(']')))
                            return false;
                        if (!first_found && first_bin(ms) == first_bin(*first_ms)) {
                            first_found = true;
                            --count;
                        }
                        times.insert(times.end(), static_cast<std::size_t>(count), ms);
                        return true;
                    }) &&
               first_found;
    }

    // log, failures, referee_failure, identities, the end.
    bool tail(GameRecord& r) {
        if (!(next_key("log") && string(r.log) && log_path_fault(r.id, r.log).empty()))
            return false;
        if (peek_key("failures") && !failures(r)) return false;
        if (peek_key("referee_failure") &&
            !(next_key("referee_failure") && string(r.referee_failure) &&
              !r.referee_failure.empty()))
            return false;
        if (r.referee_failure.empty() &&
            std::find(r.ranks.begin(), r.ranks.end(), 0) != r.ranks.end())
            return false;
        if (peek_key("identities")) {
            if (!next_key("identities") || *(end_ - 1) != '}') return false;
            // Not read by standings: the rest is left as the full reader leaves it (cut off).
            return !expected_.identities || identities(r.players.size());
        }
        return literal('}') && at_ == end_;
    }
    // The seats' bot identities (the runner's and merge's reads): the one part of a line read
    // as JSON.
    bool identities(std::size_t seats) const {
        try {
            const nlohmann::json list =
                nlohmann::json::parse(std::string_view(at_, end_ - 1 - at_));
            if (!list.is_array() || list.size() != seats) return false;
            for (const nlohmann::json& identity : list) identity_from_json(identity);
            return true;
        } catch (const std::exception&) {
            return false;
        }
    }
    bool failures(GameRecord& r) {
        std::size_t seat = 0;
        return per_seat(
            "failures", r.players.size(), r.failures, [&](std::optional<SeatFailure>& failure) {
                const std::size_t this_seat = seat++;
                if (null()) return true;
                failure.emplace();
                if (!(r.outcomes[this_seat] != match::Outcome::ok && literal('{') && key("turn") &&
                      whole(failure->turn, {1, 1 << 24}) && failure->turn <= r.turns))
                    return false;
                if (peek_key("error") && !(next_key("error") && string(failure->error)))
                    return false;
                return literal('}');
            });
    }

    const char* at_;
    const char* end_;
    const ResultsExpectations& expected_;
};

}  // namespace arena::tournament
