#include "arena/common/diagnostics.hpp"

#include <spdlog/sinks/basic_file_sink.h>
#include <spdlog/sinks/stdout_sinks.h>

#include <cctype>
#include <cstdlib>
#include <memory>

#include "arena/common/error.hpp"

namespace arena::diagnostics {

namespace {

// Time to the millisecond, the level, the text: one line per decision, easy to grep.
constexpr const char* kPattern = "[%H:%M:%S.%e] [%l] %v";

std::shared_ptr<spdlog::logger> make_logger(spdlog::sink_ptr sink,
                                            spdlog::level::level_enum level) {
    auto logger = std::make_shared<spdlog::logger>("arena", std::move(sink));
    logger->set_pattern(kPattern);
    logger->set_level(level);
    // Diagnostics explain a run that may end abruptly (a kill, a crash): never lose the last lines.
    logger->flush_on(spdlog::level::trace);
    return logger;
}

std::shared_ptr<spdlog::logger>& current() {
    static std::shared_ptr<spdlog::logger> logger =
        make_logger(std::make_shared<spdlog::sinks::stderr_sink_mt>(), spdlog::level::warn);
    return logger;
}

}  // namespace

spdlog::logger& log() {
    return *current();
}

std::string level_names() {
    return "trace, debug, info, warn, error, off";
}

namespace {

// Any case: DEBUG as debug.
std::string lower_case(std::string name) {
    for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return name;
}

}  // namespace

bool known_level(const std::string& level) {
    // Only the names level_names() lists ("warning", which spdlog would also take, is not one).
    return (", " + level_names() + ",").find(", " + lower_case(level) + ",") != std::string::npos;
}

void configure(const std::string& level, const std::optional<std::filesystem::path>& file) {
    const spdlog::level::level_enum parsed = spdlog::level::from_str(lower_case(level));
    if (!known_level(level))
        throw Error("unknown log level '" + level + "': use one of " + level_names());
    spdlog::sink_ptr sink;
    if (file) {
        try {
            sink = std::make_shared<spdlog::sinks::basic_file_sink_mt>(file->string());
        } catch (const spdlog::spdlog_ex& e) {
            throw Error("cannot write diagnostics to '" + file->string() + "': " + e.what() +
                        "; give a writable file to --diagnostics");
        }
    } else {
        sink = std::make_shared<spdlog::sinks::stderr_sink_mt>();
    }
    current() = make_logger(std::move(sink), parsed);
}

std::string level_from_environment() {
    const char* value = std::getenv("ARENA_LOG_LEVEL");
    return value && *value ? value : "warn";
}

}  // namespace arena::diagnostics
