package io.robber.cli.convert;

import io.robber.rendezvous.Units;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses and formats data sizes. Decimal units KB, MB, GB, TB are powers of 10^3; binary units
 * KiB, MiB, GiB, TiB are powers of 2^10; a bare number or {@code B} is bytes. Units are
 * case-insensitive, a fraction is allowed with a unit ({@code 1.5GiB}) and rounds down to whole bytes.
 */
public final class ByteSizes {
    /** Shown in every error message, so the user sees what is accepted. */
    public static final String ACCEPTED = "use a number with an optional unit: B, KB, MB, GB, TB (10^3 steps) "
            + "or KiB, MiB, GiB, TiB (2^10 steps), e.g. 64MiB, 1.5GiB, 600MB, 1000";

    private static final Pattern SIZE = Pattern.compile("([0-9]+(?:\\.[0-9]+)?|\\.[0-9]+)\\s*([a-z]*)");
    private static final Map<String, Long> UNITS = new LinkedHashMap<>();

    static {
        UNITS.put("", 1L);
        UNITS.put("b", 1L);
        UNITS.put("kb", 1_000L);
        UNITS.put("mb", 1_000_000L);
        UNITS.put("gb", 1_000_000_000L);
        UNITS.put("tb", 1_000_000_000_000L);
        UNITS.put("kib", 1L << 10);
        UNITS.put("mib", 1L << 20);
        UNITS.put("gib", 1L << 30);
        UNITS.put("tib", 1L << 40);
    }

    private ByteSizes() {
    }

    /**
     * The number of bytes {@code text} denotes.
     *
     * @throws IllegalArgumentException with a one-line message naming the accepted forms
     */
    public static long parse(String text) {
        String trimmed = text == null ? "" : text.trim();
        Matcher m = SIZE.matcher(trimmed.toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + trimmed + "' is not a size: " + ACCEPTED);
        }
        String unit = m.group(2);
        Long factor = UNITS.get(unit);
        if (factor == null) {
            throw new IllegalArgumentException("'" + trimmed + "' has an unknown unit '"
                    + trimmed.substring(trimmed.length() - unit.length()) + "': " + ACCEPTED);
        }
        BigDecimal number = new BigDecimal(m.group(1));
        if (factor == 1L && number.stripTrailingZeros().scale() > 0) {
            throw new IllegalArgumentException("'" + trimmed + "' is not a whole number of bytes: " + ACCEPTED);
        }
        BigDecimal bytes = number.multiply(BigDecimal.valueOf(factor)).setScale(0, RoundingMode.DOWN);
        if (bytes.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
            throw new IllegalArgumentException("'" + trimmed + "' is too large: at most " + Long.MAX_VALUE + " bytes");
        }
        return bytes.longValueExact();
    }

    /** A short human form in binary units, e.g. {@code 64 MiB}, {@code 1.5 GiB}, {@code 1000 B}. */
    public static String format(long bytes) {
        return Units.bytes(bytes);
    }
}
