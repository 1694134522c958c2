package io.robber.emulation.tc;

import io.robber.emulation.model.Network;
import io.robber.planning.Capacities;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A {@link Network} as Linux traffic control: the Robber paper's Fig. 7 chain — node out →
 * cluster out → pair bandwidth → delay → cluster in → node in — as {@code ip} and {@code tc}
 * command lines for each host, in the paper's layout (Fig. 6): every node, and one hub per cluster
 * that routes the cluster's wide-area traffic.
 *
 * <ul>
 *   <li><b>Node</b> (device {@value #NODE_DEVICE}): an HTB root whose one class, at the node's NIC
 *       out rate, takes every packet for another cluster (u32 on each destination prefix); packets
 *       inside the cluster match no filter and go unshaped (HTB's direct queue). Node in: packets
 *       from other clusters are redirected ({@code mirred}) on ingress to {@value #IFB}, whose
 *       HTB class has the NIC in rate.</li>
 *   <li><b>Hub</b> (device {@value #HUB_DEVICE}, towards the WAN): an HTB root class at the
 *       cluster's access out rate with one child per destination cluster, matched by u32 on its
 *       prefix, capped ({@code ceil}) at the pair bandwidth; with netem a netem leaf under each
 *       child adds the pair's one-way delay. Cluster in: everything arriving from the WAN is
 *       redirected to the hub's {@value #IFB}, shaped at the access in rate.</li>
 * </ul>
 *
 * <p>The pair classes sit on the hub, not on the nodes, because a pair link is shared by all
 * nodes of the cluster (per-node classes would give each node the whole pair bandwidth). A child's
 * {@code rate} is guaranteed even when its parent is exhausted, so children get the pair
 * bandwidth as {@code ceil} and a share of the access rate as {@code rate}: the rates then add up
 * to at most the parent's and the access limit holds. Unlimited links take
 * {@value #UNLIMITED_BITS} bit/s where a class needs a rate. Traffic inside a cluster is not shaped,
 * as in the model.
 *
 * <p>Delays: without netem (as on the machines this was built on) the kernel cannot delay, so the
 * plan records the one-way delays ({@link #delayNanos}) for user space to add; with netem it puts
 * them into the hub's chain. Schedules: {@link #pairChanges} gives the {@code tc class change}
 * lines that set a later moment's pair bandwidths.
 */
public final class ShapingPlan {
    /** A node's wide-area NIC. */
    public static final String NODE_DEVICE = "eth0";
    /** A hub's link to the WAN. */
    public static final String HUB_DEVICE = "wan";
    /** The intermediate functional block that shapes a host's incoming traffic. */
    public static final String IFB = "ifb0";
    /** The rate of a class whose link the model leaves unlimited: 10 Gbit/s. */
    public static final long UNLIMITED_BITS = 10_000_000_000L;
    /** Queue length of every queue, in packets, as in the paper's emulation. */
    static final int QUEUE = 1000;
    /** Silences HTB's "quantum is big" warning at high rates (the recipe's value). */
    private static final int QUANTUM = 60000;
    private static final int PAIR_CLASS_BASE = 0x100;

    private final Capacities caps;
    private final boolean netem;
    private final AddressPlan.Block addresses;
    private final List<List<List<String>>> nodes = new ArrayList<>();
    private final List<List<String>> hubs = new ArrayList<>();

    private ShapingPlan(Capacities caps, boolean netem, AddressPlan.Block addresses) {
        this.caps = caps;
        this.netem = netem;
        this.addresses = addresses;
        for (int c = 0; c < caps.clusterCount(); c++) {
            List<List<String>> cluster = new ArrayList<>();
            for (int r = 0; r < caps.nodes(c); r++) {
                cluster.add(List.copyOf(nodeCommands(c, r)));
            }
            nodes.add(List.copyOf(cluster));
            hubs.add(List.copyOf(hubCommands(c)));
        }
    }

    /**
     * The plan for {@code network} as it starts ({@link Network#at(long)} at 0); {@code netem} when
     * the kernel has netem ({@link NetemProbe}), so that delays go into the qdiscs.
     */
    public static ShapingPlan of(Network network, boolean netem) {
        return of(network, netem, AddressPlan.NAMESPACES);
    }

    /** The plan for {@code network} with its hosts numbered by {@code addresses}. */
    public static ShapingPlan of(Network network, boolean netem, AddressPlan.Block addresses) {
        Capacities caps = network.at(0);
        addresses.check(caps);
        return new ShapingPlan(caps, netem, addresses);
    }

    /** How the plan numbers its hosts. */
    public AddressPlan.Block addresses() {
        return addresses;
    }

    public int clusterCount() {
        return caps.clusterCount();
    }

    public int nodes(int cluster) {
        return caps.nodes(cluster);
    }

    public List<String> clusters() {
        return caps.clusters();
    }

    /** Whether the delays are in the qdisc chain (netem) rather than left to user space. */
    public boolean netem() {
        return netem;
    }

    /** The command lines that shape node {@code rank} of {@code cluster}, to run on that node. */
    public List<String> node(int cluster, int rank) {
        return nodes.get(cluster).get(rank);
    }

    /** The command lines that shape the hub of {@code cluster}, to run on that hub. */
    public List<String> hub(int cluster) {
        return hubs.get(cluster);
    }

    /** The one-way delay from cluster {@code from} to {@code to}, nanoseconds. */
    public long delayNanos(int from, int to) {
        return caps.delay()[from][to];
    }

    /** The HTB class of the pair from the hub's cluster to {@code to}, e.g. {@code 1:102}. */
    public static String pairClass(int to) {
        return "1:" + Integer.toHexString(PAIR_CLASS_BASE + to);
    }

    /** Bytes per second as a tc rate; tc's "bps" would be bytes, so bits it is. */
    static String bits(double bytesPerSecond) {
        long bits = Double.isInfinite(bytesPerSecond) ? UNLIMITED_BITS
                : Math.min(UNLIMITED_BITS, Math.round(bytesPerSecond * 8));
        return Math.max(8, bits) + "bit";
    }

    private List<String> nodeCommands(int c, int r) {
        List<String> out = new ArrayList<>();
        String dev = NODE_DEVICE;
        if (Double.isFinite(caps.nodeOut()[c][r])) {
            out.add("tc qdisc add dev " + dev + " root handle 1: htb");
            out.add(htbClass(dev, "1:", "1:1", caps.nodeOut()[c][r], caps.nodeOut()[c][r]));
            for (int d = 0; d < caps.clusterCount(); d++) {
                if (d != c) {
                    out.add("tc filter add dev " + dev + " parent 1: protocol ip prio 1 u32 match ip dst "
                            + addresses.cluster(d) + " flowid 1:1");
                }
            }
        }
        if (Double.isFinite(caps.nodeIn()[c][r])) {
            out.addAll(ifb(dev, c, caps.nodeIn()[c][r], true));
        }
        return out;
    }

    private List<String> hubCommands(int c) {
        List<String> out = new ArrayList<>();
        String dev = HUB_DEVICE;
        int n = caps.clusterCount();
        boolean delays = false;
        boolean limited = Double.isFinite(caps.accessOut()[c]);
        for (int d = 0; d < n; d++) {
            limited |= d != c && Double.isFinite(caps.bandwidth()[c][d]);
            delays |= d != c && caps.delay()[c][d] > 0;
        }
        if (limited || netem && delays) {
            double access = Math.min(caps.accessOut()[c], UNLIMITED_BITS / 8.0);
            double[] ceil = new double[n];
            double sum = 0;
            for (int d = 0; d < n; d++) {
                if (d != c) {
                    ceil[d] = Math.min(caps.bandwidth()[c][d], access);
                    sum += ceil[d];
                }
            }
            double share = Math.min(1, access / sum);
            out.add("tc qdisc add dev " + dev + " root handle 1: htb");
            out.add(htbClass(dev, "1:", "1:1", access, access));
            for (int d = 0; d < n; d++) {
                if (d == c) {
                    continue;
                }
                String id = pairClass(d);
                out.add(htbClass(dev, "1:1", id, ceil[d] * share, ceil[d]));
                if (netem && caps.delay()[c][d] > 0) {
                    out.add("tc qdisc add dev " + dev + " parent " + id + " handle " + id.substring(2) + ": netem delay "
                            + micros(caps.delay()[c][d]) + " limit " + QUEUE);
                }
                out.add("tc filter add dev " + dev + " parent 1: protocol ip prio 1 u32 match ip dst "
                        + addresses.cluster(d) + " flowid " + id);
            }
        }
        if (Double.isFinite(caps.accessIn()[c])) {
            out.addAll(ifb(dev, c, caps.accessIn()[c], false));
        }
        return out;
    }

    /**
     * Ingress shaping of {@code dev} at {@code rate}: an IFB device with an HTB class, and a
     * {@code mirred} redirect of what arrives on {@code dev} — from other clusters only when
     * {@code fromOtherClusters} (a node's NIC also carries its cluster's local traffic), else all of it.
     */
    private List<String> ifb(String dev, int c, double rate, boolean fromOtherClusters) {
        List<String> out = new ArrayList<>();
        out.add("ip link add " + IFB + " txqueuelen " + QUEUE + " type ifb");
        out.add("ip link set " + IFB + " up");
        out.add("tc qdisc add dev " + IFB + " root handle 1: htb default 1");
        out.add(htbClass(IFB, "1:", "1:1", rate, rate));
        out.add("tc qdisc add dev " + dev + " handle ffff: ingress");
        String redirect = " action mirred egress redirect dev " + IFB;
        if (fromOtherClusters) {
            for (int d = 0; d < caps.clusterCount(); d++) {
                if (d != c) {
                    out.add("tc filter add dev " + dev + " parent ffff: protocol ip prio 1 u32 match ip src "
                            + addresses.cluster(d) + redirect);
                }
            }
        } else {
            out.add("tc filter add dev " + dev + " parent ffff: protocol ip prio 1 u32 match u32 0 0" + redirect);
        }
        return out;
    }

    private static String htbClass(String dev, String parent, String id, double rate, double ceil) {
        return "tc class add dev " + dev + " parent " + parent + " classid " + id + " htb rate " + bits(rate) + " ceil "
                + bits(ceil) + " quantum " + QUANTUM;
    }

    private static String micros(long nanos) {
        return String.format(Locale.ROOT, "%dus", Math.round(nanos / 1000.0));
    }

    /**
     * The lines that give the hub of {@code cluster} the pair bandwidths of {@code later} (a
     * moment of the network's schedule); empty when the hub has no pair classes. Rates are shared
     * out of the access rate as at the start.
     */
    public List<String> pairChanges(int cluster, Capacities later) {
        ShapingPlan then = new ShapingPlan(later, netem, addresses);
        return then.hub(cluster).stream()
                .filter(l -> l.startsWith("tc class add dev " + HUB_DEVICE + " parent 1:1 "))
                .map(l -> l.replace("tc class add", "tc class change"))
                .toList();
    }

    /** Every host's lines, each host under a {@code # } header: the whole plan as text. */
    public String render() {
        StringBuilder out = new StringBuilder();
        out.append("# delays: ").append(netem ? "netem, in the hubs' qdiscs" : "no netem: added in user space")
                .append('\n');
        for (int c = 0; c < caps.clusterCount(); c++) {
            out.append("# hub of ").append(caps.clusters().get(c)).append(' ').append(addresses.hubInside(c))
                    .append(" / ").append(addresses.hubOnWan(c)).append('\n');
            hub(c).forEach(l -> out.append(l).append('\n'));
            for (int r = 0; r < caps.nodes(c); r++) {
                out.append("# node ").append(caps.clusters().get(c)).append('/').append(r).append(' ')
                        .append(addresses.node(c, r)).append('\n');
                node(c, r).forEach(l -> out.append(l).append('\n'));
            }
        }
        return out.toString();
    }
}
