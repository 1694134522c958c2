package io.robber.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.robber.transport.NettyChannelProvider;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link MulticastChannel#open} finds its transport through {@link java.util.ServiceLoader}. */
class ChannelProvidersTest {

    @Test
    void theNettyTransportIsTheProviderOnTheClassPath() {
        assertThat(ChannelProviders.provider()).isInstanceOf(NettyChannelProvider.class);
    }

    @Test
    void noTransportIsAClearError() {
        assertThatThrownBy(() -> ChannelProviders.choose(List.of()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("no transport on the class path")
                .hasMessageContaining(ChannelProvider.class.getName());
    }

    @Test
    void twoTransportsAreAClearError() {
        ChannelProvider other = config -> {
            throw new AssertionError("not opened");
        };
        assertThatThrownBy(() -> ChannelProviders.choose(List.of(new NettyChannelProvider(), other)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("more than one transport on the class path")
                .hasMessageContaining(NettyChannelProvider.class.getName());
    }

    @Test
    void theOnlyTransportIsChosen() {
        NettyChannelProvider netty = new NettyChannelProvider();
        assertThat(ChannelProviders.choose(List.of(netty))).isSameAs(netty);
    }
}
