package io.robber.collective;

import io.robber.engine.Timers;

/**
 * Whether a node has had no request of its own outstanding for {@link #AFTER_NANOS} while it still
 * lacks pieces: then {@link OnlySourceFirst} takes any piece over a slow connection, not only this
 * cluster's share among the near clusters. The split leaves the other shares to the near clusters;
 * should none of them fetch a piece (its members done, dead, or asking peers that lack it), this is
 * what still brings it. Taking any piece as soon as nothing was pending raced the near clusters for
 * their shares: in virtual time, 8–17 % of what entered a continent of tc2-c2 in its first three seconds
 * was already there (seed 42), nearly all of it fetched by two sibling clusters at once; 7 % without.
 */
final class Starvation {
    /** How long a node goes without a request of its own before it takes any piece. */
    static final long AFTER_NANOS = 1_000_000_000L;

    private final Timers timers;
    private final Runnable onStarved;
    /** Cancels the look due when the node has been idle long enough; null when none is due. */
    private Runnable due;
    private boolean starving;

    /** @param onStarved run once the node starves: it looks at its peers again */
    Starvation(Timers timers, Runnable onStarved) {
        this.timers = timers;
        this.onStarved = onStarved;
    }

    /** After every change of request state: {@code idle} when no request of this node's is outstanding and it lacks pieces. */
    void update(boolean idle) {
        if (!idle) {
            if (due != null) {
                due.run();
                due = null;
            }
            starving = false;
        } else if (!starving && due == null) {
            due = timers.schedule(AFTER_NANOS, () -> {
                due = null;
                starving = true;
                onStarved.run();
            });
        }
    }

    /** Whether the node has been idle for {@link #AFTER_NANOS} and has requested nothing since. */
    boolean starving() {
        return starving;
    }
}
