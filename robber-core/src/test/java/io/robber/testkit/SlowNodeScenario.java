package io.robber.testkit;

import io.robber.api.Group;
import io.robber.engine.Protocol;
import io.robber.api.ProtocolOptions;
import io.robber.sim.LinkModel;
import io.robber.sim.SimData;
import io.robber.sim.SimNetwork;
import io.robber.sim.SimResult;
import java.util.Arrays;

/**
 * The load-balancing scenario of §3.2: equal clusters, one root in cluster c0, and one member of
 * cluster c1 (the slow node) whose incoming links from other clusters are ten times slower than those
 * of its collective. MOB's static work makes that node the bottleneck; Robber's stealing moves its work
 * to the fast members.
 */
public record SlowNodeScenario(int clusters, int clusterSize, int pieceCount, double slowFactor) {
    public static final int PIECE_SIZE = 64 * 1024;
    /** Rank of the slow node in cluster c1. */
    public static final int SLOW_RANK = 2;

    public Group group() {
        int[] sizes = new int[clusters];
        Arrays.fill(sizes, clusterSize);
        return SimData.clusters(sizes);
    }

    public int slowNode(Group group) {
        return SimData.member(group, 1, SLOW_RANK);
    }

    /** P / |C|: the initial equal share of one node. */
    public int equalShare() {
        return pieceCount / clusterSize;
    }

    public SimResult run(Protocol protocol, long seed) {
        Group group = group();
        return SimNetwork.builder(group, protocol)
                .options(ProtocolOptions.defaults(seed))
                .pieces(pieceCount, PIECE_SIZE)
                .possession(SimData.roots(pieceCount, SimData.member(group, 0, 0)))
                .links(LinkModel.lanWan(group).slowGlobalIngress(slowNode(group), slowFactor))
                .seed(seed)
                .run()
                .assertAllComplete();
    }

    @Override
    public String toString() {
        return clusters + " clusters x " + clusterSize + ", P = " + pieceCount + ", slow node at " + slowFactor + "x";
    }
}
