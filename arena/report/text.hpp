// Small text helpers every report shares: numbers, CSV fields, wrapped notes. The replay command
// of a game is replay_command.hpp's (it takes how the user runs arena).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace arena::report {

// printf-style formatting of one number, e.g. format("%.1f", 12.345) == "12.3".
std::string format(const char* pattern, double value);

// 175716 -> "175,716": totals are easier to compare with separators.
std::string thousands(std::int64_t value);

// `text` broken at spaces into lines of at most `width` characters (a longer word stays whole),
// every line after the first starting with `indent`, each ending with a newline: the notes under
// a terminal table.
std::string wrapped(const std::string& text, std::size_t width = 100,
                    const std::string& indent = "  ");

// The reading guide the standings point to (every column, open bounds, both LOS figures), from
// the repository's root.
inline constexpr const char* kReadingGuide = "docs/reading-standings.md";

// Text from bots, their names and logs (anyone's) for standings.md, a file people `cat` and
// render: control characters, C1 controls and bytes that are not UTF-8 shown as escapes (\x1b,
// \n: terminal::visible), and what Markdown or HTML would act on made plain: '|' (ends a table
// cell) as \|, '<', '>', '&' as entities, a backslash before punctuation doubled.
std::string markdown_text(std::string_view text);

// The same for a code span: `text` between backticks (more of them than any run inside it),
// shown as it is but for the escapes that keep it one visible cell.
std::string markdown_code(std::string_view text);

// A CSV field in quotes, quotes inside doubled (bot names are the user's), and a text a
// spreadsheet would run as a formula (=, +, -, @, tab, carriage return first; a number excepted)
// led by a ' that shows it as text.
std::string csv_quoted(const std::string& text);

}  // namespace arena::report
