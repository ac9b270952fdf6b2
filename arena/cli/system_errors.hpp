// The arena's errors are arena::Error (main says them and exits 2); any other exception is a bug
// (exit 1). A few steps of the layers below still report problems the user can fix as standard
// runtime errors: a path that is a file (std::filesystem::filesystem_error), a lock or a results
// file that cannot be written (std::runtime_error). The commands run those steps through
// system_errors_as_arena_errors, so that they stay exit 2 with the words they always had
// (errors::user_text). Logic errors (std::logic_error and the like) still reach main as bugs.
#pragma once

#include <stdexcept>

#include "arena/common/error.hpp"
#include "arena/common/error_text.hpp"

namespace arena::cli {

template <class Step>
decltype(auto) system_errors_as_arena_errors(Step&& step) {
    try {
        return step();
    } catch (const Error&) {
        throw;
    } catch (const std::runtime_error& e) {
        throw Error(errors::user_text(e));
    }
}

}  // namespace arena::cli
