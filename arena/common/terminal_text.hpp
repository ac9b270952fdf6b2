// Text that bots control (their output and stderr, referee messages that quote them, logs anyone
// may have edited), made safe to print on a terminal: control characters are shown as escapes
// ("\x1b", "\r") and never reach the terminal, which would act on them (move the cursor, clear
// the screen, retitle the window, answer queries). Valid, printable UTF-8 is kept as it is, and a
// tab stays a tab. Files (JSON logs, results, reports) keep the exact bytes: this is for the
// terminal only.
#pragma once

#include <string>
#include <string_view>

namespace arena::terminal {

enum class Newlines {
    escape,  // "\n" shown as \n: one line on the terminal
    keep,    // text of several lines (a board, a stderr excerpt)
};

// `text` with every C0 control (but tab, and newline when kept), DEL, every C1 control (U+0080 to
// U+009F), the Unicode controls that reorder or break lines (U+061C, U+200E, U+200F, U+2028 to
// U+202E, U+2066 to U+2069) and every byte that is not valid UTF-8 written as a visible escape:
// \r, \n, \xNN for a byte, \uNNNN for a code point.
std::string visible(std::string_view text, Newlines newlines = Newlines::escape);

}  // namespace arena::terminal
