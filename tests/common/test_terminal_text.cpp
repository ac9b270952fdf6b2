// Bot text on the terminal: controls shown, never interpreted; printable UTF-8 kept.
#include <doctest/doctest.h>

#include "arena/common/terminal_text.hpp"

using arena::terminal::Newlines;
using arena::terminal::visible;
using namespace std::string_literals;

TEST_CASE("escape sequences, carriage returns and other C0 controls are shown") {
    CHECK(visible("\x1b]0;pwned\x07\x1b[2J") == "\\x1b]0;pwned\\x07\\x1b[2J");
    CHECK(visible("50 50\r\n") == "50 50\\r\\n");
    CHECK(visible("a\0b"s) == "a\\x00b");
    CHECK(visible("\x7f\x08") == "\\x7f\\x08");
    CHECK(visible("col\tumn") == "col\tumn");  // a tab stays
}

TEST_CASE("newlines are kept only when asked (multi-line text)") {
    CHECK(visible("line 1\nline 2", Newlines::keep) == "line 1\nline 2");
    CHECK(visible("line 1\r\nline 2", Newlines::keep) == "line 1\\r\nline 2");
    CHECK(visible("line 1\nline 2") == "line 1\\nline 2");
}

TEST_CASE("printable UTF-8 is kept; C1 controls, bidi overrides and broken bytes are shown") {
    CHECK(visible("déjà vu ✓ 🎲 日本") == "déjà vu ✓ 🎲 日本");
    CHECK(visible("\xc2\x9b"
                  "31m") == "\\u009b31m");  // C1 CSI
    CHECK(visible("abc\xe2\x80\xae"
                  "cba") == "abc\\u202ecba");                      // right-to-left override
    CHECK(visible("\xe2\x80\xa8") == "\\u2028");                   // line separator
    CHECK(visible("\xff\xfe") == "\\xff\\xfe");                    // not UTF-8
    CHECK(visible("\xc3") == "\\xc3");                             // cut sequence
    CHECK(visible("\xc0\xaf") == "\\xc0\\xaf");                    // overlong '/'
    CHECK(visible("\xed\xa0\x80") == "\\xed\\xa0\\x80");           // surrogate
    CHECK(visible("\xf4\x90\x80\x80") == "\\xf4\\x90\\x80\\x80");  // above U+10FFFF
    CHECK(visible("") == "");
}
