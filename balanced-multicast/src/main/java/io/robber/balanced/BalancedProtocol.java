package io.robber.balanced;

import io.robber.api.Group;
import io.robber.emulation.model.Capacities;
import io.robber.emulation.model.MonitoringData;
import io.robber.engine.EngineContext;
import io.robber.engine.PeerGraph;
import io.robber.engine.Protocol;
import io.robber.engine.ProtocolEngine;
import io.robber.api.ProtocolOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.WeakHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Balanced Multicasting (the Robber paper's §2.4, after den Burger et al., SC05): sender-initiated
 * multicast over trees planned once, before the transfer, from network monitoring data, with each
 * tree's rate enforced by traffic shaping at the sender.
 *
 * <p>Options ({@link ProtocolOptions#extra()}):
 * <ul>
 *   <li>{@value ProtocolOptions#MONITORING}: the monitoring data as JSON ({@link MonitoringData});
 *       the bench passes each scenario's reported (initial) capacities here;</li>
 *   <li>{@value #MONITORING_FILE}: the same, read from a file (this wins over inline data);</li>
 *   <li>{@value #ROOT}: the id of the member that sends (default: the group's first member); the
 *       trees are rooted at it, so it must hold the whole data set.</li>
 * </ul>
 * Without monitoring data nothing is known to be limited: one tree, no shaping, and a warning.
 */
public final class BalancedProtocol implements Protocol {
    public static final String NAME = "balanced";
    public static final String ROOT = "balanced.root";
    public static final String MONITORING_FILE = "monitoring-file";
    private static final Logger LOG = LoggerFactory.getLogger(BalancedProtocol.class);
    /**
     * The overlay behind each peer graph this protocol made, so that an operation's engine finds its
     * plan without planning or reading monitoring data again (on the event loop).
     */
    private static final Map<PeerGraph, Overlay> BY_GRAPH = Collections.synchronizedMap(new WeakHashMap<>());
    /** Every node of a group plans the same overlay; nodes sharing a JVM share it. */
    private static final Map<List<Object>, Overlay> PLANS = new LinkedHashMap<>(4, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<List<Object>, Overlay> eldest) {
            return size() > 4;
        }
    };

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public PeerGraph peerGraph(Group group, ProtocolOptions options) {
        Overlay overlay = overlay(group, options);
        BY_GRAPH.put(overlay.graph(), overlay);
        return overlay.graph();
    }

    @Override
    public Optional<String> checkPossession(Group group, PeerGraph graph, ProtocolOptions options,
                                            List<BitSet> possessions, int pieceCount) {
        int root = root(group, options);
        if (possessions.get(root).cardinality() < pieceCount) {
            return Optional.of("Balanced Multicasting sends from its root " + group.member(root).id()
                    + " (option " + ROOT + "), which holds " + possessions.get(root).cardinality() + " of "
                    + pieceCount + " pieces; it needs the whole data set");
        }
        return Optional.empty();
    }

    @Override
    public ProtocolEngine newEngine(EngineContext ctx, PeerGraph graph, ProtocolOptions options, BitSet possession) {
        Overlay overlay = BY_GRAPH.get(graph);
        if (overlay == null) {
            throw new IllegalArgumentException("not a peer graph of Balanced Multicasting: " + graph);
        }
        return new BalancedEngine(ctx, overlay, possession);
    }

    private static Overlay overlay(Group group, ProtocolOptions options) {
        int root = root(group, options);
        Optional<String> monitoring = monitoring(options);
        List<Object> key = List.of(group.members(), root, monitoring.orElse(""));
        synchronized (PLANS) {
            Overlay overlay = PLANS.get(key);
            if (overlay == null) {
                overlay = new Overlay(group, root, ClusterTrees.plan(group, root, capacities(group, monitoring)));
                PLANS.put(key, overlay);
            }
            return overlay;
        }
    }

    private static int root(Group group, ProtocolOptions options) {
        String id = options.extra().get(ROOT);
        if (id == null) {
            return 0;
        }
        int root = group.indexOf(id);
        if (root < 0) {
            throw new IllegalArgumentException(ROOT + "=" + id + " is not a member of the group");
        }
        return root;
    }

    /** The monitoring data; a file named explicitly wins over data handed over inline (e.g. by the bench). */
    private static Optional<String> monitoring(ProtocolOptions options) {
        String file = options.extra().get(MONITORING_FILE);
        if (file == null) {
            return Optional.ofNullable(options.extra().get(ProtocolOptions.MONITORING));
        }
        try {
            return Optional.of(Files.readString(Path.of(file)));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the monitoring data " + file + ": " + e.getMessage(), e);
        }
    }

    private static Capacities capacities(Group group, Optional<String> monitoring) {
        if (monitoring.isPresent()) {
            return MonitoringData.parse(monitoring.get());
        }
        LOG.warn("Balanced Multicasting without monitoring data (option {}): one unshaped tree",
                ProtocolOptions.MONITORING);
        List<String> clusters = group.clusters();
        int n = clusters.size();
        double[][] nodes = new double[n][];
        double[][] unlimited = new double[n][n];
        double[] access = new double[n];
        for (int c = 0; c < n; c++) {
            nodes[c] = new double[group.collective(clusters.get(c)).size()];
            Arrays.fill(nodes[c], Double.POSITIVE_INFINITY);
            Arrays.fill(unlimited[c], Double.POSITIVE_INFINITY);
        }
        Arrays.fill(access, Double.POSITIVE_INFINITY);
        return new Capacities(clusters, nodes, nodes, access, access, unlimited, new long[n][n]);
    }
}
