// Generates java_random_vectors.txt: numbers a real JDK draws, to test the C++ JavaRandom and
// java_shuffle (referees/tsuro/java_random.hpp) against (tests/referees/test_tsuro_model.cpp).
//
// Regenerate (any JDK; java.util.Random's algorithm is fixed by its specification):
//   java JavaRandomVectors.java > java_random_vectors.txt
//
// Output lines:
//   next <seed> <bits> <count> : v1 .. vcount          Random(seed).next(bits), via a subclass
//   next_int <seed> <bound> <count> : v1 .. vcount     Random(seed).nextInt(bound)
//   reshuffle <seed> <removed> <appended,...|-> : d1 .. dn
//       list = ids 0..34; Collections.shuffle(list, r) with r = new Random(seed); then remove the
//       first <removed> elements, append the listed ids at the end, and Collections.shuffle(list, r)
//       again with the SAME r, as the Tsuro referee does after the initial deal and a kill (the
//       appended ids are among the removed ones, like a hand going back to the deck).
import java.util.*;

public class JavaRandomVectors {
    static class Exposed extends Random {
        Exposed(long seed) { super(seed); }
        int bits(int n) { return next(n); }
    }

    public static void main(String[] args) {
        long[] seeds = {0L, 1L, 42L, -1L, 123456789L, Long.MIN_VALUE, 8301046251230612480L};
        int[] bits = {1, 16, 31, 32};
        for (long seed : seeds) {
            for (int b : bits) {
                Exposed r = new Exposed(seed);
                StringBuilder sb = new StringBuilder("next " + seed + " " + b + " 8 :");
                for (int i = 0; i < 8; i++) sb.append(' ').append(r.bits(b));
                System.out.println(sb);
            }
        }
        // Powers of two, the shuffle's bounds, and bounds just above 2^30 where nearly half of
        // the draws are rejected and drawn again.
        int[] bounds = {1, 2, 3, 7, 32, 35, 1 << 20, (1 << 30) + 1, Integer.MAX_VALUE};
        for (long seed : seeds) {
            for (int bound : bounds) {
                Random r = new Random(seed);
                StringBuilder sb = new StringBuilder("next_int " + seed + " " + bound + " 20 :");
                for (int i = 0; i < 20; i++) sb.append(' ').append(r.nextInt(bound));
                System.out.println(sb);
            }
        }
        Object[][] cases = {
            {0L, 6, new int[] {}},
            {0L, 9, new int[] {27, 31}},
            {1L, 12, new int[] {3, 29}},
            {42L, 34, new int[] {7}},
            {2020L, 35, new int[] {14, 9}},
            {-1L, 33, new int[] {}},
            {123456789L, 10, new int[] {26, 19, 0}},
        };
        for (Object[] c : cases) {
            long seed = (Long) c[0];
            int removed = (Integer) c[1];
            int[] appended = (int[]) c[2];
            Random r = new Random(seed);
            List<Integer> list = new ArrayList<>();
            for (int i = 0; i < 35; i++) list.add(i);
            Collections.shuffle(list, r);
            for (int i = 0; i < removed; i++) list.remove(0);
            StringBuilder app = new StringBuilder();
            for (int id : appended) {
                list.add(id);
                if (app.length() > 0) app.append(',');
                app.append(id);
            }
            Collections.shuffle(list, r);
            StringBuilder sb = new StringBuilder("reshuffle " + seed + " " + removed + " "
                    + (app.length() == 0 ? "-" : app.toString()) + " :");
            for (int id : list) sb.append(' ').append(id);
            System.out.println(sb);
        }
    }
}
