#include "arena/common/error_text.hpp"

#include <filesystem>
#include <new>
#include <stdexcept>

namespace arena::errors {

namespace {

// nlohmann's wording of a value of the wrong kind names its own functions ("cannot use at() with
// number"): said as what the file should have held instead.
std::string plain_json_wording(const std::string& what) {
    for (const char* prefix : {"cannot use at() with ", "cannot use operator[] with "}) {
        const std::string p = prefix;
        if (what.rfind(p, 0) == 0) {
            const std::string kind = what.substr(p.size());
            const bool vowel =
                !kind.empty() && std::string("aeiou").find(kind[0]) != std::string::npos;
            return std::string("a value of the wrong kind: found ") + (vowel ? "an " : "a ") +
                   kind + " where the file needs another kind of value";
        }
    }
    const std::string key = "key '";
    if (what.rfind(key, 0) == 0 && what.size() > key.size() + 11 &&
        what.compare(what.size() - 11, 11, "' not found") == 0)
        return "field '" + what.substr(key.size(), what.size() - key.size() - 11) + "' is missing";
    return what;
}

}  // namespace

std::string json_text(const std::exception& e) {
    const std::string what = e.what();
    const std::size_t end = what.find("] ");
    if (what.rfind("[json.exception.", 0) == 0 && end != std::string::npos)
        return plain_json_wording(what.substr(end + 2));
    return what;
}

std::string user_text(const std::exception& e) {
    if (dynamic_cast<const std::bad_alloc*>(&e)) return "out of memory";
    // "filesystem error: cannot create directories: Not a directory [afile]": the path first,
    // then what the system said, then what the arena was doing.
    if (const auto* fs_error = dynamic_cast<const std::filesystem::filesystem_error*>(&e)) {
        std::string doing = fs_error->what();
        const std::string prefix = "filesystem error: ";
        if (doing.rfind(prefix, 0) == 0) doing = doing.substr(prefix.size());
        doing = doing.substr(0, doing.find(':'));
        std::string text;  // appended, not "a" + b + c: GCC 12 warns falsely (-Wrestrict) there
        if (!fs_error->path1().empty())
            text.append("'").append(fs_error->path1().string()).append("': ");
        text.append(fs_error->code().message()).append(" (").append(doing);
        return text.append("): check the path, or choose another");
    }
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
