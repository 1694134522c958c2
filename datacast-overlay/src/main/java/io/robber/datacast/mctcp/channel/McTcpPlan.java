package io.robber.datacast.mctcp.channel;

import io.robber.api.Group;
import io.robber.datacast.mctcp.LinkLoads;
import io.robber.datacast.mctcp.RoutingManager;
import io.robber.datacast.mctcp.RoutingSettings;
import io.robber.datacast.multicast.MulticastTree;
import io.robber.datacast.overlay.OverlayTree;
import io.robber.datacast.topology.Network;
import io.robber.datacast.topology.Topology;
import io.robber.engine.EngineContext;
import io.robber.engine.MessageCodec;
import io.robber.engine.PeerGraph;
import io.robber.engine.ProtocolEngine;
import io.robber.engine.ProtocolPlan;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;

/**
 * What {@code mctcp} makes of a group: the multicast tree MCTCP's group manager calculates for a new
 * session from the source's server to the other members' (§3.2.3: SWP-WMPH or SP-MPH on the GSP of the
 * placement's topology, every link idle), the same tree contracted to the members, who relay down it,
 * and a peer graph connecting each member to its two nearest member ancestors on the tree (its parent,
 * and the one it re-parents to if the parent dies) and each receiver to the source, which its ACKs go to.
 */
public final class McTcpPlan implements ProtocolPlan {
    private final McTcpOptions options;
    private final OverlayTree members;
    private final PeerGraph graph;
    private final int[] receiversTopDown;

    private McTcpPlan(McTcpOptions options, OverlayTree members, PeerGraph graph, int size) {
        this.options = options;
        this.members = members;
        this.graph = graph;
        this.receiversTopDown = members == null ? new int[0] : IntStream.range(0, size)
                .filter(m -> m != options.source()).boxed()
                .sorted(Comparator.comparingInt((Integer m) -> members.ancestors(m).length).thenComparing(m -> m))
                .mapToInt(Integer::intValue).toArray();
    }

    /** The plan of a group of two or more members. */
    static McTcpPlan of(Group group, McTcpOptions options) {
        Topology topology = options.placement().topologyFor(group);
        Network network = topology.network();
        int[] serverOf = options.placement().serversOn(group, topology);
        int[] receivers = new int[serverOf.length - 1];
        for (int m = 0, r = 0; m < serverOf.length; m++) {
            if (m != options.source()) {
                receivers[r++] = serverOf[m];
            }
        }
        RoutingManager routing = new RoutingManager(new LinkLoads(network),
                RoutingSettings.DEFAULT.withRouting(options.routing()));
        MulticastTree tree = routing.calculate(serverOf[options.source()], receivers).orElseThrow(() ->
                new IllegalStateException("MCTCP's group manager finds no tree on " + topology.spec()
                        + " that reaches every member's server from the source's, "
                        + network.node(serverOf[options.source()]).name()));
        OverlayTree members = OverlayTree.contract(tree, serverOf);
        return new McTcpPlan(options, members, graph(members, serverOf.length, options.source()),
                serverOf.length);
    }

    /** The plan of a group of one, its source: nothing to send. */
    static McTcpPlan alone(McTcpOptions options) {
        return new McTcpPlan(options, null, new PeerGraph.Builder(1).build(), 1);
    }

    private static PeerGraph graph(OverlayTree members, int size, int source) {
        PeerGraph.Builder builder = new PeerGraph.Builder(size);
        members.connectAncestors(builder, 2);
        for (int m = 0; m < size; m++) {
            if (m != source) {
                builder.connect(m, source);
            }
        }
        return builder.build();
    }

    /** Whether the group is its source alone. */
    boolean isAlone() {
        return members == null;
    }

    @Override
    public McTcpOptions options() {
        return options;
    }

    @Override
    public PeerGraph graph() {
        return graph;
    }

    /** The tree contracted to the members: each member's parent is its nearest member ancestor. */
    public OverlayTree members() {
        return members;
    }

    /** The receivers, every member's ancestors before it (by depth on the tree, then index). */
    int[] receiversTopDown() {
        return receiversTopDown.clone();
    }

    @Override
    public Optional<String> checkPossession(List<BitSet> possessions, int pieceCount) {
        return options.placement().sourceHoldsAll(McTcpProtocol.NAME, possessions, pieceCount);
    }

    @Override
    public ProtocolEngine newEngine(EngineContext context, BitSet possession) {
        return new McTcpMemberEngine(context, this, possession);
    }

    @Override
    public Optional<MessageCodec<?>> messageCodec() {
        return Optional.of(McTcpCodec.INSTANCE);
    }
}
