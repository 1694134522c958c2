package io.robber.api;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Options handed to a protocol when a channel opens: the tuning every protocol shares, string options
 * by name (what a user types, e.g. {@code bittorrent.variant=cornet}) and typed values under
 * {@link Key}s (what a program hands over, e.g. a planner's capacities). A protocol validates them
 * into a typed record of its own when it plans a group.
 *
 * @param peers          N, the number of local (and at most global) peers a node picks; the papers use 5
 * @param maxOutstanding R, the cap on outstanding requests per peer; the papers use 5
 * @param seed           seeds the peer graph; the same on every node
 * @param extra          protocol-specific options by name, as a user writes them
 * @param typed          protocol-specific values by typed key
 */
public record ProtocolOptions(int peers, int maxOutstanding, long seed, Map<String, String> extra,
                              Map<Key<?>, Object> typed) {
    public static final int DEFAULT_PEERS = 5;
    public static final int DEFAULT_MAX_OUTSTANDING = 5;

    /**
     * A typed option, compared by identity: declare each one once as a constant where its type lives.
     *
     * @param name shown in messages
     * @param type the type of its value
     */
    public record Key<T>(String name, Class<T> type) {
        public Key {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(type, "type");
        }

        @Override
        public boolean equals(Object other) {
            return this == other;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(this);
        }
    }

    public ProtocolOptions {
        if (peers < 1) {
            throw new IllegalArgumentException("the number of peers must be at least 1, got " + peers);
        }
        if (maxOutstanding < 1) {
            throw new IllegalArgumentException("outstanding requests per peer must be at least 1, got " + maxOutstanding);
        }
        extra = Map.copyOf(extra);
        typed = Map.copyOf(typed);
    }

    public ProtocolOptions(int peers, int maxOutstanding, long seed, Map<String, String> extra) {
        this(peers, maxOutstanding, seed, extra, Map.of());
    }

    public static ProtocolOptions defaults(long seed) {
        return new ProtocolOptions(DEFAULT_PEERS, DEFAULT_MAX_OUTSTANDING, seed, Map.of());
    }

    /** These options with {@code key} set to {@code value} among the protocol-specific ones. */
    public ProtocolOptions with(String key, String value) {
        Map<String, String> more = new HashMap<>(extra);
        more.put(key, value);
        return new ProtocolOptions(peers, maxOutstanding, seed, more, typed);
    }

    /** These options with the typed {@code key} set to {@code value}. */
    public <T> ProtocolOptions with(Key<T> key, T value) {
        Map<Key<?>, Object> more = new HashMap<>(typed);
        more.put(key, key.type().cast(Objects.requireNonNull(value, "value")));
        return new ProtocolOptions(peers, maxOutstanding, seed, extra, more);
    }

    /** The value under a typed key, if set. */
    public <T> Optional<T> get(Key<T> key) {
        return Optional.ofNullable(key.type().cast(typed.get(key)));
    }
}
