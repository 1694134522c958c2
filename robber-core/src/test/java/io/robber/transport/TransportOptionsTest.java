package io.robber.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.channel.WriteBufferWaterMark;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class TransportOptionsTest {

    @Test
    void defaultsAreTheDocumentedOnes() {
        TransportOptions defaults = TransportOptions.defaults();

        assertThat(defaults.runtime()).isSameAs(RobberRuntime.shared());
        assertThat(defaults.links()).isSameAs(LinkCustomizer.NONE);
        assertThat(defaults.handshakeTimeout()).isEqualTo(Duration.ofSeconds(10));
        assertThat(defaults.dialling()).isEqualTo(new TransportOptions.Dialling(Duration.ofSeconds(5),
                Duration.ofMillis(20), Duration.ofMillis(250)));
        assertThat(defaults.writeBuffer().low()).isEqualTo(1 << 20);
        assertThat(defaults.writeBuffer().high()).isEqualTo(4 << 20);
        assertThat(defaults.flushLimit()).isEqualTo(64);
        assertThat(defaults.piecesInFlight()).isEqualTo(2);
        assertThat(defaults.maxEarlyBytes()).isEqualTo(16L << 20);
        assertThat(defaults.pieceBudget()).isEqualTo(64L << 20);
        assertThat(defaults.maxUnansweredRequests()).isEqualTo(256);
    }

    @Test
    void withersChangeOneComponent() {
        try (RobberRuntime runtime = RobberRuntime.create(1, 1)) {
            LinkCustomizer links = (self, peer, pipeline) -> { };
            TransportOptions options = TransportOptions.defaults(runtime).withLinks(links)
                    .withHandshakeTimeout(Duration.ofSeconds(2)).withPiecesInFlight(4).withMaxEarlyBytes(10).withPieceBudget(1 << 20)
                    .withMaxUnansweredRequests(16)
                    .withFlushLimit(8).withWriteBuffer(new WriteBufferWaterMark(10, 20))
                    .withDialling(new TransportOptions.Dialling(Duration.ofSeconds(1), Duration.ofMillis(5),
                            Duration.ofMillis(5)));

            assertThat(options.runtime()).isSameAs(runtime);
            assertThat(options.links()).isSameAs(links);
            assertThat(options.handshakeTimeout()).isEqualTo(Duration.ofSeconds(2));
            assertThat(options.piecesInFlight()).isEqualTo(4);
            assertThat(options.maxEarlyBytes()).isEqualTo(10);
            assertThat(options.pieceBudget()).isEqualTo(1 << 20);
            assertThat(options.maxUnansweredRequests()).isEqualTo(16);
            assertThat(options.flushLimit()).isEqualTo(8);
            assertThat(options.writeBuffer().high()).isEqualTo(20);
            assertThat(options.dialling().firstRetry()).isEqualTo(Duration.ofMillis(5));
            assertThat(options.withRuntime(RobberRuntime.shared()).runtime()).isSameAs(RobberRuntime.shared());
        }
    }

    @Test
    void invalidValuesAreRefusedWithTheirName() {
        TransportOptions defaults = TransportOptions.defaults();

        assertThatThrownBy(() -> defaults.withHandshakeTimeout(Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("handshake timeout must be positive");
        assertThatThrownBy(() -> defaults.withPiecesInFlight(0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("in flight");
        assertThatThrownBy(() -> defaults.withMaxEarlyBytes(-1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("early messages");
        assertThatThrownBy(() -> defaults.withPieceBudget(0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("piece budget");
        assertThatThrownBy(() -> defaults.withMaxUnansweredRequests(0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("unanswered request");
        assertThatThrownBy(() -> defaults.withFlushLimit(0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("flush limit");
        assertThatThrownBy(() -> defaults.withLinks(null)).isInstanceOf(NullPointerException.class).hasMessage("links");
        assertThatThrownBy(() -> new TransportOptions.Dialling(Duration.ofSeconds(1), Duration.ofSeconds(2),
                Duration.ofSeconds(1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("must not be shorter than the first");
        assertThatThrownBy(() -> new TransportOptions.Dialling(Duration.ofSeconds(-1), Duration.ofMillis(1),
                Duration.ofMillis(1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("dial attempt timeout");
    }
}
