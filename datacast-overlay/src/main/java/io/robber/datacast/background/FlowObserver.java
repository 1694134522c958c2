package io.robber.datacast.background;

/**
 * Told when a flow starts and ends on the fabric, with the arcs it crosses: how a controller keeps
 * the number of flows per link without polling flow tables (MCTCP §3.2.2).
 */
public interface FlowObserver {
    FlowObserver NONE = new FlowObserver() {
        @Override
        public void started(int[] arcs) {
        }

        @Override
        public void ended(int[] arcs) {
        }
    };

    void started(int[] arcs);

    void ended(int[] arcs);
}
