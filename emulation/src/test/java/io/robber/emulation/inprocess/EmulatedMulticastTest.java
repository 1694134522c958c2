package io.robber.emulation.inprocess;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.api.ChannelConfig;
import io.robber.api.Group;
import io.robber.api.Manifest;
import io.robber.api.MulticastChannel;
import io.robber.emulation.model.Network;
import io.robber.emulation.model.Scenarios;
import io.robber.api.ProtocolOptions;
import io.robber.storage.MemoryStorage;
import io.robber.testkit.Delivery;
import io.robber.testkit.LoopbackGroup;
import io.robber.transport.RobberRuntime;
import io.robber.transport.RobberTransport;
import io.robber.transport.TransportOptions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Whole Robber multicasts, every node in this JVM, over an {@link EmulatedNetwork}. */
class EmulatedMulticastTest {

    @Test
    void twoClustersFinishWithVerifiedDataAndEachPieceCrossesTheWanAboutOnce() throws Exception {
        Network model = Models.twoClusters(2, "{\"bandwidth\": \"2MB/s\", \"delay\": \"5ms\"}");
        byte[] data = Delivery.data(2_000_000, 3);
        try (EmulatedNetwork network = EmulatedNetwork.create(model, LoopbackGroup.freePort());
             RobberRuntime runtime = RobberRuntime.create(2, 2)) {
            long millis = multicast(network, runtime, data, 64 * 1024);
            long intoB = network.wanBytes("A", "B");
            assertThat(intoB).isBetween((long) data.length, (long) (data.length * 1.15));
            assertThat(network.wanBytesIn().get("A")).isLessThan(data.length / 10);
            // 2 MB over a 2 MB/s link: a second at least, however the pieces are relayed.
            assertThat(millis).isGreaterThanOrEqualTo(900);
        }
    }

    @Test
    void sixtyFourNodesOfTc1FastFinishOnTwoIoThreads() throws Exception {
        Network model = Scenarios.load("tc1-fast").resolve().withDataSize(2_000_000);
        byte[] data = Delivery.data(model.dataSize(), 4);
        try (EmulatedNetwork network = EmulatedNetwork.create(model, LoopbackGroup.freePort());
             RobberRuntime runtime = RobberRuntime.create(2, 2)) {
            assertThat(network.group().size()).isEqualTo(64);
            multicast(network, runtime, data, 64 * 1024);
            for (String cluster : List.of("B", "C", "D")) {
                assertThat(network.wanBytesIn().get(cluster)).isGreaterThanOrEqualTo(data.length);
            }
        }
    }

    /** Runs one multicast from member 0, checks every copy, and returns the milliseconds it took. */
    private static long multicast(EmulatedNetwork network, RobberRuntime runtime, byte[] data, int pieceSize)
            throws Exception {
        Group group = network.group();
        Manifest manifest = Manifest.compute(MemoryStorage.wrap(data), pieceSize);
        List<MulticastChannel> channels = new ArrayList<>();
        List<MemoryStorage> copies = new ArrayList<>();
        try {
            for (int m = 0; m < group.size(); m++) {
                channels.add(RobberTransport.open(ChannelConfig.of(group, group.member(m).id(), "robber")
                        .withOptions(ProtocolOptions.defaults(5)),
                        TransportOptions.defaults(runtime).withLinks(network.links())));
                copies.add(m == 0 ? MemoryStorage.wrap(data.clone()) : new MemoryStorage(data.length));
            }
            long start = System.nanoTime();
            network.start();
            List<CompletableFuture<Void>> done = new ArrayList<>();
            for (int m = 0; m < group.size(); m++) {
                done.add(channels.get(m).multicastAsync(manifest, copies.get(m),
                        m == 0 ? manifest.allPieces() : new BitSet()));
            }
            CompletableFuture.allOf(done.toArray(CompletableFuture[]::new)).get(60, TimeUnit.SECONDS);
            long millis = (System.nanoTime() - start) / 1_000_000;
            for (MulticastChannel ch : channels) {
                ch.flush(Duration.ofSeconds(30));
            }
            for (MemoryStorage copy : copies) {
                assertThat(copy.toByteArray()).isEqualTo(data);
            }
            return millis;
        } finally {
            channels.forEach(MulticastChannel::close);
        }
    }
}
