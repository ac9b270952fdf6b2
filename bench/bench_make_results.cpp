// Writes a synthetic Dice Shogi tournament directory of N games, as `arena tournament` leaves it,
// for benchmarks of what reads a whole results directory (standings, report, later shards and
// merge): DIR/config.json (the run's effective config) and DIR/results.jsonl (N lines in the
// arena's record format, in schedule order). No match logs: the lines name games/<id>.json as a
// run does, but those files are not written (36 KB a game would be 36 GB for a million).
//
//   bench_make_results N DIR [--bot PROGRAM]
//
// The run it imitates: 4 random bots r0..r3 (PROGRAM --seed K, default the built random bot),
// round robin, both seat orders, 12 games a seed, seeds drawn from master 1 exactly as the arena
// draws them ("seeds": {"count": S, "master": 1}). Whole seeds only: N is rounded up to a multiple
// of 12 (1,000,000 gives 1,000,008 games, 83,334 seeds). Each line is shaped like a real one
// (checked against `arena tournament` with those bots): a checkmate after 10-299 plies or a draw
// at 300, per-turn times in ms rounded to 0.01, each seat's bot identity with the program's real
// SHA-256, so that `arena tournament --resume --out DIR` takes the directory as complete and
// plays nothing. Deterministic: the same N and PROGRAM give the same bytes.
#include <nettle/sha2.h>

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

constexpr int kBots = 4;
constexpr int kMaxPlies = 300;

// SplitMix64, the arena's seed sequence (tournament/config.cpp seeds_from_master) and this
// generator's dice.
struct SplitMix {
    std::uint64_t state;
    std::uint64_t next() {
        std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    int below(int n) { return static_cast<int>(next() % static_cast<std::uint64_t>(n)); }
    double unit() { return static_cast<double>(next() >> 11) / 9007199254740992.0; }
};

std::string sha256_of_file(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    sha256_ctx context;
    sha256_init(&context);
    sha256_update(&context, bytes.size(), reinterpret_cast<const std::uint8_t*>(bytes.data()));
    unsigned char digest[SHA256_DIGEST_SIZE];
    sha256_digest(&context, sizeof digest, digest);
    static const char hex[] = "0123456789abcdef";
    std::string text;
    for (unsigned char byte : digest) {
        text += hex[byte >> 4];
        text += hex[byte & 15];
    }
    return text;
}

// Shortest round-trip text of a double, as nlohmann::json writes it for these magnitudes.
void append_number(std::string& out, double value) {
    char buffer[32];
    const auto end = std::to_chars(buffer, buffer + sizeof buffer, value).ptr;
    std::string_view text(buffer, static_cast<std::size_t>(end - buffer));
    out += text;
    if (text.find_first_of(".e") == std::string_view::npos) out += ".0";
}

struct Bot {
    std::string name, command, identity_json;
};

std::vector<Bot> make_bots(const fs::path& program, const fs::path& dir) {
    const std::string hash = sha256_of_file(program);
    const std::string canonical = fs::canonical(program).string();
    std::vector<Bot> bots;
    for (int k = 0; k < kBots; ++k) {
        Bot bot;
        bot.name = std::string("r").append(std::to_string(k));  // "r" + ...: a false -Wrestrict
        bot.command = program.string() + " --seed " + std::to_string(k);
        bot.identity_json = "{\"command\":\"" + bot.command + "\",\"working_dir\":\"" +
                            dir.string() + "\",\"files\":[{\"word\":\"" + program.string() +
                            "\",\"path\":\"" + canonical + "\",\"sha256\":\"" + hash + "\"}]}";
        bots.push_back(bot);
    }
    return bots;
}

void write_config(const fs::path& dir, const std::vector<Bot>& bots, long seeds) {
    std::ofstream out(dir / "config.json");
    out << "{\n  \"game\": \"diceshogi\",\n  \"bots\": [\n";
    for (std::size_t b = 0; b < bots.size(); ++b) {
        out << "    {\n      \"name\": \"" << bots[b].name << "\",\n      \"command\": \""
            << bots[b].command << "\",\n      \"working_dir\": \"" << dir.string() << "\"\n    }"
            << (b + 1 < bots.size() ? "," : "") << "\n";
    }
    out << "  ],\n  \"seeds\": {\n    \"count\": " << seeds << ",\n    \"master\": 1\n  },\n"
        << "  \"games_per_seed\": 1,\n  \"players_per_game\": 2,\n  \"format\": \"round-robin\",\n"
        << "  \"seat_orders\": \"all\",\n  \"time\": {\n    \"scale\": 1.0,\n    \"margin_ms\": 0\n"
        << "  },\n  \"concurrency\": 2,\n  \"out\": \"" << dir.string() << "\"\n}\n";
}

// One seat's per-turn times: the first turn pays the bot's start-up, the rest are instant.
std::vector<double> turn_times(SplitMix& dice, int turns) {
    std::vector<double> times;
    for (int t = 0; t < turns; ++t) {
        const double ms =
            t == 0 ? 0.05 + 2.0 * dice.unit() : 0.006 + 0.03 * dice.unit() * dice.unit();
        times.push_back(ms);
    }
    return times;
}

void append_record(std::string& out, SplitMix& dice, const std::string& id,
                   const std::string& group, std::int64_t seed, const Bot& a, const Bot& b) {
    const bool draw = dice.below(10) == 0;
    const int plies = draw ? kMaxPlies : 10 + dice.below(kMaxPlies - 10);
    const int winner = dice.below(2);  // seat of the winner
    const int scores[2] = {draw ? 0 : (winner == 0 ? 1 : -1), draw ? 0 : (winner == 1 ? 1 : -1)};
    const int ranks[2] = {draw ? 1 : (winner == 0 ? 1 : 2), draw ? 1 : (winner == 1 ? 1 : 2)};
    out += "{\"id\":\"" + id +
           "\",\"game\":\"diceshogi\",\"testcase\":\"\",\"seed\":" + std::to_string(seed) +
           ",\"group\":\"" + group + "\",\"players\":[\"" + a.name + "\",\"" + b.name +
           "\"],\"scores\":[" + std::to_string(scores[0]) + "," + std::to_string(scores[1]) +
           "],\"ranks\":[" + std::to_string(ranks[0]) + "," + std::to_string(ranks[1]) +
           "],\"outcomes\":[\"ok\",\"ok\"],\"details\":[";
    for (int seat = 0; seat < 2; ++seat)
        out += std::string(seat ? "," : "") +
               (dice.below(2) ? "\"exit code 0\"" : "\"signal 15 (SIGTERM)\"");
    out += "],\"reason\":\"";
    out += draw ? "Draw: 300 plies played without a checkmate."
                : "Player " + std::to_string(winner) + " wins: player " +
                      std::to_string(1 - winner) + " is checkmated after ply " +
                      std::to_string(plies) + ".";
    out += "\",\"turns\":" + std::to_string(plies);
    const std::vector<double> times[2] = {turn_times(dice, (plies + 1) / 2),
                                          turn_times(dice, plies / 2)};
    // As the arena writes them since issue 17: per seat the first answered turn's time and a
    // histogram of all of them ([ms, count], 0.01 ms bins: exact below 10.24 ms, which these
    // times always are).
    std::string mean = ",\"mean_turn_ms\":[", max = "],\"max_turn_ms\":[";
    std::string first = "],\"first_turn_ms\":[", each = "],\"turn_hist\":[";
    for (int seat = 0; seat < 2; ++seat) {
        double total = 0, longest = 0;
        for (double t : times[seat]) total += t, longest = std::max(longest, t);
        if (seat) mean += ",", max += ",", first += ",", each += ",";
        append_number(mean,
                      times[seat].empty() ? 0.0 : total / static_cast<double>(times[seat].size()));
        append_number(max, longest);
        std::map<long, int> bins;  // in 0.01 ms
        for (double t : times[seat]) ++bins[static_cast<long>(t * 100 + 0.5)];
        if (times[seat].empty())
            first += "null";
        else
            append_number(first,
                          static_cast<double>(static_cast<long>(times[seat][0] * 100 + 0.5)) / 100);
        each += "[";
        for (auto it = bins.begin(); it != bins.end(); ++it) {
            if (it != bins.begin()) each += ",";
            each += "[";
            append_number(each, static_cast<double>(it->first) / 100);
            each += ",";
            each += std::to_string(it->second);
            each += "]";
        }
        each += "]";
    }
    // Appended piece by piece: a literal + std::string&& trips a false -Wrestrict in GCC 12.
    out += mean;
    out += max;
    out += first;
    out += each;
    out += "],\"log\":\"games/";
    out += id;
    out += ".json\",\"identities\":[";
    out += a.identity_json;
    out += ",";
    out += b.identity_json;
    out += "]}\n";
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 3 && !(argc == 5 && std::string(argv[3]) == "--bot")) {
        std::fprintf(stderr, "usage: bench_make_results N DIR [--bot PROGRAM]\n");
        return 2;
    }
    const long games = std::atol(argv[1]);
    if (games < 1) {
        std::fprintf(stderr, "bench_make_results: N must be >= 1\n");
        return 2;
    }
    fs::create_directories(argv[2]);
    const fs::path dir = fs::canonical(argv[2]);
    const fs::path program = fs::absolute(argc == 5 ? argv[4] : ARENA_DICESHOGI_RANDOM_BOT);
    if (!fs::is_regular_file(program)) {
        std::fprintf(stderr, "bench_make_results: no bot program %s\n", program.c_str());
        return 2;
    }
    const std::vector<Bot> bots = make_bots(program, dir);
    // The arena's schedule: per seed, each pair in lexicographic order, both seat orders.
    std::vector<std::pair<int, int>> pairs;
    for (int i = 0; i < kBots; ++i)
        for (int j = i + 1; j < kBots; ++j) pairs.emplace_back(i, j);
    const long per_seed = 2 * static_cast<long>(pairs.size());
    const long seeds = (games + per_seed - 1) / per_seed;
    write_config(dir, bots, seeds);

    std::FILE* results = std::fopen((dir / "results.jsonl").c_str(), "w");
    if (!results) {
        std::perror("bench_make_results: results.jsonl");
        return 1;
    }
    SplitMix seed_sequence{1};  // master seed 1
    SplitMix dice{0x5EEDull};
    std::string chunk;
    long written = 0;
    for (long s = 0; s < seeds; ++s) {
        const auto seed = static_cast<std::int64_t>(seed_sequence.next());
        char tag[32];
        std::snprintf(tag, sizeof tag, "s%04ld", s + 1);
        for (const auto& [i, j] : pairs) {
            const std::string group = std::string(tag) + "-" + bots[i].name + "_vs_" + bots[j].name;
            for (int order = 0; order < 2; ++order, ++written) {
                const Bot& first = order ? bots[j] : bots[i];
                const Bot& second = order ? bots[i] : bots[j];
                append_record(chunk, dice,
                              std::string(tag) + "-" + first.name + "_vs_" + second.name, group,
                              seed, first, second);
            }
        }
        if (chunk.size() > (1u << 22)) {
            std::fwrite(chunk.data(), 1, chunk.size(), results);
            chunk.clear();
        }
    }
    std::fwrite(chunk.data(), 1, chunk.size(), results);
    if (std::fclose(results) != 0) {
        std::perror("bench_make_results: results.jsonl");
        return 1;
    }
    std::printf("%s: %ld games (%ld seeds x %ld)\n", dir.c_str(), written, seeds, per_seed);
    return 0;
}
