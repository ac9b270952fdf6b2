#include "arena/cli/testcase_option.hpp"

#include <filesystem>
#include <stdexcept>

#include "arena/cli/numbers.hpp"
#include "arena/common/error.hpp"
#include "arena/tournament/config.hpp"

namespace arena::cli {

namespace fs = std::filesystem;

referee::Testcase catalogue_testcase(const referee::GameInfo& game, const std::string& text,
                                     const std::string& option) {
    try {
        if (text.empty()) return referee::default_testcase(game);
        // Any number of digits (4294967297 is not board 1).
        const bool is_number = text.find_first_not_of("0123456789") == std::string::npos;
        if (!is_number || fs::exists(text)) return tournament::testcase_from_file(game, text);
        const int count = referee::builtin_testcase_count(game);
        const auto number = numbers::parse(text, {1, count});
        const std::string& noun = game.testcases.noun;
        if (!number)
            throw std::invalid_argument("there is no built-in " + noun + " " + text +
                                        ": CodinGame's " + noun + "s are numbered 1 to " +
                                        std::to_string(count));
        return referee::builtin_testcase(game, static_cast<int>(*number));
    } catch (const std::invalid_argument& e) {
        throw Error(option + ": " + e.what());
    }
}

}  // namespace arena::cli
