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
 * is a shortest path between their servers (breadth-first, lowest arc first on ties) over one
 * {@link SharedLink} per arc at the link's rate, each arc a stage followed by the link's propagation
 * delay. Routes crossing an arc share it frame by frame ({@link SharedRoute}); each arc counts the
 * bytes sent across it. The hop counts are the {@link MemberDistances} of a topology-aware protocol.
 */
public final class ShortestPathRoutes implements Topology, MemberDistances {
    private final Network network;
    private final int[] servers;
    private final SharedLink[] links;
    /** [m] the arc entering each node on the shortest paths from member m's server, −1 at the root. */
    private final int[][] parentArcs;
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
        this.parentArcs = new int[n][];
        this.hops = new int[n][n];
        for (int m = 0; m < n; m++) {
            int[] depth = new int[network.nodeCount()];
            parentArcs[m] = breadthFirst(this.servers[m], depth);
            for (int other = 0; other < n; other++) {
                hops[m][other] = depth[this.servers[other]];
            }
        }
    }

    private LinkProfile profile(int arc) {
        return network.link(Network.linkOf(arc)).profile();
    }

    /** The arc into each node on a shortest path from {@code root}; {@code depth} gets the hop counts (−1: unreached). */
    private int[] breadthFirst(int root, int[] depth) {
        int[] parent = new int[network.nodeCount()];
        Arrays.fill(parent, -1);
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
                    parent[w] = network.outArc(i);
                    queue[tail++] = w;
                }
            }
        }
        return parent;
    }

    /** The arcs from member {@code from}'s server to member {@code to}'s, in order. */
    public int[] path(int from, int to) {
        int length = hops[from][to];
        if (length < 0) {
            throw new IllegalArgumentException("no path from " + network.node(servers[from]) + " to "
                    + network.node(servers[to]));
        }
        int[] arcs = new int[length];
        int v = servers[to];
        for (int i = length - 1; i >= 0; i--) {
            arcs[i] = parentArcs[from][v];
            v = network.tail(arcs[i]);
        }
        return arcs;
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
        return (VirtualClock clock, long bytes, Runnable arrived) -> {
            for (int arc : arcs) {
                arcBytes[arc] += bytes;
            }
            shared.send(clock, bytes, arrived);
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

    public Network network() {
        return network;
    }

    public int members() {
        return servers.length;
    }
}
