package io.robber.it;

import io.robber.api.ChannelConfig;
import io.robber.api.Group;
import io.robber.api.Manifest;
import io.robber.api.Member;
import io.robber.api.MulticastChannel;
import io.robber.api.Storage;
import io.robber.rendezvous.Trust;
import io.robber.rendezvous.control.ControlChannel;
import io.robber.rendezvous.control.ControlMessage;
import io.robber.rendezvous.control.CoordinatorClient;
import io.robber.storage.MemoryStorage;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * A receiver whose disk stalls on reads, run as a process of its own by {@link StalledPeerIT}: it
 * registers with the coordinator and keeps its control connection alive as {@code robber receive}
 * does, joins the data channel, takes pieces (writes work) and announces them, but never answers a
 * request for one, since every read of its storage blocks. Its event loop stays responsive, so its
 * peers see a live member that does not serve: issue 14's found item 8.
 *
 * <p>Arguments: {@code COORDINATOR_HOST:PORT DATA_HOST DATA_PORT ID CLUSTER FAILURE_TIMEOUT_SECONDS}.
 */
public final class StalledDiskMember {
    private StalledDiskMember() {
    }

    public static void main(String[] args) throws Exception {
        String[] coordinator = args[0].split(":");
        String host = args[1];
        int port = Integer.parseInt(args[2]);
        String id = args[3];
        String cluster = args[4];
        Duration failureTimeout = Duration.ofSeconds(Long.parseLong(args[5]));
        CoordinatorClient client = CoordinatorClient.connect(
                List.of(new InetSocketAddress(coordinator[0], Integer.parseInt(coordinator[1]))), Duration.ofMinutes(2),
                Trust.NONE, ControlChannel.VERSION, System.err::println);
        client.register(id, cluster, host, port, null);
        ControlMessage.Start start = client.awaitStart(waiting -> { });
        Group group = new Group(start.members().stream()
                .map(m -> Member.of(m.id(), m.cluster(), m.host(), m.port())).toList());
        ControlMessage.ManifestSpec spec = start.manifest();
        Manifest manifest = Manifest.of(spec.size(), spec.pieceSize(), client.pieceDigests(spec.parts()));
        MulticastChannel channel = MulticastChannel.open(ChannelConfig.of(group, id, start.protocol())
                .withFailureTimeout(failureTimeout));
        channel.multicastAsync(manifest, new StalledReads(new MemoryStorage(spec.size())), new BitSet());
        System.err.println("stalled member " + id + " joined the data channel; its reads never return");
        new CountDownLatch(1).await();
    }

    /** Writes go to memory; reads block until the process is killed. */
    private static final class StalledReads implements Storage {
        private final Storage memory;

        StalledReads(Storage memory) {
            this.memory = memory;
        }

        @Override
        public long size() {
            return memory.size();
        }

        @Override
        public void read(long position, ByteBuffer dst) throws IOException {
            try {
                new CountDownLatch(1).await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while stalled", e);
            }
        }

        @Override
        public void write(long position, ByteBuffer src) throws IOException {
            memory.write(position, src);
        }
    }
}
