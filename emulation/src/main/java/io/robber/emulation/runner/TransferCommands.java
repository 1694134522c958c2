package io.robber.emulation.runner;

import io.robber.emulation.model.NodePlacement;
import io.robber.emulation.tc.ShapingPlan;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code robber send} and {@code robber receive} arguments of one transfer on a backend whose
 * nodes are real processes (netns, docker), the same on both: the root is node 0 of the first
 * cluster with its coordinator on {@link #COORDINATOR_PORT}; every node listens for data on
 * {@link #DATA_PORT}, fixed so that the WAN proxies know what to stand in front of; the group shares
 * the secret in {@code secretFile}; every node prints its JSON result and no progress.
 *
 * @param failureTimeout {@code null} keeps robber's default
 */
public record TransferCommands(ShapingPlan plan, String protocol, long pieceSize, Duration timeout,
                               Duration failureTimeout, String secretFile) {
    public static final int COORDINATOR_PORT = 7800;
    public static final int DATA_PORT = 7900;

    /** The root's coordinator, {@code HOST:PORT}. */
    public String coordinator() {
        return plan.addresses().node(0, 0) + ":" + COORDINATOR_PORT;
    }

    /** Every node but the root. */
    public int receivers() {
        int nodes = 0;
        for (int c = 0; c < plan.clusterCount(); c++) {
            nodes += plan.nodes(c);
        }
        return nodes - 1;
    }

    /** The member id of node {@code rank} of {@code cluster}. */
    public String memberId(int cluster, int rank) {
        return NodePlacement.memberId(plan.clusters().get(cluster), rank);
    }

    /** The root's arguments, sending {@code data}. */
    public List<String> send(String data) {
        return send(data, true);
    }

    /**
     * The root's arguments, sending {@code data}; not {@code quiet}, it also says on stderr what it does
     * ({@code robber send: starting: ...} when the transfer starts).
     */
    public List<String> send(String data, boolean quiet) {
        List<String> args = new ArrayList<>(List.of("send", data, "--listen", coordinator(), "--expect",
                String.valueOf(receivers()), "--cluster", plan.clusters().get(0), "--id", memberId(0, 0),
                "--data-port", String.valueOf(DATA_PORT), "--protocol", protocol, "--piece-size",
                String.valueOf(pieceSize)));
        args.addAll(common(quiet));
        return args;
    }

    /** The arguments of node {@code rank} of {@code cluster}, receiving into {@code out}. */
    public List<String> receive(int cluster, int rank, String out) {
        List<String> args = new ArrayList<>(List.of("receive", "--coordinator", coordinator(), "--listen",
                plan.addresses().node(cluster, rank) + ":" + DATA_PORT, "--cluster", plan.clusters().get(cluster),
                "--id", memberId(cluster, rank), "--out", out));
        args.addAll(common(true));
        return args;
    }

    /** The options every node takes; {@code quiet}: without its progress and status lines on stderr. */
    private List<String> common(boolean quiet) {
        List<String> args = new ArrayList<>(List.of("--secret-file", secretFile, "--timeout", timeout.toSeconds() + "s",
                "--json"));
        if (quiet) {
            args.add("--quiet");
        }
        if (failureTimeout != null) {
            args.addAll(List.of("--failure-timeout", failureTimeout.toMillis() + "ms"));
        }
        return args;
    }
}
