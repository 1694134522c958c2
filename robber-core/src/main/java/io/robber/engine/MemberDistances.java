package io.robber.engine;

import io.robber.api.ProtocolOptions;

/**
 * How far apart two members of a group are on the network, for protocols that prefer near peers
 * (BT-Optimized's topology-aware neighbour selection): e.g. the hops between their servers on a
 * data-center topology. Handed to a protocol under {@link #KEY}; without it a protocol knows only
 * the group's clusters.
 */
@FunctionalInterface
public interface MemberDistances {
    ProtocolOptions.Key<MemberDistances> KEY = new ProtocolOptions.Key<>("member-distances", MemberDistances.class);

    /** The distance from member {@code a} to member {@code b}, non-negative; the same both ways. */
    int distance(int a, int b);
}
