package io.robber.rendezvous;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A receiver's control connection reset mid-transfer (a NAT or a proxy that drops it): the receiver
 * connects again and is taken back ({@link ControlLink}) while its data channel goes on; the sender
 * counts it as a success. Before, the sender gave it up after the failure timeout and failed the push.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class ControlResetTest {
    private static final Duration PATIENCE = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    @Test
    void aReceiverWhoseControlConnectionIsResetConnectsAgainAndFinishes() throws Exception {
        byte[] bytes = new byte[8 << 20];
        new Random(5).nextBytes(bytes);
        Path data = Files.write(dir.resolve("data.bin"), bytes);
        InetSocketAddress coordinator;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            coordinator = new InetSocketAddress("127.0.0.1", s.getLocalPort());
        }
        List<String> senderLog = new CopyOnWriteArrayList<>();
        List<String> receiverLog = new CopyOnWriteArrayList<>();
        CountDownLatch receiving = new CountDownLatch(1);
        TransferListener receiverListener = new TransferListener() {
            @Override
            public void info(String line) {
                receiverLog.add(line);
                if (line.startsWith("receiving ")) {
                    receiving.countDown();
                }
            }

            @Override
            public void warn(String line) {
                receiverLog.add(line);
            }
        };
        ExecutorService nodes = Executors.newFixedThreadPool(2);
        try (ResettingRelay relay = new ResettingRelay(coordinator)) {
            Future<TransferSummary> push = nodes.submit(() -> Sender.push(data).listen(coordinator).expect(1)
                    .pieceSize(256 << 10).failureTimeout(PATIENCE).listener(collecting(senderLog)).run());
            Future<TransferSummary> copy = nodes.submit(() -> Receiver.from(relay.address()).id("r1").cluster("c1")
                    .failureTimeout(PATIENCE).maxRate(2 << 20).listener(receiverListener).into(dir.resolve("r1")).run());
            assertThat(receiving.await(2, TimeUnit.MINUTES)).as("the receiver started").isTrue();

            relay.reset();

            assertThat(push.get(2, TimeUnit.MINUTES).error()).as("the sender's verdict").isNull();
            assertThat(copy.get(1, TimeUnit.MINUTES).verified()).isTrue();
            assertThat(dir.resolve("r1").resolve("data.bin")).hasBinaryContent(bytes);
            assertThat(relay.accepted()).as("control connections through the relay").isGreaterThanOrEqualTo(2);
            assertThat(receiverLog).anyMatch(line -> line.startsWith("lost the control connection to the coordinator"))
                    .anyMatch(line -> line.startsWith("connected again to the coordinator"));
            assertThat(senderLog).anyMatch(line -> line.contains("receiver r1 rejoined the transfer"));
        } finally {
            nodes.shutdownNow();
            nodes.awaitTermination(1, TimeUnit.MINUTES);
        }
    }

    private static TransferListener collecting(List<String> log) {
        return new TransferListener() {
            @Override
            public void info(String line) {
                log.add(line);
            }

            @Override
            public void warn(String line) {
                log.add(line);
            }
        };
    }
}
