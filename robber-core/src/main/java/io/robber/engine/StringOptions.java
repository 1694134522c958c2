package io.robber.engine;

import io.robber.api.ProtocolOptions;
import java.util.Map;

/**
 * Reads the string options under one prefix (e.g. {@code bittorrent.}) from
 * {@link ProtocolOptions#extra()}, as a protocol validates them when it plans a group: a key under the
 * prefix that is not known, or a bad value, is an {@link IllegalArgumentException} naming the option
 * and what it accepts, so a typo never silently runs with defaults. Keys under other prefixes are
 * other readers' and are left alone ({@link KnownOptions} refuses those that no reader takes).
 */
public final class StringOptions {
    private final String prefix;
    private final Map<String, String> extra;

    private StringOptions(String prefix, Map<String, String> extra) {
        this.prefix = prefix;
        this.extra = extra;
    }

    /** The options under {@code names}' prefix, which must all be among {@code names}. */
    public static StringOptions under(ProtocolOptions options, OptionNames names) {
        for (String key : options.extra().keySet()) {
            if (names.covers(key) && !names.knows(key)) {
                throw new IllegalArgumentException("unknown option " + key + "; " + names.describe());
            }
        }
        return new StringOptions(names.prefix(), options.extra());
    }

    /** The raw value of {@code name}, or {@code fallback}. */
    public String text(String name, String fallback) {
        return extra.getOrDefault(prefix + name, fallback);
    }

    /** {@code true} or {@code false}. */
    public boolean bool(String name, boolean fallback) {
        String value = extra.get(prefix + name);
        if (value == null) {
            return fallback;
        }
        String v = value.trim();
        if (!v.equals("true") && !v.equals("false")) {
            throw new IllegalArgumentException(prefix + name + " must be true or false, got '" + value + "'");
        }
        return v.equals("true");
    }

    /** A whole number of at least 1. */
    public int positive(String name, int fallback) {
        String value = extra.get(prefix + name);
        if (value == null) {
            return fallback;
        }
        try {
            int n = Integer.parseInt(value.trim());
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(prefix + name + " must be a whole number of at least 1, got '" + value + "'");
    }

    /** A number in (0, 1]. */
    public double fraction(String name, double fallback) {
        String value = extra.get(prefix + name);
        if (value == null) {
            return fallback;
        }
        try {
            double x = Double.parseDouble(value.trim());
            if (x > 0 && x <= 1) {
                return x;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(prefix + name + " must be a number in (0, 1], got '" + value + "'");
    }

    /** {@code 10s}, {@code 500ms} or a plain number of seconds, more than zero; in nanoseconds. */
    public long durationNanos(String name, long fallbackNanos) {
        String value = extra.get(prefix + name);
        if (value == null) {
            return fallbackNanos;
        }
        String v = value.trim();
        try {
            long nanos;
            if (v.endsWith("ms")) {
                nanos = Long.parseLong(v.substring(0, v.length() - 2)) * 1_000_000L;
            } else {
                nanos = Long.parseLong(v.endsWith("s") ? v.substring(0, v.length() - 1) : v) * 1_000_000_000L;
            }
            if (nanos > 0) {
                return nanos;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(prefix + name + " must be a positive duration such as 10s or 500ms, got '"
                + value + "'");
    }
}
