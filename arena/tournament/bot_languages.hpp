// The languages a bot's source file may be written in, known by the file's extension: how each
// is built (the compilers and flags CodinGame documents, where it documents them) and run.
// docs/bots-from-source.md lists them with their sources.
#pragma once

#include <string>
#include <vector>

namespace arena::tournament {

// Placeholders in build and run commands, replaced by shell-quoted paths:
//   {source}  the source file (as given, relative to the bot's working directory)
//   {out}     the program to build: {dir}/bot
//   {dir}     the build's own output directory (empty before the build)
//   {class}   Java: the class to run (Player, as on CodinGame, or the file's name)
// A build command starts with its tool's name; the build runs the tool found (its path).
struct Language {
    std::string name;                     // "C++"
    std::vector<std::string> extensions;  // ".cpp", ".cc", ... (lower case)
    std::string build;  // run by /bin/sh in the bot's working directory; empty: no build
    std::string run;    // the bot's command line (no shell)
    // The word naming the compiler (or interpreter when there is no build), and the arguments
    // that make it say its version: both are part of a build's cache key, so a compiler
    // upgrade rebuilds.
    std::string tool;
    std::string version_args;
    // Arguments that make the tool print its toolchain's root (rustc: its sysroot), for a tool
    // that is a proxy (rustup's): the build then runs <root>/bin/<tool>, and the sandbox shows
    // <root>. Empty: the tool is the compiler itself.
    std::string root_args{};
};

const std::vector<Language>& languages();

// The language of a file by its extension (any case); nullptr for none.
const Language* language_of(const std::string& source);

// ".c, .cc, .cpp, ..." for messages.
std::string known_extensions();

}  // namespace arena::tournament
