// Test helper: checks a Dice Shogi bot's answers against the turns it was given.
// usage: check_answers INPUT OUTPUT [EXPECTED...]
// Every line of OUTPUT must be exactly one of the actions offered in the matching turn of INPUT
// (same number of answers as turns). With EXPECTED, the answer of the last turn must be one of
// them.
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "protocol.hpp"

int main(int argc, char** argv) {
    if (argc < 3) {
        std::cerr << "usage: check_answers INPUT OUTPUT [EXPECTED...]\n";
        return 2;
    }
    std::ifstream input(argv[1]), output(argv[2]);
    if (!input || !output) {
        std::cerr << "cannot open " << (input ? argv[2] : argv[1]) << '\n';
        return 2;
    }
    diceshogi::TurnReader reader(input);
    diceshogi::TurnInput turn;
    std::string answer;
    int turns = 0;
    while (reader.read(turn)) {
        ++turns;
        if (!std::getline(output, answer)) {
            std::cerr << "FAIL: no answer to turn " << turns << '\n';
            return 1;
        }
        bool offered = false;
        for (const std::string& a : turn.actions) offered |= a == answer;
        if (!offered) {
            std::cerr << "FAIL: turn " << turns << " answered '" << answer
                      << "', which is not offered\n";
            return 1;
        }
        std::cout << "turn " << turns << ": " << answer << '\n';
    }
    if (std::string extra; std::getline(output, extra)) {
        std::cerr << "FAIL: extra output line '" << extra << "'\n";
        return 1;
    }
    if (turns == 0) {
        std::cerr << "FAIL: no turn in " << argv[1] << '\n';
        return 1;
    }
    if (argc > 3) {
        bool expected = false;
        for (int i = 3; i < argc; ++i) expected |= answer == argv[i];
        if (!expected) {
            std::cerr << "FAIL: last answer '" << answer << "' is not the expected one\n";
            return 1;
        }
    }
    std::cout << "OK\n";
    return 0;
}
