package io.robber.cli.convert;

import io.robber.rendezvous.Units;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** picocli converter for durations: {@code 500ms}, {@code 30s}, {@code 5m}, {@code 1h} or ISO-8601 {@code PT30S}. */
public final class DurationConverter implements ITypeConverter<Duration> {
    private static final Pattern SIMPLE = Pattern.compile("([0-9]+)\\s*(ms|s|m|h)");
    private static final String ACCEPTED = "use a whole number with a unit ms, s, m or h (e.g. 30s, 5m) "
            + "or an ISO-8601 duration (e.g. PT1M30S)";
    /** The longest duration accepted: deadlines are counted in nanoseconds, which a few centuries overflow. */
    static final Duration MAX = Duration.ofDays(36_500);

    /** Like {@link DurationConverter}, taking zero too ({@code 0s}: at once). */
    public static final class OrZero implements ITypeConverter<Duration> {
        @Override
        public Duration convert(String value) {
            return DurationConverter.convert(value, true);
        }
    }

    @Override
    public Duration convert(String value) {
        return convert(value, false);
    }

    private static Duration convert(String value, boolean zero) {
        String text = value == null ? "" : value.trim();
        try {
            return parse(text, zero);
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }

    public static Duration parse(String text) {
        return parse(text, false);
    }

    /** The duration {@code text} gives, zero allowed if {@code zero}; a one-line error naming the accepted forms. */
    public static Duration parse(String text, boolean zero) {
        Matcher m = SIMPLE.matcher(text.toLowerCase(Locale.ROOT));
        Duration duration;
        if (m.matches()) {
            long n;
            try {
                n = Long.parseLong(m.group(1));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("'" + text + "' is too long a duration: " + ACCEPTED);
            }
            try {
                duration = switch (m.group(2)) {
                    case "ms" -> Duration.ofMillis(n);
                    case "s" -> Duration.ofSeconds(n);
                    case "m" -> Duration.ofMinutes(n);
                    default -> Duration.ofHours(n);
                };
            } catch (ArithmeticException e) {
                throw new IllegalArgumentException("'" + text + "' is too long a duration: at most 100 years (36500 days)");
            }
        } else {
            try {
                duration = Duration.parse(text.toUpperCase(Locale.ROOT));
            } catch (DateTimeParseException e) {
                throw new IllegalArgumentException("'" + text + "' is not a duration: " + ACCEPTED);
            }
        }
        if (duration.isNegative() || duration.isZero() && !zero) {
            throw new IllegalArgumentException("'" + text + "' is not a "
                    + (zero ? "duration of 0 or more" : "positive duration") + ": " + ACCEPTED);
        }
        if (duration.compareTo(MAX) > 0) {
            throw new IllegalArgumentException("'" + text + "' is too long a duration: at most 100 years (36500 days)");
        }
        return duration;
    }

    /** The short form this converter reads, e.g. {@code 50ms}, {@code 90s}, {@code 5m}, {@code 2h}. */
    public static String format(Duration duration) {
        return Units.duration(duration);
    }
}
