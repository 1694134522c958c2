package io.robber.balanced;

import io.robber.api.Group;
import io.robber.api.ProtocolOptions;
import io.robber.engine.EngineContext;
import io.robber.engine.OptionNames;
import io.robber.engine.PeerGraph;
import io.robber.engine.Protocol;
import io.robber.engine.ProtocolEngine;
import io.robber.engine.ProtocolPlan;
import io.robber.engine.StringOptions;
import io.robber.planning.Capacities;
import io.robber.planning.MonitoringData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Balanced Multicasting (the Robber paper's §2.4, after den Burger et al., SC05): sender-initiated
 * multicast over trees planned once, before the transfer, from network monitoring data, with each
 * tree's rate enforced by traffic shaping at the sender.
 *
 * <p>Options, read once when the group is planned:
 * <ul>
 *   <li>{@link Capacities#MONITORING}: the monitoring data as typed capacities; the bench passes each
 *       scenario's reported (initial) capacities here;</li>
 *   <li>{@value #MONITORING_FILE} (string): the same as JSON ({@link MonitoringData}) in a file; this
 *       wins over data handed over otherwise;</li>
 *   <li>{@value #MONITORING_JSON} (string): the same as inline JSON;</li>
 *   <li>{@value #ROOT}: the id of the member that sends (default: the group's first member); the
 *       trees are rooted at it, so it must hold the whole data set.</li>
 * </ul>
 * Without monitoring data nothing is known to be limited: one tree, no shaping, and a warning.
 */
public final class BalancedProtocol implements Protocol {
    public static final String NAME = "balanced";
    public static final String PREFIX = "balanced.";
    public static final String ROOT = PREFIX + "root";
    public static final String MONITORING_FILE = "monitoring-file";
    public static final String MONITORING_JSON = "monitoring";
    /** The string options under {@value #PREFIX}. */
    public static final OptionNames OPTIONS = new OptionNames(NAME, PREFIX, Set.of("root"));
    /** The monitoring data's options, which have no prefix. */
    public static final OptionNames MONITORING = new OptionNames(NAME, "", Set.of(MONITORING_FILE, MONITORING_JSON));
    private static final Logger LOG = LoggerFactory.getLogger(BalancedProtocol.class);

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public ProtocolPlan plan(Group group, ProtocolOptions options) {
        StringOptions.under(options, OPTIONS);
        int root = root(group, options);
        Options validated = new Options(root, monitoring(options).orElseGet(() -> unlimited(group)));
        return new Plan(group, validated, new Overlay(group, root, ClusterTrees.plan(group, root, validated.capacities())));
    }

    @Override
    public List<OptionNames> optionNames() {
        return List.of(OPTIONS, MONITORING);
    }

    /**
     * Balanced Multicasting's options.
     *
     * @param root       the index of the member that sends
     * @param capacities the monitoring data the trees are planned from
     */
    public record Options(int root, Capacities capacities) {
    }

    /** The trees planned once for the group, and the overlay they run on. */
    private record Plan(Group group, Options options, Overlay overlay) implements ProtocolPlan {

        @Override
        public PeerGraph graph() {
            return overlay.graph();
        }

        @Override
        public Optional<String> checkPossession(List<BitSet> possessions, int pieceCount) {
            int root = options.root();
            if (possessions.get(root).cardinality() < pieceCount) {
                return Optional.of("Balanced Multicasting sends from its root " + group.member(root).id()
                        + " (option " + ROOT + "), which holds " + possessions.get(root).cardinality() + " of "
                        + pieceCount + " pieces; it needs the whole data set");
            }
            return Optional.empty();
        }

        @Override
        public ProtocolEngine newEngine(EngineContext ctx, BitSet possession) {
            return new BalancedEngine(ctx, overlay, possession);
        }
    }

    private static int root(Group group, ProtocolOptions options) {
        String id = options.extra().get(ROOT);
        if (id == null) {
            return 0;
        }
        if (!group.contains(id)) {
            throw new IllegalArgumentException(ROOT + "=" + id + " is not a member of the group; members: "
                    + group.members().stream().map(m -> m.id()).toList());
        }
        return group.indexOf(id);
    }

    /** The monitoring data: a file named explicitly wins over typed capacities and inline JSON. */
    private static Optional<Capacities> monitoring(ProtocolOptions options) {
        String file = options.extra().get(MONITORING_FILE);
        if (file != null) {
            try {
                return Optional.of(MonitoringData.parse(Files.readString(Path.of(file))));
            } catch (IOException e) {
                throw new IllegalArgumentException("cannot read the monitoring data " + file + " (option "
                        + MONITORING_FILE + "): " + e.getMessage(), e);
            }
        }
        return options.get(Capacities.MONITORING)
                .or(() -> Optional.ofNullable(options.extra().get(MONITORING_JSON)).map(MonitoringData::parse));
    }

    private static Capacities unlimited(Group group) {
        LOG.warn("Balanced Multicasting without monitoring data (option {} or {}): one unshaped tree",
                MONITORING_FILE, MONITORING_JSON);
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
