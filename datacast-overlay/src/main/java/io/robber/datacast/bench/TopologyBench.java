package io.robber.datacast.bench;

import io.robber.api.ProtocolOptions;
import io.robber.datacast.steiner.Group;
import io.robber.datacast.steiner.MultipleSteinerTrees;
import io.robber.datacast.steiner.SteinerTree;
import io.robber.datacast.topology.FailedLinks;
import io.robber.datacast.topology.Network;
import io.robber.datacast.topology.Node;
import io.robber.datacast.timeline.Timeline;
import io.robber.datacast.topology.Topology;
import io.robber.datacast.transport.TransportSettings;
import io.robber.engine.KnownOptions;
import io.robber.engine.OptionNames;
import io.robber.engine.Protocols;
import io.robber.engine.StringOptions;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * The Datacast paper's comparison (§6.3, Fig. 14) on one topology: a source sends a data set to a
 * group, by Datacast over the group's edge-disjoint Steiner trees on the packet-level fabric, and by
 * the BitTorrent variants over the same topology's shortest paths in robber-core's simulation; each
 * run measured against the multi-tree ideal ({@link MultiTreeIdeal}), all in virtual time.
 *
 * <p>Protocols by name: {@code datacast}; {@code rdcm} and {@code mctcp}, the other tree multicasts
 * of the data-center wing, on the same fabric ({@link RdcmRun}, {@link McTcpRun}), and
 * {@code sender-repair}, RDCM's baseline without its overlay ({@link SenderRepairRun}); {@code bt-cornet}
 * and {@code bt-optimized}, the paper's BitTorrent variants (Cornet's improvements, 10 peers, blocks
 * of {@link #PIECE_BYTES}; the second choosing its peers by hop count on the topology);
 * {@code bittorrent} the classic swarm; any other protocol on the class path runs with its defaults
 * through the simulation.
 *
 * <p>{@link FabricEvents} (random loss, link failures, receiver crashes, {@link BackgroundFlows}) act
 * on the fabric, so only the fabric's protocols take them: datacast and sender-repair loss and link
 * failures, rdcm and mctcp all four. A {@link Timeline} records rdcm's and mctcp's sending and receiving rates.
 */
public final class TopologyBench {
    public static final String DATACAST = "datacast";
    public static final String RDCM = "rdcm";
    public static final String MCTCP = "mctcp";
    /** RDCM's baseline: the same tree and rate, every loss repaired by the sender ({@link SenderRepairRun}). */
    public static final String SENDER_REPAIR = "sender-repair";
    public static final List<String> PAPER_PROTOCOLS = List.of(DATACAST, "bt-cornet", "bt-optimized");
    /** The protocols only this bench runs, none of them a protocol of {@code MulticastChannel}. */
    private static final List<String> BENCH_PROTOCOLS = List.of("bt-cornet", "bt-optimized", SENDER_REPAIR);
    /** The option turning RDCM's §3.5 congestion control on ({@code bic}) or off ({@code none}, the default). */
    public static final String RDCM_CONGESTION_CONTROL = "rdcm.congestion-control";
    /**
     * The option setting how long after a link failure report RDCM's manager re-activates the links
     * it inferred (§3.4), a duration, or {@code never}; default {@link #RDCM_REACTIVATION_NANOS}.
     */
    public static final String RDCM_REACTIVATION = "rdcm.reactivation";
    /** RDCM's re-activation of inferred failed links unless told otherwise: one second after the report. */
    public static final long RDCM_REACTIVATION_NANOS = 1_000_000_000L;
    /** The options this bench reads itself, besides the protocols'. */
    public static final OptionNames OPTIONS = new OptionNames("the topology bench", RDCM + ".",
            Set.of("congestion-control", "reactivation"));
    /** The protocols that run on the packet-level fabric. */
    public static final List<String> FABRIC_PROTOCOLS = List.of(DATACAST, RDCM, MCTCP, SENDER_REPAIR);
    /** The paper's BitTorrent block: "We choose 108KB as the block size in the simulations" (§6.3). */
    public static final int PIECE_BYTES = 108 * 1024;
    /** The paper's BitTorrent variants by name, each its {@code bittorrent.variant}. */
    private static final Map<String, String> BITTORRENT_VARIANTS = Map.of("bt-cornet", "cornet", "bt-optimized",
            "optimized");
    /** Peers per node in both BitTorrent variants (the paper gives BT-Optimized 10). */
    public static final int PEERS = 10;

    private final Topology topology;
    private final long dataBytes;
    private final long seed;
    private final TransportSettings settings;
    private final Map<String, String> options;

    public TopologyBench(Topology topology, long dataBytes, long seed) {
        this(topology, dataBytes, seed, Map.of());
    }

    /**
     * @param options protocol options by name: the swarms', over each variant's own (e.g.
     *                {@code bittorrent.rarest-first}), and {@link #RDCM_CONGESTION_CONTROL}
     */
    public TopologyBench(Topology topology, long dataBytes, long seed, Map<String, String> options) {
        if (dataBytes < 1) {
            throw new IllegalArgumentException("the data set needs at least one byte, got " + dataBytes);
        }
        this.topology = topology;
        this.dataBytes = dataBytes;
        this.seed = seed;
        this.settings = TransportSettings.PAPER;
        this.options = Map.copyOf(options);
    }

    /** Fails with a one-line message naming the choices when {@code protocol} is no protocol this bench runs. */
    public static void check(String protocol) {
        if (BENCH_PROTOCOLS.contains(protocol) || Protocols.available().containsKey(protocol)) {
            return;
        }
        throw new IllegalArgumentException("unknown protocol '" + protocol + "' for --topology; available: "
                + String.join(", ", BENCH_PROTOCOLS) + ", " + String.join(", ", Protocols.available().keySet()));
    }

    /** The first server as the source and {@code receivers} other servers chosen at random. */
    public static Group randomGroup(Network network, int receivers, long seed) {
        List<Node> servers = network.servers();
        if (receivers < 1 || receivers >= servers.size()) {
            throw new IllegalArgumentException("the group needs between 1 and " + (servers.size() - 1)
                    + " receivers on " + servers.size() + " servers, got " + receivers);
        }
        return Group.sample(servers.get(0), servers.subList(1, servers.size()), receivers, new Random(seed));
    }

    /** Runs {@code protocol} once for {@code group}. */
    public TopologyRun run(String protocol, Group group, int repeat) {
        return run(protocol, group, repeat, FabricEvents.NONE, null);
    }

    /**
     * Runs {@code protocol} once for {@code group} with {@code events} on the fabric, recording rdcm's
     * and mctcp's rates into {@code timeline} unless it is null.
     */
    public TopologyRun run(String protocol, Group group, int repeat, FabricEvents events, Timeline timeline) {
        check(protocol, events);
        checkCrashes(group, events);
        Network network = topology.network();
        MultiTreeIdeal ideal = MultiTreeIdeal.of(network, treesOf(topology, group), dataBytes, settings);
        switch (protocol) {
            case DATACAST -> {
                return DatacastRun.run(topology.spec(), network, group.source(), group.receivers(), ideal, settings,
                        events, runSeed(repeat), repeat);
            }
            case RDCM -> {
                return RdcmRun.run(topology, group, ideal, events, runSeed(repeat), repeat, timeline,
                        rdcmCongestionControl(), rdcmReactivationNanos());
            }
            case MCTCP -> {
                return McTcpRun.run(topology, group, ideal, events, runSeed(repeat), repeat, timeline);
            }
            case SENDER_REPAIR -> {
                return SenderRepairRun.run(topology, group, ideal, events, runSeed(repeat), repeat);
            }
            default -> {
                return swarm(protocol, group, repeat, ideal);
            }
        }
    }

    /** A timeline for {@code group}'s runs: bins of a hundredth of its ideal finish time, at least 10 µs. */
    public Timeline timeline(Group group) {
        double ideal = MultiTreeIdeal.of(topology.network(), treesOf(topology, group), dataBytes, settings).idealSeconds();
        return new Timeline(Math.max(10_000L, Math.round(ideal * 1e9 / 100)));
    }

    /** Whether {@code --option rdcm.congestion-control=bic} asks for §3.5's congestion control (default: none). */
    private boolean rdcmCongestionControl() {
        String value = options.getOrDefault(RDCM_CONGESTION_CONTROL, "none");
        return switch (value) {
            case "bic" -> true;
            case "none" -> false;
            default -> throw new IllegalArgumentException(RDCM_CONGESTION_CONTROL + " is bic or none, got '" + value + "'");
        };
    }

    /** {@code --option rdcm.reactivation=DURATION|never}: when RDCM re-activates inferred failed links (0: never). */
    private long rdcmReactivationNanos() {
        StringOptions rdcm = StringOptions.under(new ProtocolOptions(1, 1, seed, options), OPTIONS);
        if (rdcm.text("reactivation", "").equals("never")) {
            return 0;
        }
        try {
            return rdcm.durationNanos("reactivation", RDCM_REACTIVATION_NANOS);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(e.getMessage() + ", or never");
        }
    }

    /** The seed of repeat {@code repeat}: the loss draws, the background flows and a swarm's choices differ per repeat. */
    private long runSeed(int repeat) {
        return seed + repeat - 1;
    }

    /** The group's edge-disjoint Steiner trees: Datacast's, the ideal's, and the first one rdcm's. */
    public static List<SteinerTree> treesOf(Topology topology, Group group) {
        return MultipleSteinerTrees.on(topology).calculate(group, FailedLinks.none()).trees();
    }

    /** Fails with a one-line message when {@code events} ask of {@code protocol} what it cannot take. */
    public static void check(String protocol, FabricEvents events) {
        check(protocol);
        if (!events.any()) {
            return;
        }
        if (!FABRIC_PROTOCOLS.contains(protocol)) {
            throw new IllegalArgumentException("loss, link failures, receiver crashes and background flows act on the "
                    + "fabric, so they apply to " + String.join(", ", FABRIC_PROTOCOLS) + ", not to " + protocol);
        }
        if ((protocol.equals(DATACAST) || protocol.equals(SENDER_REPAIR))
                && (!events.receiverCrashes().isEmpty() || events.background().any())) {
            throw new IllegalArgumentException(protocol + " takes loss and link failures, not receiver crashes or "
                    + "background flows: those apply to rdcm and mctcp");
        }
    }

    /** Fails with a one-line message when {@code events} crash a node that is not one of {@code group}'s receivers. */
    private void checkCrashes(Group group, FabricEvents events) {
        for (FabricEvents.ReceiverCrash crash : events.receiverCrashes()) {
            if (group.receivers().stream().noneMatch(node -> node.index() == crash.node())) {
                throw new IllegalArgumentException("the receiver to crash, " + topology.network().node(crash.node()).name()
                        + ", is not in the group: " + group.receivers().stream().map(Node::name).toList());
            }
        }
    }

    private TopologyRun swarm(String protocol, Group group, int repeat, MultiTreeIdeal ideal) {
        return SwarmRun.run(topology.spec(), protocol, engine(protocol), swarmOptions(protocol, runSeed(repeat)),
                topology.network(), group.source(), group.receivers(), ideal, PIECE_BYTES, runSeed(repeat), repeat);
    }

    /**
     * Fails with a one-line message when an option given is one neither this bench nor a protocol on the
     * class path reads, one {@code protocol} does not know (under its prefix), or one with a bad value for
     * {@code group}, as its run would, but before any run starts.
     */
    public void checkOptions(String protocol, Group group) {
        check(protocol);
        KnownOptions.onClassPath().and(List.of(OPTIONS)).check(options);
        switch (protocol) {
            case RDCM -> {
                rdcmCongestionControl();
                rdcmReactivationNanos();
            }
            case DATACAST, MCTCP, SENDER_REPAIR -> {
            }
            default -> Protocols.plan(Protocols.byName(engine(protocol)), SwarmRun.members(group),
                    swarmOptions(protocol, seed));
        }
    }

    /** The swarm engine a protocol name runs on: the BitTorrent variants on {@code bittorrent}. */
    private static String engine(String protocol) {
        return BITTORRENT_VARIANTS.containsKey(protocol) ? "bittorrent" : protocol;
    }

    /** A swarm's options: the variant's own, then the ones given (but RDCM's). */
    private ProtocolOptions swarmOptions(String protocol, long runSeed) {
        String variant = BITTORRENT_VARIANTS.get(protocol);
        ProtocolOptions swarm = variant == null ? ProtocolOptions.defaults(runSeed)
                : bittorrent(ProtocolOptions.defaults(runSeed), variant);
        for (var option : options.entrySet()) {
            if (!option.getKey().equals(RDCM_CONGESTION_CONTROL)) {
                swarm = swarm.with(option.getKey(), option.getValue());
            }
        }
        return swarm;
    }

    private static ProtocolOptions bittorrent(ProtocolOptions options, String variant) {
        ProtocolOptions out = options;
        for (var e : Map.of("bittorrent.variant", variant, "bittorrent.peers", String.valueOf(PEERS),
                "bittorrent.block-pieces", "1").entrySet()) {
            out = out.with(e.getKey(), e.getValue());
        }
        return out;
    }
}
