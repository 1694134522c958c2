package io.robber.datacast.multicast;

import io.robber.datacast.fabric.Fabric;
import io.robber.datacast.fabric.NodeHandler;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The multicast controller (RDCM's multicast manager, MCTCP's group manager): it installs a group's
 * tree into the forwarding tables of the tree's nodes and replaces it by a new one. Every installed
 * tree gets a new version, carried by the packets sent on it; a replaced tree stays installed while
 * its packets drain ({@link #replace}: make before break), so what was sent on it is still
 * forwarded on it. A packet that reaches a node after its tree was retired there is counted and
 * reported to the {@link StaleFrames} listener, never dropped silently.
 *
 * <p>It attaches a {@link MulticastForwarding} handler at every node of the fabric; a protocol gives
 * a server its own handler with {@link #host}.
 */
public final class MulticastManager {
    private final Fabric fabric;
    private final MulticastForwarding[] nodes;
    private final Counters counters = new Counters();
    private final Map<Integer, Installed> groups = new HashMap<>();

    public MulticastManager(Fabric fabric) {
        this.fabric = fabric;
        int nodeCount = fabric.network().nodeCount();
        this.nodes = new MulticastForwarding[nodeCount];
        SingleArcRoutes routes = new SingleArcRoutes(fabric.network().arcCount());
        for (int v = 0; v < nodeCount; v++) {
            nodes[v] = new MulticastForwarding(v, fabric, routes, counters);
            fabric.attach(v, nodes[v]);
        }
    }

    /** Server {@code node} hands what is addressed to it (tree frames, unicast at the end of their route) to {@code host}. */
    public void host(int node, NodeHandler host) {
        nodes[node].host(host);
    }

    /**
     * Server {@code node} also hands what is addressed to it to {@code host}, after the handlers it
     * had: several protocols' endpoints (a multicast session, background flows) on one server, each
     * ignoring what is not its own.
     */
    public void addHost(int node, NodeHandler host) {
        nodes[node].addHost(host);
    }

    /** Who is told of stale frames (by default no one; they are counted either way). */
    public void onStale(StaleFrames listener) {
        counters.listener = listener;
    }

    /**
     * Installs {@code tree} as the group's tree and returns its version. A tree installed before
     * stays installed (its packets still forwarded) until {@linkplain #retire retired}.
     */
    public int install(int group, MulticastTree tree) {
        Installed installed = groups.computeIfAbsent(group, g -> new Installed());
        int version = ++installed.lastVersion;
        installed.trees.put(version, tree);
        for (int node : tree.nodes()) {
            nodes[node].table().install(group, version, tree.outArcs(node));
        }
        return version;
    }

    /**
     * Installs {@code tree} as the group's tree and retires the trees before it {@code drainNanos}
     * later, long enough for the packets on their way to leave the network.
     */
    public int replace(int group, MulticastTree tree, long drainNanos) {
        Installed installed = groups.get(group);
        int previous = installed == null ? 0 : installed.lastVersion;
        int version = install(group, tree);
        fabric.clock().schedule(drainNanos, () -> {
            for (int old = 1; old <= previous; old++) {
                retire(group, old);
            }
        });
        return version;
    }

    /** Erases the group's tree of this version from the forwarding tables (nothing if it is not installed). */
    public void retire(int group, int version) {
        Installed installed = groups.get(group);
        MulticastTree tree = installed == null ? null : installed.trees.remove(version);
        if (tree != null) {
            for (int node : tree.nodes()) {
                nodes[node].table().remove(group, version);
            }
        }
    }

    /** The group's current tree: the one installed last. */
    public MulticastTree tree(int group) {
        Installed installed = groups.get(group);
        if (installed == null || !installed.trees.containsKey(installed.lastVersion)) {
            throw new IllegalStateException("group " + group + " has no tree installed");
        }
        return installed.trees.get(installed.lastVersion);
    }

    /** The versions of the group's trees still installed, oldest first. */
    public int[] versions(int group) {
        Installed installed = groups.get(group);
        return installed == null ? new int[0] : installed.trees.keySet().stream().mapToInt(Integer::intValue).toArray();
    }

    /** Multicasts {@code payload} from the group's source on its current tree; returns the tree version used. */
    public int send(int group, int sizeBytes, Object payload) {
        MulticastTree tree = tree(group);
        int version = groups.get(group).lastVersion;
        nodes[tree.source()].originate(new TreeFrame(group, version, payload), sizeBytes);
        return version;
    }

    /** Copies made by replicating nodes (the source's included), one per arc a frame was put on. */
    public long copies() {
        return counters.copies;
    }

    /** Frames that reached a node after their tree was retired there. */
    public long staleFrames() {
        return counters.stale;
    }

    /** A group's installed trees by version. */
    private static final class Installed {
        final TreeMap<Integer, MulticastTree> trees = new TreeMap<>();
        int lastVersion;
    }
}
