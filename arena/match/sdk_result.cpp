#include "arena/match/sdk_result.hpp"

#include <algorithm>
#include <cctype>
#include <nlohmann/json.hpp>
#include <optional>

namespace arena::match {
namespace {

using nlohmann::json;

// The entry `index` of an SDK list: nullopt for null or past its end; refuses any other type.
std::optional<std::string> text_at(const json& list, std::size_t index, const std::string& what) {
    if (!list.is_array() || index >= list.size() || list[index].is_null()) return std::nullopt;
    if (!list[index].is_string())
        throw SdkResultError(what + "[" + std::to_string(index) + "] is not a string");
    return list[index].get<std::string>();
}

// outputs["0"], errors["1"], ...: an agent's list, or an empty array when absent (errors only).
const json& agent_list(const json& result, const char* field, int seat, bool required) {
    static const json none = json::array();
    const auto found = result.find(field);
    if (found == result.end() || !found->is_object()) {
        if (required) throw SdkResultError(std::string("no \"") + field + "\" object");
        return none;
    }
    const auto list = found->find(std::to_string(seat));
    if (list == found->end() || !list->is_array()) {
        if (required)
            throw SdkResultError(std::string("no \"") + field + "\" list for player " +
                                 std::to_string(seat));
        return none;
    }
    return *list;
}

std::int64_t score_of(const json& result, int seat) {
    const auto scores = result.find("scores");
    if (scores == result.end() || !(scores->is_object() || scores->is_array()))
        throw SdkResultError("no \"scores\"");
    const json* score = nullptr;
    if (scores->is_object()) {
        const auto found = scores->find(std::to_string(seat));
        if (found != scores->end()) score = &*found;
    } else if (static_cast<std::size_t>(seat) < scores->size()) {
        score = &(*scores)[static_cast<std::size_t>(seat)];
    }
    if (score == nullptr || !score->is_number())
        throw SdkResultError("no \"scores\" for player " + std::to_string(seat));
    return score->is_number_integer() ? score->get<std::int64_t>()
                                      : static_cast<std::int64_t>(score->get<double>());
}

std::string lowercase(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return text;
}

bool mentions(const std::string& text, std::initializer_list<const char*> words) {
    const std::string lower = lowercase(text);
    return std::any_of(words.begin(), words.end(),
                       [&](const char* word) { return lower.find(word) != std::string::npos; });
}

// The answer as arena records it: the SDK ends each line with '\n' (several lines: joined).
std::string without_final_newline(std::string text) {
    if (!text.empty() && text.back() == '\n') text.pop_back();
    return text;
}

struct Tooltip {
    int player = -1;
    std::size_t frame = 0;
    std::string text;
};

std::vector<Tooltip> tooltips_of(const json& result) {
    std::vector<Tooltip> tooltips;
    const auto found = result.find("tooltips");
    if (found == result.end() || !found->is_array()) return tooltips;
    for (const json& entry : *found) {
        if (!entry.is_object() || !entry.contains("text") || !entry["text"].is_string()) continue;
        Tooltip tip;
        tip.text = entry["text"].get<std::string>();
        if (entry.contains("event") && entry["event"].is_number_integer())
            tip.player = entry["event"].get<int>();
        if (entry.contains("turn") && entry["turn"].is_number_unsigned())
            tip.frame = entry["turn"].get<std::size_t>();
        tooltips.push_back(std::move(tip));
    }
    return tooltips;
}

// The seat asked in `frame`: the one with an answer, else the one whose stderr was read (the SDK
// reads only the asked player's; the others get null). -1: nobody (the init frame).
int asked_in(const json& result, int players, std::size_t frame, std::optional<std::string>& out) {
    for (int seat = 0; seat < players; ++seat) {
        out = text_at(agent_list(result, "outputs", seat, true), frame, "outputs");
        if (out) return seat;
    }
    for (int seat = 0; seat < players; ++seat)
        if (text_at(agent_list(result, "errors", seat, false), frame, "errors")) return seat;
    return -1;
}

// One Turn per frame in which a player was asked; the frames' summaries and tooltips with it.
void fill_turns(const json& result, const std::vector<Tooltip>& tooltips, MatchLog& log,
                std::vector<bool>& no_answer) {
    const int players = static_cast<int>(log.players.size());
    const json summaries = result.value("summaries", json::array());
    std::size_t frames = summaries.is_array() ? summaries.size() : 0;
    for (int seat = 0; seat < players; ++seat)
        frames = std::max(frames, agent_list(result, "outputs", seat, true).size());
    std::vector<std::size_t> stderr_kept(log.players.size(), 0);
    for (std::size_t frame = 1; frame < frames; ++frame) {
        const std::string summary = text_at(summaries, frame, "summaries").value_or("");
        std::optional<std::string> output;
        const int seat = asked_in(result, players, frame, output);
        if (seat < 0) {  // the last frame (scores) or a frame without a player: its summary
            if (!log.turns.empty() && !summary.empty())
                log.turns.back().summary +=
                    (log.turns.back().summary.empty() ? "" : "\n") + summary;
            continue;
        }
        Turn turn;
        turn.turn = static_cast<int>(log.turns.size()) + 1;
        turn.player = seat;
        if (output) turn.output = without_final_newline(*output);
        if (!output) no_answer[static_cast<std::size_t>(seat)] = true;
        std::string err =
            text_at(agent_list(result, "errors", seat, false), frame, "errors").value_or("");
        std::size_t& kept = stderr_kept[static_cast<std::size_t>(seat)];
        const std::size_t room = std::min(process::kStderrCapPerTurn, kStderrCapPerGame - kept);
        if (err.size() > room) {
            err.resize(room);
            turn.stderr_truncated = true;
            if (kept + room >= kStderrCapPerGame)
                log.seats[static_cast<std::size_t>(seat)].stderr_cut = true;
        }
        kept += err.size();
        turn.stderr_text = std::move(err);
        turn.summary = summary;
        for (const Tooltip& tip : tooltips)
            if (tip.frame == frame) turn.error += (turn.error.empty() ? "" : "\n") + tip.text;
        log.turns.push_back(std::move(turn));
    }
}

void fill_outcome(SeatResult& seat, int index, bool no_answer, const std::vector<Tooltip>& tooltips,
                  const WrappedBotEnd* end) {
    std::string tooltip;  // the seat's own tooltips: where the SDK puts a deactivation's reason
    for (const Tooltip& tip : tooltips)
        if (tip.player == index) tooltip += (tooltip.empty() ? "" : "; ") + tip.text;
    if (end && end->known) seat.detail = end->detail;
    // A bot that ended by itself after its last answer did no harm; one the runner then asked
    // in vain crashed (the SDK saw a timeout).
    if (end && end->known && ((end->ended_by_itself && no_answer) || !end->limit_reached.empty())) {
        seat.outcome = Outcome::crash;
        if (!end->limit_reached.empty() &&
            seat.detail.find(end->limit_reached) == std::string::npos)
            seat.detail = end->limit_reached + ": " + seat.detail;
    } else if (no_answer || mentions(tooltip, {"timeout", "timed out", "time out", "not provided",
                                               "no answer", "did not answer"})) {
        seat.outcome = Outcome::timeout;
        seat.detail = tooltip.empty() ? "no answer in the runner's time" : tooltip;
    } else if (mentions(tooltip, {"invalid", "illegal", "wrong", "expected", "unknown", "bad "})) {
        seat.outcome = Outcome::invalid;
        seat.detail = tooltip;
    }
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::size_t from = 0;
    for (std::size_t at; (at = text.find('\n', from)) != std::string::npos; from = at + 1)
        lines.push_back(text.substr(from, at - from));
    lines.push_back(text.substr(from));
    return lines;
}

// Each turn of `seat` takes the wrapper's next entries: one per line of its answer (a turn with
// no answer: the entry without a line). Stops at the first entry that does not match.
void add_wrapper_view(MatchLog& log, int seat, const std::vector<WrappedLine>& lines) {
    std::size_t next = 0;
    for (Turn& turn : log.turns) {
        if (turn.player != seat) continue;
        std::vector<std::string> answer;
        if (turn.output) answer = lines_of(*turn.output);
        std::string input;
        double ms = 0;
        std::size_t at = next;
        for (const std::string& line : answer) {
            if (at >= lines.size() || lines[at].line != line) return;
            input += lines[at].input;
            ms += lines[at++].ms;
        }
        if (!turn.output) {
            if (at >= lines.size() || lines[at].line) return;
            input = lines[at++].input;
            ms = lines[at - 1].ms;
        }
        turn.input = std::move(input);
        turn.time_ms = ms;
        next = at;
    }
}

std::string reason_of(const json& result) {
    const auto summaries = result.find("summaries");
    if (summaries != result.end() && summaries->is_array())
        for (auto it = summaries->rbegin(); it != summaries->rend(); ++it)
            if (it->is_string() && !it->get<std::string>().empty())
                return without_final_newline(it->get<std::string>());
    return "game over (the runner's result has no summary)";
}

}  // namespace

void fill_log_from_sdk_result(std::string_view json_text, const std::vector<WrappedBotEnd>& ends,
                              MatchLog& log) {
    json result;
    try {
        result = json::parse(json_text);
    } catch (const json::exception& e) {
        throw SdkResultError(std::string("its result is not JSON: ") + e.what());
    }
    if (!result.is_object()) throw SdkResultError("its result is not a JSON object");
    if (const auto cause = result.find("failCause"); cause != result.end() && !cause->is_null())
        throw SdkResultError("the game failed: " +
                             (cause->is_string() ? cause->get<std::string>() : cause->dump()));
    const int players = static_cast<int>(log.players.size());
    log.seats.assign(log.players.size(), SeatResult{});
    log.turns.clear();
    const std::vector<Tooltip> tooltips = tooltips_of(result);
    std::vector<bool> no_answer(log.players.size(), false);
    try {
        for (int seat = 0; seat < players; ++seat)
            log.seats[static_cast<std::size_t>(seat)].score = score_of(result, seat);
        fill_turns(result, tooltips, log, no_answer);
    } catch (const json::exception& e) {
        throw SdkResultError(std::string("its result is malformed: ") + e.what());
    }
    for (SeatResult& seat : log.seats) {
        seat.rank = 1 + static_cast<int>(std::count_if(
                            log.seats.begin(), log.seats.end(),
                            [&](const SeatResult& other) { return other.score > seat.score; }));
    }
    for (int seat = 0; seat < players; ++seat) {
        const auto i = static_cast<std::size_t>(seat);
        if (i < ends.size()) add_wrapper_view(log, seat, ends[i].lines);
        fill_outcome(log.seats[i], seat, no_answer[i], tooltips,
                     i < ends.size() ? &ends[i] : nullptr);
    }
    log.reason = reason_of(result);
}

}  // namespace arena::match
