// Generates jdk17_cases.tsv: what the JDK really does for each input of java_text_inputs.tsv.
// The C++ java_text helpers are tested against this file (tests/referees/test_java_text.cpp).
//
// Regenerate (JDK 17, the Unicode 13 tables CodinGame's referees ran with):
//   java JavaTextCases.java java_text_inputs.tsv > jdk17_cases.tsv
//
// Input lines (tab-separated, '#' = comment):
//   parse_int <text>            Integer.parseInt(text)
//   trim      <text>            text.trim()
//   split_ws  <limit> <text>    text.split("\\s+", limit)
//   split_lit <sep> <limit> <text>   text.split(Pattern.quote(sep), limit)
//   digit_blocks                Character.digit(cp, 10) for every code point, as blocks
// Output: the same line followed by the result: the int or FAIL; the trimmed text; the number of
// tokens then each token; the number of digit blocks then the first code point (hex) of each. Text is UTF-8; bytes outside '!'..'~' and the backslash are written \xHH.
// The bytes are decoded as UTF-8 before Java sees them, as the CodinGame runner does with a bot's
// output (invalid sequences become U+FFFD, which is never a digit).
import java.io.*;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;
import java.util.regex.Pattern;

public class JavaTextCases {
    static String unescape(String s) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\') {
                out.write(Integer.parseInt(s.substring(i + 2, i + 4), 16));
                i += 3;
            } else {
                out.write(c);
            }
        }
        return new String(out.toByteArray(), StandardCharsets.UTF_8);
    }

    static String escape(String s) {
        StringBuilder sb = new StringBuilder();
        for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
            int v = b & 0xff;
            if (v < 0x21 || v > 0x7e || v == '\\') sb.append(String.format("\\x%02X", v));
            else sb.append((char) v);
        }
        return sb.toString();
    }

    static String tokens(String[] parts) {
        StringBuilder sb = new StringBuilder().append(parts.length);
        for (String p : parts) sb.append('\t').append(escape(p));
        return sb.toString();
    }

    // Every code point with Character.digit(cp, 10) >= 0 lies in a block of ten consecutive code
    // points valued 0..9; returns those blocks' zeros, after checking that this is so.
    static String digitBlocks() {
        List<String> zeros = new ArrayList<>();
        for (int cp = 0; cp <= Character.MAX_CODE_POINT; cp++) {
            int value = Character.digit(cp, 10);
            if (value < 0) continue;
            if (value != 0) throw new IllegalStateException("digit block not starting at 0");
            for (int i = 0; i < 10; i++) {
                if (Character.digit(cp + i, 10) != i)
                    throw new IllegalStateException("digit block not 0..9");
            }
            zeros.add(String.format("%X", cp));
            cp += 9;
        }
        return zeros.size() + "\t" + String.join("\t", zeros);
    }

    public static void main(String[] args) throws IOException {
        for (String line : Files.readAllLines(Paths.get(args[0]), StandardCharsets.US_ASCII)) {
            if (line.isEmpty() || line.startsWith("#")) {
                System.out.println(line);
                continue;
            }
            String[] f = line.split("\t", -1);
            String result;
            switch (f[0]) {
                case "parse_int":
                    try {
                        result = Integer.toString(Integer.parseInt(unescape(f[1])));
                    } catch (NumberFormatException e) {
                        result = "FAIL";
                    }
                    break;
                case "trim":
                    result = escape(unescape(f[1]).trim());
                    break;
                case "split_ws":
                    result = tokens(unescape(f[2]).split("\\s+", Integer.parseInt(f[1])));
                    break;
                case "split_lit":
                    result = tokens(unescape(f[3]).split(Pattern.quote(unescape(f[1])),
                                                         Integer.parseInt(f[2])));
                    break;
                case "digit_blocks":
                    result = digitBlocks();
                    break;
                default:
                    throw new IllegalArgumentException("unknown case kind: " + f[0]);
            }
            System.out.println(line + "\t" + result);
        }
    }
}
