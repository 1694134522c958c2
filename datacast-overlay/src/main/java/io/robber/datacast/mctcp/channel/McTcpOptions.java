package io.robber.datacast.mctcp.channel;

import io.robber.api.Group;
import io.robber.api.ProtocolOptions;
import io.robber.datacast.mctcp.Routing;
import io.robber.datacast.overlay.MemberPlacement;
import io.robber.engine.OptionNames;
import io.robber.engine.StringOptions;
import java.util.Locale;
import java.util.Optional;

/**
 * The {@code mctcp} protocol's options, read from {@link ProtocolOptions#extra()} keys prefixed
 * {@code mctcp.}; anything else under that prefix is rejected.
 *
 * @param placement      where the members sit: {@code mctcp.topology} or {@code mctcp.topology-file},
 *                       {@code mctcp.servers} and {@code mctcp.source} ({@link MemberPlacement})
 * @param routing        {@code mctcp.routing}: {@code swp} (MCTCP-W, shortest widest paths and WMPH, the
 *                       default) or {@code sp} (MCTCP-S, shortest paths and MPH), the group manager's tree
 * @param initialWindow  {@code mctcp.initial-window}: Reno's first congestion window, in pieces
 * @param window         {@code mctcp.window}: the largest window, in pieces: the receivers' advertised
 *                       window, which bounds what is in flight down the tree
 * @param minRtoNanos    {@code mctcp.min-rto}: the retransmission timeout's floor (Linux's 200 ms)
 * @param evictAfter     {@code mctcp.evict-after}: how long a receiver that misses pieces may send no ACK
 *                       before the source evicts it and it is declared dead; empty for the operation's
 *                       failure timeout
 */
public record McTcpOptions(MemberPlacement placement, Routing routing, int initialWindow, int window,
        long minRtoNanos, Optional<Long> evictAfter) {
    public static final String PREFIX = "mctcp.";
    /** The largest window: the pieces sent down the tree and not yet acknowledged by every receiver. */
    public static final int MAX_WINDOW = 4096;
    /** The string options under {@value #PREFIX}. */
    public static final OptionNames OPTIONS = new OptionNames("mctcp", PREFIX, MemberPlacement.keysWith("routing",
            "initial-window", "window", "min-rto", "evict-after"));

    public static McTcpOptions of(Group group, ProtocolOptions options) {
        StringOptions mctcp = StringOptions.under(options, OPTIONS);
        int window = mctcp.positive("window", 64);
        if (window > MAX_WINDOW) {
            throw new IllegalArgumentException(PREFIX + "window must be at most " + MAX_WINDOW + ", got " + window);
        }
        int initial = mctcp.positive("initial-window", Math.min(10, window));
        if (initial > window) {
            throw new IllegalArgumentException(PREFIX + "initial-window (" + initial + ") must not exceed "
                    + PREFIX + "window (" + window + ")");
        }
        Optional<Long> evictAfter = mctcp.text("evict-after", null) == null ? Optional.empty()
                : Optional.of(mctcp.durationNanos("evict-after", 0));
        return new McTcpOptions(MemberPlacement.read(group, mctcp, PREFIX), routing(mctcp.text("routing", "swp")),
                initial, window, mctcp.durationNanos("min-rto", 200_000_000L), evictAfter);
    }

    private static Routing routing(String name) {
        return switch (name.trim().toLowerCase(Locale.ROOT)) {
            case "swp" -> Routing.SHORTEST_WIDEST_PATH;
            case "sp" -> Routing.SHORTEST_PATH;
            default -> throw new IllegalArgumentException(PREFIX + "routing must be swp (shortest widest paths, "
                    + "MCTCP-W) or sp (shortest paths, MCTCP-S), got '" + name + "'");
        };
    }

    /** The sending member's index. */
    public int source() {
        return placement.source();
    }
}
