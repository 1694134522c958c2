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
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
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
    private RobberProcesses processes;
    private final List<Socket> sockets = new ArrayList<>();

    @BeforeEach
    void setUp() throws IOException {
        processes = new RobberProcesses(Files.createDirectories(work.resolve("logs")));
    }

    @AfterEach
    void tearDown() throws Exception {
        processes.destroyAll();
        for (Socket s : sockets) {
            s.close();
        }
    }

    private RobberProcesses.Node sender(String coordinator, Path data, Path secret) throws IOException {
        return processes.start("sender", "send", data.toString(), "--listen", coordinator, "--expect", "2",
                "--cluster", "a", "--id", "root", "--progress-interval", "5s", "--wait", "3m", "--timeout", "3m",
                "--secret-file", secret.toString());
    }

    private RobberProcesses.Node receiver(String name, String coordinator, String host, Path secret) throws IOException {
        return processes.start(name, "receive", "--coordinator", coordinator, "--listen", host, "--cluster", "a",
                "--id", name, "--out", work.resolve("out-" + name).toString(), "--progress-interval", "5s",
                "--wait", "2m", "--timeout", "3m", "--secret-file", secret.toString());
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
        Path secret = Files.writeString(work.resolve("secret"), "slow loris\n");
        Path data = work.resolve("data.bin");
        RobberProcesses.writeData(data, 8L << 20, 11);
        String host = "127.0.0.40";
        int port = RobberProcesses.freePort(host);
        RobberProcesses.Node sender = sender(host + ":" + port, data, secret);
        sender.awaitSaying("waiting for 2 receivers");

        AtomicBoolean attacking = new AtomicBoolean(true);
        List<Slot> slots = new ArrayList<>();
        for (int i = 0; i < 120; i++) {
            slots.add(new Slot("127.0.3." + (1 + i % 12), new InetSocketAddress(host, port)));
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
            long deadline = System.nanoTime() + RobberProcesses.PROCESS_TIMEOUT.toNanos();
            while (slots.stream().filter(Slot::holding).count() < 100) {
                assertThat(System.nanoTime()).as("100 slow connections open").isLessThan(deadline);
                Thread.sleep(100);
            }
            RobberProcesses.Node r1 = receiver("r1", host + ":" + port, "127.0.1.1", secret);
            RobberProcesses.Node r2 = receiver("r2", host + ":" + port, "127.0.1.2", secret);

            String sha = RobberProcesses.sha256(data);
            for (RobberProcesses.Node r : List.of(r1, r2)) {
                assertThat(r.awaitExit()).as("%s stderr:%n%s", r.name(), r.stderr()).isZero();
                assertThat(RobberProcesses.sha256(work.resolve("out-" + r.name()).resolve("data.bin"))).isEqualTo(sha);
            }
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
        Path secret = Files.writeString(work.resolve("secret"), "flood\n");
        Path data = work.resolve("data.bin");
        RobberProcesses.writeData(data, 1L << 20, 12);
        String host = "127.0.0.41";
        int port = RobberProcesses.freePort(host);
        RobberProcesses.Node sender = sender(host + ":" + port, data, secret);
        sender.awaitSaying("waiting for 2 receivers");

        for (int i = 0; i < 2000; i++) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress(host, port), 10_000);
            }
        }
        RobberProcesses.Node r1 = receiver("r1", host + ":" + port, "127.0.1.3", secret);
        RobberProcesses.Node r2 = receiver("r2", host + ":" + port, "127.0.1.4", secret);

        assertThat(r1.awaitExit()).as("r1 stderr:%n%s", r1.stderr()).isZero();
        assertThat(r2.awaitExit()).as("r2 stderr:%n%s", r2.stderr()).isZero();
        assertThat(sender.awaitExit()).as("sender stderr:%n%s", sender.stderr()).isZero();
        long lines = sender.stderr().lines().count();
        assertThat(lines).as("sender stderr:%n%s", sender.stderr()).isLessThan(200);
    }

    /** One attacking connection from a source address, reopened whenever the coordinator closes it. */
    private final class Slot {
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
                    synchronized (sockets) {
                        sockets.add(socket);
                    }
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
