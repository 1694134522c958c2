package io.robber.datacast.rdcm;

import io.robber.datacast.topology.FailedLinks;
import java.util.BitSet;

/**
 * §3.4: the multicast manager's global set of links inferred to have failed, shared by all its
 * groups: each link failure report adds its failed-link set, and trees are rebuilt without them.
 */
public final class FailedLinkSet {
    private final BitSet links = new BitSet();

    /** Adds these links; whether any was new. */
    public boolean addAll(int[] failed) {
        boolean added = false;
        for (int link : failed) {
            added |= !links.get(link);
            links.set(link);
        }
        return added;
    }

    public boolean contains(int link) {
        return links.get(link);
    }

    /** The set as the Steiner-tree algorithms take it. */
    public FailedLinks asFailedLinks() {
        return FailedLinks.of(links.stream().toArray());
    }
}
