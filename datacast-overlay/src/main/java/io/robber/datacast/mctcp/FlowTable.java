package io.robber.datacast.mctcp;

import io.robber.datacast.background.FlowObserver;

/**
 * The flows the group manager knows on each arc, the n of Eq. (1): multicast trees while their
 * session is active and every unicast flow, recorded as they start and end.
 */
public final class FlowTable implements FlowObserver {
    private final int[] flows;

    public FlowTable(int arcCount) {
        this.flows = new int[arcCount];
    }

    @Override
    public void started(int[] arcs) {
        for (int arc : arcs) {
            flows[arc]++;
        }
    }

    @Override
    public void ended(int[] arcs) {
        for (int arc : arcs) {
            flows[arc]--;
        }
    }

    public int flowsOn(int arc) {
        return flows[arc];
    }
}
