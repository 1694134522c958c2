package io.robber.datacast.overlay;

import java.util.BitSet;
import java.util.HashMap;
import java.util.Map;

/**
 * Children's interests a member cannot answer yet (CCN's pending interests): per piece, the children
 * waiting for it, each served once when the piece arrives (or, at the source, is released).
 */
final class PendingInterests {
    private final Map<Integer, BitSet> waiting = new HashMap<>();

    /** Records that {@code child} waits for {@code piece}; true when nobody waited for it before. */
    boolean add(int piece, int child) {
        BitSet children = waiting.computeIfAbsent(piece, p -> new BitSet());
        boolean first = children.isEmpty();
        children.set(child);
        return first;
    }

    /** The children waiting for {@code piece}, no longer pending; empty if none. */
    BitSet take(int piece) {
        BitSet children = waiting.remove(piece);
        return children == null ? new BitSet() : children;
    }

    /** Forgets what {@code child} waits for: its connection is gone, and it asks again when back. */
    void forget(int child) {
        waiting.values().removeIf(children -> {
            children.clear(child);
            return children.isEmpty();
        });
    }
}
