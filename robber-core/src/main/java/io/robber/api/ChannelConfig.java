package io.robber.api;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.robber.engine.ProtocolOptions;
import io.robber.transport.LinkCustomizer;
import io.robber.transport.RobberRuntime;
import java.time.Duration;
import java.util.Objects;

/**
 * How to open one node's {@link MulticastChannel}.
 *
 * @param group          the group, identical on every member
 * @param self           this node's member id
 * @param protocol       protocol name, e.g. {@code robber} or {@code mob}
 * @param options        peers N, outstanding requests R, peer-graph seed
 * @param meters         the registry that receives {@code robber.*} meters
 * @param runtime        event loops and storage threads, shareable by many nodes of one JVM
 * @param connectTimeout how long to wait for all peers to be connected
 * @param links          extra handlers per connection (network emulation); {@link LinkCustomizer#NONE} by default
 */
public record ChannelConfig(Group group, String self, String protocol, ProtocolOptions options,
                            MeterRegistry meters, RobberRuntime runtime, Duration connectTimeout,
                            LinkCustomizer links) {
    public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(60);

    public ChannelConfig {
        Objects.requireNonNull(group, "group");
        Objects.requireNonNull(self, "self");
        Objects.requireNonNull(protocol, "protocol");
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(meters, "meters");
        Objects.requireNonNull(runtime, "runtime");
        Objects.requireNonNull(connectTimeout, "connectTimeout");
        Objects.requireNonNull(links, "links");
        group.indexOf(self);
    }

    /** Defaults: N = R = 5, a seed derived from the group, a private meter registry, the shared runtime. */
    public static ChannelConfig of(Group group, String self, String protocol) {
        return new ChannelConfig(group, self, protocol, ProtocolOptions.defaults(Sessions.id(group, protocol)),
                new SimpleMeterRegistry(), RobberRuntime.shared(), DEFAULT_CONNECT_TIMEOUT, LinkCustomizer.NONE);
    }

    public ChannelConfig withOptions(ProtocolOptions newOptions) {
        return new ChannelConfig(group, self, protocol, newOptions, meters, runtime, connectTimeout, links);
    }

    public ChannelConfig withMeters(MeterRegistry registry) {
        return new ChannelConfig(group, self, protocol, options, registry, runtime, connectTimeout, links);
    }

    public ChannelConfig withRuntime(RobberRuntime newRuntime) {
        return new ChannelConfig(group, self, protocol, options, meters, newRuntime, connectTimeout, links);
    }

    public ChannelConfig withLinks(LinkCustomizer customizer) {
        return new ChannelConfig(group, self, protocol, options, meters, runtime, connectTimeout, customizer);
    }

    public ChannelConfig withConnectTimeout(Duration timeout) {
        return new ChannelConfig(group, self, protocol, options, meters, runtime, timeout, links);
    }
}
