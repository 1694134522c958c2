package io.robber.collective;

import io.robber.exchange.PieceExchange;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The work a node handed to its local peers, stolen ({@link WorkStealing}) or granted for a wish
 * ({@link WorkWishes}), and what it takes back. Loot is lost if the connection drops before the peer
 * got it, so the node keeps it until the peer acknowledges it implicitly, and takes it back when the
 * peer is lost first. A peer that comes back may have restarted, starting again from its initial
 * share: what it was ever handed would then be nobody's work, no member would fetch those pieces over
 * the wide area and the collective would never complete, so the node takes all of it back (after a
 * mere connection loss some of those pieces are fetched twice).
 */
final class HandedOverWork {
    private final PieceExchange exchange;
    private final List<Integer> localPeers;
    private final Consumer<BitSet> employ;
    /** Loot handed to each peer and not yet acknowledged. */
    private final Map<Integer, BitSet> unacknowledged = new HashMap<>();
    /** Everything handed to each peer since it last came back. */
    private final Map<Integer, BitSet> handed = new HashMap<>();

    /** @param employ adds work taken back to this node's and starts on it */
    HandedOverWork(PieceExchange exchange, List<Integer> localPeers, Consumer<BitSet> employ) {
        this.exchange = exchange;
        this.localPeers = localPeers;
        this.employ = employ;
    }

    /** {@code loot} left this node's work for {@code peer}'s. */
    void handed(int peer, BitSet loot) {
        if (!loot.isEmpty()) {
            unacknowledged.put(peer, (BitSet) loot.clone());
            handed.computeIfAbsent(peer, p -> new BitSet()).or(loot);
        }
    }

    /** {@code peer} took its last loot. */
    void acknowledged(int peer) {
        unacknowledged.remove(peer);
    }

    /** {@code peer} was lost: takes back its unacknowledged loot, less what this node holds or awaits. */
    void takeBackFromLost(int peer) {
        employIfAny(unheld(unacknowledged.remove(peer)));
    }

    /**
     * {@code peer} came back: takes back everything it was handed, less what this node holds or awaits or
     * a local peer announced.
     */
    void takeBackFromReturned(int peer) {
        unacknowledged.remove(peer);
        BitSet loot = unheld(handed.remove(peer));
        loot.andNot(exchange.announcedBy(localPeers));
        employIfAny(loot);
    }

    private BitSet unheld(BitSet loot) {
        if (loot == null) {
            return new BitSet();
        }
        loot.andNot(exchange.possession());
        loot.andNot(exchange.pending());
        return loot;
    }

    private void employIfAny(BitSet loot) {
        if (!loot.isEmpty()) {
            employ.accept(loot);
        }
    }
}
