#include "arena/cli/run_defaults.hpp"

#include <thread>

#include "arena/common/error.hpp"

namespace arena::cli {

namespace fs = std::filesystem;

int concurrency_of_run(int option, const std::optional<int>& config_value) {
    if (option > 0) return option;
    if (config_value) return *config_value;
    const unsigned cores = std::thread::hardware_concurrency();
    return cores ? static_cast<int>(cores) : 1;
}

fs::path output_directory(const std::string& option, const std::optional<fs::path>& config_value,
                          const fs::path& config_file, RunKind kind) {
    if (!option.empty()) return option;
    if (config_value) return *config_value;
    const std::string stem = config_file.stem().string();
    if (kind == RunKind::gate && stem.rfind("gate", 0) != 0)
        return fs::path("results") / ("gate-" + stem);
    return fs::path("results") / stem;
}

void require_saved_config(const fs::path& out) {
    const fs::path saved = out / "config.json";
    if (!fs::exists(saved))
        throw Error("'" + saved.string() +
                    "' is missing: --resume without a config goes on with the run in the "
                    "--out directory; give the config to start a run there");
}

}  // namespace arena::cli
