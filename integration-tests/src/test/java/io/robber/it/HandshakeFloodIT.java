package io.robber.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 14, found item 7, with a real {@code robber send}: connections that never register must not
 * lock real receivers out of the coordinator, nor flood its log.
 */
class HandshakeFloodIT {
    /** The control protocol's greeting ("RBRC", version 2), then a frame length of 1000: a byte at a time. */
    private static final byte[] DRIBBLE = {'R', 'B', 'R', 'C', 0, 0, 0, 2, 0, 0, 3, (byte) 0xE8};

    @TempDir
    Path work;
    @RegisterExtension
    final RobberProcesses processes = new RobberProcesses(() -> work);

    /** A sender on {@code coordinator} with its data and secret, waiting for its two receivers. */
    private record Waiting(InetSocketAddress coordinator, Path data, Path secret, RobberProcesses.Node sender) {
        String address() {
            return coordinator.getHostString() + ":" + coordinator.getPort();
        }
    }

    /** Starts a sender of {@code size} bytes (seeded) on a free port of {@code host} and waits until it waits for 2 receivers. */
    private Waiting senderWaiting(String host, String secret, long size, long seed) throws Exception {
        Path secretFile = Files.writeString(work.resolve("secret"), secret);
        Path data = work.resolve("data.bin");
        RobberProcesses.writeData(data, size, seed);
        InetSocketAddress coordinator = new InetSocketAddress(host, RobberProcesses.freePort(host));
        RobberProcesses.Node sender = processes.start("sender", "send", data.toString(), "--listen",
                host + ":" + coordinator.getPort(), "--expect", "2", "--cluster", "a", "--id", "root",
                "--progress-interval", "5s", "--wait", "3m", "--timeout", "3m", "--secret-file", secretFile.toString());
        sender.awaitSaying("waiting for 2 receivers");
        return new Waiting(coordinator, data, secretFile, sender);
    }

    private RobberProcesses.Node receiver(String name, Waiting waiting, String host) throws IOException {
        return processes.start(name, "receive", "--coordinator", waiting.address(), "--listen", host, "--cluster", "a",
                "--id", name, "--out", work.resolve("out-" + name).toString(), "--progress-interval", "5s",
                "--wait", "2m", "--timeout", "3m", "--secret-file", waiting.secret().toString());
    }

    /**
     * 120 connections from 12 addresses, each sending one byte every 2 s and reopened when closed,
     * hold far more than the coordinator's 64 places for handshakes. The oldest give way to newer
     * connections and every handshake has one deadline, so two real receivers (with the secret) still
     * register and get verified copies. (Before, the 10 s timeout was per read: the dribbling connections
     * held every place and the receivers were told "is not a robber coordinator" until their --wait ran out.)
     */
    @Test
    void slowLorisConnectionsDoNotLockRealReceiversOut() throws Exception {
        Waiting waiting = senderWaiting("127.0.0.40", "slow loris\n", 8L << 20, 11);

        AtomicBoolean attacking = new AtomicBoolean(true);
        List<Slot> slots = new ArrayList<>();
        for (int i = 0; i < 120; i++) {
            slots.add(new Slot("127.0.3." + (1 + i % 12), waiting.coordinator()));
        }
        Thread attacker = new Thread(() -> {
            while (attacking.get()) {
                slots.forEach(Slot::dribble);
                try {
                    Thread.sleep(2000);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "slow-loris");
        attacker.setDaemon(true);
        attacker.start();
        try {
            RobberProcesses.await("100 slow connections open", () -> slots.stream().filter(Slot::holding).count() >= 100);
            RobberProcesses.Node r1 = receiver("r1", waiting, "127.0.1.1");
            RobberProcesses.Node r2 = receiver("r2", waiting, "127.0.1.2");

            String sha = RobberProcesses.sha256(waiting.data());
            for (RobberProcesses.Node r : List.of(r1, r2)) {
                assertThat(r.awaitExit()).as("%s stderr:%n%s", r.name(), r.stderr()).isZero();
                assertThat(RobberProcesses.sha256(work.resolve("out-" + r.name()).resolve("data.bin"))).isEqualTo(sha);
            }
            RobberProcesses.Node sender = waiting.sender();
            assertThat(sender.awaitExit()).as("sender stderr:%n%s", sender.stderr()).isZero();
        } finally {
            attacking.set(false);
            attacker.interrupt();
            attacker.join();
            slots.forEach(Slot::close);
        }
    }

    /**
     * 2,000 connections that open and close at once: the coordinator logs the first few of each ten
     * seconds and sums up the rest, instead of a line for each (before: 2,000 lines), and the
     * receivers that come afterwards are served as usual.
     */
    @Test
    void aConnectCloseFloodIsLoggedInSummary() throws Exception {
        Waiting waiting = senderWaiting("127.0.0.41", "flood\n", 1L << 20, 12);

        for (int i = 0; i < 2000; i++) {
            try (Socket s = new Socket()) {
                s.connect(waiting.coordinator(), 10_000);
            }
        }
        RobberProcesses.Node r1 = receiver("r1", waiting, "127.0.1.3");
        RobberProcesses.Node r2 = receiver("r2", waiting, "127.0.1.4");
        RobberProcesses.Node sender = waiting.sender();

        assertThat(r1.awaitExit()).as("r1 stderr:%n%s", r1.stderr()).isZero();
        assertThat(r2.awaitExit()).as("r2 stderr:%n%s", r2.stderr()).isZero();
        assertThat(sender.awaitExit()).as("sender stderr:%n%s", sender.stderr()).isZero();
        long lines = sender.stderr().lines().count();
        assertThat(lines).as("sender stderr:%n%s", sender.stderr()).isLessThan(200);
    }

    /** One attacking connection from a source address, reopened whenever the coordinator closes it. */
    private static final class Slot {
        private final String source;
        private final InetSocketAddress target;
        private Socket socket;
        private OutputStream out;
        private int sent;

        Slot(String source, InetSocketAddress target) {
            this.source = source;
            this.target = target;
        }

        synchronized boolean holding() {
            return socket != null && !socket.isClosed();
        }

        synchronized void dribble() {
            try {
                if (socket == null || socket.isClosed()) {
                    socket = new Socket();
                    socket.bind(new InetSocketAddress(source, 0));
                    socket.connect(target, 10_000);
                    out = socket.getOutputStream();
                    sent = 0;
                }
                out.write(sent < DRIBBLE.length ? DRIBBLE[sent] : 'x');
                out.flush();
                sent++;
            } catch (IOException e) {
                close();
            }
        }

        synchronized void close() {
            try {
                if (socket != null) {
                    socket.close();
                }
            } catch (IOException ignored) {
                // reopened on the next round
            }
        }
    }
}
