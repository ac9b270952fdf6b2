// Reading the fields of a config file (tournament and gate configs): every wrong field is
// reported the same way, "<file>: field '<field>': <what is wrong>" (a ConfigError).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "arena/common/error_text.hpp"
#include "arena/common/numbers.hpp"
#include "arena/tournament/config.hpp"

namespace arena::tournament {

// The name of `known` that `given` most likely misspells (a letter missing, added, changed or
// two swapped, any case; or one is the start of the other), or nothing when none is that close:
// a suggestion must be worth reading.
std::optional<std::string> closest_name(std::string_view given,
                                        const std::vector<std::string>& known);

// What is said of an unknown field `given` of an object whose fields are `known`:
// "unknown field: did you mean 'command'? (known: name, command, ...)", or without a close one
// "unknown field (known: name, command, ...)". `known_text`, when given, replaces the list in
// the parentheses (e.g. to say which fields go with which game).
std::string unknown_field_text(std::string_view given, const std::vector<std::string>& known,
                               const std::string& known_text = "");

// A config's text with its trailing commas (a ',' after a value, followed by ']' or '}') made
// blanks, outside strings and comments; every other character (and so every line and column
// of a parse error) stays where it was. A comma with no value before it ("[,]", "[1,,]",
// "{"a": ,}") is left for the JSON parser to refuse.
std::string without_trailing_commas(std::string_view text);

// The JSON object of a config file's text: comments and trailing commas allowed. `Json` is
// nlohmann::json or nlohmann::ordered_json (the gate keeps its fields in file order). Throws
// ConfigError "<file>: not valid JSON: ..." or "<file>: must be a JSON object".
template <class Json>
Json parse_config_object(const std::string& text, const std::filesystem::path& file) {
    Json root;
    try {
        root = Json::parse(without_trailing_commas(text), nullptr, true,
                           /*ignore_comments=*/true);
    } catch (const typename Json::exception& e) {
        // parse_error, or out_of_range for a number too large for any type (found by fuzz_config)
        throw ConfigError(file.string() + ": not valid JSON: " + errors::json_text(e));
    }
    if (!root.is_object()) throw ConfigError(file.string() + ": must be a JSON object");
    return root;
}

// What a config's "seeds" says.
struct SeedList {
    std::vector<std::int64_t> seeds;
    std::optional<std::int64_t> master;  // set when the seeds were drawn from it
    // The config says how many: "seeds" a count, {"count": N, ...} or a list. Without that the
    // count is the default (10).
    bool count_given = false;
};

// Reads one config file's fields, naming the file and the field when one is wrong. The value
// readers take nlohmann::json or nlohmann::ordered_json (the gate keeps its fields in file order).
class FieldReader {
  public:
    // `root`: the object find() looks in, the config's top level. It must outlive the reader.
    FieldReader(const std::filesystem::path& file, const nlohmann::json& root)
        : file_(file), root_(root) {}

    const std::filesystem::path& file() const { return file_; }

    // Throws ConfigError("<file>: field '<field>': <what>").
    [[noreturn]] void fail(const std::string& field, const std::string& what) const {
        throw ConfigError(file_.string() + ": field '" + field + "': " + what);
    }

    // A top-level field, or nullptr when the config does not have it.
    const nlohmann::json* find(const char* field) const {
        auto it = root_.find(field);
        return it == root_.end() ? nullptr : &*it;
    }

    // Refuses the first field of `object` that is not one of `known`, named `<prefix>.<key>` (or
    // `<key>` when `prefix` is empty), with the closest known one (unknown_field_text). Called
    // before the object's fields are read: a misspelled field is named as such, not as the
    // field it was meant to be ("'bots[0].command': missing").
    template <class Json>
    void check_fields(const Json& object, const std::string& prefix,
                      const std::vector<std::string>& known,
                      const std::string& known_text = "") const {
        if (!object.is_object()) return;
        for (const auto& [key, value] : object.items()) {
            if (std::find(known.begin(), known.end(), key) == known.end())
                fail(prefix.empty() ? key : prefix + "." + key,
                     unknown_field_text(key, known, known_text));
        }
    }

    // "must be a string, got number"
    template <class Json>
    std::string string(const Json& value, const std::string& field) const {
        if (!value.is_string())
            fail(field, "must be a string, got " + std::string(value.type_name()));
        return value.template get<std::string>();
    }

    // "must be true or false"
    template <class Json>
    bool boolean(const Json& value, const std::string& field) const {
        if (!value.is_boolean()) fail(field, "must be true or false");
        return value.template get<bool>();
    }

    // Any finite number: "must be a number, got ..."
    template <class Json>
    double number(const Json& value, const std::string& field) const {
        if (!value.is_number() || !std::isfinite(value.template get<double>()))
            fail(field, "must be a number, got " + value.dump());
        return value.template get<double>();
    }

    // A finite number in `range`: "must be a number above 0 and below 1, got 2"
    // (numbers::describe).
    template <class Json>
    double real_number(const Json& value, const std::string& field,
                       numbers::RealRange range) const {
        if (!value.is_number() || !numbers::in_range(value.template get<double>(), range))
            fail(field, "must be " + numbers::describe(range) + ", got " + value.dump());
        return value.template get<double>();
    }

    // A whole number in `range`, never wrapped: "must be a whole number from 1 to 50, got 51"
    // (numbers::describe).
    template <class Json>
    std::int64_t whole_number(const Json& value, const std::string& field,
                              numbers::Range range) const {
        const std::optional<std::int64_t> n = numbers::from_json(value, range);
        if (!n) fail(field, "must be " + numbers::describe(range) + ", got " + value.dump());
        return *n;
    }

    template <class Json>
    int whole_number(const Json& value, const std::string& field, int min, int max) const {
        return static_cast<int>(whole_number(value, field, numbers::Range{min, max}));
    }

    // A CodinGame seed: any signed 64-bit value, never wrapped.
    template <class Json>
    std::int64_t seed(const Json& value, const std::string& field) const {
        return whole_number(value, field, numbers::kInt64);
    }

    // The top-level "seeds" (`value`, nullptr when absent): a count drawn from the master seed 1,
    // {"count": N, "master": S}, or a non-empty list of distinct seeds; absent: 10 seeds drawn
    // from master seed 1 (seeds_from_master).
    SeedList seeds(const nlohmann::json* value) const;

  private:
    std::filesystem::path file_;
    const nlohmann::json& root_;
};

// A config's "referee" (in place of "game": docs/other-games.md): the external game it describes,
// registered (match::register_external_game) so that every layer finds it by name. A relative
// program in its command is found as a bot's is: from where arena runs, or from its
// "working_dir". Throws ConfigError "<file>: field 'referee.<field>': <what is wrong>".
const referee::GameInfo& register_referee(const FieldReader& fields, const nlohmann::json& value);

}  // namespace arena::tournament
