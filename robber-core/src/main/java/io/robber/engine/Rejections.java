package io.robber.engine;

import io.robber.api.Group;
import io.robber.wire.MessageType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Messages a node refused because their sender could not have produced them (a flood about another
 * member's state from someone else than that member, a local-only message from another cluster, a
 * piece nobody asked for): each is counted ({@link ProtocolMetrics#messageRejected}) and dropped; the
 * node goes on. At most {@link #LOGGED_PER_WINDOW} are logged per {@link #WINDOW_NANOS} of the node's
 * clock, the rest summed up in one line when the next window opens, so a hostile peer cannot flood the
 * log either.
 */
public final class Rejections {
    static final int LOGGED_PER_WINDOW = 5;
    static final long WINDOW_NANOS = 10_000_000_000L;
    private static final Logger LOG = LoggerFactory.getLogger(Rejections.class);

    private final Group group;
    private final int self;
    private final Timers timers;
    private final ProtocolMetrics metrics;
    private long windowStart;
    private boolean started;
    private int inWindow;
    private long unlogged;

    public Rejections(Group group, int self, Timers timers, ProtocolMetrics metrics) {
        this.group = group;
        this.self = self;
        this.timers = timers;
        this.metrics = metrics;
    }

    /** Counts and maybe logs that a {@code type} from {@code peer} was refused, and {@code why}. */
    public void reject(int peer, MessageType type, String why) {
        metrics.messageRejected(type);
        long now = timers.nanoTime();
        if (!started || now - windowStart >= WINDOW_NANOS) {
            if (unlogged > 0) {
                LOG.warn("{}: refused {} more messages in the last {} s", group.member(self).id(), unlogged,
                        WINDOW_NANOS / 1_000_000_000L);
            }
            started = true;
            windowStart = now;
            inWindow = 0;
            unlogged = 0;
        }
        if (inWindow < LOGGED_PER_WINDOW) {
            inWindow++;
            LOG.warn("{}: refused a {} message from member {}: {}", group.member(self).id(), type,
                    group.member(peer).id(), why);
        } else {
            unlogged++;
        }
    }
}
