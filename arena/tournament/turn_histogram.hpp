// Turn times as a fixed-size histogram, so that a bot's p50 / p90 / p99 over any number of games
// costs the same memory (issue 17: flat cost). Resolution: exact to 0.01 ms (the resolution turn
// times are recorded at) below 10.24 ms, then 512 bins per doubling: a time above 10.24 ms is
// known to within 0.2 % (each bin holds its lower edge). At most about 25,000 bins up to a day,
// a bot's histogram is 8 KB plus the bins used above 10.24 ms. Header-only: records and tallies
// both use it.
#pragma once

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <map>
#include <vector>

namespace arena::tournament {

class TurnHistogram {
  public:
    static constexpr std::uint64_t kExactBelow = 1024;  // in 0.01 ms
    static constexpr int kBinsPerDoubling = 512;

    // The bin of a time in 0.01 ms.
    static std::uint32_t bin_of(std::uint64_t centi_ms) {
        if (centi_ms < kExactBelow) return static_cast<std::uint32_t>(centi_ms);
        const int octave = std::bit_width(centi_ms) - 1;  // >= 10
        const std::uint64_t sub = (centi_ms >> (octave - 9)) & (kBinsPerDoubling - 1);
        return static_cast<std::uint32_t>(kExactBelow + (octave - 10) * kBinsPerDoubling + sub);
    }
    // A bin's lower edge in 0.01 ms (bin_of(lower_edge(b)) == b).
    static std::uint64_t lower_edge(std::uint32_t bin) {
        if (bin < kExactBelow) return bin;
        const std::uint64_t above = bin - kExactBelow;
        const int octave = static_cast<int>(above / kBinsPerDoubling) + 10;
        const std::uint64_t sub = above % kBinsPerDoubling;
        return (kBinsPerDoubling + sub) << (octave - 9);
    }
    static std::uint64_t centi(double ms) {
        return ms > 0 && std::isfinite(ms) ? static_cast<std::uint64_t>(std::llround(ms * 100)) : 0;
    }
    static double ms_of_bin(std::uint32_t bin) { return lower_edge(bin) / 100.0; }

    void add(double ms, std::uint64_t count = 1) { add_bin(bin_of(centi(ms)), count); }
    void add_bin(std::uint32_t bin, std::uint64_t count) {
        if (count == 0) return;
        // The exact bins in a flat array (most turn times fall there: adding is an increment),
        // the others in a map.
        if (bin < kExactBelow) {
            if (exact_.empty()) exact_.assign(kExactBelow, 0);
            exact_[bin] += count;
        } else {
            above_[bin] += count;
        }
        count_ += count;
    }
    void merge(const TurnHistogram& other) {
        for (const auto& [bin, count] : other.bins()) add_bin(bin, count);
    }

    std::uint64_t count() const { return count_; }
    // The bins that hold times, ascending: bin -> count.
    std::map<std::uint32_t, std::uint64_t> bins() const {
        std::map<std::uint32_t, std::uint64_t> bins = above_;
        for (std::uint32_t b = 0; b < exact_.size(); ++b)
            if (exact_[b]) bins.emplace(b, exact_[b]);
        return bins;
    }

    // Sums in 0.01 ms as integers: the same whatever order the times came in.
    double mean_ms() const {
        if (count_ == 0) return 0;
        std::uint64_t sum = 0;
        for (const auto& [bin, count] : bins()) sum += lower_edge(bin) * count;
        return static_cast<double>(sum) / 100.0 / static_cast<double>(count_);
    }
    double max_ms() const {
        if (!above_.empty()) return ms_of_bin(above_.rbegin()->first);
        for (std::size_t b = exact_.size(); b-- > 0;)
            if (exact_[b]) return ms_of_bin(static_cast<std::uint32_t>(b));
        return 0;
    }
    // The q-quantile (0..1) by linear interpolation between order statistics, as
    // report::quantile computes it on the times themselves; 0 when empty.
    double quantile_ms(double q) const {
        if (count_ == 0) return 0;
        const double position = q * static_cast<double>(count_ - 1);
        const std::uint64_t below = static_cast<std::uint64_t>(position);
        const std::uint64_t above = std::min(below + 1, count_ - 1);
        const double low = nth_ms(below), high = nth_ms(above);
        return low + (high - low) * (position - static_cast<double>(below));
    }

  private:
    // The n-th smallest time (0-based).
    double nth_ms(std::uint64_t n) const {
        std::uint64_t seen = 0;
        for (const auto& [bin, count] : bins()) {
            seen += count;
            if (n < seen) return ms_of_bin(bin);
        }
        return max_ms();
    }

    std::vector<std::uint64_t> exact_;  // empty, or one count per exact bin
    std::map<std::uint32_t, std::uint64_t> above_;
    std::uint64_t count_ = 0;
};

}  // namespace arena::tournament
