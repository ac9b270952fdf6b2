// Exception messages as a user reads them: what went wrong, without a library's internal wording
// (nlohmann's "[json.exception.type_error.302]", "stoi", "vector::_M_range_check", "bad_alloc").
#pragma once

#include <exception>
#include <string>

namespace arena::errors {

// nlohmann's message without its "[json.exception.<kind>.<id>] " prefix ("type must be number,
// but is string"); any other message unchanged.
std::string json_text(const std::exception& e);

// An exception nobody foresaw, for the "error: ..." line: "out of memory" for std::bad_alloc,
// JSON errors as json_text says, and a standard library function's own message (a logic error
// naming stoi, vector::_M_range_check, basic_string::substr...) as an internal error to report.
std::string user_text(const std::exception& e);

}  // namespace arena::errors
