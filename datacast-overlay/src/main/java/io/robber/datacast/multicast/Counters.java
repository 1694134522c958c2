package io.robber.datacast.multicast;

/** The multicast layer's own counts: copies made at replicating nodes, stale frames met (and reported). */
final class Counters {
    long copies;
    long stale;
    StaleFrames listener = StaleFrames.IGNORE;

    void stale(int node, TreeFrame frame) {
        stale++;
        listener.stale(node, frame);
    }
}
