package io.robber.emulation.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.robber.api.ChannelConfig;
import io.robber.api.Group;
import io.robber.api.ProtocolOptions;
import io.robber.transport.LoopbackLayout;
import io.robber.transport.RobberRuntime;
import io.robber.transport.RobberTransport;
import io.robber.transport.TransportOptions;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class LoopbackChannelsTest {

    @Test
    void nodesListenOnTheirOwnLoopbackAddressAndOnePort() {
        Group group = LoopbackLayout.group(40000, 2, 2, 2);

        assertThat(group.size()).isEqualTo(6);
        assertThat(group.clusters()).containsExactly("c0", "c1", "c2");
        assertThat(group.member(0).id()).isEqualTo("c0n0");
        assertThat(group.member(5).id()).isEqualTo("c2n1");
        assertThat(group.member(5).address()).isEqualTo(new InetSocketAddress("127.0.3.2", 40000));
        assertThat(group.rank(group.indexOf("c2n1"))).isEqualTo(1);
    }

    @Test
    void probedPortIsFreeOnEveryAddress() throws Exception {
        int port = LoopbackChannels.probePort(LoopbackChannels.hosts(LoopbackLayout.group(0, 2, 2)));
        try (ServerSocket taken = new ServerSocket()) {
            taken.bind(new InetSocketAddress("127.0.2.2", port));

            assertThat(LoopbackChannels.firstUnavailable(LoopbackChannels.hosts(LoopbackLayout.group(0, 2, 2)), port))
                    .isEqualTo("127.0.2.2:" + port);
            assertThat(LoopbackChannels.firstUnavailable(LoopbackChannels.hosts(LoopbackLayout.group(0, 1, 1)), port))
                    .isNull();
        }
    }

    @Test
    void aPortTakenBeforeOpeningIsReportedAsInUse() throws Exception {
        int port = LoopbackChannels.probePort(LoopbackChannels.hosts(LoopbackLayout.group(0, 2)));
        Group group = LoopbackLayout.group(port, 2);
        try (RobberRuntime runtime = RobberRuntime.create(1, 1);
             ServerSocket taken = new ServerSocket()) {
            taken.bind(new InetSocketAddress("127.0.1.2", port));

            assertThatThrownBy(() -> LoopbackChannels.openParallel(group, m -> RobberTransport.open(
                    new ChannelConfig(group, m.id(), "robber", ProtocolOptions.defaults(1), new SimpleMeterRegistry(),
                            Duration.ofSeconds(5)), TransportOptions.defaults(runtime))))
                    .isInstanceOf(LoopbackChannels.PortInUse.class)
                    .hasMessage("127.0.1.2:" + port);
        }
    }
}
