package io.robber.emulation.netns;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;

/**
 * A bulk TCP transfer between two namespaces, to measure what the shaping lets through; for hosts
 * without iperf3. {@code sink PORT} accepts one connection, reads it to the end and prints
 * {@code received=BYTES seconds=S rate=B/s}, timed from the first byte to the last, so that
 * connection set-up and the sender's socket buffer do not count. {@code source HOST PORT BYTES}
 * connects (retrying for up to 10 s while the sink starts) and sends {@code BYTES} zero bytes.
 * Both give up after {@value #TIMEOUT_MILLIS} ms without progress.
 */
public final class ThroughputProbe {
    static final int TIMEOUT_MILLIS = 30_000;
    private static final long CONNECT_RETRY_MILLIS = 10_000;

    private ThroughputProbe() {
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        if (args.length == 2 && args[0].equals("sink")) {
            sink(Integer.parseInt(args[1]));
        } else if (args.length == 4 && args[0].equals("source")) {
            source(args[1], Integer.parseInt(args[2]), Long.parseLong(args[3]));
        } else {
            System.err.println("usage: ThroughputProbe sink PORT | source HOST PORT BYTES");
            System.exit(2);
        }
    }

    private static void sink(int port) throws IOException {
        try (ServerSocket server = new ServerSocket(port)) {
            server.setSoTimeout(TIMEOUT_MILLIS);
            System.out.println("listening " + port);
            System.out.flush();
            try (Socket s = server.accept(); InputStream in = s.getInputStream()) {
                s.setSoTimeout(TIMEOUT_MILLIS);
                byte[] buf = new byte[64 * 1024];
                long total = 0;
                long first = 0;
                long last = 0;
                for (int n; (n = in.read(buf)) >= 0; ) {
                    last = System.nanoTime();
                    if (total == 0) {
                        first = last;
                    }
                    total += n;
                }
                double seconds = (last - first) / 1e9;
                System.out.printf(java.util.Locale.ROOT, "received=%d seconds=%.3f rate=%.0f%n", total, seconds,
                        seconds > 0 ? total / seconds : 0.0);
            }
        }
    }

    private static void source(String host, int port, long bytes) throws IOException, InterruptedException {
        long giveUp = System.currentTimeMillis() + CONNECT_RETRY_MILLIS;
        while (true) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress(host, port), TIMEOUT_MILLIS);
                s.setSoTimeout(TIMEOUT_MILLIS);
                OutputStream out = s.getOutputStream();
                byte[] buf = new byte[64 * 1024];
                for (long left = bytes; left > 0; left -= buf.length) {
                    out.write(buf, 0, (int) Math.min(buf.length, left));
                }
                out.flush();
                s.shutdownOutput();
                s.getInputStream().read();
                return;
            } catch (ConnectException e) {
                if (System.currentTimeMillis() > giveUp) {
                    throw e;
                }
                Thread.sleep(100);
            }
        }
    }
}
