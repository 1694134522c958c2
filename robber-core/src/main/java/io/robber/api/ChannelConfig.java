package io.robber.api;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.Objects;

/**
 * How to open one node's {@link MulticastChannel}: what every transport needs. Transport tuning
 * (threads, per-connection handlers, buffers) is the transport's own: the Netty transport takes it
 * as {@code TransportOptions}.
 *
 * @param group          the group, identical on every member
 * @param self           this node's member id
 * @param protocol       protocol name, e.g. {@code robber} or {@code mob}
 * @param options        peers N, outstanding requests R, peer-graph seed
 * @param meters         the registry that receives {@code robber.*} meters
 * @param connectTimeout how long to wait for all peers to be connected
 * @param secret         the group's shared secret, or {@code null} for none; peers prove they know it
 *                       (HMAC-SHA256 challenge–response) before they are admitted, and it never goes on the wire
 * @param failureTimeout how long a lost connection to a neighbour is redialled before that member is
 *                       declared dead for the running operation
 */
public record ChannelConfig(Group group, String self, String protocol, ProtocolOptions options,
                            MeterRegistry meters, Duration connectTimeout, byte[] secret, Duration failureTimeout) {
    public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(60);
    public static final Duration DEFAULT_FAILURE_TIMEOUT = Duration.ofSeconds(30);

    public ChannelConfig {
        Objects.requireNonNull(group, "group");
        Objects.requireNonNull(self, "self");
        Objects.requireNonNull(protocol, "protocol");
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(meters, "meters");
        Objects.requireNonNull(connectTimeout, "connectTimeout");
        Objects.requireNonNull(failureTimeout, "failureTimeout");
        group.indexOf(self);
        if (secret != null && secret.length == 0) {
            throw new IllegalArgumentException("the secret must not be empty; pass null for no secret");
        }
        if (failureTimeout.isNegative() || failureTimeout.isZero()) {
            throw new IllegalArgumentException("the failure timeout must be positive, got " + failureTimeout);
        }
        secret = secret == null ? null : secret.clone();
    }

    /** Without a secret and with the default failure timeout. */
    public ChannelConfig(Group group, String self, String protocol, ProtocolOptions options, MeterRegistry meters,
                         Duration connectTimeout) {
        this(group, self, protocol, options, meters, connectTimeout, null, DEFAULT_FAILURE_TIMEOUT);
    }

    /** Defaults: N = R = 5, a seed derived from the group, a private meter registry, no secret. */
    public static ChannelConfig of(Group group, String self, String protocol) {
        return new ChannelConfig(group, self, protocol, ProtocolOptions.defaults(Sessions.id(group, protocol)),
                new SimpleMeterRegistry(), DEFAULT_CONNECT_TIMEOUT);
    }

    /** A copy of the secret, or {@code null}. */
    @Override
    public byte[] secret() {
        return secret == null ? null : secret.clone();
    }

    public ChannelConfig withOptions(ProtocolOptions newOptions) {
        return new ChannelConfig(group, self, protocol, newOptions, meters, connectTimeout, secret, failureTimeout);
    }

    public ChannelConfig withMeters(MeterRegistry registry) {
        return new ChannelConfig(group, self, protocol, options, registry, connectTimeout, secret, failureTimeout);
    }

    public ChannelConfig withConnectTimeout(Duration timeout) {
        return new ChannelConfig(group, self, protocol, options, meters, timeout, secret, failureTimeout);
    }

    /** The group's shared secret; {@code null} for none. Every member must use the same one. */
    public ChannelConfig withSecret(byte[] newSecret) {
        return new ChannelConfig(group, self, protocol, options, meters, connectTimeout, newSecret, failureTimeout);
    }

    public ChannelConfig withFailureTimeout(Duration timeout) {
        return new ChannelConfig(group, self, protocol, options, meters, connectTimeout, secret, timeout);
    }
}
