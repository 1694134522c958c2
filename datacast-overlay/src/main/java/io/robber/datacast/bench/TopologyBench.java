package io.robber.datacast.bench;

import io.robber.api.ProtocolOptions;
import io.robber.datacast.steiner.Group;
import io.robber.datacast.steiner.MultipleSteinerTrees;
import io.robber.datacast.steiner.SteinerTree;
import io.robber.datacast.topology.FailedLinks;
import io.robber.datacast.topology.Network;
import io.robber.datacast.topology.Node;
import io.robber.datacast.topology.Topology;
import io.robber.datacast.transport.TransportSettings;
import io.robber.engine.Protocols;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The Datacast paper's comparison (§6.3, Fig. 14) on one topology: a source sends a data set to a
 * group, by Datacast over the group's edge-disjoint Steiner trees on the packet-level fabric, and by
 * the BitTorrent variants over the same topology's shortest paths in robber-core's simulation; each
 * run measured against the multi-tree ideal ({@link MultiTreeIdeal}), all in virtual time.
 *
 * <p>Protocols by name: {@code datacast}; {@code bt-cornet} and {@code bt-optimized}, the paper's
 * BitTorrent variants (Cornet's improvements, 10 peers, blocks of {@link #PIECE_BYTES}; the second
 * choosing its peers by hop count on the topology); {@code bittorrent} the classic swarm; any other
 * protocol on the class path runs with its defaults through the simulation.
 */
public final class TopologyBench {
    public static final String DATACAST = "datacast";
    public static final List<String> PAPER_PROTOCOLS = List.of(DATACAST, "bt-cornet", "bt-optimized");
    /** The paper's BitTorrent block: "We choose 108KB as the block size in the simulations" (§6.3). */
    public static final int PIECE_BYTES = 108 * 1024;
    /** Peers per node in both BitTorrent variants (the paper gives BT-Optimized 10). */
    public static final int PEERS = 10;

    private final Topology topology;
    private final long dataBytes;
    private final long seed;
    private final TransportSettings settings;
    private final Map<String, String> swarmOptions;

    public TopologyBench(Topology topology, long dataBytes, long seed) {
        this(topology, dataBytes, seed, Map.of());
    }

    /** @param options protocol options by name for the swarms, over each variant's own (e.g. {@code bittorrent.rarest-first}) */
    public TopologyBench(Topology topology, long dataBytes, long seed, Map<String, String> options) {
        if (dataBytes < 1) {
            throw new IllegalArgumentException("the data set needs at least one byte, got " + dataBytes);
        }
        this.topology = topology;
        this.dataBytes = dataBytes;
        this.seed = seed;
        this.settings = TransportSettings.PAPER;
        this.swarmOptions = Map.copyOf(options);
    }

    /** Fails with a one-line message naming the choices when {@code protocol} is no protocol this bench runs. */
    public static void check(String protocol) {
        if (PAPER_PROTOCOLS.contains(protocol) || Protocols.available().containsKey(protocol)) {
            return;
        }
        throw new IllegalArgumentException("unknown protocol '" + protocol + "' for --topology; available: "
                + String.join(", ", PAPER_PROTOCOLS) + ", " + String.join(", ", Protocols.available().keySet()));
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
        check(protocol);
        Network network = topology.network();
        List<SteinerTree> trees = MultipleSteinerTrees.on(topology).calculate(group, FailedLinks.none()).trees();
        MultiTreeIdeal ideal = MultiTreeIdeal.of(network, trees, dataBytes, settings);
        if (protocol.equals(DATACAST)) {
            return DatacastRun.run(topology.spec(), network, group.source(), group.receivers(), ideal, settings, seed,
                    repeat);
        }
        ProtocolOptions options = ProtocolOptions.defaults(seed);
        String engine = protocol;
        switch (protocol) {
            case "bt-cornet" -> {
                engine = "bittorrent";
                options = bittorrent(options, "cornet");
            }
            case "bt-optimized" -> {
                engine = "bittorrent";
                options = bittorrent(options, "optimized");
            }
            default -> {
            }
        }
        for (var option : swarmOptions.entrySet()) {
            options = options.with(option.getKey(), option.getValue());
        }
        return SwarmRun.run(topology.spec(), protocol, engine, options, network, group.source(), group.receivers(),
                ideal, PIECE_BYTES, seed, repeat);
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
