#include "arena/report/seat_swaps.hpp"

#include <utility>

#include "arena/ratings/ratings.hpp"

namespace arena::report {

std::vector<SeatSwappedPair> SeatSwapPairing::add(const tournament::GameRecord& r) {
    std::vector<SeatSwappedPair> pairs;
    if (r.group.empty() || r.ranks.size() != r.players.size()) return pairs;
    auto& group = seen_[r.group];
    for (std::size_t i = 0; i < r.players.size(); ++i) {
        for (std::size_t j = i + 1; j < r.players.size(); ++j) {
            std::vector<std::string> swapped = r.players;
            std::swap(swapped[i], swapped[j]);
            auto twin = group.find(swapped);
            if (twin == group.end()) continue;
            // In the twin, the bot of seat i sits in seat j and the other in seat i.
            const Seen& other = twin->second;
            pairs.push_back({r.players[i], r.players[j],
                             ratings::rank_score(r.ranks[i], r.ranks[j]),
                             ratings::rank_score(other.ranks[j], other.ranks[i]), r.id, other.id});
        }
    }
    // A 2-player group is complete with its pair: forgotten, so that what is held stays bounded
    // by the groups under way, not by the games played (issue 17).
    if (r.players.size() == 2 && !pairs.empty()) {
        seen_.erase(r.group);
        return pairs;
    }
    group[r.players] = Seen{r.ranks, r.id};
    return pairs;
}

std::vector<SeatSwappedPair> seat_swapped_pairs(
    const std::vector<tournament::GameRecord>& records) {
    SeatSwapPairing pairing;
    std::vector<SeatSwappedPair> pairs;
    for (const tournament::GameRecord& r : records) {
        std::vector<SeatSwappedPair> completed = pairing.add(r);
        pairs.insert(pairs.end(), completed.begin(), completed.end());
    }
    return pairs;
}

}  // namespace arena::report
