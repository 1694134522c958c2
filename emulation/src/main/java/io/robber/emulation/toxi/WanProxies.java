package io.robber.emulation.toxi;

import io.robber.emulation.tc.AddressPlan;
import io.robber.emulation.tc.ShapingPlan;
import java.util.ArrayList;
import java.util.List;

/**
 * The wide-area delays of a {@link ShapingPlan} as Toxiproxy proxies on the hubs, for kernels
 * without netem. Every connection between clusters passes exactly one proxy, on the hub of the
 * cluster it starts from:
 *
 * <pre>
 *  node c/i ──connect d/j:P──▶ hub c: DNAT ──▶ proxy c→(d/j:P) ──▶ hub d ──▶ node d/j:P
 *                                           upstream:   delay c→d
 *                                           downstream: delay d→c
 * </pre>
 *
 * For each {@link Service} of a node of another cluster the hub of cluster {@code c} gets one
 * proxy, listening on the hub's in-cluster address ({@link AddressPlan.Block#hubInside} of the
 * plan's addresses) at
 * {@value #FIRST_PORT} and up, and one DNAT rule: TCP from the cluster's prefix to that node and
 * port goes to the proxy instead. The node still sees its peer's address (connection tracking
 * rewrites the replies), so the redirection is transparent; the peer sees the hub's address.
 * Latency toxics hold each direction back by the model's one-way delay of that direction.
 *
 * <p>Placement: the rules sit on the hub, where a node's packets are routed, so the node's own
 * queues (node out and node in, matched on the remote cluster's prefix) still see the remote
 * address; the proxy's own connections must leave the hub from its in-cluster address (a route
 * with {@code src}), so that the pair classes and the far side's node-in filters, which match on
 * cluster prefixes, recognise them.
 *
 * <p>What a proxy changes: each side's TCP connection ends at the proxy, so TCP sees the delay
 * only in the application's data, not in its own acknowledgements (its window grows as on a short
 * path), and a connection set-up completes before the far side answers.
 */
public final class WanProxies {
    /** The first port proxies listen on; each hub numbers its proxies from here. */
    public static final int FIRST_PORT = 20000;

    /** A TCP port that node {@code rank} of {@code cluster} listens on. */
    public record Service(int cluster, int rank, int port) {
    }

    private final ShapingPlan plan;
    private final List<List<WanProxy>> byHub = new ArrayList<>();

    private WanProxies(ShapingPlan plan, List<Service> services) {
        this.plan = plan;
        for (int c = 0; c < plan.clusterCount(); c++) {
            List<WanProxy> proxies = new ArrayList<>();
            for (Service s : services) {
                if (s.cluster() != c) {
                    int listen = FIRST_PORT + proxies.size();
                    proxies.add(new WanProxy("c" + s.cluster() + "n" + s.rank() + "p" + s.port(), c, s.cluster(),
                            s.rank(), s.port(), plan.addresses().hubInside(c), listen,
                            plan.addresses().node(s.cluster(), s.rank())));
                }
            }
            byHub.add(List.copyOf(proxies));
        }
    }

    /**
     * The services of a transfer: the root's coordinator ({@code coordinatorPort} of node 0 of the
     * first cluster) and every node's {@code dataPort}.
     */
    public static List<Service> transfer(ShapingPlan plan, int coordinatorPort, int dataPort) {
        List<Service> out = new ArrayList<>(List.of(new Service(0, 0, coordinatorPort)));
        for (int c = 0; c < plan.clusterCount(); c++) {
            for (int r = 0; r < plan.nodes(c); r++) {
                out.add(new Service(c, r, dataPort));
            }
        }
        return out;
    }

    /** The proxies for {@code services} (every other cluster's among them on each hub). */
    public static WanProxies of(ShapingPlan plan, List<Service> services) {
        for (Service s : services) {
            if (s.cluster() < 0 || s.cluster() >= plan.clusterCount() || s.rank() < 0 || s.rank() >= plan.nodes(s.cluster())) {
                throw new IllegalArgumentException("no node " + s.rank() + " in cluster " + s.cluster() + " for " + s);
            }
        }
        return new WanProxies(plan, List.copyOf(services));
    }

    public ShapingPlan plan() {
        return plan;
    }

    /** The proxies on the hub of {@code cluster}. */
    public List<WanProxy> at(int cluster) {
        return byHub.get(cluster);
    }

    /** The proxies on every hub that carry connections to node {@code rank} of {@code cluster}. */
    public List<WanProxy> towards(int cluster, int rank) {
        return byHub.stream().flatMap(List::stream).filter(p -> p.to() == cluster && p.rank() == rank).toList();
    }

    /**
     * The latency toxics of {@code proxy}: its upstream held back by the one-way delay from its
     * hub's cluster to the node's, its downstream by the delay back; none for a delay of 0.
     */
    public List<Toxic> latencies(WanProxy proxy) {
        List<Toxic> out = new ArrayList<>();
        long up = millis(plan.delayNanos(proxy.from(), proxy.to()));
        long down = millis(plan.delayNanos(proxy.to(), proxy.from()));
        if (up > 0) {
            out.add(Toxic.latency("delay-up", Toxic.UPSTREAM, up));
        }
        if (down > 0) {
            out.add(Toxic.latency("delay-down", Toxic.DOWNSTREAM, down));
        }
        return out;
    }

    /** The {@code iptables} lines that send the cluster's connections to remote services through its hub's proxies. */
    public List<String> redirects(int cluster) {
        return at(cluster).stream()
                .map(p -> "iptables -t nat -A PREROUTING -p tcp -s " + plan.addresses().cluster(cluster) + " -d "
                        + p.upstreamHost() + " --dport " + p.port() + " -j DNAT --to-destination " + p.listen())
                .toList();
    }

    /** Whether the plan delays any pair of clusters: without, the proxies would change nothing but TCP's path. */
    public boolean delays() {
        for (int c = 0; c < plan.clusterCount(); c++) {
            for (int d = 0; d < plan.clusterCount(); d++) {
                if (d != c && plan.delayNanos(c, d) > 0) {
                    return true;
                }
            }
        }
        return false;
    }

    private static long millis(long nanos) {
        return Math.round(nanos / 1e6);
    }
}
