package io.robber.datacast.multicast;

import java.util.HashMap;
import java.util.Map;

/**
 * One node's multicast forwarding state: for each installed (group, tree version), the arcs to
 * replicate a packet onto. A switch needs nothing else (RDCM §2: no multicast intelligence beyond
 * forwarding); the controller writes and erases the entries.
 */
final class ForwardingTable {
    private final Map<Long, int[]> entries = new HashMap<>();

    void install(int group, int version, int[] outArcs) {
        entries.put(key(group, version), outArcs);
    }

    void remove(int group, int version) {
        entries.remove(key(group, version));
    }

    /** The arcs for this frame's tree, or null if that tree is not installed here. */
    int[] outArcs(TreeFrame frame) {
        return entries.get(key(frame.group(), frame.version()));
    }

    private static long key(int group, int version) {
        return ((long) group << 32) | (version & 0xffffffffL);
    }
}
