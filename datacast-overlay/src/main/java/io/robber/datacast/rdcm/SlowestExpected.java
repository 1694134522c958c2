package io.robber.datacast.rdcm;

import java.util.HashMap;
import java.util.Map;

/**
 * §3.5 at the sender: the highest sequence each receiver last said it expects, and the slowest of
 * them, below which the sender may send. A receiver taken out of the group no longer counts.
 */
final class SlowestExpected {
    private final Map<Integer, Integer> expected = new HashMap<>();
    private int slowest;
    private boolean stale;

    SlowestExpected(int[] receivers) {
        for (int receiver : receivers) {
            expected.put(receiver, ExpectedSequence.initial());
        }
        stale = true;
    }

    /** {@code receiver} expects up to {@code highest}; ignored from a receiver out of the group. */
    void report(int receiver, int highest) {
        Integer before = expected.computeIfPresent(receiver, (r, h) -> highest);
        if (before != null) {
            stale = true;
        }
    }

    void remove(int receiver) {
        expected.remove(receiver);
        stale = true;
    }

    /** The sender may send the packets below this one. */
    int slowest() {
        if (stale) {
            slowest = expected.values().stream().mapToInt(Integer::intValue).min().orElse(Integer.MAX_VALUE);
            stale = false;
        }
        return slowest;
    }
}
