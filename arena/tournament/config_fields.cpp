#include "arena/tournament/config_fields.hpp"

#include <set>

namespace arena::tournament {

SeedList FieldReader::seeds(const nlohmann::json* value) const {
    constexpr int kDefaultSeedCount = 10;
    constexpr std::int64_t kDefaultMasterSeed = 1;
    constexpr int kMaxSeedCount = 1000000;
    SeedList list;
    list.count_given = value && (!value->is_object() || value->contains("count"));
    if (!value) {
        list.master = kDefaultMasterSeed;
        list.seeds = seeds_from_master(kDefaultMasterSeed, kDefaultSeedCount);
    } else if (value->is_number()) {
        list.master = kDefaultMasterSeed;
        list.seeds =
            seeds_from_master(kDefaultMasterSeed, whole_number(*value, "seeds", 1, kMaxSeedCount));
    } else if (value->is_object()) {
        for (const auto& [key, field] : value->items()) {
            if (key != "count" && key != "master")
                fail("seeds." + key, "unknown field (known: count, master)");
        }
        const int count = value->contains("count")
                              ? whole_number(value->at("count"), "seeds.count", 1, kMaxSeedCount)
                              : kDefaultSeedCount;
        list.master = value->contains("master") ? seed(value->at("master"), "seeds.master")
                                                : kDefaultMasterSeed;
        list.seeds = seeds_from_master(*list.master, count);
    } else if (value->is_array() && !value->empty()) {
        std::set<std::int64_t> seen;
        for (std::size_t i = 0; i < value->size(); ++i) {
            const std::string field = "seeds[" + std::to_string(i) + "]";
            const std::int64_t s = seed((*value)[i], field);
            if (!seen.insert(s).second) fail(field, std::to_string(s) + " is listed twice");
            list.seeds.push_back(s);
        }
    } else {
        fail("seeds",
             "must be a count (e.g. 50), {\"count\": N, \"master\": S}, or a non-empty list of "
             "seeds");
    }
    return list;
}

}  // namespace arena::tournament
