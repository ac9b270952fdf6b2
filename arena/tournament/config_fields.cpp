#include "arena/tournament/config_fields.hpp"

#include <cctype>
#include <set>

namespace arena::tournament {

namespace {

std::string lower(std::string_view text) {
    std::string out(text);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

// Edits from a to b: a letter inserted, deleted, changed, or two neighbours swapped (the
// optimal string alignment distance).
std::size_t edit_distance(const std::string& a, const std::string& b) {
    std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
    for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
    for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t change = a[i - 1] == b[j - 1] ? 0 : 1;
            d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + change});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
        }
    }
    return d[a.size()][b.size()];
}

// How many edits still read as a slip rather than another word: 1 in short names ("seed" for
// "seeds"), 2 in longer ones, 3 in long ones ("player_per_games").
std::size_t edits_allowed(std::size_t length) {
    return length <= 4 ? 1 : length <= 8 ? 2 : 3;
}

// One is the start of the other, at least 4 letters long: "memory" for "memory_mb".
bool starts_alike(const std::string& a, const std::string& b) {
    const std::size_t shorter = std::min(a.size(), b.size());
    return shorter >= 4 && a.compare(0, shorter, b, 0, shorter) == 0;
}

std::size_t common_start(const std::string& a, const std::string& b) {
    std::size_t n = 0;
    while (n < a.size() && n < b.size() && a[n] == b[n]) ++n;
    return n;
}

std::string joined(const std::vector<std::string>& names) {
    std::string text;
    for (const std::string& name : names) text += (text.empty() ? "" : ", ") + name;
    return text;
}

// Where a config text's blanks and comments end, from `i`.
std::size_t skip_blanks(std::string_view text, std::size_t i) {
    while (i < text.size()) {
        if (std::isspace(static_cast<unsigned char>(text[i]))) {
            ++i;
        } else if (text.compare(i, 2, "//") == 0) {
            i = std::min(text.size(), text.find('\n', i));
        } else if (text.compare(i, 2, "/*") == 0) {
            const std::size_t end = text.find("*/", i + 2);
            i = end == std::string_view::npos ? text.size() : end + 2;
        } else {
            break;
        }
    }
    return i;
}

// Where the string starting at `i` (its opening quote) ends, after its closing quote.
std::size_t skip_string(std::string_view text, std::size_t i) {
    for (++i; i < text.size(); ++i) {
        if (text[i] == '\\')
            ++i;
        else if (text[i] == '"')
            return i + 1;
    }
    return text.size();
}

}  // namespace

std::optional<std::string> closest_name(std::string_view given,
                                        const std::vector<std::string>& known) {
    const std::string typed = lower(given);
    std::optional<std::string> best;
    std::size_t best_edits = 0, best_start = 0;
    for (const std::string& name : known) {
        const std::string candidate = lower(name);
        std::size_t edits = edit_distance(typed, candidate);
        if (edits > edits_allowed(candidate.size()) || edits >= typed.size()) {
            if (!starts_alike(typed, candidate)) continue;
            edits = edits_allowed(candidate.size());  // a weaker hint than a close spelling
        }
        // Between equally close names, the one that starts alike: "gates" is "gate", not "games".
        const std::size_t start = common_start(typed, candidate);
        if (!best || edits < best_edits || (edits == best_edits && start > best_start))
            best = name, best_edits = edits, best_start = start;
    }
    return best;
}

std::string unknown_field_text(std::string_view given, const std::vector<std::string>& known,
                               const std::string& known_text) {
    const std::string list = "(known: " + (known_text.empty() ? joined(known) : known_text) + ")";
    if (const std::optional<std::string> close = closest_name(given, known))
        return "unknown field: did you mean '" + *close + "'? " + list;
    return "unknown field " + list;
}

std::string without_trailing_commas(std::string_view text) {
    std::string out(text);
    char last = 0;  // the last character of JSON read, outside blanks and comments
    for (std::size_t i = skip_blanks(text, 0); i < text.size(); i = skip_blanks(text, i)) {
        if (text[i] == '"') {
            i = skip_string(text, i);
            last = '"';
            continue;
        }
        const bool after_value =
            last != 0 && std::string_view("[{,:").find(last) == std::string_view::npos;
        if (text[i] == ',' && after_value) {
            const std::size_t next = skip_blanks(text, i + 1);
            if (next < text.size() && (text[next] == ']' || text[next] == '}')) {
                out[i] = ' ';
                ++i;
                continue;
            }
        }
        last = text[i++];
    }
    return out;
}

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
        check_fields(*value, "seeds", {"count", "master"});
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
             "seeds, got " +
                 value->dump());
    }
    return list;
}

const referee::GameInfo& register_referee(const FieldReader& fields, const nlohmann::json& value) {
    match::ExternalGameSpec spec;
    try {
        spec = match::external_game_from_json(value);
    } catch (const std::invalid_argument& e) {
        // "field 'command': missing ..." of the spec: the config names it "referee.command".
        const std::string what = e.what();
        const std::string field_mark = "field '";
        if (what.rfind(field_mark, 0) != 0) fields.fail("referee", what);
        const std::size_t end = what.find("': ", field_mark.size());
        if (end == std::string::npos) fields.fail("referee", what);
        fields.fail("referee." + what.substr(field_mark.size(), end - field_mark.size()),
                    what.substr(end + 3));
    }
    try {
        return match::register_external_game(spec);
    } catch (const std::invalid_argument& e) {  // a built-in game's name, or another referee's
        fields.fail("referee.name", e.what());
    }
}

}  // namespace arena::tournament
