package io.robber.rendezvous;

import io.micrometer.core.instrument.MeterRegistry;
import io.robber.api.ChannelConfig;
import io.robber.api.Group;
import io.robber.api.ChannelMeters;
import io.robber.api.MulticastChannel;
import io.robber.api.ChannelMeters.Scope;
import io.robber.rendezvous.control.NodeReport;
import io.robber.transport.RobberTransport;
import io.robber.transport.TransportOptions;
import java.time.Duration;

/** Opening a node's data channel and reading its numbers. */
final class Channels {
    /** How long a node waits for all its peers' data connections. */
    static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(60);

    private Channels() {
    }

    /**
     * Opens the channel with the {@code trust} of the control connections; with a {@code maxRate} above 0,
     * this node's peer traffic is held to it each way.
     */
    static MulticastChannel open(Group group, String self, String protocol, MeterRegistry registry, Trust trust,
                                 Duration failureTimeout, long maxRate) {
        ChannelConfig config = ChannelConfig.of(group, self, protocol)
                .withMeters(registry)
                .withConnectTimeout(CONNECT_TIMEOUT)
                .withFailureTimeout(failureTimeout);
        if (trust.secret() != null) {
            config = config.withSecret(trust.secret().bytes());
        }
        return RobberTransport.open(config, TransportOptions.defaults().withMaxRate(maxRate).withTls(trust.tls()));
    }

    static NodeReport.Traffic in(ChannelMeters meters) {
        return new NodeReport.Traffic(Math.round(meters.bytesIn(Scope.LOCAL)), Math.round(meters.bytesIn(Scope.GLOBAL)));
    }

    static NodeReport.Traffic out(ChannelMeters meters) {
        return new NodeReport.Traffic(Math.round(meters.bytesOut(Scope.LOCAL)), Math.round(meters.bytesOut(Scope.GLOBAL)));
    }

    static long bytesIn(ChannelMeters meters) {
        return Math.round(meters.bytesIn(Scope.LOCAL) + meters.bytesIn(Scope.GLOBAL));
    }

    static double seconds(long nanos) {
        return Math.round(nanos / 1e3) / 1e6;
    }

    static Double throughput(long bytes, long nanos) {
        return nanos <= 0 ? null : Math.round(bytes / (nanos / 1e9) / 1e6 * 100) / 100.0;
    }
}
