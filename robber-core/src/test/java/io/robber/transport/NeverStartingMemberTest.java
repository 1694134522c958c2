package io.robber.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.robber.api.ChannelConfig;
import io.robber.api.Group;
import io.robber.api.Manifest;
import io.robber.api.MulticastChannel;
import io.robber.storage.MemoryStorage;
import io.robber.testkit.Delivery;
import io.robber.testkit.LoopbackGroup;
import java.time.Duration;
import java.util.BitSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Issue 14, found item 8, over real sockets: a member that opens its channel (so it connects, is
 * admitted and sends keep-alives) but never starts the operation is declared dead once the connect
 * timeout plus the failure timeout have passed since the others started, so their flush ends naming
 * it instead of waiting for ever.
 */
class NeverStartingMemberTest {
    private static final int PIECE = 16 * 1024;
    private static final Duration CONNECT = Duration.ofSeconds(2);
    private static final Duration FAILURE = Duration.ofSeconds(5);

    @Test
    void aMemberThatConnectsButNeverStartsIsDeclaredDeadAndNamedByTheFlush() throws Exception {
        Group group = LoopbackGroup.group(LoopbackGroup.freePort(), 3);
        byte[] data = Delivery.data(32L * PIECE, 5);
        Manifest manifest = Manifest.compute(MemoryStorage.wrap(data), PIECE);
        String idle = group.member(2).id();
        try (MulticastChannel root = open(group, group.member(0).id());
             MulticastChannel receiver = open(group, group.member(1).id());
             MulticastChannel never = open(group, idle)) {
            MemoryStorage copy = new MemoryStorage(data.length);

            root.multicastAsync(manifest, MemoryStorage.wrap(data), manifest.allPieces());
            receiver.multicastAsync(manifest, copy, new BitSet()).get(2, TimeUnit.MINUTES);

            assertThat(copy.toByteArray()).isEqualTo(data);
            for (MulticastChannel c : new MulticastChannel[] {root, receiver}) {
                assertThatThrownBy(() -> c.flushAsync().get(2, TimeUnit.MINUTES))
                        .isInstanceOf(ExecutionException.class)
                        .hasMessageContaining("member " + idle + " failed: did not start the operation within 7 s");
            }
            assertThat(never.self().id()).isEqualTo(idle);
        }
    }

    private static MulticastChannel open(Group group, String self) {
        return MulticastChannel.open(ChannelConfig.of(group, self, "robber").withConnectTimeout(CONNECT)
                .withFailureTimeout(FAILURE));
    }
}
