package io.robber.rendezvous.control;

import io.robber.rendezvous.ConfigurationException;
import io.robber.rendezvous.Units;
import java.time.Duration;

/**
 * When the sender starts a transfer for which not every expected receiver has registered. It starts
 * at once when every one has; otherwise, once {@code startAfter} has passed since it began listening,
 * it starts with those there if they are at least {@code minReceivers}. The receivers still missing
 * then join the running transfer as they register (late joiners, served in waves of their own). It
 * fails when fewer than {@code minReceivers} have registered within {@code waitFor}.
 *
 * @param waitFor      how long to wait for receivers at all
 * @param startAfter   when to start without everyone; null: only at {@code waitFor}
 * @param minReceivers how many must be there to start without everyone; 0: with {@code startAfter}
 *                     one, without it every expected receiver (no early start)
 */
public record StartPolicy(Duration waitFor, Duration startAfter, int minReceivers) {

    /**
     * @throws ConfigurationException when {@code startAfter} is longer than {@code waitFor} or
     *                                {@code minReceivers} is negative
     */
    public StartPolicy {
        if (minReceivers < 0) {
            throw new ConfigurationException("--min-receivers must be at least 1, got " + minReceivers);
        }
        if (startAfter != null && startAfter.compareTo(waitFor) > 0) {
            throw new ConfigurationException("--start-after " + Units.duration(startAfter) + " is longer than --wait "
                    + Units.duration(waitFor) + ": the sender would give up on the receivers before it starts; raise "
                    + "--wait or lower --start-after");
        }
    }

    /** Waits up to {@code wait} for every expected receiver: the start without late joiners. */
    public static StartPolicy everyone(Duration wait) {
        return new StartPolicy(wait, null, 0);
    }

    /** When, after the start of the wait, the sender may start without every expected receiver. */
    Duration startAt() {
        return startAfter != null ? startAfter : waitFor;
    }

    /** How many of {@code expected} receivers must be there to start without all of them. */
    int atLeast(int expected) {
        return Math.min(expected, minReceivers > 0 ? minReceivers : startAfter != null ? 1 : expected);
    }

    /**
     * @throws ConfigurationException when more receivers must be there to start than are expected
     */
    public void check(int expected) {
        if (minReceivers > expected) {
            throw new ConfigurationException("--min-receivers " + minReceivers + " is more than --expect " + expected);
        }
    }
}
