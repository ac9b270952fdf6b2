// testbot: a small bot that misbehaves on demand, for the tests of the arena's process and match
// layers. Plain POSIX read()/write() so that what reaches the pipes is exactly what is written
// here (no stdio buffering in the way). Run without arguments for the usage.
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace {

const char* const kUsage = R"(usage: testbot MODE [ARG] [options]

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
  noread         never read stdin (from turn K on), just sleep
  closestdout    close stdout and keep running (sleeping)
  forkchild      fork a child that ignores SIGTERM and sleeps with the pipes open, then reply
                 like echo
  crlf           reply like echo, ending the line with "\r\n"
  cr             reply like echo, ending the line with "\r"
  crlfsplit      write "X\r", sleep 20 ms, write "\n" (a "\r\n" split across two writes)
  term143        never answer; exit with code 143 on SIGTERM, as a JVM does
  ignoreterm     ignore SIGTERM (from the start) and keep running after EOF on stdin,
                 otherwise echo
  startcrash CODE  write a message to stderr and exit with CODE at start-up, before reading
  memhog MB      allocate and touch MB MiB (1 MiB blocks, operator new: std::bad_alloc when
                 refused), then reply like echo
  cpuhog         spin on the CPU forever, never answer
  spawn N        fork N children that sleep (in the bot's process group), then reply
                 "forked K" (K: how many fork() calls succeeded)
  writefile MB   write MB MiB to the file --file (default: $TMPDIR or /tmp, testbot.out), then
                 reply "wrote", or "error: <why>" when open or write fails
  connect PORT   connect to 127.0.0.1:PORT over TCP, reply "connected" or "error: <why>"

Options:
  --lines N       lines to read per turn (default 1)
  --turns K       behave like echo before turn K, act as MODE from turn K on (default 1)
  --exit-after N  exit with code 0 after the reply of turn N
  --stderr TEXT   write TEXT and a newline to stderr each turn, before the reply
  --mb N          MiB written by stderrflood each turn (default 4)
  --file PATH     the file of writefile
  --say TEXT      reply TEXT instead of the first line read, wherever a mode echoes
)";

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

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) usage_error("missing MODE");
    const std::string mode = argv[1];
    std::string arg;  // the MODE's argument, if it takes one
    int next = 2;
    if (mode == "reply" || mode == "replycrlf" || mode == "sleep" || mode == "crash" ||
        mode == "startcrash" || mode == "memhog" || mode == "spawn" || mode == "writefile" ||
        mode == "connect") {
        if (argc < 3) usage_error(mode + " needs an argument");
        arg = argv[next++];
    }
    long lines = 1, from_turn = 1, exit_after = 0, flood_mib = 4;
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
        } else {
            usage_error("unknown option " + option);
        }
    }
    static const char* const kModes[] = {
        "echo",     "reply",     "sleep",       "crash",      "abort",       "garbage",
        "twolines", "nonewline", "stderrflood", "noread",     "closestdout", "forkchild",
        "crlf",     "cr",        "crlfsplit",   "ignoreterm", "startcrash",  "memhog",
        "cpuhog",   "spawn",     "writefile",   "connect",    "replycrlf",   "term143"};
    bool known = false;
    for (const char* m : kModes) known = known || mode == m;
    if (!known) usage_error("unknown mode " + mode);

    if (mode == "ignoreterm") ::signal(SIGTERM, SIG_IGN);
    if (mode == "term143") ::signal(SIGTERM, [](int) { ::_exit(143); });
    if (mode == "startcrash") {
        write_all(STDERR_FILENO, "testbot: crashing at start-up\n");
        return static_cast<int>(to_number(arg.c_str(), "startcrash CODE"));
    }
    if (file.empty()) {
        const char* tmp = std::getenv("TMPDIR");
        file = std::string(tmp != nullptr && *tmp != '\0' ? tmp : "/tmp") + "/testbot.out";
    }

    std::string line, first;
    for (long turn = 1;; ++turn) {
        const bool act = turn >= from_turn;  // before that, behave like echo
        if (act && (mode == "noread" || mode == "term143")) sleep_forever();

        for (long i = 0; i < lines; ++i) {
            if (!read_line(line)) {  // EOF on stdin: the game is over
                if (mode == "ignoreterm") sleep_forever();
                return 0;
            }
            if (i == 0) first = say.value_or(line);
        }
        if (!stderr_text.empty()) write_all(STDERR_FILENO, stderr_text);

        if (!act || mode == "echo" || mode == "ignoreterm") {
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
