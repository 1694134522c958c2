package io.robber.exchange;

import io.robber.api.ProtocolOptions;
import io.robber.engine.StringOptions;
import java.util.Set;

/**
 * The piece exchange's tuning, validated from {@link ProtocolOptions} when a protocol plans a group.
 * Besides R, the string options {@code exchange.window-target} (a duration such as {@code 1s} or
 * {@code 500ms}) and {@code exchange.window-weight} (in (0, 1]) tune the {@link RequestWindow}.
 *
 * @param maxOutstanding    R, the cap on outstanding requests per peer (the papers use 5)
 * @param windowTargetNanos how much delivery time of a peer its outstanding requests may cover, so the
 *                          last pieces never queue long behind a slow connection; default
 *                          {@value #DEFAULT_WINDOW_TARGET_NANOS} ns (1 s)
 * @param windowWeight      the weight of the newest sample in the delivery-rate average; default
 *                          {@value #DEFAULT_WINDOW_WEIGHT}
 */
public record ExchangeTuning(int maxOutstanding, long windowTargetNanos, double windowWeight) {
    public static final String PREFIX = "exchange.";
    public static final long DEFAULT_WINDOW_TARGET_NANOS = 1_000_000_000L;
    public static final double DEFAULT_WINDOW_WEIGHT = 0.3;

    public ExchangeTuning {
        if (maxOutstanding < 1 || windowTargetNanos <= 0 || !(windowWeight > 0 && windowWeight <= 1)) {
            throw new IllegalArgumentException("exchange tuning needs R >= 1, a positive window target and a weight"
                    + " in (0, 1], got R=" + maxOutstanding + ", " + windowTargetNanos + " ns, " + windowWeight);
        }
    }

    /** R with the default request window. */
    public static ExchangeTuning of(int maxOutstanding) {
        return new ExchangeTuning(maxOutstanding, DEFAULT_WINDOW_TARGET_NANOS, DEFAULT_WINDOW_WEIGHT);
    }

    /** R from {@code options}, the window from its {@code exchange.} string options or the defaults. */
    public static ExchangeTuning of(ProtocolOptions options) {
        StringOptions exchange = StringOptions.under(options, PREFIX, "the piece exchange",
                Set.of("window-target", "window-weight"));
        return new ExchangeTuning(options.maxOutstanding(),
                exchange.durationNanos("window-target", DEFAULT_WINDOW_TARGET_NANOS),
                exchange.fraction("window-weight", DEFAULT_WINDOW_WEIGHT));
    }
}
