package io.robber.datacast.rdcm;

import io.robber.datacast.topology.FailedLinks;
import io.robber.datacast.topology.Network;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * §3.4: the multicast manager's global set of links inferred to have failed, shared by all its
 * groups: each link failure report adds its failed-link set, and trees are rebuilt without them.
 * "The failed links in the global set can be periodically activated to utilize the recovered ones":
 * a link is {@linkplain #reactivate taken out} of the set again when no later report has put it
 * back in meanwhile.
 */
public final class FailedLinkSet {
    private final Map<Integer, Long> inferredAt = new HashMap<>();

    /** Adds these links, inferred at {@code nowNanos}; whether any was new. */
    public boolean addAll(int[] failed, long nowNanos) {
        boolean added = false;
        for (int link : failed) {
            added |= inferredAt.put(link, nowNanos) == null;
        }
        return added;
    }

    /**
     * Takes those of {@code links} back out of the set that are still in it since {@code inferredAtNanos}
     * (not inferred again later); the links taken out.
     */
    public int[] reactivate(int[] links, long inferredAtNanos) {
        return IntStream.of(links).filter(link -> inferredAt.remove(link, inferredAtNanos)).toArray();
    }

    public boolean contains(int link) {
        return inferredAt.containsKey(link);
    }

    /** Whether every link of {@code node} is in the set: no tree can reach it or leave it. */
    public boolean cutsOff(Network network, int node) {
        return IntStream.range(network.outStart(node), network.outStart(node + 1))
                .allMatch(i -> contains(Network.linkOf(network.outArc(i))));
    }

    /** The set as the Steiner-tree algorithms take it. */
    public FailedLinks asFailedLinks() {
        return FailedLinks.of(inferredAt.keySet().stream().mapToInt(Integer::intValue).sorted().toArray());
    }
}
