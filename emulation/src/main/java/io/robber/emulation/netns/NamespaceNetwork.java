package io.robber.emulation.netns;

import io.robber.planning.Capacities;
import io.robber.emulation.tc.ShapingPlan;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A {@link NamespaceTopology} built on this host: {@link #build} runs its set-up lines, {@link #close}
 * deletes every namespace it created (and with them their devices and qdiscs), also from a shutdown
 * hook should the JVM exit first. Needs root and a working {@code ip netns};
 * {@link #unavailableReason()} says when they are missing. Processes started with {@link #start} run
 * inside a node's namespace, with its address and its shaping.
 */
public final class NamespaceNetwork implements AutoCloseable {
    private static final long COMMAND_TIMEOUT_SECONDS = 20;

    private final NamespaceTopology topology;
    private final List<String> created = new ArrayList<>();
    private final Thread cleanup = new Thread(this::removeNamespaces, "robber-netns-cleanup");

    private NamespaceNetwork(NamespaceTopology topology) {
        this.topology = topology;
    }

    /**
     * Builds {@code topology}; on a failing line removes what it built and throws, naming the line
     * and what it printed.
     */
    public static NamespaceNetwork build(NamespaceTopology topology) throws IOException {
        NamespaceNetwork net = new NamespaceNetwork(topology);
        Runtime.getRuntime().addShutdownHook(net.cleanup);
        try {
            for (String line : topology.setup()) {
                net.run(line);
                if (line.startsWith("ip netns add ")) {
                    net.created.add(line.substring("ip netns add ".length()));
                }
            }
        } catch (IOException | RuntimeException e) {
            net.close();
            throw e;
        }
        return net;
    }

    /** Empty when this process may create network namespaces, else why not. */
    public static Optional<String> unavailableReason() {
        String scratch = "robber-netns-probe-" + ProcessHandle.current().pid();
        try {
            Result add = exec("ip netns add " + scratch);
            if (add.exit() != 0) {
                return Optional.of("cannot create a network namespace ('ip netns add' failed: " + add.output().strip()
                        + "); the netns backend needs root and iproute2");
            }
            exec("ip netns del " + scratch);
            return Optional.empty();
        } catch (IOException e) {
            return Optional.of("cannot run 'ip' (" + e.getMessage() + "); the netns backend needs iproute2 and root");
        }
    }

    public NamespaceTopology topology() {
        return topology;
    }

    public ShapingPlan plan() {
        return topology.plan();
    }

    /** Starts {@code command} inside the namespace of node {@code rank} of {@code cluster}. */
    public ProcessBuilder start(int cluster, int rank, List<String> command) {
        List<String> line = new ArrayList<>(List.of("ip", "netns", "exec", topology.node(cluster, rank)));
        line.addAll(command);
        return new ProcessBuilder(line);
    }

    /** Whether something listens on TCP {@code port} in the namespace of node {@code rank} of {@code cluster}. */
    public boolean listening(int cluster, int rank, int port) throws IOException {
        Result r = exec("ip netns exec " + topology.node(cluster, rank) + " ss -Htln sport = :" + port);
        return r.exit() == 0 && !r.output().isBlank();
    }

    /** The established TCP connections to local {@code port} in the namespace of node {@code rank} of {@code cluster}. */
    public int connections(int cluster, int rank, int port) throws IOException {
        Result r = exec("ip netns exec " + topology.node(cluster, rank) + " ss -Htn state established sport = :" + port);
        return r.exit() == 0 ? (int) r.output().lines().filter(l -> !l.isBlank()).count() : 0;
    }

    /** Gives every hub's pair classes the bandwidths of {@code caps} ({@code tc class change}). */
    public void changePairRates(Capacities caps) throws IOException {
        ShapingPlan plan = plan();
        for (int c = 0; c < plan.clusterCount(); c++) {
            for (String line : plan.pairChanges(c, caps)) {
                run(NamespaceTopology.in(topology.hub(c), line));
            }
        }
    }

    /** Runs one line, failing with its output when it fails. */
    void run(String line) throws IOException {
        Result r = exec(line);
        if (r.exit() != 0) {
            throw new IOException("'" + line + "' failed (exit " + r.exit() + "): " + r.output().strip());
        }
    }

    private record Result(int exit, String output) {
    }

    private static Result exec(String line) throws IOException {
        Process p = new ProcessBuilder(Arrays.asList(line.split(" "))).redirectErrorStream(true).start();
        try {
            String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(COMMAND_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return new Result(-1, "timed out after " + COMMAND_TIMEOUT_SECONDS + " s");
            }
            return new Result(p.exitValue(), output);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.destroyForcibly();
            throw new IOException("interrupted while running '" + line + "'", e);
        }
    }

    /** Deletes every namespace this network created, nodes first. */
    @Override
    public void close() {
        removeNamespaces();
        try {
            Runtime.getRuntime().removeShutdownHook(cleanup);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running or has run: nothing left to unregister
        }
    }

    private synchronized void removeNamespaces() {
        for (String ns : topology.namespaces()) {
            if (created.remove(ns)) {
                try {
                    exec("ip netns del " + ns);
                } catch (IOException e) {
                    System.err.println("could not delete network namespace " + ns + ": " + e.getMessage());
                }
            }
        }
    }
}
