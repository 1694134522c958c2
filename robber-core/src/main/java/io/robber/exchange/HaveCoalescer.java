package io.robber.exchange;

import io.robber.engine.Timers;
import java.util.BitSet;
import java.util.function.Consumer;

/**
 * Coalesces the {@code have} announcements of one node: a verified piece is announced at once when
 * the last announcement is at least the interval old, else together with every piece verified until
 * the interval has passed. So a node sends at most one have per peer per interval, whatever its piece
 * rate, and a lone piece is never held back.
 */
final class HaveCoalescer {
    private final Timers timers;
    private final long intervalNanos;
    private final Consumer<BitSet> announce;
    private final BitSet unannounced = new BitSet();
    private boolean announcedBefore;
    private long lastAnnounced;
    private Runnable cancelTimer;

    /** @param announce sends the pieces (a set it may keep) to every peer that desires them */
    HaveCoalescer(Timers timers, long intervalNanos, Consumer<BitSet> announce) {
        this.timers = timers;
        this.intervalNanos = intervalNanos;
        this.announce = announce;
    }

    /** This node verified {@code piece}. */
    void verified(int piece) {
        unannounced.set(piece);
        if (cancelTimer != null) {
            return;
        }
        long now = timers.nanoTime();
        long wait = announcedBefore ? lastAnnounced + intervalNanos - now : 0;
        if (wait <= 0) {
            flush();
        } else {
            cancelTimer = timers.schedule(wait, () -> {
                cancelTimer = null;
                flush();
            });
        }
    }

    /** Announces what waits now, e.g. when the node completes and nothing more will come to join it. */
    void flush() {
        if (cancelTimer != null) {
            cancelTimer.run();
            cancelTimer = null;
        }
        if (unannounced.isEmpty()) {
            return;
        }
        announcedBefore = true;
        lastAnnounced = timers.nanoTime();
        BitSet pieces = (BitSet) unannounced.clone();
        unannounced.clear();
        announce.accept(pieces);
    }

    /** The operation ended: nothing more is announced. */
    void stop() {
        if (cancelTimer != null) {
            cancelTimer.run();
            cancelTimer = null;
        }
        unannounced.clear();
    }
}
