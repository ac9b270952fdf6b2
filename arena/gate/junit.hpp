// JUnit XML reports for CI systems (GitHub Actions test reporters, GitLab, Jenkins): the de facto
// format of Ant's JUnit task, <testsuites><testsuite><testcase>, with <failure> and <skipped>.
// The text is always well-formed XML 1.0 in UTF-8: markup characters are escaped, characters
// XML 1.0 forbids (most control characters) and invalid UTF-8 become U+FFFD.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace arena::gate {

struct JUnitCase {
    enum class Status { passed, failed, skipped };

    std::string classname;  // e.g. "arena.gate.diceshogi"
    std::string name;       // e.g. "strong vs previous", "test06"
    double time_s = 0;
    Status status = Status::passed;
    std::string message;  // one line: why it failed or was skipped
    std::string type;     // the failure's kind, e.g. "sprt", "crash", "worse"
    std::string details;  // the failure's body: figures, game logs, replay commands
    std::string output;   // <system-out>: what the case measured, whatever its status
};

struct JUnitSuite {
    std::string name;
    std::string timestamp;  // ISO 8601, e.g. "2024-05-01T12:00:00"; empty: not written
    double time_s = 0;
    std::vector<std::pair<std::string, std::string>> properties;
    std::vector<JUnitCase> cases;
};

// The document: one <testsuites> holding the suite, with the counts on both elements.
std::string to_junit_xml(const JUnitSuite& suite);

// Text made safe for XML (see above): markup characters as entities; in an attribute value also
// tabs and line breaks as character references, so that they survive attribute normalisation.
std::string xml_escape(std::string_view text, bool attribute_value = true);

}  // namespace arena::gate
