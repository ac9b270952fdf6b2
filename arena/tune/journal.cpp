#include "arena/tune/journal.hpp"

#include "arena/common/error.hpp"
#include "arena/common/input_file.hpp"

namespace arena::tune {

namespace fs = std::filesystem;

namespace {

constexpr const char* kFormat = "arena-tune";
constexpr int kVersion = 1;
// A line is about 200 bytes a parameter: a gigabyte is millions of iterations.
constexpr files::ReadLimit kJournalFile{"tune journal", files::kGiB};

nlohmann::ordered_json by_name(const std::vector<Param>& params, const std::vector<double>& v) {
    nlohmann::ordered_json object = nlohmann::ordered_json::object();
    for (std::size_t i = 0; i < params.size(); ++i) object[params[i].name] = v[i];
    return object;
}

std::vector<double> from_names(const std::vector<Param>& params, const nlohmann::json& object,
                               const char* field) {
    if (!object.is_object() || object.size() != params.size())
        throw std::invalid_argument(std::string("'") + field + "' must name every parameter");
    std::vector<double> values;
    for (const Param& p : params) {
        if (!object.contains(p.name) || !object[p.name].is_number())
            throw std::invalid_argument(std::string("'") + field + "' has no number for '" +
                                        p.name + "'");
        values.push_back(object[p.name].get<double>());
    }
    return values;
}

IterationLine line_from_json(const std::vector<Param>& params, const nlohmann::json& j) {
    IterationLine line;
    line.step.k = j.at("k").get<int>();
    line.step.theta = from_names(params, j.at("theta"), "theta");
    line.step.c = from_names(params, j.at("c"), "c");
    line.step.r = from_names(params, j.at("r"), "r");
    for (double flip : from_names(params, j.at("flips"), "flips"))
        line.step.flips.push_back(flip > 0 ? 1 : -1);
    line.step.plus = from_names(params, j.at("plus"), "plus");
    line.step.minus = from_names(params, j.at("minus"), "minus");
    line.games = j.at("games").get<std::vector<std::string>>();
    line.score.wins = j.at("wins").get<int>();
    line.score.draws = j.at("draws").get<int>();
    line.score.losses = j.at("losses").get<int>();
    line.score.result = j.at("result").get<double>();
    const nlohmann::json& failures = j.at("failures");
    line.score.plus_failures = failures.at("plus").get<int>();
    line.score.minus_failures = failures.at("minus").get<int>();
    const nlohmann::json& crashes = j.at("crashes");
    line.score.plus_crashes = crashes.at("plus").get<int>();
    line.score.minus_crashes = crashes.at("minus").get<int>();
    line.theta_after = from_names(params, j.at("theta_after"), "theta_after");
    return line;
}

}  // namespace

nlohmann::ordered_json header_json() {
    return {{"format", kFormat}, {"version", kVersion}};
}

nlohmann::ordered_json to_json(const std::vector<Param>& params, const IterationLine& line) {
    const Step& s = line.step;
    nlohmann::ordered_json flips = nlohmann::ordered_json::object();
    for (std::size_t i = 0; i < params.size(); ++i) flips[params[i].name] = s.flips[i];
    nlohmann::ordered_json j;
    j["k"] = s.k;
    j["theta"] = by_name(params, s.theta);
    j["c"] = by_name(params, s.c);
    j["r"] = by_name(params, s.r);
    j["flips"] = flips;
    j["plus"] = by_name(params, s.plus);
    j["minus"] = by_name(params, s.minus);
    j["games"] = line.games;
    j["wins"] = line.score.wins;
    j["draws"] = line.score.draws;
    j["losses"] = line.score.losses;
    j["result"] = line.score.result;
    j["failures"] = {{"plus", line.score.plus_failures}, {"minus", line.score.minus_failures}};
    j["crashes"] = {{"plus", line.score.plus_crashes}, {"minus", line.score.minus_crashes}};
    j["theta_after"] = by_name(params, line.theta_after);
    return j;
}

std::vector<IterationLine> read_journal(const fs::path& file, const std::vector<Param>& params) {
    std::vector<IterationLine> lines;
    if (!fs::exists(file)) return lines;
    const std::string text = files::read_text(file, kJournalFile);
    std::size_t whole = 0;  // bytes of whole lines
    int number = 0;
    for (std::size_t start = 0; start < text.size();) {
        const std::size_t end = text.find('\n', start);
        if (end == std::string::npos) break;  // cut short: dropped below
        ++number;
        const std::string where = file.string() + ":" + std::to_string(number) + ": ";
        try {
            const nlohmann::json j = nlohmann::json::parse(text.substr(start, end - start));
            if (number == 1) {
                if (j.value("format", "") != kFormat || j.value("version", 0) != kVersion)
                    throw std::invalid_argument("not a tune journal of this arena (format " +
                                                std::string(kFormat) + " version " +
                                                std::to_string(kVersion) + ")");
            } else {
                IterationLine line = line_from_json(params, j);
                if (line.step.k != number - 1)
                    throw std::invalid_argument("iteration " + std::to_string(line.step.k) +
                                                " where " + std::to_string(number - 1) +
                                                " was expected");
                lines.push_back(std::move(line));
            }
        } catch (const std::exception& e) {
            throw arena::Error(where + e.what() +
                               ": the run cannot go on from it (move the directory aside and "
                               "start again)");
        }
        whole = end + 1;
        start = end + 1;
    }
    if (whole != text.size()) fs::resize_file(file, whole);
    return lines;
}

}  // namespace arena::tune
