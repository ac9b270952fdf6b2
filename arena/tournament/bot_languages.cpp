#include "arena/tournament/bot_languages.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>

namespace arena::tournament {

namespace {

// CodinGame's C and C++ (g++ 11.2 "mode C++17", flags -std=gnu++17 -Werror=return-type -g
// -pthread, libraries -lm -lpthread -ldl -lcrypt, no -O: CodinGame compiles at -O0 and players
// add `#pragma GCC optimize`). Matching it keeps a bot's speed here what it is there. The other
// compiled languages' flags are not documented by CodinGame: ours are the compilers' usual
// release builds (docs/bots-from-source.md).
const std::string kCodinGameCLibraries = " -lm -lpthread -ldl -lcrypt";

std::vector<Language> make_languages() {
    return {
        {"C++",
         {".cpp", ".cc", ".cxx", ".c++"},
         "g++ -std=gnu++17 -Werror=return-type -g -pthread -o {out} {source}" +
             kCodinGameCLibraries,
         "{out}",
         "g++",
         "--version"},
        {"C",
         {".c"},
         "gcc -std=gnu17 -Werror=return-type -g -pthread -o {out} {source}" + kCodinGameCLibraries,
         "{out}",
         "gcc",
         "--version"},
        {"Java",
         {".java"},
         // No annotation processor, no class but the source's: a folder's class files and
         // META-INF/services would otherwise run code inside javac.
         "javac -encoding UTF-8 -proc:none -implicit:none -cp {dir} -sourcepath {dir} -d {dir} "
         "{source}",
         "java -cp {dir} {class}",
         "javac",
         "-version"},
        {"Rust",
         {".rs"},
         "rustc --edition 2021 -O -o {out} {source}",
         "{out}",
         "rustc",
         "--version",
         "--print sysroot"},
        {"Go", {".go"}, "go build -o {out} {source}", "{out}", "go", "version"},
        {"Pascal", {".pas", ".pp"}, "fpc -O2 -FU{dir} -o{out} {source}", "{out}", "fpc", "-iV"},
        {"Python", {".py"}, "", "python3 {source}", "python3", "--version"},
        {"JavaScript", {".js", ".mjs"}, "", "node {source}", "node", "--version"},
        {"Perl", {".pl"}, "", "perl {source}", "perl", "--version"},
    };
}

std::string lower(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return text;
}

}  // namespace

const std::vector<Language>& languages() {
    static const std::vector<Language> table = make_languages();
    return table;
}

const Language* language_of(const std::string& source) {
    const std::string extension = lower(std::filesystem::path(source).extension().string());
    if (extension.empty()) return nullptr;
    for (const Language& language : languages()) {
        if (std::find(language.extensions.begin(), language.extensions.end(), extension) !=
            language.extensions.end())
            return &language;
    }
    return nullptr;
}

std::string known_extensions() {
    std::string text;
    for (const Language& language : languages()) {
        for (const std::string& extension : language.extensions)
            text += (text.empty() ? "" : ", ") + extension;
    }
    return text;
}

}  // namespace arena::tournament
