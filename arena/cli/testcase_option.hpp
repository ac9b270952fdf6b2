// A test case named on the command line, as `arena play` and `arena referee` both read it.
#pragma once

#include <string>

#include "referees/registry.hpp"

namespace arena::cli {

// The test case of a catalogue game (SameGame's boards) named by `text`: digits name a built-in
// one (unless a file has that name: "3" may be a board file in the working directory), anything
// else is a file; empty, the game's default. Throws Error "<option>: <why>" (a number out of the
// catalogue, a file that cannot be read or is not a board).
referee::Testcase catalogue_testcase(const referee::GameInfo& game, const std::string& text,
                                     const std::string& option);

}  // namespace arena::cli
