package io.robber.rendezvous.control;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import org.junit.jupiter.api.Test;

class PendingHandshakesTest {
    private static InetAddress at(String host) throws Exception {
        return InetAddress.getByName(host);
    }

    @Test
    void aSourceOverItsLimitDisplacesItsOwnOldestNotOthers() throws Exception {
        PendingHandshakes<String> pending = new PendingHandshakes<>(10, 2);
        assertThat(pending.add("receiver", at("127.0.1.1"))).isNull();
        assertThat(pending.add("flood-1", at("127.0.3.1"))).isNull();
        assertThat(pending.add("flood-2", at("127.0.3.1"))).isNull();

        assertThat(pending.add("flood-3", at("127.0.3.1"))).isEqualTo("flood-1");
        assertThat(pending.add("flood-4", at("127.0.3.1"))).isEqualTo("flood-2");
        assertThat(pending.size()).isEqualTo(3);
    }

    @Test
    void whenFullTheOldestOfAllGivesWayAndTheNewcomerIsLetIn() throws Exception {
        PendingHandshakes<String> pending = new PendingHandshakes<>(3, 3);
        pending.add("a", at("127.0.3.1"));
        pending.add("b", at("127.0.3.2"));
        pending.add("c", at("127.0.3.3"));

        assertThat(pending.add("receiver", at("127.0.1.1"))).isEqualTo("a");
        assertThat(pending.remove("receiver")).isTrue();
        assertThat(pending.remove("a")).isFalse();
        assertThat(pending.size()).isEqualTo(2);
    }
}
