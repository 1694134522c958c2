package io.robber.sim;

import io.robber.api.Group;
import io.robber.engine.PeerGraph;
import java.util.BitSet;
import java.util.List;

/**
 * What crossed the wide area in a simulated run, seen from the clusters: piece bytes per ordered
 * cluster pair, and how many of them were duplicates for the receiving cluster (a piece that some
 * member of it already held or had received from another cluster); and how the time of every global
 * connection was spent, from the receiver's side, sampled in virtual time.
 *
 * <p>A global connection (receiver, sender) is busy while the receiver has requests outstanding at the
 * sender. An idle one is classed by what the sender holds that the receiver lacks: nothing; only
 * pieces that the receiver's cluster already holds or requested from another cluster (fetching them
 * would cross the wide area twice); or pieces new to the receiver's cluster — a relay the protocol
 * did not use.
 */
public final class WanTraffic {
    /** How an idle global connection is classed; {@link #BUSY} when requests are outstanding. */
    public enum State {
        BUSY, NOTHING_NEW, ONLY_NEW_TO_NODE, NEW_TO_CLUSTER
    }

    private final Group group;
    private final PeerGraph graph;
    private final int clusters;
    private final long[][] pieceBytes;
    private final long[][] duplicateBytes;
    /** Pieces each cluster held at the start or received from another cluster. */
    private final BitSet[] arrived;
    /** Pieces each cluster requested from another cluster (arrived or not). */
    private final BitSet[] requested;
    /** Requests outstanding per (receiver, sender) across clusters. */
    private final int[][] outstanding;
    /** Sampled connection time per (sender's cluster, receiver's cluster, state). */
    private final long[][][] stateNanos;
    private long sampleNanos;

    WanTraffic(Group group, PeerGraph graph, List<BitSet> initial) {
        this.group = group;
        this.graph = graph;
        this.clusters = group.clusters().size();
        this.pieceBytes = new long[clusters][clusters];
        this.duplicateBytes = new long[clusters][clusters];
        this.arrived = new BitSet[clusters];
        this.requested = new BitSet[clusters];
        for (int c = 0; c < clusters; c++) {
            arrived[c] = new BitSet();
            requested[c] = new BitSet();
        }
        for (int m = 0; m < initial.size(); m++) {
            arrived[group.clusterIndex(m)].or(initial.get(m));
        }
        this.outstanding = new int[group.size()][group.size()];
        this.stateNanos = new long[clusters][clusters][State.values().length];
    }

    void requested(int from, int to, int piece) {
        if (!group.sameCluster(from, to)) {
            requested[group.clusterIndex(from)].set(piece);
            outstanding[from][to]++;
        }
    }

    void delivered(int from, int to, int piece, int length) {
        if (group.sameCluster(from, to)) {
            return;
        }
        int home = group.clusterIndex(from);
        int away = group.clusterIndex(to);
        pieceBytes[home][away] += length;
        if (arrived[away].get(piece)) {
            duplicateBytes[home][away] += length;
        }
        arrived[away].set(piece);
        if (outstanding[to][from] > 0) {
            outstanding[to][from]--;
        }
    }

    /** The connection broke: nothing is outstanding on it any more. */
    void cut(int a, int b) {
        outstanding[a][b] = 0;
        outstanding[b][a] = 0;
    }

    /** Classes every global connection of an unfinished receiver as it is now, for {@code nanos} of time. */
    void sample(List<SimNode> nodes, long nanos) {
        sampleNanos += nanos;
        for (SimNode receiver : nodes) {
            if (receiver.crashed || receiver.stats.localCompleteAt >= 0) {
                continue;
            }
            int r = receiver.index;
            for (int s : graph.neighbours(r)) {
                if (!group.sameCluster(r, s)) {
                    stateNanos[group.clusterIndex(s)][group.clusterIndex(r)][state(receiver, nodes.get(s)).ordinal()]
                            += nanos;
                }
            }
        }
    }

    private State state(SimNode receiver, SimNode sender) {
        if (outstanding[receiver.index][sender.index] > 0) {
            return State.BUSY;
        }
        BitSet lacking = (BitSet) sender.holds.clone();
        lacking.andNot(receiver.holds);
        if (lacking.isEmpty()) {
            return State.NOTHING_NEW;
        }
        int cluster = group.clusterIndex(receiver.index);
        lacking.andNot(arrived[cluster]);
        lacking.andNot(requested[cluster]);
        return lacking.isEmpty() ? State.ONLY_NEW_TO_NODE : State.NEW_TO_CLUSTER;
    }

    /** Piece payload bytes sent from cluster {@code from} to cluster {@code to} (indices of {@link Group#clusters()}). */
    public long pieceBytes(int from, int to) {
        return pieceBytes[from][to];
    }

    /** Of {@link #pieceBytes}, those of pieces the receiving cluster already had. */
    public long duplicateBytes(int from, int to) {
        return duplicateBytes[from][to];
    }

    /** Piece payload bytes that left cluster {@code cluster} for other clusters. */
    public long bytesOut(int cluster) {
        long sum = 0;
        for (int d = 0; d < clusters; d++) {
            sum += pieceBytes[cluster][d];
        }
        return sum;
    }

    /** Piece payload bytes that reached cluster {@code cluster} from other clusters. */
    public long bytesIn(int cluster) {
        long sum = 0;
        for (int c = 0; c < clusters; c++) {
            sum += pieceBytes[c][cluster];
        }
        return sum;
    }

    /**
     * The share of sampled global-connection time (over unfinished receivers) spent in {@code state};
     * NaN when nothing was sampled (see {@link SimBuilder#sampleEvery}).
     */
    public double share(State state) {
        long all = 0;
        long in = 0;
        for (long[][] from : stateNanos) {
            for (long[] pair : from) {
                for (long t : pair) {
                    all += t;
                }
                in += pair[state.ordinal()];
            }
        }
        return all == 0 ? Double.NaN : (double) in / all;
    }

    /**
     * The share of sampled time that the global connections from cluster {@code from} to cluster
     * {@code to} (receivers in {@code to}) spent in {@code state}; NaN when nothing was sampled there.
     */
    public double share(int from, int to, State state) {
        long[] pair = stateNanos[from][to];
        long all = 0;
        for (long t : pair) {
            all += t;
        }
        return all == 0 ? Double.NaN : (double) pair[state.ordinal()] / all;
    }

    /** Virtual time over which the connections were sampled. */
    public long sampledNanos() {
        return sampleNanos;
    }
}
