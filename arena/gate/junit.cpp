#include "arena/gate/junit.hpp"

#include <cstdint>
#include <cstdio>

namespace arena::gate {

namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD

// Length of the valid UTF-8 sequence at text[i] and its code point; 0 when it is not valid
// (a stray continuation byte, a cut sequence, an overlong form, a surrogate, above U+10FFFF).
std::size_t utf8_sequence(std::string_view text, std::size_t i, std::uint32_t& code_point) {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char lead = byte(i);
    std::size_t length;
    std::uint32_t minimum;
    if (lead < 0x80) {
        code_point = lead;
        return 1;
    } else if ((lead & 0xE0) == 0xC0) {
        length = 2, minimum = 0x80, code_point = lead & 0x1F;
    } else if ((lead & 0xF0) == 0xE0) {
        length = 3, minimum = 0x800, code_point = lead & 0x0F;
    } else if ((lead & 0xF8) == 0xF0) {
        length = 4, minimum = 0x10000, code_point = lead & 0x07;
    } else {
        return 0;
    }
    if (i + length > text.size()) return 0;
    for (std::size_t k = 1; k < length; ++k) {
        if ((byte(i + k) & 0xC0) != 0x80) return 0;
        code_point = (code_point << 6) | (byte(i + k) & 0x3F);
    }
    if (code_point < minimum || code_point > 0x10FFFF ||
        (code_point >= 0xD800 && code_point <= 0xDFFF))
        return 0;
    return length;
}

// The characters XML 1.0 allows (section 2.2).
bool xml_char(std::uint32_t c) {
    return c == 0x9 || c == 0xA || c == 0xD || (c >= 0x20 && c <= 0xD7FF) ||
           (c >= 0xE000 && c <= 0xFFFD) || (c >= 0x10000 && c <= 0x10FFFF);
}

std::string seconds(double s) {
    char text[32];
    std::snprintf(text, sizeof text, "%.3f", s < 0 ? 0.0 : s);
    return text;
}

std::string attribute(const char* name, std::string_view value) {
    return std::string(" ") + name + "=\"" + xml_escape(value, true) + "\"";
}

}  // namespace

std::string xml_escape(std::string_view text, bool attribute_value) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        std::uint32_t c = 0;
        const std::size_t length = utf8_sequence(text, i, c);
        if (length == 0 || !xml_char(c)) {
            out += kReplacement;
            i += length == 0 ? 1 : length;
            continue;
        }
        switch (c) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '"':
                out += "&quot;";
                break;
            case '\'':
                out += "&apos;";
                break;
            // A parser turns these into spaces in attribute values (and \r\n into \n
            // anywhere) unless they are character references.
            case '\n':
                out += attribute_value ? "&#10;" : "\n";
                break;
            case '\t':
                out += attribute_value ? "&#9;" : "\t";
                break;
            case '\r':
                out += "&#13;";
                break;
            default:
                out.append(text.substr(i, length));
        }
        i += length;
    }
    return out;
}

std::string to_junit_xml(const JUnitSuite& suite) {
    int failures = 0, skipped = 0;
    for (const JUnitCase& c : suite.cases) {
        failures += c.status == JUnitCase::Status::failed;
        skipped += c.status == JUnitCase::Status::skipped;
    }
    const std::string counts =
        attribute("tests", std::to_string(suite.cases.size())) +
        attribute("failures", std::to_string(failures)) + attribute("errors", "0") +
        attribute("skipped", std::to_string(skipped)) + attribute("time", seconds(suite.time_s));

    std::string xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    xml += "<testsuites" + attribute("name", suite.name) + counts + ">\n";
    xml += "  <testsuite" + attribute("name", suite.name) + counts;
    if (!suite.timestamp.empty()) xml += attribute("timestamp", suite.timestamp);
    xml += ">\n";
    if (!suite.properties.empty()) {
        xml += "    <properties>\n";
        for (const auto& [name, value] : suite.properties)
            xml += "      <property" + attribute("name", name) + attribute("value", value) + "/>\n";
        xml += "    </properties>\n";
    }
    for (const JUnitCase& c : suite.cases) {
        xml += "    <testcase" + attribute("classname", c.classname) + attribute("name", c.name) +
               attribute("time", seconds(c.time_s));
        if (c.status == JUnitCase::Status::passed && c.output.empty()) {
            xml += "/>\n";
            continue;
        }
        xml += ">\n";
        if (c.status == JUnitCase::Status::failed) {
            xml += "      <failure" + attribute("message", c.message) +
                   attribute("type", c.type.empty() ? "failure" : c.type) + ">" +
                   xml_escape(c.details, false) + "</failure>\n";
        } else if (c.status == JUnitCase::Status::skipped) {
            xml += "      <skipped" + attribute("message", c.message) + "/>\n";
        }
        if (!c.output.empty())
            xml += "      <system-out>" + xml_escape(c.output, false) + "</system-out>\n";
        xml += "    </testcase>\n";
    }
    xml += "  </testsuite>\n</testsuites>\n";
    return xml;
}

}  // namespace arena::gate
