package io.robber.rendezvous;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 14: a receiver that holds every piece and keeps its control connection alive but never
 * reports its outcome (a hung main thread, a hostile receiver) no longer holds the sender until
 * {@code --timeout}: once the data channel has seen every member holding every piece, the sender
 * waits the failure timeout for the reports, then ends the transfer naming the receiver that did not
 * report. The sender's {@code --timeout} here is 30 minutes; the test's own limit is 3.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class UnreportedOutcomeTest {
    @TempDir
    Path dir;

    @Test
    void aReceiverThatNeverReportsIsNamedAfterTheFailureTimeout() throws Exception {
        byte[] bytes = new byte[1 << 20];
        new Random(5).nextBytes(bytes);
        Path data = Files.write(dir.resolve("data.bin"), bytes);
        String coordinator = "127.0.0.1:" + freePort();
        CountDownLatch hung = new CountDownLatch(1);
        TransferListener hangsBeforeReporting = new TransferListener() {
            @Override
            public void endProgress() {
                try {
                    hung.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
        ExecutorService receivers = Executors.newFixedThreadPool(2);
        try {
            Future<TransferSummary> honest = receivers.submit(() -> Receiver.from(coordinator).id("honest")
                    .into(dir.resolve("honest")).run());
            receivers.submit(() -> Receiver.from(coordinator).id("mute").into(dir.resolve("mute"))
                    .listener(hangsBeforeReporting).run());

            TransferSummary sent = Sender.push(data).listen(coordinator).expect(2)
                    .failureTimeout(Duration.ofSeconds(3)).timeout(Duration.ofMinutes(30)).run();

            assertThat(sent.failed()).containsExactly("mute");
            assertThat(sent.error()).contains("mute did not report its outcome within 3s (--failure-timeout) after the "
                    + "data channel saw every member holding every piece");
            assertThat(honest.get(1, TimeUnit.MINUTES).verified()).isTrue();
            assertThat(dir.resolve("honest/data.bin")).hasBinaryContent(bytes);
        } finally {
            hung.countDown();
            receivers.shutdownNow();
            receivers.awaitTermination(1, TimeUnit.MINUTES);
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            return s.getLocalPort();
        }
    }
}
