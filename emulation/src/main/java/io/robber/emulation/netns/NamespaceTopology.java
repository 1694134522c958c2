package io.robber.emulation.netns;

import io.robber.emulation.tc.AddressPlan;
import io.robber.emulation.tc.ShapingPlan;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@link ShapingPlan} laid out in network namespaces on one host, as the command lines that build
 * and remove it. The layout is the Robber paper's Fig. 6: one namespace per node, one per cluster
 * for its hub, and one for the WAN.
 *
 * <pre>
 *   node A/0 ─ eth0 ┐                                   ┌ eth0 ─ node B/0
 *   node A/1 ─ eth0 ┼ br0  hub A  wan ─ br0 (WAN) ─ wan  hub B  br0 ┼ eth0 ─ node B/1
 *       198.18.0.r+1   198.18.0.254    198.19.0.1   198.19.0.2   198.18.1.254
 * </pre>
 *
 * Each node's {@code eth0} is a veth whose other end is a port of its hub's bridge; the node's
 * default route is the hub. Each hub's {@code wan} is a veth into the WAN namespace's bridge, and
 * the hub routes every other cluster's /24 to that cluster's hub, from its in-cluster address (so that
 * what the hub itself sends, e.g. a WAN proxy's connections, matches the shaping filters on cluster
 * prefixes, and the far side answers it through this hub). Local traffic crosses only the
 * hub's bridge, so it never meets the hub's qdiscs — as in the model, where it is not shaped. The
 * WAN is a bridge rather than a router: every hub reaches every other directly, and the pair
 * classes on the hubs already are the per-pair links.
 *
 * <p>Namespace names start with a prefix unique to the run, so runs side by side do not collide;
 * interfaces are created inside the namespaces, so their names need not be unique on the host.
 */
public final class NamespaceTopology {
    private final String prefix;
    private final ShapingPlan plan;

    public NamespaceTopology(String prefix, ShapingPlan plan) {
        if (!prefix.matches("[a-z0-9]{1,12}")) {
            throw new IllegalArgumentException("namespace prefix must be 1 to 12 lower-case letters or digits: " + prefix);
        }
        this.prefix = prefix;
        this.plan = plan;
    }

    public ShapingPlan plan() {
        return plan;
    }

    public String wan() {
        return prefix + "-wan";
    }

    public String hub(int cluster) {
        return prefix + "-hub" + cluster;
    }

    public String node(int cluster, int rank) {
        return prefix + "-n" + cluster + "-" + rank;
    }

    /** Every namespace of the layout, nodes first, then hubs, the WAN last: the order of removal. */
    public List<String> namespaces() {
        List<String> all = new ArrayList<>();
        for (int c = 0; c < plan.clusterCount(); c++) {
            for (int r = 0; r < plan.nodes(c); r++) {
                all.add(node(c, r));
            }
        }
        for (int c = 0; c < plan.clusterCount(); c++) {
            all.add(hub(c));
        }
        all.add(wan());
        return all;
    }

    /** The lines that build the layout and apply the plan, in order. */
    public List<String> setup() {
        List<String> out = new ArrayList<>();
        String wan = wan();
        out.add("ip netns add " + wan);
        out.add("ip -n " + wan + " link add br0 type bridge");
        out.add("ip -n " + wan + " link set br0 up");
        for (int c = 0; c < plan.clusterCount(); c++) {
            String hub = hub(c);
            out.add("ip netns add " + hub);
            out.add("ip -n " + hub + " link set lo up");
            out.add("ip netns exec " + hub + " sysctl -qw net.ipv4.ip_forward=1");
            out.add("ip -n " + hub + " link add " + ShapingPlan.HUB_DEVICE + " type veth peer name h" + c + " netns " + wan);
            out.add("ip -n " + wan + " link set h" + c + " master br0 up");
            out.add("ip -n " + hub + " addr add " + AddressPlan.hubOnWan(c) + "/" + AddressPlan.PREFIX_LENGTH + " dev "
                    + ShapingPlan.HUB_DEVICE);
            out.add("ip -n " + hub + " link set " + ShapingPlan.HUB_DEVICE + " up");
            out.add("ip -n " + hub + " link add br0 type bridge");
            out.add("ip -n " + hub + " addr add " + AddressPlan.hubInside(c) + "/" + AddressPlan.PREFIX_LENGTH
                    + " dev br0");
            out.add("ip -n " + hub + " link set br0 up");
            for (int d = 0; d < plan.clusterCount(); d++) {
                if (d != c) {
                    out.add("ip -n " + hub + " route add " + AddressPlan.cluster(d) + " via " + AddressPlan.hubOnWan(d)
                            + " src " + AddressPlan.hubInside(c));
                }
            }
            for (int r = 0; r < plan.nodes(c); r++) {
                String node = node(c, r);
                out.add("ip netns add " + node);
                out.add("ip -n " + node + " link set lo up");
                out.add("ip -n " + node + " link add " + ShapingPlan.NODE_DEVICE + " type veth peer name n" + r
                        + " netns " + hub);
                out.add("ip -n " + hub + " link set n" + r + " master br0 up");
                out.add("ip -n " + node + " addr add " + AddressPlan.node(c, r) + "/" + AddressPlan.PREFIX_LENGTH
                        + " dev " + ShapingPlan.NODE_DEVICE);
                out.add("ip -n " + node + " link set " + ShapingPlan.NODE_DEVICE + " up");
                out.add("ip -n " + node + " route add default via " + AddressPlan.hubInside(c));
            }
        }
        for (int c = 0; c < plan.clusterCount(); c++) {
            String hub = hub(c);
            plan.hub(c).forEach(line -> out.add(in(hub, line)));
            for (int r = 0; r < plan.nodes(c); r++) {
                String node = node(c, r);
                plan.node(c, r).forEach(line -> out.add(in(node, line)));
            }
        }
        return out;
    }

    /** The lines that remove the layout: deleting a namespace deletes its devices, qdiscs and veth ends. */
    public List<String> teardown() {
        return namespaces().stream().map(ns -> "ip netns del " + ns).toList();
    }

    /** A plan's host-relative {@code ip}/{@code tc} line run in namespace {@code ns} ({@code -n ns}). */
    static String in(String ns, String line) {
        int space = line.indexOf(' ');
        String tool = line.substring(0, space);
        if (!tool.equals("ip") && !tool.equals("tc")) {
            throw new IllegalArgumentException("not an ip or tc line: " + line);
        }
        return tool + " -n " + ns + line.substring(space);
    }
}
