package io.robber.emulation.runner;

import io.robber.api.RobberException;
import io.robber.api.Group;
import io.robber.api.Member;
import io.robber.api.MulticastChannel;
import java.io.IOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The channels of a whole group in this JVM, each member on its own loopback address
 * ({@link io.robber.transport.LoopbackLayout}) and all on one port: a port free on every address,
 * and every channel opened at once, since each waits for its peers.
 */
public final class LoopbackChannels {
    private static final Logger LOG = LoggerFactory.getLogger(LoopbackChannels.class);
    static final int ATTEMPTS = 3;

    private LoopbackChannels() {
    }

    /** The distinct hosts of a group's members, in group order. */
    static List<String> hosts(Group group) {
        return group.members().stream().map(m -> m.address().getHostString()).distinct().toList();
    }

    /** A port that is free on every one of {@code hosts} right now. */
    static int probePort(List<String> hosts) {
        for (int attempt = 1; ; attempt++) {
            int port;
            try (ServerSocket probe = new ServerSocket()) {
                probe.bind(new InetSocketAddress("127.0.0.1", 0));
                port = probe.getLocalPort();
            } catch (IOException e) {
                throw EmulationFailure.configuration("cannot open a socket on 127.0.0.1 (" + e.getMessage()
                        + "): running a group in one JVM needs loopback networking");
            }
            String taken = firstUnavailable(hosts, port);
            if (taken == null) {
                return port;
            }
            if (attempt == ATTEMPTS) {
                throw EmulationFailure.failed("cannot find a port free on all loopback addresses (last tried "
                        + taken + "); free some ports or rerun", null);
            }
        }
    }

    /** The first of {@code hosts} where {@code port} cannot be bound, as host:port, or null. */
    static String firstUnavailable(List<String> hosts, int port) {
        for (String host : hosts) {
            InetSocketAddress address = new InetSocketAddress(host, port);
            try (ServerSocket probe = new ServerSocket()) {
                probe.bind(address);
            } catch (BindException e) {
                if (isPortInUse(e)) {
                    return host + ":" + port;
                }
                throw EmulationFailure.configuration("cannot use loopback address " + host + " (" + e.getMessage()
                        + "): running a group in one JVM needs all of 127.0.0.0/8 on loopback, as Linux provides; "
                        + "elsewhere add the aliases (macOS: sudo ifconfig lo0 alias " + host + ")");
            } catch (IOException e) {
                throw EmulationFailure.configuration("cannot open a socket on " + address + " (" + e.getMessage()
                        + "): running a group in one JVM needs loopback networking");
            }
        }
        return null;
    }

    /**
     * Opens every member's channel with {@code open}, all at once; closes those that opened and fails
     * if one could not: with {@link PortInUse} when its port was taken meanwhile.
     */
    static List<MulticastChannel> openParallel(Group group, Function<Member, MulticastChannel> open) {
        ExecutorService openers = Executors.newFixedThreadPool(group.size(), r -> {
            Thread t = new Thread(r, "robber-emulation-open");
            t.setDaemon(true);
            return t;
        });
        try {
            List<CompletableFuture<MulticastChannel>> opening = group.members().stream()
                    .map(member -> CompletableFuture.supplyAsync(() -> open.apply(member), openers))
                    .toList();
            List<MulticastChannel> opened = new ArrayList<>();
            Throwable failure = null;
            Member failed = null;
            for (int i = 0; i < opening.size(); i++) {
                try {
                    opened.add(opening.get(i).join());
                } catch (CompletionException e) {
                    if (failure == null) {
                        failure = e.getCause();
                        failed = group.member(i);
                    }
                }
            }
            if (failure == null) {
                return opened;
            }
            opened.forEach(LoopbackChannels::closeQuietly);
            Throwable bind = find(failure, BindException.class);
            if (bind != null && isPortInUse(bind)) {
                throw new PortInUse(failed.address().getHostString() + ":" + failed.address().getPort(), failure);
            }
            throw EmulationFailure.failed("node " + failed.id() + " could not open its channel: "
                    + RobberException.describe(failure) + "; see the log on stderr and rerun", failure);
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
        String message = String.valueOf(bind.getMessage()).toLowerCase(Locale.ROOT);
        return message.contains("in use");
    }

    private static Throwable find(Throwable t, Class<? extends Throwable> type) {
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            if (type.isInstance(c)) {
                return c;
            }
            if (String.valueOf(c.getMessage()).toLowerCase(Locale.ROOT).contains("address already in use")) {
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
