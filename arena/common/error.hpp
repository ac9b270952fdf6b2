// The base of the arena's own errors.
#pragma once

#include <stdexcept>

namespace arena {

// Something the user can fix: bad arguments, a broken config, a missing or damaged file or log, a
// run directory in use. what() names the thing and what to do. The CLI maps every Error to exit 2
// with "error: <what()>" in one place; any other exception reaching it is a bug in arena (exit 1).
//
// A bot's misbehaviour (garbage, a timeout, a crash) is never an Error: it is an outcome of the
// game, kept as a value in the match log and the records.
struct Error : std::runtime_error {
    using std::runtime_error::runtime_error;
};

}  // namespace arena
