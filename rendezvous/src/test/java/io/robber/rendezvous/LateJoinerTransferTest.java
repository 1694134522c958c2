package io.robber.rendezvous;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A push that starts without every expected receiver ({@link Sender#startAfter}): the first receiver
 * starts alone, two more register while it runs and get verified copies from a wave of their own, and
 * the sender counts all three.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class LateJoinerTransferTest {
    private static final Duration PATIENCE = Duration.ofMinutes(2);

    @TempDir
    Path dir;

    @Test
    void receiversThatRegisterAfterTheStartJoinTheRunningPushAndGetVerifiedCopies() throws Exception {
        byte[] bytes = new byte[3 << 20];
        new Random(11).nextBytes(bytes);
        Path data = Files.write(dir.resolve("data.bin"), bytes);
        String coordinator = "127.0.0.1:" + freePort();
        List<String> senderLog = new CopyOnWriteArrayList<>();
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch lateRegistered = new CountDownLatch(2);
        TransferListener sender = new TransferListener() {
            @Override
            public void info(String line) {
                senderLog.add(line);
                if (line.startsWith("starting:")) {
                    started.countDown();
                }
                if (line.contains("registered late")) {
                    lateRegistered.countDown();
                }
            }
        };
        // The first receiver starts its data operation only once both late joiners are in: the push cannot
        // end before they register, however slowly this machine runs them.
        TransferListener firstReceiver = new TransferListener() {
            @Override
            public void info(String line) {
                if (line.startsWith("receiving ")) {
                    await(lateRegistered);
                }
            }
        };
        ExecutorService receivers = Executors.newFixedThreadPool(3);
        try {
            Future<TransferSummary> alpha = receivers.submit(() -> Receiver.from(coordinator).id("alpha").cluster("c1")
                    .failureTimeout(PATIENCE).listener(firstReceiver).into(dir.resolve("alpha")).run());
            Future<TransferSummary> push = receivers.submit(() -> Sender.push(data).listen(coordinator).expect(3)
                    .startAfter(Duration.ZERO).pieceSize(256 << 10).failureTimeout(PATIENCE).listener(sender).run());
            assertThat(started.await(2, TimeUnit.MINUTES)).isTrue();
            ExecutorService late = Executors.newFixedThreadPool(2);
            Future<TransferSummary> beta = late.submit(() -> Receiver.from(coordinator).id("beta").cluster("c2")
                    .failureTimeout(PATIENCE).into(dir.resolve("beta")).run());
            Future<TransferSummary> gamma = late.submit(() -> Receiver.from(coordinator).id("gamma").cluster("c2")
                    .failureTimeout(PATIENCE).into(dir.resolve("gamma")).run());
            late.shutdown();

            TransferSummary sent = push.get(2, TimeUnit.MINUTES);

            assertThat(sent.error()).isNull();
            assertThat(sent.nodes()).extracting(n -> n.id()).containsExactly(sent.id(), "alpha", "beta", "gamma");
            assertThat(senderLog).anyMatch(line -> line.startsWith("starting: 1 receiver")
                    && line.contains("the 2 missing receivers may still join late"));
            assertThat(senderLog).anyMatch(line -> line.startsWith("late joiners") && line.contains("beta"));
            assertThat(senderLog).anyMatch(line -> line.startsWith("late joiners") && line.contains("gamma"));
            for (Future<TransferSummary> copy : List.of(alpha, beta, gamma)) {
                assertThat(copy.get(1, TimeUnit.MINUTES).verified()).isTrue();
            }
            for (String id : List.of("alpha", "beta", "gamma")) {
                assertThat(dir.resolve(id).resolve("data.bin")).hasBinaryContent(bytes);
            }
        } finally {
            receivers.shutdownNow();
            receivers.awaitTermination(1, TimeUnit.MINUTES);
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(2, TimeUnit.MINUTES);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            return s.getLocalPort();
        }
    }
}
