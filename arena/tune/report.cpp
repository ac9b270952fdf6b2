#include "arena/tune/report.hpp"

#include <algorithm>
#include <cstdio>

#include "arena/common/files.hpp"

namespace arena::tune {

namespace {

constexpr double kWidth = 640, kHeight = 180, kMargin = 36;

std::string number(double v) {
    char text[32];
    std::snprintf(text, sizeof text, "%.4g", v);
    return text;
}

std::string escaped(const std::string& text) {
    std::string out;
    for (char c : text) {
        if (c == '<')
            out += "&lt;";
        else if (c == '>')
            out += "&gt;";
        else if (c == '&')
            out += "&amp;";
        else if (c == '"')
            out += "&quot;";
        else
            out += c;
    }
    return out;
}

// A polyline of (x, y) points scaled into the chart's box, y from `low` (bottom) to `high`.
std::string polyline(const std::vector<std::pair<double, double>>& points, double max_x, double low,
                     double high, const char* colour, const char* extra = "") {
    std::string text =
        "<polyline fill=\"none\" stroke=\"" + std::string(colour) + "\" " + extra + " points=\"";
    for (const auto& [x, y] : points) {
        const double px = kMargin + (max_x > 0 ? x / max_x : 0) * (kWidth - 2 * kMargin);
        const double py = kHeight - kMargin - (y - low) / (high - low) * (kHeight - 2 * kMargin);
        text += number(px) + "," + number(py) + " ";
    }
    return text + "\"/>";
}

std::string chart(const std::string& title, double max_x, double low, double high,
                  const std::string& lines) {
    std::string svg = "<h3>" + escaped(title) + "</h3><svg width=\"" + number(kWidth) +
                      "\" height=\"" + number(kHeight) + "\">";
    svg += "<rect x=\"" + number(kMargin) + "\" y=\"" + number(kMargin) + "\" width=\"" +
           number(kWidth - 2 * kMargin) + "\" height=\"" + number(kHeight - 2 * kMargin) +
           "\" fill=\"#fafafa\" stroke=\"#ccc\"/>";
    svg += "<text x=\"2\" y=\"" + number(kMargin + 4) + "\" font-size=\"11\">" + number(high) +
           "</text><text x=\"2\" y=\"" + number(kHeight - kMargin) + "\" font-size=\"11\">" +
           number(low) + "</text><text x=\"" + number(kWidth - kMargin - 20) + "\" y=\"" +
           number(kHeight - kMargin + 14) + "\" font-size=\"11\">" + number(max_x) + "</text>";
    return svg + lines + "</svg>";
}

std::string parameter_chart(const Param& p, std::size_t i,
                            const std::vector<IterationLine>& lines) {
    std::vector<std::pair<double, double>> theta{{0, p.start}}, plus, minus;
    for (const IterationLine& line : lines) {
        theta.emplace_back(line.step.k, line.theta_after[i]);
        plus.emplace_back(line.step.k, line.step.plus[i]);
        minus.emplace_back(line.step.k, line.step.minus[i]);
    }
    const double max_x = std::max<double>(1, lines.size());
    return chart(p.name + " (theta over iterations; theta+ and theta- dotted)", max_x, p.min, p.max,
                 polyline(plus, max_x, p.min, p.max, "#9bd", "stroke-dasharray=\"2,3\"") +
                     polyline(minus, max_x, p.min, p.max, "#db9", "stroke-dasharray=\"2,3\"") +
                     polyline(theta, max_x, p.min, p.max, "#06c", "stroke-width=\"2\""));
}

// theta+'s score over the games, a moving window of about a tenth of the run.
std::string win_rate_chart(const std::vector<IterationLine>& lines) {
    std::vector<std::pair<double, double>> points;
    const std::size_t window = std::max<std::size_t>(1, lines.size() / 10);
    double games = 0;
    for (std::size_t k = 0; k < lines.size(); ++k) {
        double won = 0, played = 0;
        for (std::size_t j = k + 1 - std::min(k + 1, window); j <= k; ++j) {
            won += lines[j].score.wins + 0.5 * lines[j].score.draws;
            played += lines[j].score.wins + lines[j].score.draws + lines[j].score.losses;
        }
        games += lines[k].games.size();
        if (played > 0) points.emplace_back(games, won / played);
    }
    const double max_x = std::max(1.0, games);
    return chart("theta+ score against theta- over the games (moving window of " +
                     std::to_string(window) + " iteration(s))",
                 max_x, 0, 1,
                 polyline({{0, 0.5}, {max_x, 0.5}}, max_x, 0, 1, "#bbb") +
                     polyline(points, max_x, 0, 1, "#c30", "stroke-width=\"2\""));
}

std::string values_text(const TuneConfig& config, const std::vector<double>& values) {
    std::string text;
    for (std::size_t i = 0; i < config.params.size(); ++i)
        text += (text.empty() ? "" : ", ") + config.params[i].name + "=" +
                value_text(config.params[i], values[i]);
    return text;
}

std::string failures_table(const TuneConfig& config, const std::vector<IterationLine>& lines) {
    std::string rows;
    for (const IterationLine& line : lines) {
        const IterationScore& s = line.score;
        if (s.plus_failures > 0)
            rows += "<tr><td>" + std::to_string(line.step.k) + "</td><td>theta+</td><td>" +
                    std::to_string(s.plus_failures) + " (" + std::to_string(s.plus_crashes) +
                    " crash)</td><td>" + escaped(values_text(config, line.step.plus)) +
                    "</td></tr>";
        if (s.minus_failures > 0)
            rows += "<tr><td>" + std::to_string(line.step.k) + "</td><td>theta-</td><td>" +
                    std::to_string(s.minus_failures) + " (" + std::to_string(s.minus_crashes) +
                    " crash)</td><td>" + escaped(values_text(config, line.step.minus)) +
                    "</td></tr>";
    }
    if (rows.empty()) return "<p>No bot failed (crash, timeout, invalid) in any iteration.</p>";
    return "<table border=\"1\" cellpadding=\"3\"><tr><th>iteration</th><th>side</th>"
           "<th>failed seats</th><th>values</th></tr>" +
           rows + "</table>";
}

}  // namespace

std::string report_html(const TuneConfig& config, const std::vector<IterationLine>& lines) {
    std::vector<double> theta;
    for (const Param& p : config.params) theta.push_back(p.start);
    if (!lines.empty()) theta = lines.back().theta_after;
    std::string html =
        "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>arena tune</title>"
        "<style>body{font-family:sans-serif;margin:1.5em}code{background:#eee;padding:2px}"
        "</style></head><body><h1>arena tune: " +
        escaped(config.game) + "</h1>";
    html += "<p>" + std::to_string(lines.size()) + " of " +
            std::to_string(config.gains.iterations) + " iterations. Values now: <b>" +
            escaped(values_text(config, theta)) + "</b></p><p><code>--bot '" +
            escaped(fill_in(config.bot_text, config.params, theta)) + "'</code></p>";
    for (std::size_t i = 0; i < config.params.size(); ++i)
        html += parameter_chart(config.params[i], i, lines);
    html += win_rate_chart(lines);
    html += "<h3>Failures</h3>" + failures_table(config, lines);
    return html + "</body></html>\n";
}

void ReportWriter::maybe_write(const std::vector<IterationLine>& lines) {
    if (std::chrono::steady_clock::now() - last_ < std::chrono::seconds(3)) return;
    write(lines);
}

void ReportWriter::write(const std::vector<IterationLine>& lines) {
    files::write_atomically(out_ / "report.html", report_html(config_, lines));
    last_ = std::chrono::steady_clock::now();
}

}  // namespace arena::tune
