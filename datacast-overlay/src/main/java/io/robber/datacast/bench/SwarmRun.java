package io.robber.datacast.bench;

import io.robber.api.Group;
import io.robber.api.Manifest;
import io.robber.api.Member;
import io.robber.api.ProtocolOptions;
import io.robber.datacast.sim.ShortestPathRoutes;
import io.robber.datacast.topology.Network;
import io.robber.datacast.topology.Node;
import io.robber.engine.MemberDistances;
import io.robber.engine.Protocols;
import io.robber.sim.NodeStats;
import io.robber.sim.PieceTrace;
import io.robber.sim.SimNetwork;
import io.robber.sim.SimResult;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * A peer-to-peer protocol (the BitTorrent baselines of the paper's §6.3) on the same topology: its
 * unchanged engines on robber-core's simulated network over {@link ShortestPathRoutes}, member 0 the
 * source holding every piece, and the topology's hop counts handed over as {@link MemberDistances}.
 * Data bytes on the links are each delivered piece times the links of its path.
 */
final class SwarmRun {
    private SwarmRun() {
    }

    /** An address no socket uses: members of a simulated group need one. */
    private static final InetSocketAddress UNUSED = InetSocketAddress.createUnresolved("unused", 1);

    /** The swarm's members: the source first, then the receivers, each named as its server. */
    static Group members(io.robber.datacast.steiner.Group group) {
        return members(servers(group.source(), group.receivers()));
    }

    private static Group members(List<Node> servers) {
        return new Group(servers.stream().map(s -> new Member(s.name(), "dc", UNUSED)).toList());
    }

    private static List<Node> servers(Node source, List<Node> receivers) {
        List<Node> servers = new ArrayList<>();
        servers.add(source);
        servers.addAll(receivers);
        return servers;
    }

    static TopologyRun run(String topology, String name, String protocol, ProtocolOptions options, Network network,
            Node source, List<Node> receivers, MultiTreeIdeal ideal, int pieceBytes, long seed, int repeat) {
        List<Node> servers = servers(source, receivers);
        Group group = members(servers);
        ShortestPathRoutes routes = new ShortestPathRoutes(network, servers);
        long dataBytes = ideal.dataBytes();
        int pieces = (int) ((dataBytes + pieceBytes - 1) / pieceBytes);
        Manifest manifest = Manifest.of(dataBytes, pieceBytes, new byte[pieces * Manifest.DIGEST_LENGTH]);
        long[] pieceBytesCarried = new long[1];
        PieceTrace trace = (nanos, from, to, piece) ->
                pieceBytesCarried[0] += (long) manifest.pieceLength(piece) * routes.distance(from, to);
        long limit = (long) (ideal.idealSeconds() * 1e9 * 1000) + 60_000_000_000L;
        long wall = System.nanoTime();
        SimResult result;
        try {
            result = SimNetwork.builder(group, Protocols.byName(protocol))
                    .options(options.with(MemberDistances.KEY, routes))
                    .manifest(manifest)
                    .possession(m -> m == 0 ? manifest.allPieces() : new BitSet())
                    .links(routes)
                    .seed(seed)
                    .maxEvents(Long.MAX_VALUE)
                    .maxTime(limit)
                    .trace(trace)
                    .run();
        } catch (RuntimeException | AssertionError e) {
            String message = String.valueOf(e.getMessage()).lines().findFirst().orElse(e.toString());
            return new TopologyRun(topology, name, receivers.size(), repeat, ideal.k(), dataBytes, Double.NaN,
                    ideal.idealSeconds(), Double.NaN, Double.NaN, Double.NaN, -1, false, 0,
                    (System.nanoTime() - wall) / 1e9, message);
        }
        double wallSeconds = (System.nanoTime() - wall) / 1e9;
        boolean complete = true;
        long finish = 0;
        for (int m = 1; m < group.size(); m++) {
            NodeStats stats = result.node(m);
            complete &= result.holds(m).cardinality() == pieces && stats.failure() == null;
            finish = Math.max(finish, stats.localCompleteAt());
        }
        double idealBytes = dataBytes * ideal.footprint();
        return new TopologyRun(topology, name, receivers.size(), repeat, ideal.k(), dataBytes,
                complete ? finish / 1e9 : Double.NaN, ideal.idealSeconds(), pieceBytesCarried[0] / idealBytes,
                routes.totalBytes() / idealBytes, Double.NaN, -1, complete, result.events(), wallSeconds,
                complete ? null : "not every receiver holds every piece");
    }
}
