package io.robber.datacast.topology;

import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jgrapht.Graph;
import org.jgrapht.graph.AsUnmodifiableGraph;
import org.jgrapht.graph.builder.GraphTypeBuilder;

/**
 * An immutable data-center network: servers and switches joined by full-duplex links, as a JGraphT
 * graph and as index arrays for the algorithms that run on it in time.
 *
 * <p>Each link {@code l} carries two <em>arcs</em>: {@code 2l} from its end {@code a} to its end
 * {@code b}, and {@code 2l + 1} back. Trees, port counters and queues are per arc; failures are per
 * link (both directions go down together).
 */
public final class Network {
    private final List<Node> nodes;
    private final List<Node> servers;
    private final List<Link> links;
    private final Map<String, Node> byName;
    private final int[] arcTail;
    private final int[] arcHead;
    private final int[] outStart;
    private final int[] outArcs;
    private final int[] outHeads;
    private final Graph<Node, Link> graph;

    Network(List<Node> nodes, List<Link> links) {
        this.nodes = List.copyOf(nodes);
        this.servers = this.nodes.stream().filter(Node::isServer).toList();
        this.links = List.copyOf(links);
        Map<String, Node> names = new HashMap<>();
        this.nodes.forEach(node -> names.put(node.name(), node));
        this.byName = Collections.unmodifiableMap(names);
        arcTail = new int[2 * links.size()];
        arcHead = new int[2 * links.size()];
        outStart = new int[nodes.size() + 1];
        for (Link link : links) {
            int arc = 2 * link.index();
            arcTail[arc] = link.a().index();
            arcHead[arc] = link.b().index();
            arcTail[arc + 1] = link.b().index();
            arcHead[arc + 1] = link.a().index();
            outStart[link.a().index() + 1]++;
            outStart[link.b().index() + 1]++;
        }
        for (int v = 0; v < nodes.size(); v++) {
            outStart[v + 1] += outStart[v];
        }
        outArcs = new int[arcTail.length];
        outHeads = new int[arcTail.length];
        int[] next = outStart.clone();
        for (int arc = 0; arc < arcTail.length; arc++) {
            outHeads[next[arcTail[arc]]] = arcHead[arc];
            outArcs[next[arcTail[arc]]++] = arc;
        }
        this.graph = jgraphtView(this.nodes, this.links);
    }

    private static Graph<Node, Link> jgraphtView(List<Node> nodes, List<Link> links) {
        Graph<Node, Link> graph = GraphTypeBuilder.<Node, Link>undirected()
                .allowingMultipleEdges(false).allowingSelfLoops(false).weighted(false).buildGraph();
        nodes.forEach(graph::addVertex);
        links.forEach(link -> graph.addEdge(link.a(), link.b(), link));
        return new AsUnmodifiableGraph<>(graph);
    }

    /** The network as an unmodifiable JGraphT graph. */
    public Graph<Node, Link> graph() {
        return graph;
    }

    public List<Node> nodes() {
        return nodes;
    }

    /** The servers, in index order (servers come first: server {@code i} has index {@code i}). */
    public List<Node> servers() {
        return servers;
    }

    public List<Link> links() {
        return links;
    }

    public Node node(int index) {
        return nodes.get(index);
    }

    public Link link(int index) {
        return links.get(index);
    }

    /** The node with this name, or a one-line error naming the network's naming scheme. */
    public Node node(String name) {
        Node node = byName.get(name);
        if (node == null) {
            throw new IllegalArgumentException("no node '" + name + "' in this network (servers are named like '"
                    + servers.get(0).name() + "' … '" + servers.get(servers.size() - 1).name() + "')");
        }
        return node;
    }

    public int nodeCount() {
        return nodes.size();
    }

    public int linkCount() {
        return links.size();
    }

    public int arcCount() {
        return arcTail.length;
    }

    /** The arc of {@code link} that leaves node {@code tail}. */
    public int arc(int link, int tail) {
        return arcTail[2 * link] == tail ? 2 * link : 2 * link + 1;
    }

    public static int linkOf(int arc) {
        return arc >>> 1;
    }

    /** The arc of the same link in the other direction. */
    public static int reverse(int arc) {
        return arc ^ 1;
    }

    public int tail(int arc) {
        return arcTail[arc];
    }

    public int head(int arc) {
        return arcHead[arc];
    }

    /** Node {@code v}'s outgoing arcs are {@code outArc(i)} for {@code outStart(v) <= i < outStart(v + 1)}. */
    public int outStart(int v) {
        return outStart[v];
    }

    public int outArc(int i) {
        return outArcs[i];
    }

    /** The head of {@code outArc(i)}. */
    public int outHead(int i) {
        return outHeads[i];
    }

    /** The number of links at node {@code v}. */
    public int degree(int v) {
        return outStart[v + 1] - outStart[v];
    }

    /** The link between two adjacent nodes, or −1. */
    public int linkBetween(int u, int v) {
        for (int i = outStart[u]; i < outStart[u + 1]; i++) {
            if (arcHead[outArcs[i]] == v) {
                return linkOf(outArcs[i]);
            }
        }
        return -1;
    }

    /** The arc as {@code tail→head}, by names. */
    public String describeArc(int arc) {
        return nodes.get(arcTail[arc]).name() + "→" + nodes.get(arcHead[arc]).name();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Network other && nodes.equals(other.nodes) && links.equals(other.links);
    }

    @Override
    public int hashCode() {
        return 31 * nodes.hashCode() + links.hashCode();
    }

    @Override
    public String toString() {
        return servers.size() + " servers, " + (nodes.size() - servers.size()) + " switches, " + links.size() + " links";
    }
}
