package io.robber.engine;

import java.util.HashMap;
import java.util.Map;

/**
 * Tuning shared by the protocols.
 *
 * @param peers            N, the number of local (and at most global) peers a node picks; the papers use 5
 * @param maxOutstanding   R, the cap on outstanding requests per peer; the papers use 5
 * @param seed             seeds the peer graph; the same on every node
 * @param extra            protocol-specific options by name
 */
public record ProtocolOptions(int peers, int maxOutstanding, long seed, Map<String, String> extra) {
    public static final int DEFAULT_PEERS = 5;
    public static final int DEFAULT_MAX_OUTSTANDING = 5;
    /**
     * The key of network monitoring data in {@link #extra}: the JSON that sender-side planners such
     * as Balanced Multicasting plan their trees from (format: emulation's {@code MonitoringData}).
     * Receiver-initiated protocols need none and ignore it.
     */
    public static final String MONITORING = "monitoring";

    public ProtocolOptions {
        if (peers < 1) {
            throw new IllegalArgumentException("the number of peers must be at least 1, got " + peers);
        }
        if (maxOutstanding < 1) {
            throw new IllegalArgumentException("outstanding requests per peer must be at least 1, got " + maxOutstanding);
        }
        extra = Map.copyOf(extra);
    }

    public static ProtocolOptions defaults(long seed) {
        return new ProtocolOptions(DEFAULT_PEERS, DEFAULT_MAX_OUTSTANDING, seed, Map.of());
    }

    public ProtocolOptions withPeers(int n) {
        return new ProtocolOptions(n, maxOutstanding, seed, extra);
    }

    public ProtocolOptions withMaxOutstanding(int r) {
        return new ProtocolOptions(peers, r, seed, extra);
    }

    /** These options with {@code key} set to {@code value} among the protocol-specific ones. */
    public ProtocolOptions with(String key, String value) {
        Map<String, String> more = new HashMap<>(extra);
        more.put(key, value);
        return new ProtocolOptions(peers, maxOutstanding, seed, more);
    }
}
