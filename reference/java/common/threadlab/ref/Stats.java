package threadlab.ref;

import java.util.Arrays;
import java.util.Locale;

/** Percentiles of a sample in nanoseconds, printed as microseconds in a JSON object. */
public final class Stats {
    private Stats() {}

    /** Nearest-rank percentile of a sorted array, q in [0, 1]. */
    public static long pct(long[] sorted, double q) {
        if (sorted.length == 0) {
            return -1;
        }
        int i = (int) Math.ceil(q * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, i))];
    }

    public static String json(long[] nanos) {
        long[] s = nanos.clone();
        Arrays.sort(s);
        double sum = 0;
        for (long v : s) {
            sum += v;
        }
        double mean = s.length == 0 ? 0 : sum / s.length;
        return String.format(Locale.ROOT,
                "{\"n\":%d,\"mean_us\":%.1f,\"p50_us\":%.1f,\"p90_us\":%.1f,\"p99_us\":%.1f,\"max_us\":%.1f,\"min_us\":%.1f}",
                s.length, mean / 1e3, pct(s, 0.5) / 1e3, pct(s, 0.9) / 1e3, pct(s, 0.99) / 1e3,
                (s.length == 0 ? 0 : s[s.length - 1]) / 1e3, (s.length == 0 ? 0 : s[0]) / 1e3);
    }
}
