package io.robber.datacast.rdcm.channel;

import java.util.BitSet;
import java.util.HashMap;
import java.util.Map;

/**
 * §3.5 aggregated up the tree: the highest expected piece that each tree child reported for itself and
 * the members below it. The least of them and a member's own is what the member reports to its parent,
 * and at the source, how far it may send. A child the plan gave this member is assumed to expect the
 * first w pieces until it reports; one adopted after a death counts from its first report.
 */
final class HighestExpectedBelow {
    private final Map<Integer, Integer> reported = new HashMap<>();
    private int lastReported = -1;

    /** A child of the plan, before its first report: it expects pieces 0 … {@code initial}. */
    void assume(int child, int initial) {
        reported.put(child, initial);
    }

    /** Whether {@code child}'s report raises what it expects. */
    boolean report(int child, int sequence) {
        Integer before = reported.get(child);
        if (before != null && before >= sequence) {
            return false;
        }
        reported.put(child, sequence);
        return true;
    }

    void forget(int child) {
        reported.remove(child);
    }

    /** The least of {@code own} and what the live {@code children} reported. */
    int least(int own, BitSet children) {
        int least = own;
        for (var e : reported.entrySet()) {
            if (children.get(e.getKey())) {
                least = Math.min(least, e.getValue());
            }
        }
        return least;
    }

    /** Whether {@code least} is news for the parent, remembered as reported if so. */
    boolean raises(int least) {
        if (least <= lastReported) {
            return false;
        }
        lastReported = least;
        return true;
    }

    /** A new or reconnected parent has heard nothing yet. */
    void parentChanged() {
        lastReported = -1;
    }
}
