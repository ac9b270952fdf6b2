// Per-bot cgroups (see cgroup.hpp). The layout of this machine's hierarchies is read once from
// /proc/self/mountinfo and /proc/self/cgroup.
#include "arena/process/cgroup.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <mutex>
#include <sstream>
#include <utility>

#include "arena/common/diagnostics.hpp"

namespace arena::process {

namespace {

// Where the arena may create cgroups for one controller: the arena's own cgroup directory in
// the hierarchy that has it. Empty when this machine offers no writable one.
struct Hierarchy {
    std::string own_dir;
    bool v2 = false;
    bool has_cpu = false;  // v2: the cpu controller is delegated too
    explicit operator bool() const { return !own_dir.empty(); }
};

struct Layout {
    Hierarchy memory, pids, cpu;
    // The CPU scheduler's controller (v1 "cpu", v2 "cpu"): a bot in a cgroup of its own there
    // gets an equal share of the CPUs against every other bot when they compete (cpu.shares /
    // cpu.weight left at their defaults).
    Hierarchy share;
};

std::vector<std::string> words(const std::string& line, char separator) {
    std::vector<std::string> out;
    std::stringstream in(line);
    for (std::string word; std::getline(in, word, separator);) out.push_back(word);
    return out;
}

bool writable_dir(const std::string& dir) {
    struct stat st {};
    return ::stat(dir.c_str(), &st) == 0 && S_ISDIR(st.st_mode) && ::access(dir.c_str(), W_OK) == 0;
}

std::string read_small(const std::string& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

bool write_text(const std::string& path, const std::string& text) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd < 0) return false;
    const bool ok = ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
    ::close(fd);
    return ok;
}

// The arena's own cgroup path per controller list ("" : the v2 hierarchy), from /proc/self/cgroup.
using OwnCgroups = std::vector<std::pair<std::string, std::string>>;  // controller list, path

OwnCgroups read_own_cgroups() {
    OwnCgroups own;
    std::ifstream in("/proc/self/cgroup");
    for (std::string line; std::getline(in, line);) {
        const auto first = line.find(':'), second = line.find(':', first + 1);
        if (first == std::string::npos || second == std::string::npos) continue;
        own.emplace_back(line.substr(first + 1, second - first - 1), line.substr(second + 1));
    }
    return own;
}

// The v2 hierarchy mounted at `mount_point`, if the arena's cgroup there has the memory and pids
// controllers delegated to it and is writable (a v2 system: then v2 for all).
std::optional<Hierarchy> usable_v2(const std::string& mount_point, const OwnCgroups& own) {
    std::optional<std::string> path;
    for (const auto& [list, p] : own) {
        if (list.empty()) {
            path = p;
            break;
        }
    }
    if (!path) return std::nullopt;
    const std::string dir = mount_point + (*path == "/" ? "" : *path);
    const std::vector<std::string> available = words(read_small(dir + "/cgroup.controllers"), ' ');
    auto has = [&](const char* name) {
        for (std::string w : available) {
            while (!w.empty() && w.back() == '\n') w.pop_back();
            if (w == name) return true;
        }
        return false;
    };
    if (has("memory") && has("pids") && writable_dir(dir)) return Hierarchy{dir, true, has("cpu")};
    return std::nullopt;
}

// The v1 hierarchy mounted at `mount_point` with `options`: the slots of `layout` it serves.
void add_v1(Layout& layout, const std::string& mount_point, const std::string& options,
            const OwnCgroups& own) {
    for (const std::string& option : words(options, ',')) {
        Hierarchy* slot = option == "memory"    ? &layout.memory
                          : option == "pids"    ? &layout.pids
                          : option == "cpuacct" ? &layout.cpu
                          : option == "cpu"     ? &layout.share
                                                : nullptr;
        if (slot == nullptr) continue;
        std::optional<std::string> path;
        for (const auto& [list, p] : own) {
            for (const std::string& c : words(list, ',')) {
                if (c == option) path = p;
            }
        }
        if (!path) continue;
        const std::string dir = mount_point + (*path == "/" ? "" : *path);
        if (writable_dir(dir)) *slot = Hierarchy{dir, false};
    }
}

Layout detect_layout() {
    const OwnCgroups own = read_own_cgroups();
    Layout layout;
    std::ifstream in("/proc/self/mountinfo");
    for (std::string line; std::getline(in, line);) {
        const auto dash = line.find(" - ");
        if (dash == std::string::npos) continue;
        const std::vector<std::string> before = words(line.substr(0, dash), ' ');
        const std::vector<std::string> after = words(line.substr(dash + 3), ' ');
        if (before.size() < 5 || after.size() < 3) continue;
        const std::string& mount_point = before[4];
        if (after[0] == "cgroup2") {
            if (const std::optional<Hierarchy> v2 = usable_v2(mount_point, own))
                return Layout{*v2, *v2, *v2, v2->has_cpu ? *v2 : Hierarchy{}};
        } else if (after[0] == "cgroup") {
            add_v1(layout, mount_point, after[2], own);
        }
    }
    return layout;
}

Layout logged_layout() {
    const Layout detected = detect_layout();
    auto where = [](const Hierarchy& h) { return h ? h.own_dir : std::string("none writable"); };
    diagnostics::log().debug(
        "cgroups for the limits (cgroup {}): memory {}, pids {}, cpu {}, CPU shares {}",
        detected.memory.v2 ? "v2" : "v1", where(detected.memory), where(detected.pids),
        where(detected.cpu), where(detected.share));
    return detected;
}

const Layout& layout() {
    static const Layout detected = logged_layout();
    return detected;
}

// ---- the arena's own directory in each hierarchy ----

std::string arena_dir_name() {
    return "arena-" + std::to_string(::getpid());
}

// Removes a cgroup directory and every cgroup below it, deepest first: a bot that could write its
// cgroup may have made sub-cgroups, which would keep the directory (and the processes in them)
// alive after the arena. What still runs in them is SIGKILLed first.
void remove_cgroup_tree(const std::string& path) {
    if (DIR* dir = ::opendir(path.c_str())) {
        while (const dirent* entry = ::readdir(dir)) {
            if (entry->d_type != DT_DIR || std::strcmp(entry->d_name, ".") == 0 ||
                std::strcmp(entry->d_name, "..") == 0)
                continue;
            remove_cgroup_tree(path + "/" + entry->d_name);
        }
        ::closedir(dir);
    }
    for (int attempt = 0; attempt < 100 && ::rmdir(path.c_str()) != 0 && errno == EBUSY;
         ++attempt) {
        std::ifstream in(path + "/cgroup.procs");
        for (long pid; in >> pid;) ::kill(static_cast<pid_t>(pid), SIGKILL);
        // The processes are gone, but the kernel may take a moment to notice the last exit.
        ::usleep(1000);
    }
}

// Removes the arena-<pid> directories of arenas that are gone (killed before they could).
void remove_stale(const std::string& own_dir) {
    DIR* dir = ::opendir(own_dir.c_str());
    if (dir == nullptr) return;
    while (const dirent* entry = ::readdir(dir)) {
        const std::string name = entry->d_name;
        if (name.rfind("arena-", 0) != 0) continue;
        const long pid = std::atol(name.c_str() + 6);
        if (pid <= 0 || pid == ::getpid() || ::kill(static_cast<pid_t>(pid), 0) == 0 ||
            errno != ESRCH)
            continue;
        remove_cgroup_tree(own_dir + "/" + name);
    }
    ::closedir(dir);
}

std::mutex arena_dirs_mutex;
std::vector<std::string> arena_dirs;  // created by this process, removed at exit

void remove_arena_dirs() {
    for (const std::string& dir : arena_dirs) remove_cgroup_tree(dir);
}

bool stale_removed = false;  // under arena_dirs_mutex

// <own>/arena-<pid>, created on first use. The first use also removes the directories of arenas
// that are gone, in every hierarchy and not only this one: an arena killed while it ran with a
// memory limit left its directories in the memory hierarchy, where a later run with other limits
// (or none) never looked (an outside tester found them after kill -9).
std::string arena_dir(const std::string& own_dir) {
    const std::string dir = own_dir + "/" + arena_dir_name();
    std::lock_guard lock(arena_dirs_mutex);
    for (const std::string& known : arena_dirs) {
        if (known == dir) return dir;
    }
    if (!stale_removed) {
        for (const Hierarchy* h : {&layout().memory, &layout().pids, &layout().cpu})
            if (*h) remove_stale(h->own_dir);
        stale_removed = true;
    }
    if (::mkdir(dir.c_str(), 0755) != 0 && errno != EEXIST) return "";
    if (arena_dirs.empty()) std::atexit(remove_arena_dirs);
    arena_dirs.push_back(dir);
    return dir;
}

std::string missing(const char* what, const char* option) {
    return std::string("the ") + what + " limit (" + option +
           ") needs a writable cgroup for it, which this machine does not offer to the arena: "
           "run the arena as root, or enable cgroup delegation for its user (systemd: "
           "systemd-run --user -p Delegate=yes ...), or drop " +
           option;
}

std::atomic<long> bot_counter{0};

}  // namespace

bool cpu_shares_supported() {
    return static_cast<bool>(layout().share);
}

void check_limits_supported(const Limits& limits) {
    const Layout& l = layout();
    std::string problem;
    if (limits.memory_mb && !l.memory) problem = missing("memory", "--max-memory");
    if (!problem.empty()) throw SpawnError(problem);
    if (limits.processes && !l.pids) problem = missing("process", "--max-processes");
    if (!problem.empty()) throw SpawnError(problem);
    if (limits.cpu_seconds && !l.cpu) problem = missing("CPU time", "--max-cpu-seconds");
    if (!problem.empty()) throw SpawnError(problem);
}

namespace {

// Why a bot's cgroup could not be set up: the step, and errno's text taken when it failed.
struct SetupFailure {
    std::string what, why;
};

[[noreturn]] void setup_failed(const std::string& what) {
    throw SetupFailure{what, std::strerror(errno)};
}

// The bot's directory `name` in hierarchy `h` (created once: on v2 all three are the same), its
// cgroup.procs opened for the child to join.
std::string bot_dir(const Hierarchy& h, const std::string& name, std::vector<std::string>& dirs,
                    std::vector<int>& procs_fds) {
    const std::string parent = arena_dir(h.own_dir);
    const std::string dir = parent + "/" + name;
    for (const std::string& known : dirs) {
        if (known == dir) return dir;
    }
    if (parent.empty() || ::mkdir(dir.c_str(), 0755) != 0) setup_failed("mkdir " + dir);
    dirs.push_back(dir);
    if (h.v2) {
        // The controllers must be enabled for the arena's children, then for ours.
        write_text(h.own_dir + "/cgroup.subtree_control", "+memory +pids +cpu");
        write_text(parent + "/cgroup.subtree_control", "+memory +pids +cpu");
    }
    const int fd = ::open((dir + "/cgroup.procs").c_str(), O_WRONLY | O_CLOEXEC);
    if (fd < 0) setup_failed("open " + dir + "/cgroup.procs");
    procs_fds.push_back(fd);
    return dir;
}

// Sets the memory limit in `dir`; opens the files that tell OOM kills and the peak.
void set_memory_limit(const std::string& dir, long mib, bool v2, int& events_fd, int& peak_fd) {
    constexpr long kMiB = 1024 * 1024;
    const std::string bytes = std::to_string(mib * kMiB);
    if (v2) {
        if (!write_text(dir + "/memory.max", bytes)) setup_failed("memory.max");
        write_text(dir + "/memory.swap.max", "0");
        // The whole bot goes when one of its processes is OOM-killed.
        write_text(dir + "/memory.oom.group", "1");
        events_fd = ::open((dir + "/memory.events").c_str(), O_RDONLY | O_CLOEXEC);
        peak_fd = ::open((dir + "/memory.peak").c_str(), O_RDONLY | O_CLOEXEC);
    } else {
        if (!write_text(dir + "/memory.limit_in_bytes", bytes))
            setup_failed("memory.limit_in_bytes");
        // With swap accounting, swap counts too (else a bot could swap out beyond it).
        write_text(dir + "/memory.memsw.limit_in_bytes", bytes);
        events_fd = ::open((dir + "/memory.oom_control").c_str(), O_RDONLY | O_CLOEXEC);
        peak_fd = ::open((dir + "/memory.max_usage_in_bytes").c_str(), O_RDONLY | O_CLOEXEC);
    }
    diagnostics::log().debug("cgroup {}: memory limit {} bytes ({})", dir, bytes, v2 ? "v2" : "v1");
}

}  // namespace

BotCgroup::BotCgroup(const Limits& limits, const std::string& program, int helpers,
                     bool cpu_share) {
    const Layout& l = layout();
    cpu_share = cpu_share && l.share;
    if (!limits.memory_mb && !limits.processes && !limits.cpu_seconds && !cpu_share) return;
    check_limits_supported(limits);
    const std::string name = "bot-" + std::to_string(++bot_counter);
    v2_ = l.memory.v2;
    try {
        if (cpu_share) {
            const std::string dir = bot_dir(l.share, name, dirs_, procs_fds_);
            diagnostics::log().debug("cgroup {}: the bot's own CPU share", dir);
        }
        if (limits.memory_mb) {
            const std::string dir = bot_dir(l.memory, name, dirs_, procs_fds_);
            set_memory_limit(dir, *limits.memory_mb, v2_, events_fd_, peak_fd_);
        }
        if (limits.processes) {
            const std::string dir = bot_dir(l.pids, name, dirs_, procs_fds_);
            const std::string max = std::to_string(*limits.processes + helpers);
            if (!write_text(dir + "/pids.max", max)) setup_failed("pids.max");
            diagnostics::log().debug("cgroup {}: pids.max {}", dir, max);
        }
        if (limits.cpu_seconds) {
            const std::string dir = bot_dir(l.cpu, name, dirs_, procs_fds_);
            const std::string file = dir + (l.cpu.v2 ? "/cpu.stat" : "/cpuacct.usage");
            cpu_fd_ = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
            if (cpu_fd_ < 0) setup_failed("open " + file);
            diagnostics::log().debug("cgroup {}: CPU time watched ({} s)", dir,
                                     *limits.cpu_seconds);
        }
    } catch (const SetupFailure& failure) {
        remove();
        throw SpawnError("bot command '" + program + "': cannot set up its cgroup (" +
                         failure.what + "): " + failure.why +
                         ". Run the arena as root or drop the limit options.");
    }
}

BotCgroup::BotCgroup(BotCgroup&& other) noexcept
    : dirs_(std::move(other.dirs_)),
      procs_fds_(std::move(other.procs_fds_)),
      cpu_fd_(std::exchange(other.cpu_fd_, -1)),
      events_fd_(std::exchange(other.events_fd_, -1)),
      peak_fd_(std::exchange(other.peak_fd_, -1)),
      v2_(other.v2_) {
    other.dirs_.clear();
    other.procs_fds_.clear();
}

BotCgroup& BotCgroup::operator=(BotCgroup&& other) noexcept {
    if (this != &other) {
        remove();
        dirs_ = std::exchange(other.dirs_, {});
        procs_fds_ = std::exchange(other.procs_fds_, {});
        cpu_fd_ = std::exchange(other.cpu_fd_, -1);
        events_fd_ = std::exchange(other.events_fd_, -1);
        peak_fd_ = std::exchange(other.peak_fd_, -1);
        v2_ = other.v2_;
    }
    return *this;
}

BotCgroup::~BotCgroup() {
    remove();
}

namespace {

// The file behind `fd` from its start (pread: no seek, no reopen; cgroup files are small).
std::string read_fd(int fd) {
    if (fd < 0) return "";
    char buffer[512];
    const ssize_t n = ::pread(fd, buffer, sizeof buffer - 1, 0);
    return n > 0 ? std::string(buffer, static_cast<std::size_t>(n)) : "";
}

// The number after "key " in a flat keyed file ("oom_kill 3\n"), 0 when absent.
long keyed_value(const std::string& text, const std::string& key) {
    std::size_t at = 0;
    while ((at = text.find(key + " ", at)) != std::string::npos) {
        if (at == 0 || text[at - 1] == '\n') return std::atol(text.c_str() + at + key.size() + 1);
        at += key.size();
    }
    return 0;
}

}  // namespace

std::optional<double> BotCgroup::cpu_seconds() const {
    if (cpu_fd_ < 0) return std::nullopt;
    const std::string text = read_fd(cpu_fd_);
    if (v2_) return static_cast<double>(keyed_value(text, "usage_usec")) / 1e6;
    return static_cast<double>(std::atoll(text.c_str())) / 1e9;
}

long BotCgroup::oom_kills() const {
    return keyed_value(read_fd(events_fd_), "oom_kill");
}

long BotCgroup::peak_kib() const {
    return std::atol(read_fd(peak_fd_).c_str()) / 1024;
}

void BotCgroup::kill_all() const {
    for (const std::string& dir : dirs_) {
        if (v2_ && write_text(dir + "/cgroup.kill", "1")) return;
        // v1: a bot may fork while we read the list; a few rounds catch the newcomers, and
        // pids.max (when set) bounds how many there can be.
        for (int round = 0; round < 8; ++round) {
            std::ifstream in(dir + "/cgroup.procs");
            bool any = false;
            for (long pid; in >> pid;) {
                ::kill(static_cast<pid_t>(pid), SIGKILL);
                any = true;
            }
            if (!any) break;
        }
    }
}

void BotCgroup::remove() {
    for (int fd : {cpu_fd_, events_fd_, peak_fd_}) {
        if (fd >= 0) ::close(fd);
    }
    cpu_fd_ = events_fd_ = peak_fd_ = -1;
    for (int fd : procs_fds_) ::close(fd);
    procs_fds_.clear();
    for (const std::string& dir : dirs_) remove_cgroup_tree(dir);
    dirs_.clear();
}

}  // namespace arena::process
