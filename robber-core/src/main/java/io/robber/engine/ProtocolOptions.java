package io.robber.engine;

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
}
