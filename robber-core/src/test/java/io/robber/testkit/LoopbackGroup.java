package io.robber.testkit;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.robber.api.ChannelConfig;
import io.robber.api.Group;
import io.robber.api.Member;
import io.robber.api.MulticastChannel;
import io.robber.api.ProtocolOptions;
import io.robber.api.RobberException;
import io.robber.transport.LoopbackLayout;
import io.robber.transport.RobberRuntime;
import io.robber.transport.RobberTransport;
import io.robber.transport.TransportOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.BindException;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.UnaryOperator;

/**
 * A group of real nodes in this JVM, on the {@link LoopbackLayout} addresses and
 * one free port, sharing one runtime. For tests with real sockets.
 */
public final class LoopbackGroup implements AutoCloseable {
    /** Groups opened on a fresh port before a port taken meanwhile fails the test. */
    private static final int PORT_ATTEMPTS = 3;
    private final Group group;
    private final RobberRuntime runtime;
    private final List<MulticastChannel> channels = new ArrayList<>();
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final String protocol;
    private final long seed;
    private final UnaryOperator<ChannelConfig> configure;
    private final BiFunction<String, TransportOptions, TransportOptions> transport;

    private LoopbackGroup(Group group, String protocol, long seed, UnaryOperator<ChannelConfig> configure,
                          BiFunction<String, TransportOptions, TransportOptions> transport) {
        this.group = group;
        this.protocol = protocol;
        this.seed = seed;
        this.configure = configure;
        this.transport = transport;
        this.runtime = RobberRuntime.create(2, 4);
        try {
            for (Member m : group.members()) {
                channels.add(open(m.id(), UnaryOperator.identity()));
            }
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    private MulticastChannel open(String id, UnaryOperator<TransportOptions> more) {
        return RobberTransport.open(configure.apply(ChannelConfig.of(group, id, protocol)
                .withMeters(registry).withOptions(ProtocolOptions.defaults(seed))),
                more.apply(transport.apply(id, TransportOptions.defaults(runtime))));
    }

    /**
     * Opens member {@code id}'s channel again, as a process that restarts does, configured as before and
     * then by {@code more} (e.g. a new runtime after the first one crashed); it replaces the first in
     * {@link #channels()}, which the caller closes or crashed.
     */
    public MulticastChannel reopen(String id, UnaryOperator<TransportOptions> more) {
        MulticastChannel channel = open(id, more);
        channels.set(group.indexOf(id), channel);
        return channel;
    }

    /** Opens one channel per member; {@code clusterSizes[c]} nodes in cluster {@code c}. */
    public static LoopbackGroup open(String protocol, long seed, int... clusterSizes) {
        return open(protocol, seed, UnaryOperator.identity(), clusterSizes);
    }

    /** Like {@link #open(String, long, int...)}, with each member's configuration passed through {@code configure}. */
    public static LoopbackGroup open(String protocol, long seed, UnaryOperator<ChannelConfig> configure,
                                     int... clusterSizes) {
        return open(protocol, seed, configure, (member, transport) -> transport, clusterSizes);
    }

    /**
     * Like {@link #open(String, long, UnaryOperator, int...)}, with each member's transport options (on
     * the group's shared runtime) passed through {@code transport} with the member's id.
     */
    public static LoopbackGroup open(String protocol, long seed, UnaryOperator<ChannelConfig> configure,
                                     BiFunction<String, TransportOptions, TransportOptions> transport,
                                     int... clusterSizes) {
        for (int attempt = 1; ; attempt++) {
            try {
                return new LoopbackGroup(group(freePort(), clusterSizes), protocol, seed, configure, transport);
            } catch (RobberException e) {
                // The port was free on 127.0.0.1 a moment ago; another socket on the machine may have taken
                // it on a member's address since (a busy machine's outgoing connections): take another.
                if (attempt == PORT_ATTEMPTS || !(e.getCause() instanceof BindException)) {
                    throw e;
                }
            }
        }
    }

    public static Group group(int port, int... clusterSizes) {
        return LoopbackLayout.group(port, clusterSizes);
    }

    public static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public Group group() {
        return group;
    }

    public List<MulticastChannel> channels() {
        return channels;
    }

    public MulticastChannel channel(String id) {
        return channels.get(group.indexOf(id));
    }

    public SimpleMeterRegistry registry() {
        return registry;
    }

    @Override
    public void close() {
        channels.forEach(MulticastChannel::close);
        runtime.close();
    }
}
