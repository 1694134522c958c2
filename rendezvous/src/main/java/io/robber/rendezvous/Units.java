package io.robber.rendezvous;

import java.time.Duration;
import java.util.Locale;

/** Sizes and durations in the short forms the rendezvous' messages use. */
public final class Units {
    private Units() {
    }

    /** A short human form in binary units, e.g. {@code 64 MiB}, {@code 1.5 GiB}, {@code 1000 B}. */
    public static String bytes(long bytes) {
        String[] units = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
        int unit = 0;
        double value = bytes;
        while (Math.abs(value) >= 1024 && unit < units.length - 1) {
            value /= 1024;
            unit++;
        }
        if (unit == 0) {
            return bytes + " B";
        }
        String number = value == Math.rint(value)
                ? String.valueOf((long) value)
                : String.format(Locale.ROOT, "%.2f", value).replaceAll("0+$", "");
        return number + " " + units[unit];
    }

    /** A short form, e.g. {@code 50ms}, {@code 90s}, {@code 5m}, {@code 2h}. */
    public static String duration(Duration duration) {
        long millis = duration.toMillis();
        if (millis % 1000 != 0) {
            return millis + "ms";
        }
        long seconds = millis / 1000;
        if (seconds % 3600 == 0 && seconds > 0) {
            return seconds / 3600 + "h";
        }
        if (seconds % 60 == 0 && seconds > 0) {
            return seconds / 60 + "m";
        }
        return seconds + "s";
    }

    /** {@code n noun} or {@code n nouns}. */
    static String plural(long n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }
}
