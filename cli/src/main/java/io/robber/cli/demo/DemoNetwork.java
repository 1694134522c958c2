package io.robber.cli.demo;

import io.robber.api.ChannelConfig;
import io.robber.api.Group;
import io.robber.api.Member;
import io.robber.api.MulticastChannel;
import io.robber.cli.CliFailure;
import io.robber.cli.Errors;
import io.robber.transport.RobberTransport;
import io.robber.transport.TransportOptions;
import java.io.IOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;
import java.util.function.IntFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The emulated WAN on loopback: node {@code c<i>n<j>} of cluster {@code c<i>} listens on
 * {@code 127.0.(i+1).(j+1)}, all nodes on one port picked per run.
 */
final class DemoNetwork {
    /** Clusters and nodes per cluster are limited by the 127.0.X.Y addressing. */
    static final int MAX_CLUSTERS = 254;
    static final int MAX_NODES_PER_CLUSTER = 254;

    private static final Logger LOG = LoggerFactory.getLogger(DemoNetwork.class);
    private static final int ATTEMPTS = 3;

    private DemoNetwork() {
    }

    static String memberId(int cluster, int node) {
        return "c" + cluster + "n" + node;
    }

    static String clusterName(int cluster) {
        return "c" + cluster;
    }

    static String host(int cluster, int node) {
        return "127.0." + (cluster + 1) + "." + (node + 1);
    }

    static Group group(int clusters, int nodesPerCluster, int port) {
        List<Member> members = new ArrayList<>();
        for (int c = 0; c < clusters; c++) {
            for (int n = 0; n < nodesPerCluster; n++) {
                members.add(Member.of(memberId(c, n), clusterName(c), host(c, n), port));
            }
        }
        return new Group(members);
    }

    /**
     * Opens every node's channel, all at once since each waits for its peers. A port taken between
     * probing and binding costs a retry on a fresh port.
     *
     * @param groupOnPort the group, its node c/n on 127.0.(c+1).(n+1) and the given port
     * @param configFor the channel configuration of each member of the group
     * @param transportFor the transport options of the group's channels
     * @return the channels in group order
     */
    static List<MulticastChannel> openAll(int clusters, int nodesPerCluster, IntFunction<Group> groupOnPort,
                                          Function<Group, List<ChannelConfig>> configFor,
                                          Function<Group, TransportOptions> transportFor) {
        for (int attempt = 1; ; attempt++) {
            int port = probePort(clusters, nodesPerCluster);
            Group group = groupOnPort.apply(port);
            LOG.info("port {} is free on all {} node addresses; opening channels", port, group.size());
            try {
                TransportOptions transport = transportFor.apply(group);
                return openParallel(configFor.apply(group), transport);
            } catch (PortInUse e) {
                if (attempt == ATTEMPTS) {
                    throw CliFailure.failed("cannot listen on " + e.address + ": the port is in use (" + ATTEMPTS
                            + " ports tried); free some ports or rerun", e.getCause());
                }
                LOG.warn("port {} is in use on {}; retrying on another port", port, e.address);
            }
        }
    }

    /** A port that is free on every node's loopback address right now. */
    static int probePort(int clusters, int nodesPerCluster) {
        for (int attempt = 1; ; attempt++) {
            int port;
            try (ServerSocket probe = new ServerSocket()) {
                probe.bind(new InetSocketAddress("127.0.0.1", 0));
                port = probe.getLocalPort();
            } catch (IOException e) {
                throw CliFailure.configuration("cannot open a socket on 127.0.0.1 (" + e.getMessage()
                        + "): the demo needs loopback networking");
            }
            String taken = firstUnavailable(clusters, nodesPerCluster, port);
            if (taken == null) {
                return port;
            }
            if (attempt == ATTEMPTS) {
                throw CliFailure.failed("cannot find a port free on all loopback addresses (last tried "
                        + taken + "); free some ports or rerun", null);
            }
        }
    }

    /** The first node address where {@code port} cannot be bound, or null. */
    static String firstUnavailable(int clusters, int nodesPerCluster, int port) {
        for (int c = 0; c < clusters; c++) {
            for (int n = 0; n < nodesPerCluster; n++) {
                InetSocketAddress address = new InetSocketAddress(host(c, n), port);
                try (ServerSocket probe = new ServerSocket()) {
                    probe.bind(address);
                } catch (BindException e) {
                    if (isPortInUse(e)) {
                        return host(c, n) + ":" + port;
                    }
                    throw CliFailure.configuration("cannot use loopback address " + host(c, n) + " (" + e.getMessage()
                            + "): the demo needs all of 127.0.0.0/8 on loopback, as Linux provides; elsewhere "
                            + "add the aliases (macOS: sudo ifconfig lo0 alias " + host(c, n) + ")");
                } catch (IOException e) {
                    throw CliFailure.configuration("cannot open a socket on " + address + " (" + e.getMessage()
                            + "): the demo needs loopback networking");
                }
            }
        }
        return null;
    }

    static List<MulticastChannel> openParallel(List<ChannelConfig> configs, TransportOptions transport) {
        ExecutorService openers = Executors.newFixedThreadPool(configs.size(), r -> {
            Thread t = new Thread(r, "robber-demo-open");
            t.setDaemon(true);
            return t;
        });
        try {
            List<CompletableFuture<MulticastChannel>> opening = configs.stream()
                    .map(config -> CompletableFuture.supplyAsync(() -> RobberTransport.open(config, transport), openers))
                    .toList();
            List<MulticastChannel> open = new ArrayList<>();
            Throwable failure = null;
            String failedNode = null;
            for (int i = 0; i < opening.size(); i++) {
                try {
                    open.add(opening.get(i).join());
                } catch (CompletionException e) {
                    if (failure == null) {
                        failure = e.getCause();
                        failedNode = configs.get(i).self();
                    }
                }
            }
            if (failure == null) {
                return open;
            }
            open.forEach(DemoNetwork::closeQuietly);
            Throwable bind = find(failure, BindException.class);
            if (bind != null && isPortInUse(bind)) {
                var address = configs.get(0).group().member(configs.get(0).group().indexOf(failedNode)).address();
                throw new PortInUse(address.getHostString() + ":" + address.getPort(), failure);
            }
            throw CliFailure.failed("node " + failedNode + " could not open its channel: "
                    + Errors.describe(failure) + "; see the log on stderr and rerun", failure);
        } finally {
            openers.shutdownNow();
        }
    }

    static void closeQuietly(MulticastChannel channel) {
        try {
            channel.close();
        } catch (RuntimeException e) {
            LOG.warn("closing the channel of {} failed: {}", channel.self().id(), e.toString());
        }
    }

    private static boolean isPortInUse(Throwable bind) {
        String message = String.valueOf(bind.getMessage()).toLowerCase(java.util.Locale.ROOT);
        return message.contains("in use");
    }

    private static Throwable find(Throwable t, Class<? extends Throwable> type) {
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            if (type.isInstance(c)) {
                return c;
            }
            if (String.valueOf(c.getMessage()).toLowerCase(java.util.Locale.ROOT).contains("address already in use")) {
                return new BindException(c.getMessage());
            }
        }
        return null;
    }

    /** The port was taken between probing and binding. */
    static final class PortInUse extends RuntimeException {
        final String address;

        PortInUse(String address, Throwable cause) {
            super(address, cause);
            this.address = address;
        }
    }
}
