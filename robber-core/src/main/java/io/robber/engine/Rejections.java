package io.robber.engine;

import io.robber.api.Group;
import io.robber.metrics.LogBudget;
import io.robber.wire.MessageType;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Messages a node refused because their sender could not have produced them (a flood about another
 * member's state from someone else than that member, a local-only message from another cluster, a
 * piece nobody asked for): each is counted ({@link ProtocolMetrics#messageRejected}) and dropped; the
 * node goes on. At most {@link #LOGGED_PER_WINDOW} are logged per {@link #WINDOW} of the node's
 * clock, the rest summed up in one line when the next window opens, so a hostile peer cannot flood the
 * log either.
 */
public final class Rejections {
    static final int LOGGED_PER_WINDOW = 5;
    static final Duration WINDOW = Duration.ofSeconds(10);
    private static final Logger LOG = LoggerFactory.getLogger(Rejections.class);

    private final Group group;
    private final int self;
    private final Timers timers;
    private final ProtocolMetrics metrics;
    private final LogBudget budget = new LogBudget(LOGGED_PER_WINDOW, WINDOW);

    public Rejections(Group group, int self, Timers timers, ProtocolMetrics metrics) {
        this.group = group;
        this.self = self;
        this.timers = timers;
        this.metrics = metrics;
    }

    /** Counts and maybe logs that a {@code type} from {@code peer} was refused, and {@code why}. */
    public void reject(int peer, MessageType type, String why) {
        metrics.messageRejected(type);
        if (budget.take(timers.nanoTime(), this::summarize)) {
            LOG.warn("{}: refused a {} message from member {}: {}", group.member(self).id(), type,
                    group.member(peer).id(), why);
        }
    }

    private void summarize(long count, Duration window) {
        LOG.warn("{}: refused {} more messages in the last {} s", group.member(self).id(), count, window.toSeconds());
    }
}
