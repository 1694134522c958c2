package io.robber.exchange;

import io.robber.engine.Timers;
import java.util.BitSet;
import java.util.function.BiConsumer;

/**
 * Coalesces the {@code have} announcements of one node, peer by peer: a verified piece goes to a peer
 * that desires it at once when the last have to that peer is at least the peer's interval old, else
 * together with every piece verified until that interval has passed. So a node sends at most one have
 * per peer per interval, whatever its piece rate, and a lone piece is never held back.
 *
 * <p>A peer's interval is a {@value #ROUND_TRIP_SHARE}th of its shortest round trip, at most the
 * configured interval, at least {@value #MIN_INTERVAL_NANOS} ns: an announcement waits little compared
 * with the round trip its requests take anyway. Across 200 ms links the configured 20 ms stay; across
 * 10 ms links (TC3 and TC4) 20 ms were two round trips in which a peer could not ask for a piece it
 * lacked from the node that had it, and asked elsewhere (a root) instead. Before a round trip to the
 * peer is measured, the configured interval applies.
 */
final class HaveCoalescer {
    /** A peer's interval is its shortest round trip divided by this. */
    static final int ROUND_TRIP_SHARE = 4;
    /**
     * The shortest interval, for peers a few milliseconds away or less (a LAN): at most a have per
     * millisecond. 5 ms gave TC2 a little less overhead (at most 0.44 % against 0.47 %) but cost
     * tc1-mayhem 1.8 % of its time.
     */
    static final long MIN_INTERVAL_NANOS = 1_000_000L;

    private final Timers timers;
    private final long maxIntervalNanos;
    private final Iterable<PeerState> peers;
    private final BiConsumer<Integer, BitSet> send;

    /**
     * @param maxIntervalNanos the longest interval, and every peer's before its round trip is measured
     * @param send             sends a have of the pieces (a set it may keep) to the peer
     */
    HaveCoalescer(Timers timers, long maxIntervalNanos, Iterable<PeerState> peers, BiConsumer<Integer, BitSet> send) {
        this.timers = timers;
        this.maxIntervalNanos = maxIntervalNanos;
        this.peers = peers;
        this.send = send;
    }

    /** This node verified {@code piece}: every live peer that desires it and did not announce it hears of it. */
    void verified(int piece) {
        for (PeerState p : peers) {
            if (p.lost || p.desire == null || !p.desire.get(piece) || p.has.get(piece)) {
                continue;
            }
            p.unannounced.set(piece);
            if (p.announceTimer != null) {
                continue;
            }
            long wait = p.announcedAt < 0 ? 0 : p.announcedAt + interval(p) - timers.nanoTime();
            if (wait <= 0) {
                announce(p);
            } else {
                p.announceTimer = timers.schedule(wait, () -> {
                    p.announceTimer = null;
                    announce(p);
                });
            }
        }
    }

    /** Announces what waits now, e.g. when the node completes and nothing more will come to join it. */
    void flush() {
        for (PeerState p : peers) {
            cancelTimer(p);
            announce(p);
        }
    }

    /** The operation ended: nothing more is announced. */
    void stop() {
        for (PeerState p : peers) {
            cancelTimer(p);
            p.unannounced.clear();
        }
    }

    /** {@code p}'s interval now: a share of its shortest round trip, within the bounds. */
    long interval(PeerState p) {
        long rtt = p.window.minRttNanos();
        if (rtt == Long.MAX_VALUE) {
            return maxIntervalNanos;
        }
        return Math.min(maxIntervalNanos, Math.max(MIN_INTERVAL_NANOS, rtt / ROUND_TRIP_SHARE));
    }

    /** Sends {@code p} what waits for it, less what it announced itself or no longer desires. */
    private void announce(PeerState p) {
        p.unannounced.andNot(p.has);
        if (p.desire != null) {
            p.unannounced.and(p.desire);
        }
        if (p.lost || p.unannounced.isEmpty()) {
            p.unannounced.clear();
            return;
        }
        p.announcedAt = timers.nanoTime();
        BitSet pieces = (BitSet) p.unannounced.clone();
        p.unannounced.clear();
        send.accept(p.member, pieces);
    }

    private static void cancelTimer(PeerState p) {
        if (p.announceTimer != null) {
            p.announceTimer.run();
            p.announceTimer = null;
        }
    }
}
