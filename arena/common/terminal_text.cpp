#include "arena/common/terminal_text.hpp"

#include <cstdint>
#include <cstdio>

namespace arena::terminal {

namespace {

// The code point of the UTF-8 sequence at `text[i]` and its length, or length 0 when the bytes
// there are not valid UTF-8 (a stray continuation byte, a cut sequence, an overlong form, a
// surrogate, a value above U+10FFFF).
struct Decoded {
    std::uint32_t code_point = 0;
    std::size_t length = 0;
};

Decoded decode(std::string_view text, std::size_t i) {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char lead = byte(i);
    std::size_t length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 0;
    if (lead > 0xF4 || length == 0 || i + length > text.size()) return {};
    std::uint32_t cp = lead & (0x7F >> length);
    for (std::size_t k = 1; k < length; ++k) {
        if ((byte(i + k) & 0xC0) != 0x80) return {};
        cp = (cp << 6) | (byte(i + k) & 0x3F);
    }
    static constexpr std::uint32_t kLeast[] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < kLeast[length] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return {};
    return {cp, length};
}

// Code points a terminal acts on instead of showing: C1 controls, and the invisible marks that
// reorder text (bidirectional overrides) or end a line.
bool hidden(std::uint32_t cp) {
    return (cp >= 0x80 && cp <= 0x9F) || cp == 0x061C || cp == 0x200E || cp == 0x200F ||
           (cp >= 0x2028 && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069);
}

std::string escape(const char* format, unsigned value) {
    char text[16];
    std::snprintf(text, sizeof text, format, value);
    return text;
}

}  // namespace

std::string visible(std::string_view text, Newlines newlines) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c == '\t' || (c == '\n' && newlines == Newlines::keep) || (c >= 0x20 && c < 0x7F)) {
            out += static_cast<char>(c);
            ++i;
        } else if (c == '\n' || c == '\r') {
            out += c == '\n' ? "\\n" : "\\r";
            ++i;
        } else if (c < 0x80) {  // other C0 controls, DEL
            out += escape("\\x%02x", c);
            ++i;
        } else if (const Decoded d = decode(text, i); d.length == 0) {
            out += escape("\\x%02x", c);
            ++i;
        } else {
            if (hidden(d.code_point))
                out += escape("\\u%04x", d.code_point);
            else
                out.append(text.substr(i, d.length));
            i += d.length;
        }
    }
    return out;
}

}  // namespace arena::terminal
