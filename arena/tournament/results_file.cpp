// Reading results.jsonl: every line checked (its record, ids used once, a line repeated exactly
// counted once, a last line cut by a kill left out), as a stream of records, so that a file of a
// million games is read in bounded memory and on both cores.
#include <algorithm>
#include <atomic>
#include <exception>
#include <fstream>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string_view>
#include <thread>
#include <vector>

#include "arena/common/files.hpp"
#include "arena/common/input_file.hpp"
#include "arena/tournament/config.hpp"
#include "arena/tournament/record.hpp"
#include "arena/tournament/record_quick.hpp"

namespace arena::tournament {

using Json = nlohmann::json;

namespace {

// The ids seen so far, in 16 bytes a game (an open-addressing table of hashes): enough to find a
// repeated line or a reused id in a results file of any size. Equal hashes of different ids
// (about one chance in 10^7 for a million games) are told apart by reading the file again.
class SeenIds {
  public:
    struct Entry {
        std::uint64_t id_hash = 0;  // 0: empty slot
        std::uint32_t line_hash = 0;
        std::uint32_t line = 0;
    };
    // The entry of `id_hash`, or nullptr.
    const Entry* find(std::uint64_t id_hash) const {
        if (slots_.empty()) return nullptr;
        for (std::size_t i = id_hash & (slots_.size() - 1);; i = (i + 1) & (slots_.size() - 1)) {
            if (slots_[i].id_hash == id_hash) return &slots_[i];
            if (slots_[i].id_hash == 0) return nullptr;
        }
    }
    std::size_t size() const { return used_; }
    void insert(const Entry& entry) {
        if ((used_ + 1) * 10 > slots_.size() * 7) grow();
        place(entry);
        ++used_;
    }

  private:
    void place(const Entry& entry) {
        std::size_t i = entry.id_hash & (slots_.size() - 1);
        while (slots_[i].id_hash != 0) i = (i + 1) & (slots_.size() - 1);
        slots_[i] = entry;
    }
    void grow() {
        std::vector<Entry> old(std::max<std::size_t>(1024, slots_.size() * 2));
        old.swap(slots_);
        for (const Entry& e : old)
            if (e.id_hash != 0) place(e);
    }
    std::vector<Entry> slots_;
    std::size_t used_ = 0;
};

std::uint64_t hash_of(std::string_view text) {
    const std::uint64_t h = std::hash<std::string_view>{}(text);
    return h == 0 ? 1 : h;  // 0 marks an empty slot
}

// The line's JSON. The bots' identities (about half of a line) are left out when the reader
// does not check them (ResultsExpectations::identities): they are the runner's business, on
// --resume; standings and reports never read them, and parsing is most of a big read's time.
nlohmann::json parse_json(std::string_view line, bool identities) {
    constexpr std::string_view kIdentities = ",\"identities\":[";
    const std::size_t at = identities ? std::string_view::npos : line.rfind(kIdentities);
    if (at == std::string_view::npos || line.back() != '}') return nlohmann::json::parse(line);
    std::string shorter(line.substr(0, at));
    shorter += '}';
    return nlohmann::json::parse(shorter);
}

struct LineHashes {
    LineHashes() = default;
    LineHashes(const GameRecord& record, std::string_view line)
        : id(hash_of(record.id)), line(static_cast<std::uint32_t>(hash_of(line))) {}
    std::uint64_t id = 0;
    std::uint32_t line = 0;
};

// A file's lines checked one at a time (see read_results): what is kept between lines is the
// table of ids and the notes.
class LineChecker {
  public:
    LineChecker(std::string name, const ResultsExpectations& expected,
                std::function<std::string(int)> line_text)
        : name_(std::move(name)), expected_(expected), line_text_(std::move(line_text)) {}

    // The record of `line` (number `number`), checked; throws ResultsError naming the line.
    // Thread-safe: it reads only the expectations, so that lines are parsed on several threads.
    GameRecord parse(std::string_view line, int number) const {
        if (std::optional<GameRecord> quick = QuickRecord(line, expected_).read())
            return std::move(*quick);
        try {
            return record_from_json(parse_json(line, expected_.identities), expected_);
        } catch (const nlohmann::json::exception&) {
            throw ResultsError(where(number) +
                               " is damaged (not a JSON record): fix or remove that line");
        } catch (const std::invalid_argument& e) {
            throw ResultsError(where(number) + ": " + e.what() + ": fix or remove that line");
        }
    }

    // True when `record` (of `line`, number `number`) counts: not a line repeated exactly. One
    // line at a time, in file order; throws ResultsError for an id used with another result.
    // `hashes`: those of the record's id and of the line (LineHashes, computed with the parse).
    bool accept(const GameRecord& record, std::string_view line, int number, ResultsFile& file) {
        return accept(record, line, number, LineHashes(record, line), file);
    }
    bool accept(const GameRecord& record, std::string_view line, int number,
                const LineHashes& hashes, ResultsFile& file) {
        const std::uint64_t id_hash = hashes.id;
        const std::uint32_t line_hash = hashes.line;
        const SeenIds::Entry* earlier = seen_.find(id_hash);
        if (earlier && earlier_id(*earlier) == record.id) {
            if (earlier->line_hash == line_hash && line_text_(earlier->line) == line) {
                note(file, where(number) + " repeats line " + std::to_string(earlier->line) +
                               " exactly: that game is counted once");
                return false;
            }
            throw ResultsError(where(number) + ": game id '" + record.id +
                               "' is already used by line " + std::to_string(earlier->line) +
                               " with another result: remove the wrong one");
        }
        // The table grows with the games: a file of more games than a run can have is no run's.
        if (seen_.size() >= kMaxGames)
            throw ResultsError(where(number) + ": more than " + std::to_string(kMaxGames) +
                               " games in one results file, more than a run can have: the file "
                               "is damaged or was made to fill the memory; remove or replace it");
        // Equal hashes of two ids: the later one is not remembered (one chance in 10^7).
        if (!earlier) seen_.insert({id_hash, line_hash, static_cast<std::uint32_t>(number)});
        return true;
    }

    // The record of line `number`, or nothing (an empty line, a repeated one).
    std::optional<GameRecord> check(std::string_view line, int number, ResultsFile& file) {
        if (line.empty()) return std::nullopt;
        GameRecord record = parse(line, number);
        if (!accept(record, line, number, file)) return std::nullopt;
        return record;
    }
    void cut(int number, ResultsFile& file) const {
        file.notes.push_back("'" + name_ + "' line " + std::to_string(number) +
                             " was cut short (the arena was stopped while writing it): left out");
    }

  private:
    std::string where(int number) const { return "'" + name_ + "' line " + std::to_string(number); }
    std::string earlier_id(const SeenIds::Entry& entry) const {
        try {
            return Json::parse(line_text_(entry.line)).at("id").get<std::string>();
        } catch (const std::exception&) {
            return "";
        }
    }
    // Many repeated lines make one note each up to a bound, then one that counts the rest.
    void note(ResultsFile& file, std::string text) {
        constexpr std::size_t kNotes = 50;
        if (file.notes.size() < kNotes) {
            file.notes.push_back(std::move(text));
        } else {
            ++more_;
            const std::string more =
                "... and " + std::to_string(more_) + " more repeated line(s), each counted once";
            if (file.notes.size() == kNotes)
                file.notes.push_back(more);
            else
                file.notes.back() = more;
        }
    }

    std::string name_;
    const ResultsExpectations& expected_;
    std::function<std::string(int)> line_text_;  // an earlier line again (rare: a repeat)
    SeenIds seen_;
    std::size_t more_ = 0;
};

// Line `number` (1-based) of `text`.
std::string nth_line(std::string_view text, int number) {
    std::size_t begin = 0;
    for (int n = 1; n < number; ++n) begin = text.find('\n', begin) + 1;
    return std::string(text.substr(begin, text.find('\n', begin) - begin));
}

std::string nth_line_of_file(const std::filesystem::path& path, int number) {
    files::InputFile in(path, files::kResultsFile);
    std::string line;
    for (int n = 0; n < number && in.read_line(line, files::kMaxResultsLineBytes); ++n) {
    }
    return line;
}

}  // namespace

ResultsFile read_results(const std::filesystem::path& results,
                         const ResultsExpectations& expected) {
    ResultsFile file;
    std::vector<GameRecord> records;
    file = for_each_result(
        results, [&](GameRecord&& r) { records.push_back(std::move(r)); }, expected);
    file.records = std::move(records);
    return file;
}

ResultsFile parse_results(const std::string& text, const std::string& name,
                          const ResultsExpectations& expected) {
    ResultsFile file;
    LineChecker checker(name, expected, [&](int n) { return nth_line(text, n); });
    int line_number = 0;
    std::size_t begin = 0;
    for (std::size_t end; (end = text.find('\n', begin)) != std::string::npos; begin = end + 1) {
        ++line_number;
        file.complete_bytes = end + 1;
        const std::string_view line(text.data() + begin, end - begin);
        if (std::optional<GameRecord> r = checker.check(line, line_number, file))
            file.records.push_back(std::move(*r));
    }
    if (begin < text.size()) checker.cut(line_number + 1, file);
    return file;
}

namespace {

// A line of a block, parsed on either thread: its record (with its hashes) or the error that
// rejects it; the caller then takes the lines in file order.
struct ParsedLine {
    std::string_view text;
    int number = 0;
    std::optional<GameRecord> record;  // nothing: an empty line, or `error`
    LineHashes hashes;
    std::exception_ptr error;
};

// Whole lines of the file, about 1 MB at a time.
struct Block {
    std::string text;
    std::vector<ParsedLine> lines;
    std::uintmax_t end = 0;  // the file offset after its last line
};

// Reads `in` into blocks of whole lines; what follows the last newline waits for the next.
class BlockReader {
  public:
    explicit BlockReader(files::InputFile& in) : in_(in), buffer_(kBlock) {}
    // False at the end of the file (the cut last line, if any, is in rest()).
    bool next(Block& block, int& line_number) {
        block.text.swap(carry_);
        carry_.clear();
        std::size_t last = block.text.rfind('\n');
        std::size_t got = 0;
        while (last == std::string::npos && (got = in_.read(buffer_.data(), kBlock)) > 0) {
            const std::size_t before = block.text.size();
            block.text.append(buffer_.data(), got);
            last = block.text.find('\n', before);
            if (last != std::string::npos) last = block.text.rfind('\n');
            // Until a newline comes, the block is one line: held to a record's size.
            if (last == std::string::npos && block.text.size() > files::kMaxResultsLineBytes)
                throw line_too_long(line_number + 1);
        }
        if (last == std::string::npos) {
            carry_.swap(block.text);
            return false;
        }
        carry_.assign(block.text, last + 1);
        block.text.resize(last + 1);
        offset_ += block.text.size();
        block.end = offset_;
        block.lines.clear();
        for (std::size_t begin = 0, end; begin < block.text.size(); begin = end + 1) {
            end = block.text.find('\n', begin);
            block.lines.push_back({std::string_view(block.text).substr(begin, end - begin),
                                   ++line_number,
                                   std::nullopt,
                                   {},
                                   nullptr});
        }
        return true;
    }
    const std::string& rest() const { return carry_; }

  private:
    files::FileError line_too_long(int number) const {
        std::string file(1, '\'');  // appended: GCC 12 warns falsely on "'" + std::string
        file += in_.path().string();
        return files::FileError(file + "' line " + std::to_string(number) + " is over " +
                                std::to_string(files::kMaxResultsLineBytes >> 20) +
                                " MiB, longer than a game's record can be: the file is damaged or "
                                "was made to fill the memory; remove that line");
    }

    static constexpr std::size_t kBlock = 1 << 20;
    files::InputFile& in_;
    std::vector<char> buffer_;
    std::string carry_;  // the start of a line that goes on in the next read
    std::uintmax_t offset_ = 0;
};

// One block's lines parsed by a helper thread, and by the caller once it has taken the block
// before (parsing is most of a big read's time: both cores parse while the caller adds up).
class BlockParse {
  public:
    BlockParse(const LineChecker& checker, std::vector<ParsedLine>& lines)
        : checker_(checker), lines_(lines), helper_([this] { work(); }) {}
    BlockParse(const BlockParse&) = delete;
    BlockParse& operator=(const BlockParse&) = delete;
    ~BlockParse() {  // also when the caller stops at an error: the helper stops soon
        next_ = lines_.size();
        if (helper_.joinable()) helper_.join();
    }
    // Parses what is left with the helper, and waits for it.
    void finish() {
        work();
        helper_.join();
    }

  private:
    void work() {
        constexpr std::size_t kChunk = 16;
        for (std::size_t from; (from = next_.fetch_add(kChunk)) < lines_.size();) {
            for (std::size_t i = from; i < std::min(from + kChunk, lines_.size()); ++i)
                parse(lines_[i]);
        }
    }
    void parse(ParsedLine& line) const {
        if (line.text.empty()) return;
        try {
            line.record = checker_.parse(line.text, line.number);
            line.hashes = LineHashes(*line.record, line.text);
        } catch (...) {
            line.error = std::current_exception();
        }
    }

    const LineChecker& checker_;
    std::vector<ParsedLine>& lines_;
    std::atomic<std::size_t> next_{0};
    std::thread helper_;
};

}  // namespace

ResultsFile for_each_result(const std::filesystem::path& results, const RecordSink& each,
                            const ResultsExpectations& expected) {
    files::InputFile in(results, files::kResultsFile);
    ResultsFile file;
    LineChecker checker(results.string(), expected,
                        [&](int n) { return nth_line_of_file(results, n); });
    BlockReader reader(in);
    Block blocks[2];
    int line_number = 0;
    bool more = reader.next(blocks[0], line_number);
    std::unique_ptr<BlockParse> parsing;
    if (more) parsing = std::make_unique<BlockParse>(checker, blocks[0].lines);
    // Block k is taken in file order while block k + 1 is parsed.
    for (std::size_t k = 0; more; k ^= 1) {
        parsing->finish();
        Block& parsed = blocks[k];
        more = reader.next(blocks[k ^ 1], line_number);
        parsing = more ? std::make_unique<BlockParse>(checker, blocks[k ^ 1].lines) : nullptr;
        for (ParsedLine& line : parsed.lines) {
            if (line.error) std::rethrow_exception(line.error);
            if (line.record &&
                checker.accept(*line.record, line.text, line.number, line.hashes, file))
                each(std::move(*line.record));
        }
        // Whole lines only: a results file cut by a kill ends without its last newline.
        file.complete_bytes = parsed.end;
    }
    if (!reader.rest().empty()) checker.cut(line_number + 1, file);
    return file;
}

}  // namespace arena::tournament
