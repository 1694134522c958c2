package io.robber.datacast.overlay;

import io.robber.api.Group;
import io.robber.api.ProtocolOptions;
import io.robber.engine.OptionNames;
import io.robber.engine.StringOptions;

/**
 * The {@code datacast} protocol's options, read from {@link ProtocolOptions#extra()} keys prefixed
 * {@code datacast.}; anything else under that prefix is rejected, so a typo never silently runs with
 * defaults.
 *
 * @param placement       where the members sit: {@code datacast.topology} or {@code datacast.topology-file},
 *                        {@code datacast.servers} and {@code datacast.source} ({@link MemberPlacement})
 * @param blockPieces     pieces per block; block b goes on tree b mod k
 * @param window          w, the interests a receiver keeps outstanding per tree (the paper's credit)
 * @param rtoFloorNanos   the least retransmission timeout
 * @param initialRate     the source's initial rate per tree, bytes per second
 * @param rateIncrease    δ: the rate's increase per interval T without a duplicate interest, bytes per second
 * @param intervalNanos   T
 * @param cachePieces     C, in pieces of the tree: an interest at the source for a piece released longer
 *                        ago than this is a duplicate interest
 */
public record DatacastOptions(MemberPlacement placement, int blockPieces,
                              int window, long rtoFloorNanos, double initialRate, double rateIncrease,
                              long intervalNanos, int cachePieces) {
    public static final String PREFIX = "datacast.";
    /** The most interests of its own a receiver may keep outstanding per tree (the plan checks all trees together). */
    public static final int MAX_WINDOW = 64;
    /** The string options under {@value #PREFIX}. */
    public static final OptionNames OPTIONS = new OptionNames("datacast", PREFIX, MemberPlacement.keysWith(
            "block-pieces", "window", "rto-min", "rate", "rate-increase", "rate-interval", "cache-pieces"));
    private static final double MBIT = 1e6 / 8;

    public static DatacastOptions of(Group group, ProtocolOptions options) {
        StringOptions dc = StringOptions.under(options, OPTIONS);
        int window = dc.positive("window", 16);
        if (window > MAX_WINDOW) {
            throw new IllegalArgumentException(PREFIX + "window must be at most " + MAX_WINDOW + ", got " + window);
        }
        return new DatacastOptions(MemberPlacement.read(group, dc, PREFIX),
                dc.positive("block-pieces", 4), window,
                dc.durationNanos("rto-min", 200_000_000L),
                dc.positive("rate", 1000) * MBIT,
                dc.positive("rate-increase", 5) * MBIT,
                dc.durationNanos("rate-interval", 1_000_000L),
                dc.positive("cache-pieces", 64));
    }

    /** The sending member's index. */
    public int source() {
        return placement.source();
    }
}
