// The defaults of a run (tournament and gate), in one place: how many games at once, which output
// directory, and what --resume without a config needs.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace arena::cli {

// Games played at once: --concurrency when given (> 0), else the config's, else the number of
// cores.
int concurrency_of_run(int option, const std::optional<int>& config_value);

// Which output directory a run writes: --out when given, else the config's "out", else
// results/<config name>. A gate's default is results/gate-<config name>, without doubling a
// "gate" the name already starts with.
enum class RunKind { tournament, gate };
std::filesystem::path output_directory(const std::string& option,
                                       const std::optional<std::filesystem::path>& config_value,
                                       const std::filesystem::path& config_file, RunKind kind);

// Throws arena::Error when `out` holds no config.json: --resume without a config goes on with the
// run in OUT and has nothing to go on with.
void require_saved_config(const std::filesystem::path& out);

}  // namespace arena::cli
