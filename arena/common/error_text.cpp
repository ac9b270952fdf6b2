#include "arena/common/error_text.hpp"

#include <new>
#include <stdexcept>

namespace arena::errors {

std::string json_text(const std::exception& e) {
    const std::string what = e.what();
    const std::size_t end = what.find("] ");
    if (what.rfind("[json.exception.", 0) == 0 && end != std::string::npos)
        return what.substr(end + 2);
    return what;
}

std::string user_text(const std::exception& e) {
    if (dynamic_cast<const std::bad_alloc*>(&e)) return "out of memory";
    const std::string what = json_text(e);
    if (what != e.what()) return "unexpected JSON content: " + what;
    // The standard library's logic errors name the function that threw ("stoi",
    // "vector::_M_range_check: __n (which is 0) >= this->size() (which is 0)").
    const bool internal = what.find("::") != std::string::npos || what.rfind("sto", 0) == 0 ||
                          what.rfind("basic_string", 0) == 0 || what.empty();
    if (dynamic_cast<const std::logic_error*>(&e) && internal)
        return "internal error (please report it with the command that caused it)";
    return what;
}

}  // namespace arena::errors
