package io.robber.rendezvous.control;

import io.robber.rendezvous.TransferListener;
import io.robber.rendezvous.Units;
import java.time.Duration;

/**
 * Tells the operator about connections dropped before they registered, without letting a flood of
 * them flood the log: the first {@link #INDIVIDUAL} of each {@link #PERIOD} are logged one by one,
 * the rest summed up in one line at the end of the period.
 *
 * <p>Not thread-safe: used on the coordinator's event loop, which calls {@link #tick} every second.
 */
final class DropLog {
    static final int INDIVIDUAL = 5;
    static final Duration PERIOD = Duration.ofSeconds(10);

    private final TransferListener events;
    private long periodStart;
    private int logged;
    private long suppressed;
    private String lastRemote;
    private String lastWhy;

    DropLog(TransferListener events, long now) {
        this.events = events;
        this.periodStart = now;
    }

    void dropped(String remote, String why, long now) {
        tick(now);
        if (logged < INDIVIDUAL) {
            logged++;
            events.info("dropped a connection from " + remote + ": " + why
                    + (logged == INDIVIDUAL ? " (further drops are summed up every " + Units.duration(PERIOD) + ")" : ""));
        } else {
            suppressed++;
            lastRemote = remote;
            lastWhy = why;
        }
    }

    /** Ends the period once it is over: one line for what was not logged. */
    void tick(long now) {
        if (now - periodStart < PERIOD.toNanos()) {
            return;
        }
        if (suppressed > 0) {
            events.warn("dropped " + suppressed + " more connection" + (suppressed == 1 ? "" : "s") + " that did not "
                    + "register in the last " + Units.duration(Duration.ofNanos(now - periodStart)) + " (the last from "
                    + lastRemote + ": " + lastWhy + "); many at once can be a flood, pass --secret-file and firewall the "
                    + "control port");
        }
        periodStart = now;
        logged = 0;
        suppressed = 0;
    }
}
