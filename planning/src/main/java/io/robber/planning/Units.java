package io.robber.planning;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses the units of scenario files: rates ({@code 4MB/s}, {@code 500KB/s}, {@code 100Mbit/s},
 * {@code 1Gbit/s}, {@code 0.8MB/s}), durations ({@code 10ms}, {@code 30s}, {@code 2m}) and sizes
 * ({@code 600MB}, {@code 1GiB}). Decimal prefixes are powers of 1000, binary ones (KiB, MiB, GiB)
 * powers of 1024, as the papers use them (1 MB/s = 10^6 bytes/s).
 */
public final class Units {
    private static final Pattern NUMBER_UNIT = Pattern.compile("\\s*([0-9]*\\.?[0-9]+(?:[eE][-+]?[0-9]+)?)\\s*([A-Za-z/]*)\\s*");

    private Units() {
    }

    /** A rate in bytes per second; {@code null} or {@code "unlimited"} is +∞. */
    public static double rate(String text) {
        if (text == null || text.equalsIgnoreCase("unlimited")) {
            return Double.POSITIVE_INFINITY;
        }
        Matcher m = match(text, "rate");
        double value = Double.parseDouble(m.group(1));
        String unit = m.group(2);
        double perSecond = switch (unit) {
            case "B/s" -> 1;
            case "KB/s" -> 1e3;
            case "MB/s" -> 1e6;
            case "GB/s" -> 1e9;
            case "KiB/s" -> 1024;
            case "MiB/s" -> 1024 * 1024;
            case "GiB/s" -> 1024.0 * 1024 * 1024;
            case "bit/s" -> 1 / 8.0;
            case "Kbit/s" -> 1e3 / 8;
            case "Mbit/s" -> 1e6 / 8;
            case "Gbit/s" -> 1e9 / 8;
            default -> throw new IllegalArgumentException("unknown rate unit '" + unit + "' in '" + text
                    + "'; use B/s, KB/s, MB/s, GB/s, KiB/s, MiB/s, Kbit/s, Mbit/s or Gbit/s");
        };
        return positive(value * perSecond, text);
    }

    /** A duration in nanoseconds. */
    public static long nanos(String text) {
        Matcher m = match(text, "duration");
        double value = Double.parseDouble(m.group(1));
        double unit = switch (m.group(2).toLowerCase(Locale.ROOT)) {
            case "ns" -> 1;
            case "us" -> 1e3;
            case "ms" -> 1e6;
            case "s", "" -> 1e9;
            case "m", "min" -> 60e9;
            default -> throw new IllegalArgumentException("unknown time unit in '" + text + "'; use ms, s or m");
        };
        return Math.round(value * unit);
    }

    /** A size in bytes. */
    public static long bytes(String text) {
        Matcher m = match(text, "size");
        double value = Double.parseDouble(m.group(1));
        double unit = switch (m.group(2)) {
            case "", "B" -> 1;
            case "KB" -> 1e3;
            case "MB" -> 1e6;
            case "GB" -> 1e9;
            case "KiB" -> 1024;
            case "MiB" -> 1024.0 * 1024;
            case "GiB" -> 1024.0 * 1024 * 1024;
            default -> throw new IllegalArgumentException("unknown size unit in '" + text + "'; use B, KB, MB, GB, KiB, MiB or GiB");
        };
        return Math.round(value * unit);
    }

    private static Matcher match(String text, String what) {
        Matcher m = NUMBER_UNIT.matcher(text);
        if (!m.matches()) {
            throw new IllegalArgumentException("not a " + what + ": '" + text + "'");
        }
        return m;
    }

    private static double positive(double value, String text) {
        if (!(value > 0)) {
            throw new IllegalArgumentException("a rate must be positive: '" + text + "'");
        }
        return value;
    }
}
