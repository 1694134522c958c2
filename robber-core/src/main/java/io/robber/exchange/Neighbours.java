package io.robber.exchange;

import java.util.BitSet;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The exchange's state per neighbour, and what can be read off it about one or several of them. */
final class Neighbours {
    private final Map<Integer, PeerState> peers = new HashMap<>();
    private final boolean choking;
    private final ExchangeTuning tuning;
    private final int pieceSize;

    Neighbours(List<Integer> members, boolean choking, ExchangeTuning tuning, int pieceSize) {
        this.choking = choking;
        this.tuning = tuning;
        this.pieceSize = pieceSize;
        members.forEach(this::reset);
    }

    /** A fresh state for neighbour {@code peer}, as at the start of the operation. */
    void reset(int peer) {
        peers.put(peer, new PeerState(peer, choking, tuning, pieceSize));
    }

    boolean contains(int peer) {
        return peers.containsKey(peer);
    }

    /** {@code peer}'s state, or null when it is no neighbour. */
    PeerState get(int peer) {
        return peers.get(peer);
    }

    /** {@code peer}'s state while its connection is up, else null. */
    PeerState live(int peer) {
        PeerState p = peers.get(peer);
        return p == null || p.lost ? null : p;
    }

    Collection<PeerState> all() {
        return peers.values();
    }

    /** How many live peers announced {@code piece}. */
    int availability(int piece) {
        int count = 0;
        for (PeerState p : peers.values()) {
            if (!p.lost && p.has.get(piece)) {
                count++;
            }
        }
        return count;
    }

    /** The pieces that the given live peers announced. */
    BitSet announcedBy(List<Integer> members) {
        BitSet announced = new BitSet();
        for (int m : members) {
            PeerState p = live(m);
            if (p != null) {
                announced.or(p.has);
            }
        }
        return announced;
    }
}
