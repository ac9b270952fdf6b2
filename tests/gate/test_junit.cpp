// JUnit XML: well-formed whatever the text (bot names, stderr, invalid UTF-8), read back with a
// real XML parser; counts and elements as CI tools expect them (Ant's JUnit schema).
#include <doctest/doctest.h>

#include <boost/property_tree/ptree.hpp>
#include <boost/property_tree/xml_parser.hpp>
#include <sstream>

#include "arena/gate/junit.hpp"

using namespace arena::gate;
namespace pt = boost::property_tree;

namespace {

pt::ptree parse(const std::string& xml) {
    std::istringstream in(xml);
    pt::ptree tree;
    pt::read_xml(in, tree);
    return tree;
}

}  // namespace

TEST_SUITE("junit") {
    TEST_CASE("markup characters are escaped, XML-forbidden ones and bad UTF-8 replaced") {
        CHECK(xml_escape("a<b>&\"c'") == "a&lt;b&gt;&amp;&quot;c&apos;");
        CHECK(xml_escape("line\nnext\ttab") == "line&#10;next&#9;tab");
        CHECK(xml_escape("line\nnext\ttab", false) == "line\nnext\ttab");
        CHECK(xml_escape("cr\r") == "cr&#13;");
        // NUL, ESC and other C0 controls are not XML 1.0 characters at all.
        CHECK(xml_escape(std::string("a\0b\x1b", 4)) ==
              "a\xEF\xBF\xBD"
              "b\xEF\xBF\xBD");
        // Valid UTF-8 is kept: e-acute, the euro sign, an emoji (4 bytes).
        CHECK(xml_escape("\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80") ==
              "\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80");
        // Each byte that does not start a valid sequence becomes one U+FFFD: a stray
        // continuation byte, a cut sequence, an overlong '/', a surrogate; U+FFFE is valid
        // UTF-8 but not an XML character.
        CHECK(xml_escape("\x80") == "\xEF\xBF\xBD");
        CHECK(xml_escape("\xE2\x82") == "\xEF\xBF\xBD\xEF\xBF\xBD");
        CHECK(xml_escape("\xC0\xAF") == "\xEF\xBF\xBD\xEF\xBF\xBD");
        CHECK(xml_escape("\xED\xA0\x80") == "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");
        CHECK(xml_escape("\xEF\xBF\xBE") == "\xEF\xBF\xBD");
    }

    TEST_CASE("a report with passed, failed and skipped cases parses back with its counts") {
        JUnitSuite suite;
        suite.name = "arena gate <demo> & co";
        suite.timestamp = "2024-05-01T12:00:00";
        suite.time_s = 12.5;
        suite.properties = {{"config", "configs/gate \"x\".json"}};
        JUnitCase passed{
            "arena.gate.diceshogi", "new vs old", 1.25, JUnitCase::Status::passed, "", "", "", ""};
        JUnitCase failed{"arena.gate.diceshogi",
                         "new vs <weird> \"bot\"",
                         2,
                         JUnitCase::Status::failed,
                         "H0 accepted\nLLR -2.95 <= -2.94",
                         "sprt",
                         "games lost:\n  log: a&b.json\n  stderr: \x01\x80 ]]> done",
                         "LLR -2.95"};
        JUnitCase skipped{"arena.gate.samegame.greedy", "test07", 0,  JUnitCase::Status::skipped,
                          "not in the baseline",        "",       "", ""};
        suite.cases = {passed, failed, skipped};
        const std::string xml = to_junit_xml(suite);
        CHECK(xml.rfind("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", 0) == 0);

        const pt::ptree tree = parse(xml);
        const pt::ptree& root = tree.get_child("testsuites");
        CHECK(root.get<int>("<xmlattr>.tests") == 3);
        CHECK(root.get<int>("<xmlattr>.failures") == 1);
        CHECK(root.get<int>("<xmlattr>.skipped") == 1);
        CHECK(root.get<int>("<xmlattr>.errors") == 0);
        const pt::ptree& s = root.get_child("testsuite");
        CHECK(s.get<std::string>("<xmlattr>.name") == "arena gate <demo> & co");
        CHECK(s.get<int>("<xmlattr>.tests") == 3);
        CHECK(s.get<double>("<xmlattr>.time") == 12.5);
        CHECK(s.get<std::string>("<xmlattr>.timestamp") == "2024-05-01T12:00:00");
        CHECK(s.get<std::string>("properties.property.<xmlattr>.value") ==
              "configs/gate \"x\".json");

        std::vector<const pt::ptree*> cases;
        for (const auto& [tag, node] : s)
            if (tag == "testcase") cases.push_back(&node);
        REQUIRE(cases.size() == 3);
        CHECK(cases[0]->get<std::string>("<xmlattr>.name") == "new vs old");
        CHECK(cases[0]->get<double>("<xmlattr>.time") == 1.25);
        CHECK(!cases[0]->get_child_optional("failure"));
        CHECK(cases[1]->get<std::string>("<xmlattr>.name") == "new vs <weird> \"bot\"");
        const pt::ptree& failure = cases[1]->get_child("failure");
        CHECK(failure.get<std::string>("<xmlattr>.type") == "sprt");
        CHECK(failure.get<std::string>("<xmlattr>.message") == "H0 accepted\nLLR -2.95 <= -2.94");
        CHECK(failure.data() ==
              "games lost:\n  log: a&b.json\n  stderr: \xEF\xBF\xBD\xEF\xBF\xBD ]]> done");
        CHECK(cases[1]->get<std::string>("system-out") == "LLR -2.95");
        CHECK(cases[2]->get<std::string>("skipped.<xmlattr>.message") == "not in the baseline");
        CHECK(cases[2]->get<std::string>("<xmlattr>.classname") == "arena.gate.samegame.greedy");
    }

    TEST_CASE("an empty suite is still a valid report") {
        JUnitSuite suite;
        suite.name = "empty";
        const pt::ptree tree = parse(to_junit_xml(suite));
        CHECK(tree.get<int>("testsuites.testsuite.<xmlattr>.tests") == 0);
    }
}
