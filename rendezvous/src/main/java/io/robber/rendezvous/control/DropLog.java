package io.robber.rendezvous.control;

import io.robber.metrics.LogBudget;
import io.robber.rendezvous.TransferListener;
import io.robber.rendezvous.Units;
import java.time.Duration;

/**
 * Tells the operator about connections dropped before they registered, without letting a flood of
 * them flood the log: the first {@link #INDIVIDUAL} of each {@link #PERIOD} are logged one by one,
 * the rest summed up in one line at the end of the period ({@link LogBudget}).
 *
 * <p>Not thread-safe: used on the coordinator's event loop, which calls {@link #tick} every second.
 */
final class DropLog {
    static final int INDIVIDUAL = 5;
    static final Duration PERIOD = Duration.ofSeconds(10);

    private final TransferListener events;
    private final LogBudget budget = new LogBudget(INDIVIDUAL, PERIOD);
    private String lastRemote;
    private String lastWhy;

    DropLog(TransferListener events, long now) {
        this.events = events;
        budget.roll(now, this::summarize);
    }

    void dropped(String remote, String why, long now) {
        if (budget.take(now, this::summarize)) {
            events.info("dropped a connection from " + remote + ": " + why + (budget.exhausted()
                    ? " (further drops are summed up every " + Units.duration(PERIOD) + ")" : ""));
        } else {
            lastRemote = remote;
            lastWhy = why;
        }
    }

    /** Ends the period once it is over: one line for what was not logged. */
    void tick(long now) {
        budget.roll(now, this::summarize);
    }

    private void summarize(long count, Duration period) {
        events.warn("dropped " + count + " more connection" + (count == 1 ? "" : "s") + " that did not register in the "
                + "last " + Units.duration(period) + " (the last from " + lastRemote + ": " + lastWhy + "); many at once "
                + "can be a flood, pass --secret-file and firewall the control port");
    }
}
