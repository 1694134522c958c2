package io.robber.collective;

import io.robber.engine.EngineContext;
import io.robber.exchange.PieceExchange;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;

/**
 * The shortest round trip (request to piece) from this node's cluster to each other cluster, from which
 * {@link OnlySourceFirst} tells near clusters from far ones: this node's own, over its global peers,
 * and for a cluster it has no global peer in, the shortest its local peers reported.
 *
 * <p>A node's global peers lie in some of the group's clusters only, so without the reports the members
 * of one cluster disagreed on which clusters are near, and a member with no global peer in a sibling
 * cluster took every connection for a fast one. In virtual time, a quarter of what entered a continent
 * of tc2-c4 was already there (seed 42); with the reports, 4–11 %, and tc2-c3 went from 67.7 to 73.3 %
 * of the bound (medians of seeds 42, 1 and 2).
 *
 * <p>The reports spread over the collective's local graph: a node reports to its local peers the round
 * trips it knows, its own or reported, that are new or have fallen below {@link #CHANGE} of what it last
 * reported, at most once per interval. Round trips only shorten, so a few reports per node reach every
 * member.
 */
final class ClusterRoundTrips {
    /** A known round trip is reported again when it has fallen below this share of what was reported. */
    static final double CHANGE = 0.8;

    private final EngineContext ctx;
    private final List<Integer> localPeers;
    private final List<Integer> globalPeers;
    private final long intervalNanos;
    /** This node's own shortest round trip per cluster, over its global peers now connected. */
    private final long[] own;
    /** The shortest round trip known per cluster: this node's own, measured now or before, or reported. */
    private final long[] known;
    /** What this node last reported per cluster. */
    private final long[] reported;
    private final BitSet ownClusters = new BitSet();
    private final BitSet knownClusters = new BitSet();
    private long lastReport;
    private boolean reportedBefore;

    /** @param intervalNanos the shortest time between two reports */
    ClusterRoundTrips(EngineContext ctx, List<Integer> localPeers, List<Integer> globalPeers, long intervalNanos) {
        this.ctx = ctx;
        this.localPeers = localPeers;
        this.globalPeers = globalPeers;
        this.intervalNanos = intervalNanos;
        int clusters = ctx.group().clusters().size();
        this.own = unknown(clusters);
        this.known = unknown(clusters);
        this.reported = unknown(clusters);
    }

    private static long[] unknown(int clusters) {
        long[] nanos = new long[clusters];
        Arrays.fill(nanos, Long.MAX_VALUE);
        return nanos;
    }

    /** Takes this node's own round trips anew from the exchange with its peers. */
    void measure(PieceExchange exchange) {
        for (int c = ownClusters.nextSetBit(0); c >= 0; c = ownClusters.nextSetBit(c + 1)) {
            own[c] = Long.MAX_VALUE;
        }
        ownClusters.clear();
        for (int g : globalPeers) {
            long rtt = exchange.minRttNanos(g);
            if (rtt != Long.MAX_VALUE) {
                int c = ctx.group().clusterIndex(g);
                own[c] = Math.min(own[c], rtt);
                ownClusters.set(c);
                learn(c, rtt);
            }
        }
    }

    /** The clusters some round trip is known to. */
    BitSet knownClusters() {
        return knownClusters;
    }

    /**
     * The round trip to {@code cluster}: this node's own where it measured one, else the shortest known;
     * {@link Long#MAX_VALUE} when none is.
     */
    long shortest(int cluster) {
        return ownClusters.get(cluster) ? own[cluster] : known[cluster];
    }

    /**
     * A local peer's report. Returns false, and learns nothing, when it names a cluster the group does
     * not have.
     */
    boolean onReport(RelayMessage.RoundTrips report) {
        for (RelayMessage.RoundTrip r : report.roundTrips()) {
            if (r.cluster() >= known.length) {
                return false;
            }
        }
        report.roundTrips().forEach(r -> learn(r.cluster(), r.nanos()));
        return true;
    }

    private void learn(int cluster, long nanos) {
        known[cluster] = Math.min(known[cluster], nanos);
        knownClusters.set(cluster);
    }

    /**
     * Reports to the local peers the round trips that are new or shorter by enough, unless the interval
     * since the last report has not passed.
     */
    void maybeReport(PieceExchange exchange) {
        if (localPeers.isEmpty() || reportedBefore && ctx.timers().nanoTime() - lastReport < intervalNanos) {
            return;
        }
        measure(exchange);
        List<RelayMessage.RoundTrip> news = new ArrayList<>();
        for (int c = knownClusters.nextSetBit(0); c >= 0; c = knownClusters.nextSetBit(c + 1)) {
            if (reported[c] == Long.MAX_VALUE || known[c] < reported[c] * CHANGE) {
                news.add(new RelayMessage.RoundTrip(c, known[c]));
                reported[c] = known[c];
            }
        }
        if (news.isEmpty()) {
            return;
        }
        reportedBefore = true;
        lastReport = ctx.timers().nanoTime();
        RelayMessage.RoundTrips report = new RelayMessage.RoundTrips(news);
        for (int p : localPeers) {
            if (exchange.connected(p)) {
                ctx.sendOwn(p, report);
            }
        }
    }

    /** A local peer came back: it may have restarted and missed reports, so it gets what was reported. */
    void onPeerReconnected(int peer) {
        if (!localPeers.contains(peer)) {
            return;
        }
        List<RelayMessage.RoundTrip> all = new ArrayList<>();
        for (int c = 0; c < reported.length; c++) {
            if (reported[c] != Long.MAX_VALUE) {
                all.add(new RelayMessage.RoundTrip(c, reported[c]));
            }
        }
        if (!all.isEmpty()) {
            ctx.sendOwn(peer, new RelayMessage.RoundTrips(all));
        }
    }
}
