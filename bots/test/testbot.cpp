// testbot: a small bot that misbehaves on demand, for the tests of the arena's process and match
// layers. Plain POSIX read()/write() so that what reaches the pipes is exactly what is written
// here (no stdio buffering in the way). Run without arguments for the usage.
#include <arpa/inet.h>
#include <dirent.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace {

const char* const kUsage = R"usage(usage: testbot MODE [ARG] [options]

Each turn the bot reads --lines lines from stdin, then acts according to MODE:
  echo           reply with the first line read
  reply TEXT     always reply TEXT
  replycrlf TEXT always reply TEXT, ending the line with "\r\n"
  sleep MS       wait MS milliseconds, then reply like echo
  crash CODE     exit with CODE
  abort          die of SIGSEGV (no core dump)
  garbage        reply with every byte value except '\n' and '\r' (NUL, invalid UTF-8...),
                 in increasing order, then '\n'; before that, all 256 byte values to stderr
  twolines       reply two lines at once: "X/1" and "X/2" (X: the first line read)
  nonewline      write 'x' forever, never a line end
  stderrflood    write --mb MiB to stderr, then reply like echo
  pipesizes      reply the sizes of the pipes on stdin, stdout and stderr (F_GETPIPE_SZ)
  noread         never read stdin (from turn K on), just sleep
  closestdout    close stdout and keep running (sleeping)
  forkchild      fork a child that ignores SIGTERM and sleeps with the pipes open, then reply
                 like echo
  crlf           reply like echo, ending the line with "\r\n"
  cr             reply like echo, ending the line with "\r"
  crlfsplit      write "X\r", sleep 20 ms, write "\n" (a "\r\n" split across two writes)
  term143        never answer; exit with code 143 on SIGTERM, as a JVM does
  sigwaitterm    block SIGTERM and wait for it in sigwaitinfo() in the main thread (another
                 thread replies like echo, and sleeps at EOF); on SIGTERM exit with code 3
                 after 20 ms of "clean-up"
  ignoreterm     ignore SIGTERM (from the start) and keep running after EOF on stdin,
                 otherwise echo
  startcrash CODE  write a message to stderr and exit with CODE at start-up, before reading
  memhog MB      allocate and touch MB MiB (1 MiB blocks, operator new: std::bad_alloc when
                 refused), then reply like echo
  memkids N MB   fork N children that each allocate and touch MB MiB and sleep, then reply
                 like echo once all of them have their memory
  cpuhog         spin on the CPU forever, never answer
  spin MS        spin on the CPU for MS milliseconds (of CPU time), then reply like echo
  spinners N     start N threads that spin on the CPU forever, then reply like echo
  spawn N        fork N children that sleep (in the bot's process group), then reply
                 "forked K" (K: how many fork() calls succeeded)
  writefile MB   write MB MiB to the file --file (default: $TMPDIR or /tmp, testbot.out), then
                 reply "wrote", or "error: <why>" when open or write fails
  connect PORT   connect to 127.0.0.1:PORT over TCP, reply "connected" or "error: <why>"

Hostile modes (issue 13), each acting at its turn, then replying as said:
  daemon PIDFILE      double-fork a daemon after setsid(); it writes its pid to PIDFILE and
                      sleeps with nothing open; reply like echo
  daemonpg PIDFILE    the same after setpgid(0, 0) instead of setsid()
  sessionchild PIDFILE  a child in a new session that keeps stdout open; reply like echo
  rejoin PIDFILE      a child leaves the group (keeping a zombie in it), rejoins it 300 ms later
                      and sleeps; reply like echo
  stopself            SIGSTOP itself, never answer
  cpukids             spin in a fresh child for 0.3 s, again and again; never answer
  shmhog MB           write MB MiB to /dev/shm/testbot-<pid>, reply "wrote" or "error: <why>"
  forkbomb            every process forks forever; never answer
  unixconnect PATH    connect to the Unix socket PATH, reply "connected" or "error: <why>"
  abstractconnect NAME  connect to the abstract Unix socket NAME, same replies
  (a PATH argument may start with '@': a path the bot knows by other means, which the sandbox
  does not take for one of the bot's own files)
  readfile PATH       reply "read N" (N: bytes read, or entries of a directory) or "error: <why>"
  env NAME            reply the value of $NAME, or "(unset)"
  tiocsti             inject "x" into the terminal with TIOCSTI on /dev/tty, reply "injected" or
                      "error: <why>"

Options:
  --lines N       lines to read per turn (default 1)
  --turns K       behave like echo before turn K, act as MODE from turn K on (default 1)
  --exit-after N  exit with code 0 after the reply of turn N
  --stderr TEXT   write TEXT and a newline to stderr each turn, before the reply
  --mb N          MiB written by stderrflood each turn (default 4)
  --file PATH     the file of writefile
  --say TEXT      reply TEXT instead of the first line read, wherever a mode echoes
  --start-ms MS   sleep MS milliseconds before reading anything (a slow start-up)
  --at-eof sleep  keep running (asleep) at EOF on stdin instead of exiting: still running when
                  the arena's signal comes
)usage";

[[noreturn]] void usage_error(const std::string& why) {
    std::fprintf(stderr, "testbot: %s\n\n%s", why.c_str(), kUsage);
    std::exit(2);
}

void write_all(int fd, std::string_view data) {
    while (!data.empty()) {
        const ssize_t n = ::write(fd, data.data(), data.size());
        if (n < 0) {
            if (errno == EINTR) continue;
            std::exit(1);  // the arena has gone away
        }
        data.remove_prefix(static_cast<std::size_t>(n));
    }
}

// Reads one '\n'-terminated line from stdin (without the '\n'); false at EOF.
bool read_line(std::string& line) {
    static char buffer[4096];
    static std::size_t begin = 0, end = 0;
    line.clear();
    for (;;) {
        for (; begin < end; ++begin) {
            if (buffer[begin] == '\n') {
                ++begin;
                return true;
            }
            line += buffer[begin];
        }
        const ssize_t n = ::read(STDIN_FILENO, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        begin = 0;
        end = static_cast<std::size_t>(n);
    }
}

// Spins until this thread has used `ms` milliseconds of CPU time.
void spin_cpu_ms(long ms) {
    timespec start{}, now{};
    ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start);
    for (;;) {
        for (unsigned long spin = 0; spin < 10000; ++spin) asm volatile("" : "+r"(spin));
        ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
        const long used =
            (now.tv_sec - start.tv_sec) * 1000 + (now.tv_nsec - start.tv_nsec) / 1'000'000;
        if (used >= ms) return;
    }
}

[[noreturn]] void sleep_forever() {
    for (;;) ::pause();
}

void sleep_ms(long ms) {
    std::this_thread::sleep_for(std::chrono::milliseconds(ms));
}

long to_number(const char* text, const char* what) {
    char* end = nullptr;
    const long value = std::strtol(text, &end, 10);
    if (end == text || *end != '\0') usage_error(std::string(what) + " must be a number");
    return value;
}

// ---- hostile modes (issue 13): what a bot must not get away with ----

const char* const kHostileModes[] = {
    "daemon",   "daemonpg",    "sessionchild",    "rejoin",   "stopself", "cpukids", "shmhog",
    "forkbomb", "unixconnect", "abstractconnect", "readfile", "env",      "tiocsti", "memkids"};

bool is_hostile_mode(const std::string& mode) {
    for (const char* m : kHostileModes) {
        if (mode == m) return true;
    }
    return false;
}

bool takes_argument(const std::string& mode) {
    for (const char* m : {"daemon", "daemonpg", "sessionchild", "rejoin", "shmhog", "unixconnect",
                          "abstractconnect", "readfile", "env", "memkids"}) {
        if (mode == m) return true;
    }
    return false;
}

// The pid as the arena sees it: /proc/self names it in the PID namespace of the /proc mounted
// here (the host's, unless sandboxed), where getpid() names it in the bot's own namespace.
void write_pid_file(const std::string& path) {
    char self[32] = {};
    const ssize_t n = ::readlink("/proc/self", self, sizeof self - 1);
    const std::string pid =
        (n > 0 ? std::string(self, static_cast<std::size_t>(n)) : std::to_string(::getpid())) +
        "\n";
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd >= 0) {
        (void)!::write(fd, pid.data(), pid.size());
        ::close(fd);
    }
}

std::string error_text() {
    return std::string("error: ") + std::strerror(errno);
}

[[noreturn]] void spin_forever() {
    for (unsigned long spin = 0;; ++spin) asm volatile("" : "+r"(spin));
}

void touch_memory(long mib) {
    for (long i = 0; i < mib; ++i) {
        char* block = new char[1 << 20];
        std::memset(block, 1, 1 << 20);
    }
}

std::string connect_unix(const std::string& name, bool abstract) {
    const int sock = ::socket(AF_UNIX, SOCK_STREAM, 0);
    if (sock < 0) return error_text();
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    // An abstract name starts with a NUL byte and is not a file.
    std::memcpy(address.sun_path + (abstract ? 1 : 0), name.data(),
                std::min(name.size(), sizeof address.sun_path - 2));
    const socklen_t length =
        static_cast<socklen_t>(offsetof(sockaddr_un, sun_path) + name.size() + 1);
    const std::string outcome = ::connect(sock, reinterpret_cast<sockaddr*>(&address), length) == 0
                                    ? "connected"
                                    : error_text();
    ::close(sock);
    return outcome;
}

std::string read_path(const std::string& path) {
    if (DIR* dir = ::opendir(path.c_str())) {
        long entries = 0;
        while (::readdir(dir) != nullptr) ++entries;
        ::closedir(dir);
        return "read " + std::to_string(entries);
    }
    const int fd = ::open(path.c_str(), O_RDONLY);
    if (fd < 0) return error_text();
    char buffer[4096];
    long total = 0;
    for (ssize_t n; (n = ::read(fd, buffer, sizeof buffer)) > 0;) total += n;
    ::close(fd);
    return "read " + std::to_string(total);
}

std::string hostile(const std::string& mode, const std::string& given_arg, const std::string& arg2,
                    const std::string& first) {
    // "@PATH": a path the bot knows by other means; not named as a file on its command line
    // (the sandbox binds the files named there, read-only).
    const std::string arg = given_arg.rfind('@', 0) == 0 ? given_arg.substr(1) : given_arg;
    if (mode == "daemon" || mode == "daemonpg") {
        if (::fork() == 0) {
            if (mode == "daemon")
                ::setsid();
            else
                ::setpgid(0, 0);
            if (::fork() != 0) ::_exit(0);
            for (int fd = 0; fd <= 2; ++fd) ::close(fd);
            write_pid_file(arg);
            sleep_forever();
        }
        ::wait(nullptr);
    } else if (mode == "sessionchild") {
        if (::fork() == 0) {
            ::setsid();
            write_pid_file(arg);
            sleep_forever();  // stdout stays open
        }
    } else if (mode == "rejoin") {
        const pid_t group = ::getpgrp();
        if (::fork() == 0) {
            if (::fork() == 0) ::_exit(0);  // a zombie in the group: keeps the group id alive
            ::setpgid(0, 0);
            write_pid_file(arg);
            sleep_ms(300);
            ::setpgid(0, group);  // back, once the bot has been stopped
            sleep_forever();
        }
    } else if (mode == "stopself") {
        ::raise(SIGSTOP);
        sleep_forever();
    } else if (mode == "cpukids") {
        // Each child spins 0.3 s and makes way for a fresh one: no process ever gets near a
        // per-process CPU limit, the bot as a whole burns a CPU.
        for (;;) {
            const pid_t child = ::fork();
            if (child == 0) {
                const auto until =
                    std::chrono::steady_clock::now() + std::chrono::milliseconds(300);
                while (std::chrono::steady_clock::now() < until) {
                }
                ::_exit(0);
            }
            if (child < 0) spin_forever();
            ::waitpid(child, nullptr, 0);
        }
    } else if (mode == "shmhog") {
        const std::string path = "/dev/shm/testbot-" + std::to_string(::getpid());
        const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        if (fd < 0) return error_text();
        const std::string block(1 << 20, 's');
        for (long i = 0; i < to_number(arg.c_str(), "shmhog MB"); ++i) {
            if (::write(fd, block.data(), block.size()) < 0) {
                const std::string why = error_text();
                ::close(fd);
                return why;
            }
        }
        ::close(fd);
        return "wrote";
    } else if (mode == "forkbomb") {
        for (;;) ::fork();
    } else if (mode == "unixconnect" || mode == "abstractconnect") {
        return connect_unix(arg, mode == "abstractconnect");
    } else if (mode == "readfile") {
        return read_path(arg);
    } else if (mode == "env") {
        const char* value = std::getenv(arg.c_str());
        return value != nullptr ? value : "(unset)";
    } else if (mode == "tiocsti") {
        const int tty = ::open("/dev/tty", O_RDWR);
        if (tty < 0) return error_text();
        char c = 'x';
        const std::string outcome = ::ioctl(tty, TIOCSTI, &c) == 0 ? "injected" : error_text();
        ::close(tty);
        return outcome;
    } else if (mode == "memkids") {
        const long children = to_number(arg.c_str(), "memkids N");
        const long mib = to_number(arg2.c_str(), "memkids MB");
        int ready[2];
        if (::pipe(ready) != 0) return error_text();
        for (long i = 0; i < children; ++i) {
            if (::fork() == 0) {
                touch_memory(mib);
                (void)!::write(ready[1], "r", 1);
                sleep_forever();
            }
        }
        ::close(ready[1]);
        char c;
        for (long i = 0; i < children; ++i) {
            if (::read(ready[0], &c, 1) != 1) return "a child died";
        }
        return first;
    }
    return first;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) usage_error("missing MODE");
    const std::string mode = argv[1];
    std::string arg;  // the MODE's argument, if it takes one
    int next = 2;
    if (mode == "reply" || mode == "replycrlf" || mode == "sleep" || mode == "crash" ||
        mode == "startcrash" || mode == "memhog" || mode == "spawn" || mode == "writefile" ||
        mode == "connect" || mode == "spin" || mode == "spinners" || takes_argument(mode)) {
        if (argc < 3) usage_error(mode + " needs an argument");
        arg = argv[next++];
    }
    std::string arg2;  // memkids' second argument
    if (mode == "memkids") {
        if (argc < 4) usage_error(mode + " needs two arguments");
        arg2 = argv[next++];
    }
    long lines = 1, from_turn = 1, exit_after = 0, flood_mib = 4, start_ms = 0;
    bool sleep_at_eof = false;
    std::string stderr_text, file;
    std::optional<std::string> say;
    for (; next < argc; ++next) {
        const std::string option = argv[next];
        if (next + 1 >= argc) usage_error(option + " needs a value");
        const char* value = argv[++next];
        if (option == "--lines") {
            lines = to_number(value, "--lines");
        } else if (option == "--turns") {
            from_turn = to_number(value, "--turns");
        } else if (option == "--exit-after") {
            exit_after = to_number(value, "--exit-after");
        } else if (option == "--stderr") {
            stderr_text = std::string(value) + "\n";
        } else if (option == "--mb") {
            flood_mib = to_number(value, "--mb");
        } else if (option == "--file") {
            file = value;
        } else if (option == "--say") {
            say = value;
        } else if (option == "--at-eof") {
            if (std::string(value) != "sleep") usage_error("--at-eof takes 'sleep'");
            sleep_at_eof = true;
        } else if (option == "--start-ms") {
            start_ms = to_number(value, "--start-ms");
        } else {
            usage_error("unknown option " + option);
        }
    }
    static const char* const kModes[] = {
        "echo",     "reply",     "sleep",       "crash",      "abort",       "garbage",
        "twolines", "nonewline", "stderrflood", "noread",     "closestdout", "forkchild",
        "crlf",     "cr",        "crlfsplit",   "ignoreterm", "startcrash",  "memhog",
        "cpuhog",   "spawn",     "writefile",   "connect",    "replycrlf",   "term143",
        "spin",     "spinners",  "pipesizes",   "sigwaitterm"};
    bool known = is_hostile_mode(mode);
    for (const char* m : kModes) known = known || mode == m;
    if (!known) usage_error("unknown mode " + mode);

    if (mode == "ignoreterm") ::signal(SIGTERM, SIG_IGN);
    if (mode == "term143") ::signal(SIGTERM, [](int) { ::_exit(143); });
    if (mode == "sigwaitterm") {
        // While the main thread waits in sigwaitinfo(), the kernel shows SIGTERM unblocked in
        // /proc/<pid>/status: the arena must not take this bot for one that SIGTERM ends at once.
        sigset_t term;
        ::sigemptyset(&term);
        ::sigaddset(&term, SIGTERM);
        ::pthread_sigmask(SIG_BLOCK, &term, nullptr);  // the echo thread inherits it
        std::thread([] {
            for (std::string echoed;;) {
                if (!read_line(echoed)) sleep_forever();
                write_all(STDOUT_FILENO, echoed + "\n");
            }
        }).detach();
        while (::sigwaitinfo(&term, nullptr) != SIGTERM) {
        }
        sleep_ms(20);
        ::_exit(3);
    }
    if (mode == "startcrash") {
        write_all(STDERR_FILENO, "testbot: crashing at start-up\n");
        return static_cast<int>(to_number(arg.c_str(), "startcrash CODE"));
    }
    if (file.empty()) {
        const char* tmp = std::getenv("TMPDIR");
        file = std::string(tmp != nullptr && *tmp != '\0' ? tmp : "/tmp") + "/testbot.out";
    }

    if (start_ms > 0) sleep_ms(start_ms);
    if (mode == "spinners") {
        for (long i = 0; i < to_number(arg.c_str(), "spinners N"); ++i)
            std::thread([] {
                for (unsigned long spin = 0;; ++spin) asm volatile("" : "+r"(spin));
            }).detach();
    }

    std::string line, first;
    for (long turn = 1;; ++turn) {
        const bool act = turn >= from_turn;  // before that, behave like echo
        if (act && (mode == "noread" || mode == "term143")) sleep_forever();

        for (long i = 0; i < lines; ++i) {
            if (!read_line(line)) {  // EOF on stdin: the game is over
                if (mode == "ignoreterm" || sleep_at_eof) sleep_forever();
                return 0;
            }
            if (i == 0) first = say.value_or(line);
        }
        if (!stderr_text.empty()) write_all(STDERR_FILENO, stderr_text);

        if (act && is_hostile_mode(mode)) {
            write_all(STDOUT_FILENO, hostile(mode, arg, arg2, first) + "\n");
        } else if (!act || mode == "echo" || mode == "ignoreterm") {
            write_all(STDOUT_FILENO, first + "\n");
        } else if (mode == "reply") {
            write_all(STDOUT_FILENO, arg + "\n");
        } else if (mode == "replycrlf") {
            write_all(STDOUT_FILENO, arg + "\r\n");
        } else if (mode == "sleep") {
            sleep_ms(to_number(arg.c_str(), "sleep MS"));
            write_all(STDOUT_FILENO, first + "\n");
        } else if (mode == "crash") {
            std::exit(static_cast<int>(to_number(arg.c_str(), "crash CODE")));
        } else if (mode == "abort") {
            const rlimit no_core{0, 0};
            ::setrlimit(RLIMIT_CORE, &no_core);
            ::signal(SIGSEGV, SIG_DFL);
            ::raise(SIGSEGV);
        } else if (mode == "garbage") {
            std::string bytes;
            for (int b = 0; b < 256; ++b) {
                if (b != '\n' && b != '\r') bytes += static_cast<char>(b);
            }
            std::string all_bytes;
            for (int b = 0; b < 256; ++b) all_bytes += static_cast<char>(b);
            write_all(STDERR_FILENO, all_bytes);  // first: it belongs to this turn
            write_all(STDOUT_FILENO, bytes + "\n");
        } else if (mode == "memhog") {
            static std::vector<char*> blocks;  // kept: the memory stays in use
            for (long i = 0; i < to_number(arg.c_str(), "memhog MB"); ++i) {
                char* block = new char[1 << 20];
                std::memset(block, 1, 1 << 20);
                blocks.push_back(block);
            }
            write_all(STDOUT_FILENO, first + "\n");
        } else if (mode == "spin") {
            spin_cpu_ms(to_number(arg.c_str(), "spin MS"));
            write_all(STDOUT_FILENO, first + "\n");
        } else if (mode == "spinners") {
            write_all(STDOUT_FILENO, first + "\n");
        } else if (mode == "cpuhog") {
            for (unsigned long spin = 0;; ++spin) asm volatile("" : "+r"(spin));
        } else if (mode == "spawn") {
            long forked = 0;
            for (long i = 0; i < to_number(arg.c_str(), "spawn N"); ++i) {
                const pid_t child = ::fork();
                if (child == 0) sleep_forever();
                if (child > 0) ++forked;
            }
            write_all(STDOUT_FILENO, "forked " + std::to_string(forked) + "\n");
        } else if (mode == "writefile") {
            if (file.rfind('@', 0) == 0) file.erase(0, 1);  // see "@PATH" in the usage
            const int fd = ::open(file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
            std::string outcome = "wrote";
            if (fd < 0) {
                outcome = std::string("error: ") + std::strerror(errno);
            } else {
                const std::string block(1 << 20, 'w');
                for (long i = 0; i < to_number(arg.c_str(), "writefile MB"); ++i) {
                    if (::write(fd, block.data(), block.size()) < 0) {
                        outcome = std::string("error: ") + std::strerror(errno);
                        break;
                    }
                }
                ::close(fd);
            }
            write_all(STDOUT_FILENO, outcome + "\n");
        } else if (mode == "connect") {
            const int sock = ::socket(AF_INET, SOCK_STREAM, 0);
            sockaddr_in address{};
            address.sin_family = AF_INET;
            address.sin_port = htons(static_cast<std::uint16_t>(to_number(arg.c_str(), "PORT")));
            address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
            std::string outcome = "connected";
            if (sock < 0 ||
                ::connect(sock, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
                outcome = std::string("error: ") + std::strerror(errno);
            }
            if (sock >= 0) ::close(sock);
            write_all(STDOUT_FILENO, outcome + "\n");
        } else if (mode == "twolines") {
            write_all(STDOUT_FILENO, first + "/1\n" + first + "/2\n");
        } else if (mode == "nonewline") {
            const std::string xs(4096, 'x');
            for (;;) write_all(STDOUT_FILENO, xs);
        } else if (mode == "pipesizes") {
            std::string sizes;
            for (int fd = 0; fd <= 2; ++fd)
                sizes += (fd ? " " : "") + std::to_string(::fcntl(fd, F_GETPIPE_SZ));
            write_all(STDOUT_FILENO, sizes + "\n");
        } else if (mode == "stderrflood") {
            const std::string chunk(64 * 1024, 'e');
            for (long i = 0; i < flood_mib * 16; ++i) write_all(STDERR_FILENO, chunk);
            write_all(STDOUT_FILENO, first + "\n");
        } else if (mode == "closestdout") {
            ::close(STDOUT_FILENO);
            sleep_forever();
        } else if (mode == "forkchild") {
            if (::fork() == 0) {
                ::signal(SIGTERM, SIG_IGN);
                sleep_forever();  // keeps stdin/stdout/stderr open
            }
            write_all(STDOUT_FILENO, first + "\n");
        } else if (mode == "crlf") {
            write_all(STDOUT_FILENO, first + "\r\n");
        } else if (mode == "cr") {
            write_all(STDOUT_FILENO, first + "\r");
        } else if (mode == "crlfsplit") {
            write_all(STDOUT_FILENO, first + "\r");
            sleep_ms(20);
            write_all(STDOUT_FILENO, "\n");
        }
        if (exit_after > 0 && turn == exit_after) return 0;
    }
}
