package io.robber.rendezvous;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.robber.testkit.TestCertificates;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A push with mutual TLS on every connection, control and data: each node's id defaults to its
 * certificate's name, and every copy arrives verified.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class TlsTransferTest {
    @TempDir
    Path dir;

    @Test
    void aPushWithTlsDeliversAndNamesEveryNodeByItsCertificate() throws Exception {
        TestCertificates ca = TestCertificates.create(dir.resolve("keys"), "group CA");
        byte[] bytes = new byte[3 << 20];
        new Random(7).nextBytes(bytes);
        Path data = Files.write(dir.resolve("data.bin"), bytes);
        String coordinator = "127.0.0.1:" + freePort();
        ExecutorService receivers = Executors.newFixedThreadPool(2);
        try {
            Future<TransferSummary> a = receivers.submit(() -> Receiver.from(coordinator).cluster("c1")
                    .tls(ca.identity("alpha")).into(dir.resolve("alpha")).run());
            Future<TransferSummary> b = receivers.submit(() -> Receiver.from(coordinator).cluster("c2")
                    .tls(ca.identity("beta")).into(dir.resolve("beta")).run());

            TransferSummary sent = Sender.push(data).listen(coordinator).expect(2).pieceSize(256 << 10)
                    .tls(ca.identity("root")).run();

            assertThat(sent.failed()).isEmpty();
            assertThat(a.get(1, TimeUnit.MINUTES).verified()).isTrue();
            assertThat(b.get(1, TimeUnit.MINUTES).verified()).isTrue();
            assertThat(dir.resolve("alpha/data.bin")).hasBinaryContent(bytes);
            assertThat(dir.resolve("beta/data.bin")).hasBinaryContent(bytes);
        } finally {
            receivers.shutdownNow();
            receivers.awaitTermination(1, TimeUnit.MINUTES);
        }
    }

    @Test
    void anIdThatTheCertificateDoesNotNameStopsTheNodeBeforeItConnects() {
        TestCertificates ca = TestCertificates.create(dir.resolve("keys"), "group CA");
        assertThatThrownBy(() -> Receiver.from("127.0.0.1:1").id("beta").tls(ca.identity("alpha"))
                .into(dir.resolve("out")).run())
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("runs as member 'beta' but its certificate is for alpha");
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            return s.getLocalPort();
        }
    }
}
