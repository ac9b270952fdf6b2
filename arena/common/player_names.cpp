#include "arena/common/player_names.hpp"

namespace arena {

std::string with_player_names(const std::string& text, const std::vector<std::string>& names) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        const bool placeholder = text[i] == '$' && i + 1 < text.size() && text[i + 1] >= '0' &&
                                 text[i + 1] <= '9' &&
                                 static_cast<std::size_t>(text[i + 1] - '0') < names.size();
        if (placeholder) {
            out += names[text[i + 1] - '0'];
            ++i;
        } else {
            out += text[i];
        }
    }
    return out;
}

}  // namespace arena
