// The Tsuro test data (tests/data/tsuro), shared by the referee's and the model's tests.
#pragma once

#include <doctest/doctest.h>

#include <fstream>
#include <string>
#include <vector>

namespace arena::test {

inline const std::string kTsuroDataDir = ARENA_TEST_DATA_DIR "/tsuro";

// The non-empty lines of tests/data/tsuro/<name>; fails the test if the file is missing.
inline std::vector<std::string> tsuro_data_lines(const std::string& name) {
    std::ifstream file(kTsuroDataDir + "/" + name);
    REQUIRE_MESSAGE(file.good(), "cannot read " << kTsuroDataDir << "/" << name);
    std::vector<std::string> lines;
    for (std::string line; std::getline(file, line);) {
        if (!line.empty()) lines.push_back(line);
    }
    return lines;
}

}  // namespace arena::test
