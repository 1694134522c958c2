package io.robber.datacast.sim;

import io.robber.datacast.topology.LinkProfile;
import io.robber.datacast.topology.Network;
import io.robber.datacast.topology.Node;
import io.robber.engine.MemberDistances;
import io.robber.sim.Route;
import io.robber.sim.SharedLink;
import io.robber.sim.SharedRoute;
import io.robber.sim.Topology;
import io.robber.sim.VirtualClock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A data-center {@link Network} as the routes of robber-core's virtual-time simulation, so that any
 * protocol's unchanged engines (the BitTorrent baselines of the Datacast paper's §6.3) run on the
 * real topology: member i sits on server {@code servers.get(i)}, and the route between two members
 * is a shortest path between their servers over one {@link SharedLink} per arc at the link's rate,
 * each arc a stage followed by the link's propagation delay. Where several shortest paths exist the
 * pair's hash picks one hop by hop, as ECMP spreads flows: with the lowest arc always, every flow
 * out of a Fattree pod would climb through its first aggregation switch and first core switch.
 * Routes crossing an arc share it frame by frame, a large frame segment by segment
 * ({@link SharedRoute}); each arc counts the bytes sent across it. The hop counts are the {@link MemberDistances} of a topology-aware protocol.
 */
public final class ShortestPathRoutes implements Topology, MemberDistances {
    private final Network network;
    private final int[] servers;
    private final SharedLink[] links;
    /** [m] the hops from member m's server to every node. */
    private final int[][] depths;
    /** [a][b] hops from member a's server to member b's. */
    private final int[][] hops;
    private final long[] arcBytes;

    public ShortestPathRoutes(Network network, List<Node> servers) {
        this.network = network;
        this.servers = servers.stream().mapToInt(Node::index).toArray();
        for (Node server : servers) {
            if (!server.isServer()) {
                throw new IllegalArgumentException(server + " is a switch; members sit on servers");
            }
        }
        if (Arrays.stream(this.servers).distinct().count() != this.servers.length) {
            throw new IllegalArgumentException("two members on one server: " + servers);
        }
        this.links = new SharedLink[network.arcCount()];
        for (int arc = 0; arc < links.length; arc++) {
            links[arc] = new SharedLink(profile(arc).capacityBitsPerSecond() / 8.0);
        }
        this.arcBytes = new long[network.arcCount()];
        int n = this.servers.length;
        this.depths = new int[n][];
        this.hops = new int[n][n];
        for (int m = 0; m < n; m++) {
            depths[m] = breadthFirst(this.servers[m]);
            for (int other = 0; other < n; other++) {
                hops[m][other] = depths[m][this.servers[other]];
            }
        }
    }

    private LinkProfile profile(int arc) {
        return network.link(Network.linkOf(arc)).profile();
    }

    /** The hops from {@code root} to every node, −1 where it is not reached. */
    private int[] breadthFirst(int root) {
        int[] depth = new int[network.nodeCount()];
        Arrays.fill(depth, -1);
        int[] queue = new int[network.nodeCount()];
        int head = 0;
        int tail = 0;
        queue[tail++] = root;
        depth[root] = 0;
        while (head < tail) {
            int v = queue[head++];
            for (int i = network.outStart(v); i < network.outStart(v + 1); i++) {
                int w = network.outHead(i);
                if (depth[w] < 0) {
                    depth[w] = depth[v] + 1;
                    queue[tail++] = w;
                }
            }
        }
        return depth;
    }

    /**
     * The arcs from member {@code from}'s server to member {@code to}'s, in order: walking back from
     * {@code to}, each step takes one of the arcs from a node one hop nearer {@code from}, chosen by a
     * hash of the pair and the step.
     */
    public int[] path(int from, int to) {
        int length = hops[from][to];
        if (length < 0) {
            throw new IllegalArgumentException("no path from " + network.node(servers[from]) + " to "
                    + network.node(servers[to]));
        }
        int[] depth = depths[from];
        int[] arcs = new int[length];
        int v = servers[to];
        for (int i = length - 1; i >= 0; i--) {
            int nearer = 0;
            for (int j = network.outStart(v); j < network.outStart(v + 1); j++) {
                if (depth[network.outHead(j)] == i) {
                    nearer++;
                }
            }
            int pick = Math.floorMod(mix(from, to, i), nearer);
            for (int j = network.outStart(v); ; j++) {
                if (depth[network.outHead(j)] == i && pick-- == 0) {
                    arcs[i] = Network.reverse(network.outArc(j));
                    v = network.outHead(j);
                    break;
                }
            }
        }
        return arcs;
    }

    /** A well-spread hash of a pair and a step (SplitMix64's finaliser). */
    private static int mix(int from, int to, int step) {
        long z = ((long) from << 42 ^ (long) to << 21 ^ step) + 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return (int) (z ^ (z >>> 31));
    }

    /** Links between the two members' servers on a shortest path. */
    @Override
    public int distance(int a, int b) {
        return hops[a][b];
    }

    @Override
    public Route route(int from, int to) {
        int[] arcs = path(from, to);
        List<SharedRoute.Stage> stages = new ArrayList<>();
        for (int arc : arcs) {
            stages.add(new SharedRoute.Stage(List.of(links[arc]), profile(arc).delayNanos()));
        }
        SharedRoute shared = new SharedRoute(stages);
        return new Route() {
            @Override
            public void send(VirtualClock clock, long bytes, Runnable sent, Runnable arrived) {
                for (int arc : arcs) {
                    arcBytes[arc] += bytes;
                }
                shared.send(clock, bytes, sent, arrived);
            }

            @Override
            public long latencyNanos() {
                return shared.latencyNanos();
            }
        };
    }

    /** Bytes sent across {@code arc} so far (counted when a frame enters its route). */
    public long arcBytes(int arc) {
        return arcBytes[arc];
    }

    /** Bytes sent across every arc: the paper's network stress, in bytes. */
    public long totalBytes() {
        return Arrays.stream(arcBytes).sum();
    }
}
