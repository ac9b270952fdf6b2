#include "arena/report/elo_json.hpp"

namespace arena::report {

nlohmann::ordered_json elo_object(const ratings::EloEstimate& e) {
    nlohmann::ordered_json j = {{"elo", e.elo}, {"lo95", e.lo95}, {"hi95", e.hi95}};
    if (e.open_below) j["open_below"] = true;
    if (e.open_above) j["open_above"] = true;
    return j;
}

nlohmann::json elo_array(const ratings::EloEstimate& e) {
    return {e.elo, e.lo95, e.hi95};
}

void add_elo_fields(nlohmann::ordered_json& object, const std::string& prefix,
                    const ratings::EloEstimate& e) {
    object[prefix] = e.elo;
    object[prefix + "_lo95"] = e.lo95;
    object[prefix + "_hi95"] = e.hi95;
}

}  // namespace arena::report
