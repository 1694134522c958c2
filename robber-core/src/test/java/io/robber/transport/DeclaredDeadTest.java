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
 * What the application knows about a member reaches the data channel at once (issue 14, found item
 * 1): a member that never opens its channel, declared dead by the others, is neither waited for to
 * connect nor to finish.
 */
class DeclaredDeadTest {
    private static final int PIECE = 16 * 1024;

    @Test
    void aMemberDeclaredDeadIsNotWaitedForAndIsNamedByTheFlush() throws Exception {
        Group group = LoopbackGroup.group(LoopbackGroup.freePort(), 2, 1);
        byte[] data = Delivery.data(32L * PIECE, 3);
        Manifest manifest = Manifest.compute(MemoryStorage.wrap(data), PIECE);
        String absent = group.member(2).id();
        try (MulticastChannel root = open(group, group.member(0).id());
             MulticastChannel receiver = open(group, group.member(1).id())) {
            root.declareDead(absent, "its process could not bind its port");
            receiver.declareDead(absent, "its process could not bind its port");
            MemoryStorage copy = new MemoryStorage(data.length);

            root.multicastAsync(manifest, MemoryStorage.wrap(data), manifest.allPieces());
            receiver.multicastAsync(manifest, copy, new BitSet()).get(2, TimeUnit.MINUTES);

            assertThat(copy.toByteArray()).isEqualTo(data);
            assertThatThrownBy(() -> root.flushAsync().get(2, TimeUnit.MINUTES)).isInstanceOf(ExecutionException.class)
                    .hasMessageContaining(absent).hasMessageContaining("could not bind its port");
        }
    }

    @Test
    void onlyAnotherMemberCanBeDeclaredDead() {
        Group group = LoopbackGroup.group(LoopbackGroup.freePort(), 2);
        try (MulticastChannel root = open(group, group.member(0).id())) {
            assertThatThrownBy(() -> root.declareDead(group.member(0).id(), "?"))
                    .isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> root.declareDead("nobody", "?")).isInstanceOf(IllegalArgumentException.class);
        }
    }

    /** A channel that would wait ten minutes for its peers to connect: only a declared death ends that wait. */
    private static MulticastChannel open(Group group, String self) {
        return MulticastChannel.open(ChannelConfig.of(group, self, "robber").withConnectTimeout(Duration.ofMinutes(10)));
    }
}
