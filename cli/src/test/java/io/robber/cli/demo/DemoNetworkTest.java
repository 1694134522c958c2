package io.robber.cli.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.robber.api.ChannelConfig;
import io.robber.api.Group;
import io.robber.api.ProtocolOptions;
import io.robber.transport.RobberRuntime;
import io.robber.transport.TransportOptions;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class DemoNetworkTest {

    @Test
    void nodesListenOnTheirOwnLoopbackAddressAndOnePort() {
        Group group = DemoNetwork.group(3, 2, 40000);

        assertThat(group.size()).isEqualTo(6);
        assertThat(group.clusters()).containsExactly("c0", "c1", "c2");
        assertThat(group.member(0).id()).isEqualTo("c0n0");
        assertThat(group.member(5).id()).isEqualTo("c2n1");
        assertThat(group.member(5).address()).isEqualTo(new InetSocketAddress("127.0.3.2", 40000));
        assertThat(group.rank(group.indexOf("c2n1"))).isEqualTo(1);
    }

    @Test
    void probedPortIsFreeOnEveryAddress() throws Exception {
        int port = DemoNetwork.probePort(2, 2);
        try (ServerSocket taken = new ServerSocket()) {
            taken.bind(new InetSocketAddress("127.0.2.2", port));

            assertThat(DemoNetwork.firstUnavailable(2, 2, port)).isEqualTo("127.0.2.2:" + port);
            assertThat(DemoNetwork.firstUnavailable(2, 1, port)).isNull();
        }
    }

    @Test
    void aPortTakenBeforeOpeningIsReportedAsInUse() throws Exception {
        int port = DemoNetwork.probePort(1, 2);
        Group group = DemoNetwork.group(1, 2, port);
        try (RobberRuntime runtime = RobberRuntime.create(1, 1);
             ServerSocket taken = new ServerSocket()) {
            taken.bind(new InetSocketAddress("127.0.1.2", port));
            List<ChannelConfig> configs = group.members().stream()
                    .map(m -> new ChannelConfig(group, m.id(), "robber", ProtocolOptions.defaults(1),
                            new SimpleMeterRegistry(), Duration.ofSeconds(5)))
                    .toList();

            assertThatThrownBy(() -> DemoNetwork.openParallel(configs, TransportOptions.defaults(runtime)))
                    .isInstanceOf(DemoNetwork.PortInUse.class)
                    .hasMessage("127.0.1.2:" + port);
        }
    }
}
