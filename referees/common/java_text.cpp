#include "referees/common/java_text.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>

namespace arena::referee {
namespace {

// First code point ("zero") of every block of Unicode decimal digits (general category Nd) in
// Unicode 13.0, the version of JDK 17. Unicode assigns decimal digits only in runs of ten
// consecutive code points valued 0..9, so the zeros describe them all. Checked against JDK 17:
// these are exactly the code points where Character.digit(cp, 10) == 0 (65 of them, 650 digits).
// Later Unicode versions add blocks outside the BMP (14.0: Tangsa U+16AC0; 15.0: Kawi U+11F50,
// Nag Mundari U+1E4F0), which java_parse_int rejects anyway.
constexpr std::array<char32_t, 65> kDecimalDigitZeros = {
    // Basic Multilingual Plane: 37 blocks. Only these can appear in Integer.parseInt input.
    0x0030,  // ASCII
    0x0660,  // Arabic-Indic
    0x06F0,  // Extended Arabic-Indic
    0x07C0,  // NKo
    0x0966,  // Devanagari
    0x09E6,  // Bengali
    0x0A66,  // Gurmukhi
    0x0AE6,  // Gujarati
    0x0B66,  // Oriya
    0x0BE6,  // Tamil
    0x0C66,  // Telugu
    0x0CE6,  // Kannada
    0x0D66,  // Malayalam
    0x0DE6,  // Sinhala Lith
    0x0E50,  // Thai
    0x0ED0,  // Lao
    0x0F20,  // Tibetan
    0x1040,  // Myanmar
    0x1090,  // Myanmar Shan
    0x17E0,  // Khmer
    0x1810,  // Mongolian
    0x1946,  // Limbu
    0x19D0,  // New Tai Lue
    0x1A80,  // Tai Tham Hora
    0x1A90,  // Tai Tham Tham
    0x1B50,  // Balinese
    0x1BB0,  // Sundanese
    0x1C40,  // Lepcha
    0x1C50,  // Ol Chiki
    0xA620,  // Vai
    0xA8D0,  // Saurashtra
    0xA900,  // Kayah Li
    0xA9D0,  // Javanese
    0xA9F0,  // Myanmar Tai Laing
    0xAA50,  // Cham
    0xABF0,  // Meetei Mayek
    0xFF10,  // Fullwidth
    // Supplementary planes: 28 blocks.
    0x104A0,  // Osmanya
    0x10D30,  // Hanifi Rohingya
    0x11066,  // Brahmi
    0x110F0,  // Sora Sompeng
    0x11136,  // Chakma
    0x111D0,  // Sharada
    0x112F0,  // Khudawadi
    0x11450,  // Newa
    0x114D0,  // Tirhuta
    0x11650,  // Modi
    0x116C0,  // Takri
    0x11730,  // Ahom
    0x118E0,  // Warang Citi
    0x11950,  // Dives Akuru
    0x11C50,  // Bhaiksuki
    0x11D50,  // Masaram Gondi
    0x11DA0,  // Gunjala Gondi
    0x16A60,  // Mro
    0x16B50,  // Pahawh Hmong
    0x1D7CE,  // Mathematical bold
    0x1D7D8,  // Mathematical double-struck
    0x1D7E2,  // Mathematical sans-serif
    0x1D7EC,  // Mathematical sans-serif bold
    0x1D7F6,  // Mathematical monospace
    0x1E140,  // Nyiakeng Puachue Hmong
    0x1E2F0,  // Wancho
    0x1E950,  // Adlam
    0x1FBF0,  // Segmented (legacy computing)
};

// Java's regex \s without UNICODE_CHARACTER_CLASS: [ \t\n\x0B\f\r].
bool is_java_regex_space(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\x0B' || c == '\f' || c == '\r';
}

// Decodes one UTF-8 sequence at text[at]. Returns the code point and advances `at`, or returns
// nullopt for anything Java's UTF-8 decoder would replace by U+FFFD: stray continuation bytes,
// truncated sequences, overlong forms, UTF-16 surrogates, code points above U+10FFFF.
std::optional<char32_t> decode_utf8(std::string_view text, std::size_t& at) {
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
    const unsigned char lead = byte(at);
    if (lead < 0x80) {
        ++at;
        return lead;
    }
    std::size_t length = 0;
    char32_t code_point = 0;
    char32_t smallest = 0;  // below this the sequence is an overlong form
    if ((lead & 0xE0) == 0xC0) {
        length = 2, code_point = lead & 0x1F, smallest = 0x80;
    } else if ((lead & 0xF0) == 0xE0) {
        length = 3, code_point = lead & 0x0F, smallest = 0x800;
    } else if ((lead & 0xF8) == 0xF0) {
        length = 4, code_point = lead & 0x07, smallest = 0x10000;
    } else {
        return std::nullopt;
    }
    if (at + length > text.size()) return std::nullopt;
    for (std::size_t i = 1; i < length; ++i) {
        const unsigned char next = byte(at + i);
        if ((next & 0xC0) != 0x80) return std::nullopt;
        code_point = (code_point << 6) | (next & 0x3F);
    }
    if (code_point < smallest || code_point > 0x10FFFF ||
        (code_point >= 0xD800 && code_point <= 0xDFFF)) {
        return std::nullopt;
    }
    at += length;
    return code_point;
}

// A separator occurrence [start, end) found by a split's matcher; start == npos when none left.
struct Match {
    std::size_t start = std::string_view::npos;
    std::size_t end = std::string_view::npos;
};

// java.util.regex.Pattern.split(input, limit), ported statement by statement (JDK 17) so that
// every corner case (leading empty piece, limit, trailing empty pieces) comes out the same.
// `find_from(i)` returns the next separator starting at or after i; separators are never empty.
template <typename FindFrom>
std::vector<std::string_view> java_split(std::string_view input, int limit, FindFrom find_from) {
    std::vector<std::string_view> pieces;
    const bool limited = limit > 0;
    const auto max_pieces = static_cast<std::size_t>(limited ? limit : 0);
    std::size_t index = 0;  // where the next piece starts
    for (Match m = find_from(0); m.start != std::string_view::npos; m = find_from(m.end)) {
        if (!limited || pieces.size() < max_pieces - 1) {
            pieces.push_back(input.substr(index, m.start - index));
            index = m.end;
        } else if (pieces.size() == max_pieces - 1) {  // the last piece is the rest of the input
            pieces.push_back(input.substr(index));
            index = m.end;
            break;  // Java keeps matching here, but nothing more can change
        }
    }
    if (index == 0) return {input};  // no separator at all: the input itself
    if (!limited || pieces.size() < max_pieces) pieces.push_back(input.substr(index));
    if (limit == 0) {
        while (!pieces.empty() && pieces.back().empty()) pieces.pop_back();
    }
    return pieces;
}

}  // namespace

std::string_view java_trim(std::string_view text) {
    // Every byte <= 0x20 is an ASCII character, never part of a multi-byte UTF-8 sequence.
    const auto is_trimmed = [](char c) { return static_cast<unsigned char>(c) <= 0x20; };
    std::size_t begin = 0;
    std::size_t end = text.size();
    while (begin < end && is_trimmed(text[begin])) ++begin;
    while (end > begin && is_trimmed(text[end - 1])) --end;
    return text.substr(begin, end - begin);
}

std::vector<std::string_view> java_split_whitespace(std::string_view text, int limit) {
    return java_split(text, limit, [text](std::size_t from) {
        Match m;
        while (from < text.size() && !is_java_regex_space(text[from])) ++from;
        if (from == text.size()) return m;
        m.start = from;
        while (from < text.size() && is_java_regex_space(text[from])) ++from;  // \s+ is greedy
        m.end = from;
        return m;
    });
}

std::vector<std::string_view> java_split_literal(std::string_view text, std::string_view separator,
                                                 int limit) {
    if (separator.empty()) return {text};  // not used by any referee; avoids an endless loop
    return java_split(text, limit, [text, separator](std::size_t from) {
        Match m;
        const std::size_t start = text.find(separator, from);
        if (start == std::string_view::npos) return m;
        m.start = start;
        m.end = start + separator.size();
        return m;
    });
}

int unicode_decimal_digit_value(char32_t code_point) {
    // The block that could hold code_point is the one with the largest zero <= code_point.
    const auto next =
        std::upper_bound(kDecimalDigitZeros.begin(), kDecimalDigitZeros.end(), code_point);
    if (next == kDecimalDigitZeros.begin()) return -1;
    const char32_t offset = code_point - *(next - 1);
    return offset < 10 ? static_cast<int>(offset) : -1;
}

std::optional<int> java_parse_int(std::string_view text) {
    // Integer.parseInt(String, 10) of JDK 17, ported statement by statement. It accumulates the
    // value as a negative number so that -2147483648 fits, and checks for overflow before every
    // multiplication (multmin) and subtraction (limit).
    if (text.empty()) return std::nullopt;
    bool negative = false;
    std::int32_t limit = -std::numeric_limits<std::int32_t>::max();
    std::size_t i = 0;
    const char first = text[0];
    if (static_cast<unsigned char>(first) < '0') {  // possible leading '+' or '-'
        if (first == '-') {
            negative = true;
            limit = std::numeric_limits<std::int32_t>::min();
        } else if (first != '+') {
            return std::nullopt;
        }
        if (text.size() == 1) return std::nullopt;  // a lone "+" or "-"
        i = 1;
    }
    const std::int32_t multmin = limit / 10;
    std::int32_t result = 0;
    while (i < text.size()) {
        const std::optional<char32_t> code_point = decode_utf8(text, i);
        if (!code_point) return std::nullopt;
        // Java sees a code point above U+FFFF as two surrogates, neither of which is a digit.
        const int digit = *code_point > 0xFFFF ? -1 : unicode_decimal_digit_value(*code_point);
        if (digit < 0 || result < multmin) return std::nullopt;
        result *= 10;
        if (result < limit + digit) return std::nullopt;
        result -= digit;
    }
    return negative ? result : -result;
}

}  // namespace arena::referee
