// A toy convention-2 referee runner for arena's tests (docs/other-games.md): the command-line
// interface CodinGame SDK referee jars get for cg-brutaltester and cgarena,
//   java ToyRunner -p1 "<bot 1>" -p2 "<bot 2>" ... -seed S [-league N] -l result.json
// plays a whole game with the bots and writes the SDK's game result JSON (the shape of
// com.codingame.gameengine.runner's GameResult as Gson writes it) to the -l file.
//
// The game, "sums": 3 rounds; in each round every active player in seat order gets its input and
// answers one integer from 1 to 9, added to its score. The first input is "<players> <seat>
// <seed>", then "round <R> total <score>". An answer out of range deactivates the player ("$K:
// invalid action"), no answer in time too ("$K timeout!", as SDK games say); a deactivated player
// scores -1. Time limits: 5 s for a player's first answer, 3 s later (generous: loaded machines).
// Bot commands are split at blanks, as Runtime.exec(String) does.
import java.io.BufferedReader;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.StringTokenizer;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

public class ToyRunner {
    static final String EOF = "\u0000eof";

    static class Player {
        Process process;
        OutputStream stdin;
        final LinkedBlockingQueue<String> lines = new LinkedBlockingQueue<>();
        final StringBuffer stderr = new StringBuffer();
        boolean active = true;
        boolean answered = false;
        int score = 0;
        final List<String> outputs = new ArrayList<>();
        final List<String> errors = new ArrayList<>();

        Player(String command) throws IOException {
            StringTokenizer words = new StringTokenizer(command);
            List<String> argv = new ArrayList<>();
            while (words.hasMoreTokens()) argv.add(words.nextToken());
            process = new ProcessBuilder(argv).start();
            stdin = process.getOutputStream();
            pump(process.getInputStream(), true);
            pump(process.getErrorStream(), false);
            outputs.add(null);  // the init frame
        }

        void pump(InputStream stream, boolean out) {
            Thread thread = new Thread(() -> {
                try (BufferedReader reader = new BufferedReader(
                         new InputStreamReader(stream, StandardCharsets.UTF_8))) {
                    if (out) {
                        for (String line; (line = reader.readLine()) != null;) lines.add(line);
                    } else {
                        char[] buffer = new char[4096];
                        for (int n; (n = reader.read(buffer)) > 0;) stderr.append(buffer, 0, n);
                    }
                } catch (IOException e) {
                    // the bot is gone: no more lines
                }
                if (out) lines.add(EOF);
            });
            thread.setDaemon(true);
            thread.start();
        }

        String takeStderr() {
            synchronized (stderr) {
                String text = stderr.toString();
                stderr.setLength(0);
                return text;
            }
        }

        // One answer within the limit, or null (no answer in time, or the bot ended).
        String ask(String input, long limitMs) throws InterruptedException {
            try {
                stdin.write(input.getBytes(StandardCharsets.UTF_8));
                stdin.flush();
            } catch (IOException e) {
                return null;
            }
            String line = lines.poll(limitMs, TimeUnit.MILLISECONDS);
            return line == null || line.equals(EOF) ? null : line;
        }
    }

    public static void main(String[] args) throws Exception {
        List<String> commands = new ArrayList<>();
        String seed = "0";
        String logFile = null;
        for (int i = 0; i + 1 < args.length; i += 2) {
            if (args[i].matches("-p[1-8]")) {
                int k = Integer.parseInt(args[i].substring(2));
                while (commands.size() < k) commands.add(null);
                commands.set(k - 1, args[i + 1]);
            } else if (args[i].equals("-seed")) {
                seed = Long.toString(Long.parseLong(args[i + 1]));
            } else if (args[i].equals("-l")) {
                logFile = args[i + 1];
            } else if (!args[i].equals("-league")) {
                System.err.println("ToyRunner: unknown option " + args[i]);
                System.exit(2);
            }
        }
        if (commands.isEmpty() || commands.contains(null) || logFile == null) {
            System.err.println("usage: ToyRunner -p1 CMD -p2 CMD ... -seed S -l FILE");
            System.exit(2);
        }
        List<Player> players = new ArrayList<>();
        for (String command : commands) players.add(new Player(command));
        List<String> summaries = new ArrayList<>();
        List<String[]> tooltips = new ArrayList<>();  // text, event (player), turn (frame)
        summaries.add("");
        for (Player p : players) p.errors.add(p.takeStderr());
        for (int round = 1; round <= 3; ++round) {
            for (int seat = 0; seat < players.size(); ++seat) {
                Player player = players.get(seat);
                if (!player.active) continue;
                String input = player.answered ? "round " + round + " total " + player.score + "\n"
                                               : players.size() + " " + seat + " " + seed + "\n";
                // A first answer may come through bwrap and sanitizer builds on a loaded machine
                // (the CI saw a sandboxed bot miss 5 s): its limit only catches a bot that never
                // answers. Later answers keep 3 s, which the timeout test relies on.
                String answer = player.ask(input, player.answered ? 3000 : 20000);
                player.answered = true;
                // The bot's stderr comes before its line, on another pipe: give its reader a moment.
                Thread.sleep(50);
                int frame = summaries.size();
                for (Player other : players) {
                    other.outputs.add(other == player && answer != null ? answer + "\n" : null);
                    other.errors.add(other == player ? player.takeStderr() : null);
                }
                String summary;
                if (answer == null) {
                    player.active = false;
                    tooltips.add(new String[] {"$" + seat + " timeout!", "" + seat, "" + frame});
                    summary = "$" + seat + " has not provided 1 lines in time";
                } else if (!answer.trim().matches("[1-9]")) {
                    player.active = false;
                    tooltips.add(new String[] {"$" + seat + ": invalid action", "" + seat, "" + frame});
                    summary = "$" + seat + " sent an invalid action: " + answer;
                } else {
                    player.score += Integer.parseInt(answer.trim());
                    summary = "$" + seat + " adds " + answer.trim();
                }
                summaries.add(summary);
            }
        }
        for (Player p : players) {
            if (!p.active) p.score = -1;
            p.process.destroy();
        }
        summaries.add("Game over");
        try (Writer out = new OutputStreamWriter(new FileOutputStream(logFile), StandardCharsets.UTF_8)) {
            out.write(result(players, summaries, tooltips));
        }
        for (Player p : players) System.out.println(p.score);
        System.exit(0);
    }

    static String quote(String text) {
        if (text == null) return "null";
        StringBuilder quoted = new StringBuilder("\"");
        for (char c : text.toCharArray()) {
            if (c == '"' || c == '\\') quoted.append('\\').append(c);
            else if (c == '\n') quoted.append("\\n");
            else if (c < 0x20) quoted.append(String.format("\\u%04x", (int) c));
            else quoted.append(c);
        }
        return quoted.append('"').toString();
    }

    static String list(List<String> items) {
        StringBuilder json = new StringBuilder("[");
        for (int i = 0; i < items.size(); ++i) json.append(i > 0 ? "," : "").append(quote(items.get(i)));
        return json.append(']').toString();
    }

    // The SDK's GameResult as Gson writes it: null fields left out, Map<Integer, ..> keys quoted.
    static String result(List<Player> players, List<String> summaries, List<String[]> tooltips) {
        StringBuilder outputs = new StringBuilder("{\"referee\":[]");
        StringBuilder errors = new StringBuilder("{\"referee\":[]");
        StringBuilder scores = new StringBuilder("{");
        StringBuilder agents = new StringBuilder("[");
        for (int i = 0; i < players.size(); ++i) {
            Player p = players.get(i);
            outputs.append(",\"").append(i).append("\":").append(list(p.outputs));
            errors.append(",\"").append(i).append("\":").append(list(p.errors));
            scores.append(i > 0 ? "," : "").append('"').append(i).append("\":").append(p.score);
            agents.append(i > 0 ? "," : "").append("{\"index\":").append(i).append(",\"agentId\":")
                .append(i).append(",\"name\":\"Player ").append(i).append("\"}");
        }
        StringBuilder tips = new StringBuilder("[");
        for (int i = 0; i < tooltips.size(); ++i) {
            String[] t = tooltips.get(i);
            tips.append(i > 0 ? "," : "").append("{\"turn\":").append(t[2]).append(",\"text\":")
                .append(quote(t[0])).append(",\"event\":").append(t[1]).append('}');
        }
        List<String> views = new ArrayList<>();
        for (int i = 0; i < summaries.size(); ++i) views.add(null);
        return "{\"errors\":" + errors + "},\"outputs\":" + outputs + "},\"summaries\":" + list(summaries)
            + ",\"views\":" + list(views) + ",\"scores\":" + scores + "},\"uinput\":[],\"metadata\":\"{}\""
            + ",\"tooltips\":" + tips + "],\"ids\":{},\"agents\":" + agents + "]}";
    }
}
