package io.robber.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.robber.wire.MessageType;
import org.junit.jupiter.api.Test;

/** Control messages are counted per type, each type's counter registered when first used. */
class RobberMetersTest {

    @Test
    void controlMessagesAreCountedByType() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        RobberMeters meters = new RobberMeters(registry, "robber", "r1");

        meters.messageOut(MessageType.HAVE);
        meters.messageOut(MessageType.HAVE);
        meters.messageOut(MessageType.REQUEST);

        assertThat(registry.find(RobberMeters.MESSAGES_OUT).counters()).hasSize(2);
        assertThat(registry.get(RobberMeters.MESSAGES_OUT).tags("type", "have", "member", "r1").counter().count())
                .isEqualTo(2.0);
        assertThat(registry.get(RobberMeters.MESSAGES_OUT).tags("type", "request").counter().count()).isEqualTo(1.0);
        assertThat(registry.find(RobberMeters.MESSAGES_OUT).tags("type", "steal").counter()).isNull();
    }
}
