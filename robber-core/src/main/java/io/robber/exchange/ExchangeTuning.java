package io.robber.exchange;

import io.robber.api.ProtocolOptions;
import io.robber.engine.OptionNames;
import io.robber.engine.StringOptions;
import java.util.Set;

/**
 * The piece exchange's tuning, validated from {@link ProtocolOptions} when a protocol plans a group.
 * Besides R, the string options {@code exchange.window-target} (a duration such as {@code 1s} or
 * {@code 500ms}), {@code exchange.window-weight} (in (0, 1]) and {@code exchange.window-max} (pieces)
 * tune the {@link RequestWindow}; {@code exchange.have-interval} (a duration)
 * tunes how {@code have} announcements are coalesced.
 *
 * @param maxOutstanding    R, the outstanding requests per peer while its bandwidth-delay product is
 *                          smaller (the papers use 5)
 * @param windowTargetNanos how much delivery time of a peer its outstanding requests may cover when
 *                          that is fewer than R pieces, so the last pieces never queue long behind a
 *                          slow connection; default {@value #DEFAULT_WINDOW_TARGET_NANOS} ns (500 ms)
 * @param windowWeight      the weight of the newest sample in the delivery-rate average; default
 *                          {@value #DEFAULT_WINDOW_WEIGHT}
 * @param windowMax         the cap on outstanding requests per peer when its measured bandwidth-delay
 *                          product exceeds R; default {@value #DEFAULT_WINDOW_MAX}
 * @param haveIntervalNanos the longest a peer's interval between two {@code have} messages to it may
 *                          be: pieces verified meanwhile go out together in the next one; a peer whose
 *                          shortest round trip is under four times this gets a quarter of that round
 *                          trip ({@link HaveCoalescer}); default {@value #DEFAULT_HAVE_INTERVAL_NANOS} ns
 *                          (20 ms)
 */
public record ExchangeTuning(int maxOutstanding, long windowTargetNanos, double windowWeight, int windowMax,
                             long haveIntervalNanos) {
    public static final String PREFIX = "exchange.";
    /** The string options, for every protocol that exchanges pieces to declare. */
    public static final OptionNames OPTIONS = new OptionNames("the piece exchange", PREFIX,
            Set.of("window-target", "window-weight", "window-max", "have-interval"));
    public static final long DEFAULT_WINDOW_TARGET_NANOS = 500_000_000L;
    public static final double DEFAULT_WINDOW_WEIGHT = 0.3;
    public static final int DEFAULT_WINDOW_MAX = 8;
    public static final long DEFAULT_HAVE_INTERVAL_NANOS = 20_000_000L;

    public ExchangeTuning {
        if (maxOutstanding < 1 || windowTargetNanos <= 0 || !(windowWeight > 0 && windowWeight <= 1)
                || windowMax < maxOutstanding || haveIntervalNanos < 0) {
            throw new IllegalArgumentException("exchange tuning needs R >= 1, a positive window target, a weight"
                    + " in (0, 1], a window cap >= R and a have interval >= 0, got R=" + maxOutstanding + ", "
                    + windowTargetNanos + " ns, " + windowWeight + ", cap " + windowMax + ", " + haveIntervalNanos
                    + " ns");
        }
    }

    /** R with the default request window and have interval. */
    public static ExchangeTuning of(int maxOutstanding) {
        return new ExchangeTuning(maxOutstanding, DEFAULT_WINDOW_TARGET_NANOS, DEFAULT_WINDOW_WEIGHT,
                Math.max(maxOutstanding, DEFAULT_WINDOW_MAX), DEFAULT_HAVE_INTERVAL_NANOS);
    }

    /** R from {@code options}, the rest from its {@code exchange.} string options or the defaults. */
    public static ExchangeTuning of(ProtocolOptions options) {
        StringOptions exchange = StringOptions.under(options, OPTIONS);
        int r = options.maxOutstanding();
        return new ExchangeTuning(r,
                exchange.durationNanos("window-target", DEFAULT_WINDOW_TARGET_NANOS),
                exchange.fraction("window-weight", DEFAULT_WINDOW_WEIGHT),
                exchange.positive("window-max", Math.max(r, DEFAULT_WINDOW_MAX)),
                exchange.durationNanos("have-interval", DEFAULT_HAVE_INTERVAL_NANOS));
    }
}
