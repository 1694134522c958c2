package io.robber.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.robber.api.ChannelConfig;
import io.robber.api.Group;
import io.robber.api.Manifest;
import io.robber.api.MulticastChannel;
import io.robber.api.RobberException;
import io.robber.security.TlsIdentity;
import io.robber.storage.FileStorage;
import io.robber.storage.MemoryStorage;
import io.robber.testkit.BufferLeaks;
import io.robber.testkit.Delivery;
import io.robber.testkit.LoopbackGroup;
import io.robber.testkit.TestCertificates;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.BitSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Mutual TLS on the data connections: members with certificates from the group's CA, each naming its
 * member id, deliver; a certificate from another CA, one that names another member, or no TLS at all
 * is refused, and the dialling side says why.
 */
class TlsTransportTest {
    private static final int PIECE = 16 * 1024;

    @TempDir
    Path dir;

    @Test
    void membersWithCertificatesOfTheGroupsCaDeliver() throws Exception {
        TestCertificates ca = TestCertificates.create(dir, "group CA");
        try (LoopbackGroup g = LoopbackGroup.open("robber", 3, c -> c,
                (id, transport) -> transport.withTls(ca.identity(id)), 2, 2)) {
            Delivery.run(g, Delivery.data(40L * PIECE + 9, 3), PIECE, Delivery.Placement.singleRoot());
        }
    }

    /**
     * From a file storage, pieces are read into buffers and encrypted instead of going out as file
     * regions; every buffer is released (Netty's leak detector in paranoid mode).
     */
    @Test
    void piecesOfAFileGoThroughTlsAndNoBufferLeaks() throws Exception {
        TestCertificates ca = TestCertificates.create(dir.resolve("keys"), "group CA");
        byte[] data = Delivery.data(64L * PIECE + 1, 4);
        Path source = Files.write(dir.resolve("source.bin"), data);
        try (BufferLeaks leaks = BufferLeaks.paranoid()) {
            try (LoopbackGroup g = LoopbackGroup.open("robber", 4, c -> c,
                    (id, transport) -> transport.withTls(ca.identity(id)), 1, 1);
                 FileStorage root = FileStorage.open(source);
                 FileStorage copy = FileStorage.create(dir.resolve("copy.bin"), data.length)) {
                Manifest manifest = Manifest.compute(root, PIECE);
                CompletableFuture<Void> sent = g.channel("c0n0").multicastAsync(manifest, root, manifest.allPieces());
                g.channel("c1n0").multicast(manifest, copy, new BitSet());
                sent.get(60, TimeUnit.SECONDS);
                g.channel("c1n0").flush();
            }
            assertThat(leaks.collect()).isEmpty();
        }
        assertThat(Files.readAllBytes(dir.resolve("copy.bin"))).isEqualTo(data);
    }

    @Test
    void aCertificateThatNamesAnotherMemberIsRefused() throws Exception {
        TestCertificates ca = TestCertificates.create(dir, "group CA");
        assertRefused(ca.identity("c0n0"), ca.identity("c1n0-as-someone", "someone-else"),
                "the peer claims to be member c1n0 but its certificate is for someone-else");
    }

    @Test
    void aCertificateOfAnotherCaIsRefused() throws Exception {
        TestCertificates ours = TestCertificates.create(dir.resolve("ours"), "group CA");
        TestCertificates theirs = TestCertificates.create(dir.resolve("theirs"), "another CA");
        assertRefused(ours.identity("c0n0"), theirs.identity("c1n0"), "TLS handshake failed");
    }

    @Test
    void aMemberWithoutTlsIsRefused() throws Exception {
        TestCertificates ca = TestCertificates.create(dir, "group CA");
        assertRefused(ca.identity("c0n0"), null, "TLS handshake failed");
    }

    /** c0n0 (which dials) has {@code dialler}'s identity, c1n0 {@code accepter}'s: both fail, the dialling side says why. */
    private static void assertRefused(TlsIdentity dialler, TlsIdentity accepter, String why) throws Exception {
        Group group = LoopbackGroup.group(LoopbackGroup.freePort(), 1, 1);
        Manifest manifest = Manifest.compute(MemoryStorage.wrap(new byte[10]), PIECE);
        try (RobberRuntime runtime = RobberRuntime.create(1, 1);
             MulticastChannel root = RobberTransport.open(config(group, "c0n0"),
                     TransportOptions.defaults(runtime).withTls(dialler));
             MulticastChannel receiver = RobberTransport.open(config(group, "c1n0"),
                     TransportOptions.defaults(runtime).withTls(accepter))) {
            CompletableFuture<Void> sent = root.multicastAsync(manifest, MemoryStorage.wrap(new byte[10]),
                    manifest.allPieces());
            CompletableFuture<Void> received = receiver.multicastAsync(manifest, new MemoryStorage(10), new BitSet());
            assertThatThrownBy(() -> sent.get(30, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class)
                    .cause().isInstanceOf(RobberException.class)
                    .hasMessageContaining("could not connect to c1n0")
                    .hasMessageContaining(why);
            assertThatThrownBy(() -> received.get(30, TimeUnit.SECONDS)).cause()
                    .hasMessageContaining("could not connect to c0n0");
        }
    }

    private static ChannelConfig config(Group group, String id) {
        return ChannelConfig.of(group, id, "robber").withConnectTimeout(Duration.ofSeconds(2));
    }
}
